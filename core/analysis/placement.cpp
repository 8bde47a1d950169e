#include "core/analysis/placement.h"

#include "core/one_iteration.h"

#include "core/projection.h"
#include "core/roofline.h"

#include <algorithm>

namespace roofscope {
namespace {

bool isAccelerator(DeviceKind kind) {
    return kind != DeviceKind::cpu;
}

const Device* findDevice(const std::vector<Device>& devices, const std::string& id) {
    for (const auto& d : devices)
        if (d.id == id)
            return &d;
    return nullptr;
}

void addDevice(std::vector<std::string>& list, const std::string& id) {
    if (std::find(list.begin(), list.end(), id) == list.end())
        list.push_back(id);
}

} // namespace

Result<std::pair<Link, double>> transferLink(const Device& from, const Device& to) {
    if (!isAccelerator(from.kind) && !isAccelerator(to.kind))
        return makeError("no link is known between two CPUs ('" + from.id + "' and '" + to.id +
                         "')");
    // Between accelerators data goes peer to peer; with a CPU on one side it crosses PCIe in
    // both directions (inputs there, outputs back), so the slower direction bounds it.
    const std::vector<Link> candidates = isAccelerator(from.kind) && isAccelerator(to.kind)
                                             ? std::vector<Link>{Link::p2p}
                                             : std::vector<Link>{Link::pcie_h2d, Link::pcie_d2h};
    std::optional<std::pair<Link, double>> slowest;
    for (const Device* d : {&from, &to})
        for (const Link link : candidates)
            if (const auto c = d->ceilings.linkFor(link); c && c->value > 0)
                if (!slowest || c->value < slowest->second)
                    slowest = std::pair{link, c->value};
    if (!slowest)
        return makeError("neither '" + from.id + "' nor '" + to.id + "' has a " +
                         (candidates.size() == 1 ? "p2p" : "PCIe") + " link ceiling");
    return *slowest;
}

PlacementPlan planPlacement(const Dataset& steps, const std::vector<Device>& devices,
                            const std::vector<PlacementMove>& moves, const MdOptions& options) {
    const Dataset dataset = oneIteration(steps); // one step, not the sum over the trace's steps
    PlacementPlan plan;
    for (const auto& r : dataset.records)
        addDevice(plan.devices, r.deviceId.empty() ? dataset.context.deviceId : r.deviceId);
    // The last move of a category wins: later choices refine earlier ones.
    std::map<Category, std::string> target;
    for (const auto& m : moves)
        if (m.category != Category::memcpy) {
            target[m.category] = m.deviceId;
            addDevice(plan.devices, m.deviceId);
        }
    for (const auto& id : plan.devices)
        plan.busyBeforeS[id] = plan.busyAfterS[id] = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        PlacementMoveOutcome o;
        o.move = moves[i];
        o.ignored = moves[i].category == Category::memcpy;
        o.replaced = !o.ignored && std::any_of(moves.begin() + std::ptrdiff_t(i) + 1, moves.end(),
                                               [&](const PlacementMove& later) {
                                                   return later.category == moves[i].category;
                                               });
        plan.outcomes.push_back(std::move(o));
    }
    auto outcomeOf = [&](Category category) -> PlacementMoveOutcome* {
        for (auto it = plan.outcomes.rbegin(); it != plan.outcomes.rend(); ++it)
            if (it->move.category == category && !it->ignored)
                return &*it;
        return nullptr;
    };

    for (std::size_t i = 0; i < dataset.records.size(); ++i) {
        const OpRecord& r = dataset.records[i];
        if (r.outsideSteps)
            continue;
        PlacementOp op;
        op.record = static_cast<int>(i);
        op.fromDevice = r.deviceId.empty() ? dataset.context.deviceId : r.deviceId;
        op.toDevice = op.fromDevice;
        op.measuredS = r.timeS.known() ? r.timeS.value : 0;
        op.newS = op.measuredS;
        op.memcpy = r.category == Category::memcpy;
        if (op.memcpy) {
            plan.memcpyS += op.measuredS;
            plan.ops.push_back(std::move(op));
            continue;
        }
        const auto move = target.find(r.category);
        PlacementMoveOutcome* outcome = outcomeOf(r.category);
        if (outcome) {
            ++outcome->ops;
            outcome->alreadyThere += move->second == op.fromDevice ? 1 : 0;
        }
        if (move != target.end() && move->second != op.fromDevice) {
            const Device* to = findDevice(devices, move->second);
            const Device* from = findDevice(devices, op.fromDevice);
            if (!to) {
                op.error = "target device '" + move->second + "' is not in the session";
            } else if (!from) {
                op.error = "its device '" + op.fromDevice +
                           "' is not in the session: no link to cost the transfer";
            } else if (const auto projected = reproject(r, *to, options); !projected) {
                op.error = projected.error().message;
            } else if (const auto link = transferLink(*from, *to); !link) {
                op.error = "cannot cost the transfer: " + link.error().message;
            } else {
                op.moved = true;
                op.toDevice = to->id;
                op.predictedS = projected.value().predictedS;
                op.newS = *op.predictedS;
                // Device-memory bytes stand for the op's inputs and outputs whatever memory
                // level the view bounds it at: that is the data living on the device.
                op.transferBytes = r.bytesAt(MemoryLevel::dram).value_or(0);
                op.transferLink = link.value().first;
                op.transferS = op.transferBytes / link.value().second;
            }
            if (!op.moved)
                ++plan.unprojected;
            ++(op.moved ? outcome->moved : outcome->unprojected);
        }
        plan.moved += op.moved ? 1 : 0;
        plan.busyBeforeS[op.fromDevice] += op.measuredS;
        plan.busyAfterS[op.toDevice] += op.newS;
        plan.transferS += op.transferS;
        plan.transferBytes += op.transferBytes * (op.moved ? 1 : 0);
        plan.ops.push_back(std::move(op));
    }
    for (const auto& [id, s] : plan.busyBeforeS)
        plan.oldStepS += s;
    for (const auto& [id, s] : plan.busyAfterS)
        plan.newStepS += s;
    plan.oldStepS += plan.memcpyS;
    plan.newStepS += plan.memcpyS + plan.transferS;
    for (PlacementOp& op : plan.ops) {
        const OpRecord& r = dataset.records[static_cast<std::size_t>(op.record)];
        const auto bytes = r.bytesAt(options.level);
        if (!r.flops.known() || r.flops.value <= 0 || !bytes || *bytes <= 0 || !(op.newS > 0))
            continue;
        op.intensity = intensity(r.flops.value, *bytes);
        op.flopsPerS = r.flops.value / op.newS;
    }
    return plan;
}

std::string outcomeText(const PlacementMoveOutcome& o, const std::string& target) {
    const std::string category(toString(o.move.category));
    const std::string head = category + " \u2192 " + target + ": ";
    if (o.ignored)
        return head + "ignored: copies are the run's own data movement and stay where they are.";
    if (o.replaced)
        return head + "replaced by a later move of " + category + ".";
    if (o.ops == 0)
        return head + "0 ops are " + category + " in this step; nothing moves.";
    const std::string of =
        " of " + std::to_string(o.ops) + " " + category + " op" + (o.ops == 1 ? "" : "s");
    if (o.alreadyThere == o.ops)
        return head + (o.ops == 1 ? "its " : "all " + std::to_string(o.ops) + " ") + category +
               (o.ops == 1 ? " op runs" : " ops run") + " there already; nothing moves.";
    std::string text = head + std::to_string(o.moved) + of + " moved";
    if (o.alreadyThere > 0)
        text += ", " + std::to_string(o.alreadyThere) + " there already";
    if (o.unprojected > 0)
        text += ", " + std::to_string(o.unprojected) +
                (o.unprojected == 1 ? " cannot be projected and stays at its measured time"
                                    : " cannot be projected and stay at their measured time");
    return text + ".";
}

} // namespace roofscope
