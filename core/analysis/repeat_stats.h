#pragma once
// Repeated runs of one configuration as mean ± error, and what an iteration costs. After Bykov
// et al. (LNCS 2021): the same model on other instances, drivers or CUDA versions differs by
// double-digit percentages, so runs repeat (at least 3) and are compared by their spread; and a
// faster instance is only better when it is not dearer per iteration.

#include "core/session.h"
#include "core/systems.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofscope {

// Fewer repeats than this and a configuration is flagged: Bykov et al. recommend at least 3.
inline constexpr int kRecommendedRepeats = 3;

struct Configuration {
    std::string model;              // DatasetContext::model
    std::string deviceId;           // DatasetContext::deviceId
    std::string stack;              // describeStack of the dataset's software stack
    int worldSize = 1;              // devices per run (part of the key: 1 GPU and 8 GPUs differ)
    std::vector<int> datasets;      // indices into Session::datasets, in session order
    std::vector<double> iterationS; // iteration time of each timed dataset (run_diff.h), seconds
    int untimed = 0;                // datasets of the configuration without any timed record

    // Over iterationS: n, the mean (NaN for n = 0), the sample standard deviation (n - 1 in the
    // denominator) and the standard error sd / sqrt(n), both NaN for n < 2. Seconds.
    int n = 0;
    double meanS = 0;
    double stddevS = 0;
    double stderrS = 0;
    bool fewRepeats = false; // n < kRecommendedRepeats

    // Session::pricesPerHour of the device (price of one device-hour), else the systems
    // catalog's on-demand USD price per GPU-hour (defaultGpuHour); nullopt when neither has one.
    std::optional<double> pricePerHour;
    // The catalog system the price is of when it is a default, nullptr when the session set it.
    const System* priceSystem = nullptr;
    // pricePerHour × worldSize × meanS / 3600: the price of the device-time one iteration
    // occupies. NaN without a price or without a mean.
    double costPerIteration = 0;
};

struct RepeatStats {
    // Grouped by model (models in order of first appearance), then in order of first appearance.
    std::vector<Configuration> configurations;
    // Indices into configurations with a cost that no other configuration dominates, i.e. beats
    // in time or cost without being worse in the other; ordered by mean time ascending.
    std::vector<int> paretoFront;
};

// Mean, sample standard deviation and standard error of `values`, as Configuration defines them.
struct SampleStats {
    int n = 0;
    double mean = 0, stddev = 0, stderror = 0;
};
SampleStats sampleStats(const std::vector<double>& values);

// Indices of the points (time, cost) that no other point dominates (both no greater, one
// smaller), ordered by time ascending then cost. Points with a NaN coordinate take no part.
// Equal points are both on the front.
std::vector<int> paretoFront(const std::vector<std::pair<double, double>>& timeCost);

// The configurations of the session's datasets that the user has not hidden
// (ViewSettings::hiddenDatasets), with their statistics, costs and Pareto front.
RepeatStats repeatStats(const Session& session);

} // namespace roofscope
