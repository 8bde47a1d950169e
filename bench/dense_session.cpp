#include "bench/dense_session.h"

#include <array>
#include <cmath>
#include <random>
#include <string>

namespace roofscope::bench {
namespace {

struct Cluster {
    Category category;
    double share;       // of all records
    double log10I;      // median intensity (FLOP/B), log10
    double spread;      // standard deviation of log10 intensity
    bool tensor;        // fp16 on tensor units, else fp32 vector
    const char* prefix; // kernel names repeat, as launches of the same kernel do
};

constexpr std::array<Cluster, 7> kClusters{{
    {Category::gemm, 0.25, 2.3, 0.5, true, "gemm_"},
    {Category::elementwise, 0.33, -0.7, 0.3, false, "ew_"},
    {Category::norm, 0.10, -0.3, 0.25, false, "norm_"},
    {Category::attention, 0.10, 1.7, 0.4, true, "attn_"},
    {Category::reduction, 0.10, -0.5, 0.3, false, "red_"},
    {Category::conv, 0.05, 1.9, 0.4, true, "conv_"},
    {Category::other, 0.07, 0.3, 1.0, false, "misc_"},
}};

Device h100Like() {
    Device d;
    d.id = "h100-like";
    d.name = "H100-like GPU";
    d.kind = DeviceKind::gpu;
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {989e12, {}};
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {67e12, {}};
    d.ceilings.memory[MemoryLevel::dram] = {3.35e12, {}};
    return d;
}

} // namespace

Session denseSession(std::int64_t points, std::uint64_t seed) {
    Session s;
    s.devices = {h100Like()};
    const Device& device = s.devices.front();
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::array<double, kClusters.size()> weights{};
    for (std::size_t i = 0; i < kClusters.size(); ++i)
        weights[i] = kClusters[i].share;
    std::discrete_distribution<int> cluster(weights.begin(), weights.end());

    const double bw = device.ceilings.memory.at(MemoryLevel::dram).value;
    for (int d = 0; d < 2; ++d) {
        Dataset dataset;
        dataset.context.label = d == 0 ? "run A" : "run B";
        dataset.context.deviceId = device.id;
        const std::int64_t n = d == 0 ? points - points / 2 : points / 2;
        dataset.records.reserve(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) {
            const Cluster& c = kClusters[static_cast<std::size_t>(cluster(rng))];
            OpRecord r;
            r.name = c.prefix + std::to_string(i % 400);
            r.category = c.category;
            r.phase = Phase::forward;
            r.precision = c.tensor ? Precision::fp16 : Precision::fp32;
            r.usesTensorUnits = c.tensor;
            const double peak = c.tensor ? 989e12 : 67e12;
            const double x = std::pow(10.0, c.log10I + c.spread * normal(rng));
            // Most kernels reach 10-100 % of their roof; one in 2000 lies above it (a finding).
            double efficiency = std::pow(10.0, -std::abs(0.45 * normal(rng)));
            if (uniform(rng) < 0.0005)
                efficiency = 1.05 + 0.5 * uniform(rng);
            const double y = std::min(peak, x * bw) * efficiency;
            const double bytes = std::pow(10.0, 6.5 + 1.2 * uniform(rng));
            r.flops = Measure::measured(x * bytes);
            r.bytes[MemoryLevel::dram] = Measure::measured(bytes);
            r.timeS = Measure::measured(x * bytes / y);
            dataset.records.push_back(std::move(r));
        }
        s.datasets.push_back(std::move(dataset));
    }
    s.view.precision = Precision::fp16;
    s.view.memoryLevel = MemoryLevel::dram;
    return s;
}

} // namespace roofscope::bench
