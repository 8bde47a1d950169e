#pragma once
// `roofscope export`: the session to export, built from the inputs (cmd_export_load.cpp), then
// written as a table by core (core/export/) or as an image by the explorer's module
// (app/gui_module.h); cmd_export.cpp parses the command line.

#include "app/cli.h"
#include "core/catalog.h"
#include "core/error.h"
#include "core/export/export_format.h"
#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/timeline_table.h"
#include "core/session.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofscope::app {

struct ExportInputs {
    std::vector<std::string> paths;       // sessions and traces as given
    const CatalogEntry* device = nullptr; // --device; nullptr: the one each input names
    Grouping grouping = Grouping::kernel;
    // Each trace is a run of its own (compared in the comparison and matrix views) rather than
    // one rank of a single run.
    bool eachTraceADataset = false;
    // Keep the traces loaded (their launches), for the step timeline.
    bool keepTraces = false;
};

struct LoadedExport {
    Session session;
    std::vector<std::string> warnings;
    // With keepTraces: each trace job with the index of its dataset in session.datasets.
    std::vector<std::pair<MultiRankTrace, int>> traces;
};

// One session (*.roofscope by content) and/or Kineto traces; the traces are the jobs they are
// (kineto_jobs.h: the ranks of one job one dataset, other files one each, and a warning saying
// so), or one dataset each with eachTraceADataset, labelled by file name and made unique, added
// to the session's datasets. With --device the traces are
// bounded by that device and a session shows only its roofs and bounds every dataset by it.
// Errors name the file and the position of the problem.
Result<LoadedExport> loadExportInputs(const ExportInputs& inputs, const Catalog& catalog);

// `--view timeline`: the step timeline of the first trace job of `loaded` (loaded with
// keepTraces), as a table (CSV, JSON: core's timelineTable) or an image (the explorer's module),
// written to `output`. `step` empty: typicalTimelineStep. Says what it wrote on io.out; returns
// the exit code (kExitUsage for a step the trace lacks, naming those it has).
struct TimelineRequest {
    std::string output;
    ExportFormat format = ExportFormat::png;
    std::string step;
    TimelineColoring coloring = TimelineColoring::category;
    Grouping grouping = Grouping::kernel; // the one the datasets were made with
    ExportOptions options;
};
int exportTimeline(const LoadedExport& loaded, const TimelineRequest& request, CommandIo io);

// What `--view` and its options ask of the views beyond the roofline: run A and B, the device to
// project onto, the moves of the placement view, prices, the rank and the cluster rule.
struct ViewOptions {
    std::optional<std::string> baseline, target;            // dataset labels
    std::optional<std::string> projectOnto;                 // device id (session or catalog)
    std::vector<std::pair<std::string, std::string>> moves; // category, device id
    std::vector<std::pair<std::string, double>> prices;     // device id, price per hour
    std::optional<int> rank;                                // -1: all ranks
    std::optional<ClusterRule> cluster;
    std::optional<Link> link;
    std::optional<MemoryLevel> level;
    // --ceilings: files of measured ceilings (measured_ceilings.h) and the device id they are
    // for (empty: the GPU the file names, else every device a dataset runs on).
    std::vector<std::pair<std::string, std::string>> ceilingFiles;
};

// Applies `options` to session.view (and session.pricesPerHour), adding catalog devices that
// the moves or the projection name. Errors name the option and list what exists instead.
Status applyViewOptions(Session& session, const ViewOptions& options, const Catalog& catalog);

} // namespace roofscope::app
