// `roofscope export --view timeline`: one step of a trace's launches, as the window's timeline
// shows it, written as a table or a figure.
#include "app/cmd_export.h"

#include "app/gui_module.h"
#include "core/text_file.h"

#include <algorithm>
#include <ostream>

namespace roofscope::app {

int exportTimeline(const LoadedExport& loaded, const TimelineRequest& request, CommandIo io) {
    if (loaded.traces.empty()) {
        io.err << "roofscope export: --view timeline needs a trace (its launches); a session "
                  "keeps only its records\n";
        return kExitUsage;
    }
    const auto& [trace, dataset] = loaded.traces.front();
    if (loaded.traces.size() > 1)
        io.err << "warning: --view timeline draws one run: "
               << loaded.session.datasets[static_cast<std::size_t>(dataset)].context.label
               << " (the traces made " << loaded.traces.size() << " runs)\n";
    const std::vector<std::string> steps = timelineSteps(trace);
    const std::string step = request.step.empty() ? typicalTimelineStep(trace) : request.step;
    if (steps.empty()) {
        io.err << "roofscope export: the trace launched no GPU work: no timeline to draw\n";
        return kExitFailure;
    }
    if (std::find(steps.begin(), steps.end(), step) == steps.end()) {
        std::string names;
        for (const auto& s : steps)
            names.append(names.empty() ? "" : ", ").append(s);
        io.err << "roofscope export: --step " << step << ": no such step; the trace has " << names
               << "\n";
        return kExitUsage;
    }
    const Session& session = loaded.session;
    const Dataset& d = session.datasets[static_cast<std::size_t>(dataset)];
    const StepTimeline timeline = stepTimeline(trace, launchRecords(trace, request.grouping), step);
    const ViewTable table =
        timelineTable(timeline, d, session.findDevice(d.context.deviceId), session.view);
    Status written;
    if (isImageFormat(request.format)) {
        const auto module = loadGuiModule();
        written =
            module ? module.value()->exportTimeline(session, dataset, timeline, request.coloring,
                                                    request.output, request.format, request.options)
                   : Status(module.error());
    } else {
        written = writeFileAtomically(request.output, request.format == ExportFormat::csv
                                                          ? viewTableCsv(table)
                                                          : viewTableJson(table));
    }
    if (!written) {
        io.err << "roofscope export: " << written.error().toString() << "\n";
        return kExitFailure;
    }
    io.out << "wrote " << request.output << ": timeline, " << table.rows.size() << " launch(es)\n";
    for (const auto& note : table.notes)
        io.out << "  " << note << "\n";
    return kExitOk;
}

} // namespace roofscope::app
