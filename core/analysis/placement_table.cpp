// The placement view's table: every op under the plan, with the steps in notes.
#include "core/analysis/placement.h"
#include "core/analysis/shown_dataset.h"
#include "core/units.h"

#include <cstdio>

namespace roofscope {
namespace {

std::string str(std::string_view s) {
    return std::string(s);
}

std::string seconds(double s) {
    return formatSi(s, Dimension::time);
}

// +0.253 -> "+25.3 %".
std::string signedPercent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f %%", fraction * 100);
    return text;
}

std::string deviceName(const Session& session, const std::string& id) {
    const Device* d = session.findDevice(id);
    return d ? d->name : id.empty() ? std::string("unknown device") : id;
}

const std::vector<ViewColumn>& columns() {
    static const std::vector<ViewColumn> c{
        {"name", "Op", ""},
        {"category", "Category", ""},
        {"from_device", "Ran on", ""},
        {"to_device", "Runs on", ""},
        {"moved", "Moved", ""},
        {"measured_s", "Measured", "s"},
        {"predicted_s", "Predicted", "s"},
        {"new_time_s", "Counted", "s"},
        {"transfer_bytes", "Transfer", "B"},
        {"transfer_link", "Link", ""},
        {"transfer_time_s", "Transfer time", "s"},
        {"intensity", "Intensity", "FLOP/B"},
        {"flops_per_s", "Performance", "FLOP/s"},
        {"not_projected", "Why not moved", ""},
    };
    return c;
}

} // namespace

ViewTable placementTable(const Session& session) {
    ViewTable table;
    table.schema = "roofscope.placement/1";
    const int index = shownDataset(session);
    if (index < 0)
        return table;
    const Dataset& dataset = session.datasets[static_cast<std::size_t>(index)];
    const MdOptions options{session.view.memoryLevel, session.view.link};
    return placementTable(
        session, index,
        planPlacement(dataset, session.devices, session.view.placement.moves, options));
}

ViewTable placementTable(const Session& session, int index, const PlacementPlan& plan) {
    ViewTable table;
    table.schema = "roofscope.placement/1";
    table.columns = columns();
    const Dataset& dataset = session.datasets[static_cast<std::size_t>(index)];
    for (const auto& op : plan.ops) {
        const OpRecord& r = dataset.records[static_cast<std::size_t>(op.record)];
        const ViewCell none;
        table.rows.push_back({r.name, str(toString(r.category)), op.fromDevice, op.toDevice,
                              op.moved ? ViewCell(std::string("predicted")) : none,
                              r.timeS.known() ? ViewCell(op.measuredS) : none,
                              op.predictedS ? ViewCell(*op.predictedS) : none, op.newS,
                              op.moved ? ViewCell(op.transferBytes) : none,
                              op.transferLink ? ViewCell(str(toString(*op.transferLink))) : none,
                              op.moved ? ViewCell(op.transferS) : none,
                              op.intensity > 0 ? ViewCell(op.intensity) : none,
                              op.flopsPerS > 0 ? ViewCell(op.flopsPerS) : none,
                              op.error.empty() ? none : ViewCell(op.error)});
    }

    const double change = plan.oldStepS > 0 ? plan.newStepS / plan.oldStepS - 1 : 0;
    table.notes.push_back("Dataset '" + dataset.context.label + "': old step " +
                          seconds(plan.oldStepS) + " (measured), new step " +
                          seconds(plan.newStepS) + " (predicted), " + signedPercent(change) + ".");
    for (const auto& o : plan.outcomes)
        table.notes.push_back("Move " + outcomeText(o, deviceName(session, o.move.deviceId)));
    for (const auto& id : plan.devices)
        table.notes.push_back(deviceName(session, id) + ": busy " +
                              seconds(plan.busyBeforeS.at(id)) + " before, " +
                              seconds(plan.busyAfterS.at(id)) + " after.");
    table.notes.push_back(
        "Transfers caused by the moves: " + formatSi(plan.transferBytes, Dimension::bytes) +
        " in " + seconds(plan.transferS) +
        ", an upper bound: each moved op pays for its inputs and outputs, "
        "though consecutive moved ops may keep their data on the target.");
    table.notes.push_back("Copies measured in the run (memcpy): " + seconds(plan.memcpyS) +
                          ", in both steps.");
    if (plan.unprojected > 0)
        table.notes.push_back(std::to_string(plan.unprojected) +
                              " ops could not be projected and stay at their measured time on "
                              "their own device.");
    table.notes.push_back("Steps are sums of op times: concurrency between devices and streams is "
                          "not modelled.");
    return table;
}

} // namespace roofscope
