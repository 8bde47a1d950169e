#pragma once
// The step timeline without a window: the step a user would look at first, what each launch's
// colour stands for and how long the step spent on it, and the launches as a table for
// `roofscope export --view timeline` (CSV, JSON) and the figure's key. The window's timeline
// panel uses the same choices, so a file and the screen show the same step and key.

#include "core/analysis/view_table.h"
#include "core/import/kineto/kineto_timeline.h"

#include <map>
#include <string>
#include <vector>

namespace roofscope {

// The GPU span (seconds) of each complete step of the lowest rank, by step name.
std::map<std::string, double> timelineStepSpans(const MultiRankTrace& trace);

// The step of the lowest rank whose GPU span is nearest the mean of its complete steps (a step
// the run is like, rather than the first, often a warm-up); the first of timelineSteps when no
// step is complete; empty when the trace launched nothing.
std::string typicalTimelineStep(const MultiRankTrace& trace);
// The same from the trace's timelineSteps and timelineStepSpans, for a caller that has them.
std::string typicalTimelineStep(const std::vector<std::string>& steps,
                                const std::map<std::string, double>& spans);

// What a slice's colour stands for.
enum class TimelineColoring { category, bottleneck };

// Per slice of `timeline`, its key: the int of its record's Category, or of its Bottleneck
// (recordBottleneck against `device` at view.memoryLevel). `dataset` is the one the timeline's
// records index; a record out of its range keys as -1.
std::vector<int> timelineKeys(const StepTimeline& timeline, const Dataset& dataset,
                              const Device* device, const ViewSettings& view,
                              TimelineColoring coloring);

// Launch time in the step per key (seconds, summed over lanes), most first; ties by key.
struct TimelineKeyTime {
    int key = 0;
    double seconds = 0;
};
std::vector<TimelineKeyTime> timelineKeyTimes(const StepTimeline& timeline,
                                              const std::vector<int>& keys);

// The key's name: "gemm", "memory", ..., "no bound" for Bottleneck::none, "unknown" for -1.
std::string timelineKeyName(int key, TimelineColoring coloring);

// One row per slice, in lane then time order: lane ("rank 1 · GPU 0 · stream 7"), rank, gpu,
// stream, start_s, duration_s (from the rank's first launch of the step), record (its label),
// category, bottleneck (its enum name, "none" included), and the shares of its time that other
// streams of its rank ran compute, communication and copies (besideShares, in %). Notes: the step,
// its span, launches and lanes, and the launch time by category. Schema roofscope.timeline/1.
ViewTable timelineTable(const StepTimeline& timeline, const Dataset& dataset, const Device* device,
                        const ViewSettings& view);

} // namespace roofscope
