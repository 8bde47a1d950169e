#pragma once
// The records of one run together with what is known about the run.

#include "core/op_record.h"
#include "core/steps.h"

#include <map>
#include <string>
#include <vector>

namespace roofscope {

struct SoftwareStack {
    std::string framework; // e.g. "PyTorch 2.1.0"
    std::string cuda;      // runtime version, e.g. "12.1"
    std::string driver;
    std::string cudnn;
    std::string nccl;
    std::map<std::string, std::string> other; // container tag, ROCm/HIP version, ...

    bool operator==(const SoftwareStack&) const = default;
};

struct DatasetContext {
    std::vector<std::string> sources; // the files the records came from, as given by the user
    std::string deviceId;
    int rank = 0;
    int worldSize = 1;
    SoftwareStack stack;
    std::string model; // e.g. "BERT-large"
    std::string label; // what the user calls this run
    // The user's colour for the run's points, "#rrggbb"; empty means the explorer's palette.
    // Part of the run rather than of the view, so that it follows the run through a rename.
    std::string color;
    std::vector<std::string> tags;
    int repeat = 0; // index among repeats of one configuration

    bool operator==(const DatasetContext&) const = default;
};

struct Dataset {
    DatasetContext context;
    std::vector<OpRecord> records;
    // The steps the records came from, every rank's (Step::rank); empty for data that has none
    // (Nsight Compute, the demo, a zoo model), which is taken as one iteration.
    std::vector<Step> steps;

    // How many iterations the records (those not outsideSteps) sum over: the complete steps,
    // counted once per step name across ranks; 1 without steps. Per-iteration figures divide
    // record sums by it.
    int iterations() const {
        const int n = iterationOf(steps).count;
        return n > 0 ? n : 1;
    }

    bool operator==(const Dataset&) const = default;
};

} // namespace roofscope
