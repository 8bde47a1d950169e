// From the inputs of `roofscope export` to one session: read the session, load the traces as
// the jobs they are (kineto_jobs.h: the ranks of one job make one dataset), or as one dataset
// each to compare runs, and bind every dataset to a catalog device.
#include "app/cmd_export.h"

#include "core/dataset_label.h"
#include "core/import/importer.h"
#include "core/import/kineto/kineto_jobs.h"
#include "core/import/ncu/ncu_dataset.h"
#include "core/session_file.h"

#include <filesystem>

namespace roofscope::app {
namespace {

// The catalog entry of the GPU the inputs name, looked up exactly; a warning when there is none.
const CatalogEntry* namedDevice(const std::string& name, const Catalog& catalog,
                                std::vector<std::string>& warnings) {
    const CatalogEntry* entry = name.empty() ? nullptr : catalog.findByName(name);
    if (!entry)
        warnings.push_back((name.empty() ? std::string("the inputs name no device")
                                         : "device '" + name + "' is not in the catalog") +
                           ": no roofs drawn (choose one with --device ID; see 'roofscope "
                           "devices')");
    return entry;
}

void addDevice(Session& session, const Device& device) {
    if (!session.findDevice(device.id))
        session.devices.push_back(device);
}

// The device the traces name (the first rank that names one), looked up exactly: a guessed
// device would misplace every roof.
const CatalogEntry* traceDevice(const MultiRankTrace& trace, const Catalog& catalog,
                                std::vector<std::string>& warnings) {
    std::string name;
    for (const auto& rank : trace.ranks)
        if (name.empty())
            name = rank.analysis.deviceName;
    return namedDevice(name, catalog, warnings);
}

std::string traceLabel(const std::vector<std::string>& traces) {
    const std::string first = std::filesystem::path(traces.front()).filename().string();
    return traces.size() == 1 ? first : first + " (" + std::to_string(traces.size()) + " ranks)";
}

bool exported(const Importer& i) {
    return i.opensAs == OpensAs::session || i.opensAs == OpensAs::run ||
           i.opensAs == OpensAs::records;
}

} // namespace

Result<LoadedExport> loadExportInputs(const ExportInputs& inputs, const Catalog& catalog) {
    LoadedExport out;
    std::vector<std::string> sessions, traces, records;
    for (const auto& path : inputs.paths) {
        ROOFSCOPE_TRY(importer, importerOf(path));
        const Importer& in = *importer.value();
        if (!exported(in))
            return makeError(std::string(in.name) + ": export reads " + pluralList(exported) +
                                 (in.opensAs == OpensAs::ceilings
                                      ? " (measured ceilings go with --ceilings FILE[@ID])"
                                  : in.opensAs == OpensAs::devices
                                      ? " (a ceilings document's devices: put it in the user "
                                        "catalog folder ('roofscope devices' lists them) and "
                                        "pick one with --device ID)"
                                      : ""),
                             inFile(path));
        (in.opensAs == OpensAs::session   ? sessions
         : in.opensAs == OpensAs::records ? records
                                          : traces)
            .push_back(path);
    }
    if (sessions.size() > 1)
        return makeError("give one session; several traces (one per rank) make one dataset",
                         inFile(sessions[1]));
    if (!sessions.empty()) {
        ROOFSCOPE_TRY(session, readSessionFile(sessions.front()));
        out.session = std::move(session).value();
    }
    if (inputs.device) {
        // A what-if on a session: its records drawn against the chosen device's roofs.
        addDevice(out.session, inputs.device->device);
        out.session.view.shownDevices = {inputs.device->device.id};
        for (auto& dataset : out.session.datasets)
            dataset.context.deviceId = inputs.device->device.id;
    }
    // Runs to compare are one dataset each; otherwise the traces become the jobs they are.
    std::vector<MultiRankTrace> jobs;
    if (inputs.eachTraceADataset) {
        for (const auto& t : traces) {
            ROOFSCOPE_TRY(loaded, loadKinetoRanks({t}));
            jobs.push_back(std::move(loaded).value());
        }
    } else if (!traces.empty()) {
        ROOFSCOPE_TRY(loaded, loadKinetoRanks(traces));
        TraceJobs split = splitIntoJobs(std::move(loaded).value());
        if (split.jobs.size() > 1)
            out.warnings.push_back(split.said);
        jobs = std::move(split.jobs);
    }
    for (MultiRankTrace& trace : jobs) {
        for (const auto& w : trace.warnings)
            out.warnings.push_back(w);
        const CatalogEntry* entry =
            inputs.device ? inputs.device : traceDevice(trace, catalog, out.warnings);
        if (entry)
            addDevice(out.session, entry->device);
        Dataset dataset =
            mergedDataset(trace, inputs.grouping, entry ? entry->device.id : std::string());
        std::vector<std::string> paths;
        for (const auto& rank : trace.ranks)
            paths.push_back(rank.path);
        dataset.context.label = uniqueDatasetLabel(out.session, traceLabel(paths));
        out.session.datasets.push_back(std::move(dataset));
        if (inputs.keepTraces)
            out.traces.emplace_back(std::move(trace),
                                    static_cast<int>(out.session.datasets.size()) - 1);
    }
    // Nsight Compute exports: a run each, bound to the GPU they name (or --device).
    for (const auto& path : records) {
        ROOFSCOPE_TRY(loaded, loadNcuRun(path, inputs.grouping,
                                         inputs.device ? inputs.device->device.id : ""));
        NcuRun& run = loaded.value();
        for (auto& w : run.warnings)
            out.warnings.push_back(path + ": " + w);
        const CatalogEntry* entry =
            inputs.device ? inputs.device : namedDevice(run.deviceName, catalog, out.warnings);
        if (entry) {
            addDevice(out.session, entry->device);
            bindNcuRun(run, entry->device.id);
        }
        run.dataset.context.label = uniqueDatasetLabel(out.session, run.dataset.context.label);
        out.session.datasets.push_back(std::move(run.dataset));
    }
    return out;
}

} // namespace roofscope::app
