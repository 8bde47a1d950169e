#pragma once
// The points a roofline plot of a session shows, with the roof above each one: what exports
// write as CSV and JSON, so that a table and the plot it came with always agree. Qt-free, like
// the rest of core; the UI draws and the command line writes these numbers, neither computes.

#include "core/session.h"

#include <string>
#include <vector>

namespace roofscope {

struct PlotPoint {
    RecordRef ref;                         // dataset and record index in the session
    MemoryLevel level = MemoryLevel::dram; // the level whose bytes give the intensity
    double intensity = 0;                  // FLOP/B at `level`
    double achievedFlopsPerS = 0;          // FLOPs / time
    double flops = 0;                      // as recorded, summed over launches
    double bytes = 0;                      // at `level`; NaN when the record has none there
    double timeS = 0;
    // Against the dataset's device; NaN (and bottleneck none) when the dataset has no device or
    // the device lacks the ceiling for the record's precision or level.
    double attainableFlopsPerS = 0;
    double fractionOfRoof = 0;
    Bottleneck bottleneck = Bottleneck::none; // memory left of the ridge, compute at or right
    bool aboveRoof = false;
};

struct PlotPoints {
    std::vector<PlotPoint> points; // dataset order, then record order, then level (inner first)
    int undrawable = 0; // records of shown datasets with no place on a log-log FLOP/s plot
    std::vector<std::string> deviceIds; // devices whose roofs are drawn or that bound a point
};

// The points of `session` in its view: one per drawable record at view.memoryLevel (bounded by
// the dataset's device when it can be, else placed without a roof, as the classic roofline
// draws it); the hierarchical view adds one per other level that both the record and the device
// know, at the same height. Hidden datasets are left out. A point is drawable when the record
// has FLOPs and a positive time and the point a finite, positive intensity.
PlotPoints plotPoints(const Session& session);

// The points of one record of a shown dataset, as plotPoints lists them (inner level first),
// appended to `out`; `device` is the dataset's device or nullptr. Returns how many were
// appended, 0 when the record is undrawable. For callers that draw millions of records and
// keep only what they draw: plotPoints would hold every point at once.
std::size_t recordPlotPoints(const OpRecord& record, RecordRef ref, const Device* device,
                             const ViewSettings& view, std::vector<PlotPoint>& out);

// Whether a session view draws the roofline the plot above computes (classic or hierarchical).
bool isRooflineView(ViewKind view);

} // namespace roofscope
