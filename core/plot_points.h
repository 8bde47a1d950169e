#pragma once
// The points a roofline plot of a session shows, with the roof above each one: what exports
// write as CSV and JSON, so that a table and the plot it came with always agree. Qt-free, like
// the rest of core; the UI draws and the command line writes these numbers, neither computes.

#include "core/session.h"

#include <optional>
#include <string>
#include <string_view>
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

// Records of one reason that the plot leaves out, with their measured time.
struct LeftOut {
    std::string reason; // "no FLOPs: communication", a record's flopsNote, ...
    int records = 0;
    double timeS = 0; // measured, seconds; 0 for records without a time
};

// What a plot leaves out of the shown datasets and why, so that it can say so.
struct PlotLeftOut {
    std::vector<LeftOut> reasons; // in the order the reasons were first met
    int records = 0;              // shown records, drawn or not
    double totalS = 0;            // their measured time, seconds
};

struct PlotPoints {
    std::vector<PlotPoint> points; // dataset order, then record order, then level (inner first)
    int undrawable = 0; // records of shown datasets with no place on a log-log FLOP/s plot
    std::vector<std::string> deviceIds; // devices whose roofs are drawn or that bound a point
    PlotLeftOut leftOut;                // the undrawable records by reason
};

// Why `record` has no point at `level` (recordPlotPoints gives none): "no measured time", "no
// FLOPs: copy", "no FLOPs: communication", "no FLOPs: data movement" (memory kernels), "no
// FLOPs: moves data only" (a zero FLOP count with bytes), its flopsNote (why its
// FLOPs are unknown, e.g. recorded without shapes), "no FLOP count", or "no bytes at <level>".
// The view stays valid as long as the record.
std::string_view undrawableReason(const OpRecord& record, MemoryLevel level);

// Counts `record` as shown in `out`, and as left out for `reason` when it is not null.
void countShown(PlotLeftOut& out, const OpRecord& record, std::optional<std::string_view> reason);
// Adds `other`'s counts to `out` (slices of one dataset counted apart).
void mergeLeftOut(PlotLeftOut& out, const PlotLeftOut& other);

// One sentence on what is left out, "" when nothing is: "29 of 42 records (51 % of the measured
// time) not drawn: no FLOPs: communication (20 records, 40 %), recorded without shapes (9
// records, 11 %)."; reasons by time, longest first.
std::string leftOutText(const PlotLeftOut& leftOut);
// The same sentence in its parts, for a caller that breaks it into lines: the head ("29 of 42
// records (...) not drawn:"), then one part per reason; empty when nothing is left out.
std::vector<std::string> leftOutParts(const PlotLeftOut& leftOut);

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
