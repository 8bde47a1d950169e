#pragma once
// The step timeline under the roofline: one step's GPU launches over time, each on its lane (rank,
// GPU, stream) and linked to the record that holds it, so that a user sees where in the step an
// op ran and what ran beside it. Built from the launches of a trace still in memory; the records
// are those mergedDataset(trace, grouping, ...) makes, so a slice and a point of the plot name
// the same record.

#include "core/dataset.h"
#include "core/device.h"
#include "core/import/kineto/kineto_load.h"
#include "core/session.h"
#include "core/steps.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The index, among groupLaunches(launches, grouping), of the record each launch went into.
std::vector<std::uint32_t> recordOfLaunches(const std::vector<Launch>& launches, Grouping grouping);

// For each rank of a trace (in trace.ranks order), the record of mergedDataset(trace, grouping)
// that holds each of its launches: ranks' records follow each other in the merged dataset.
struct LaunchRecords {
    Grouping grouping = Grouping::kernel;
    std::vector<std::vector<std::uint32_t>> ofRank;
    std::size_t records = 0; // records of the merged dataset
};
LaunchRecords launchRecords(const MultiRankTrace& trace, Grouping grouping);

struct TimelineLane {
    int rank = 0;
    int device = -1; // the trace's GPU index; -1 when unknown
    int stream = -1; // -1 when unknown

    bool operator==(const TimelineLane&) const = default;
};

// One launch on the timeline; seconds from its rank's first launch of the step.
struct TimelineSlice {
    double startS = 0;
    double endS = 0; // >= startS
    int lane = 0;    // index into StepTimeline::lanes
    int record = 0;  // index into the merged dataset's records
    GpuLane kind = GpuLane::compute;
};

struct StepTimeline {
    std::string step;                  // "ProfilerStep#6", "(whole trace)"
    double spanS = 0;                  // the longest rank's first start to last end
    std::vector<TimelineLane> lanes;   // by rank, GPU, stream
    std::vector<TimelineSlice> slices; // by lane, then start
    // Per lane, the longest slice: what a search for the slice under a time looks back over.
    std::vector<double> longestS;
};

// The names of the steps that launched GPU work, in the order of the lowest rank's trace, then
// any that only other ranks ran; "(whole trace)" for a trace that marks none.
std::vector<std::string> timelineSteps(const MultiRankTrace& trace);

// The launches of step `step` on every rank. Launches without a measured time (counter ranges)
// and those of no traced step are not drawn. Empty when no rank ran that step or `records` was
// made from another trace (its rank count differs).
StepTimeline stepTimeline(const MultiRankTrace& trace, const LaunchRecords& records,
                          std::string_view step);

// The slice whose span holds `timeS` on `lane`, else the nearest within `toleranceS`; nullopt
// when none is that close.
std::optional<std::size_t> sliceAt(const StepTimeline& timeline, int lane, double timeS,
                                   double toleranceS);

// The slices of `record`, in lane then time order.
std::vector<std::size_t> slicesOfRecord(const StepTimeline& timeline, int record);

// A lane in words: "rank 1 · GPU 0 · stream 7"; the rank only when the trace has several.
std::string laneText(const StepTimeline& timeline, int lane);

// The shares of a slice's time (0..1) during which other lanes of its rank ran compute,
// communication and copies; each kind counted once however many lanes ran it. All 0 for a
// slice without length.
struct BesideShares {
    double compute = 0, communication = 0, copies = 0;
};
BesideShares besideShares(const StepTimeline& timeline, std::size_t slice);

// What hovering a slice says: `what` (recordText of its record), the launch's start and length in
// the step, its lane, and what ran beside it on other lanes of its rank ("beside it on other
// streams: compute 85 % of its time, communication 0 %, copies 0 %", or "nothing else ran beside
// it on its rank").
std::string describeSlice(const StepTimeline& timeline, std::size_t slice, std::string_view what);
// A record as the timeline names it: its label (kernel_name.h) and category, "gemm_a (gemm)".
std::string recordText(const OpRecord& record);

// What limits the record, for colouring the timeline: the roofline's bottleneck of its point at
// view.memoryLevel against `device` when it has one (compute, memory, latency), communication
// for collectives, memory for copies and data movement, none otherwise.
Bottleneck recordBottleneck(const OpRecord& record, const Device* device, const ViewSettings& view);

} // namespace roofscope
