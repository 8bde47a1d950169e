// `roofscope export --view ...`: the options of the analysis views, applied to the session's view
// settings after the inputs are loaded, so that they can name the datasets and devices loaded.
#include "app/cmd_export.h"

#include "core/catalog.h"
#include "core/import/measured_ceilings.h"

#include <algorithm>

namespace roofscope::app {
namespace {

std::string datasetLabels(const Session& session) {
    std::string labels;
    for (const auto& d : session.datasets)
        labels += (labels.empty() ? "'" : ", '") + d.context.label + "'";
    return labels.empty() ? std::string("none") : labels;
}

Status requireDataset(const Session& session, const std::string& option, const std::string& label) {
    for (const auto& d : session.datasets)
        if (d.context.label == label)
            return {};
    return makeError(option + " '" + label +
                     "': no dataset has this label (the datasets: " + datasetLabels(session) + ")");
}

// A device of the session, or one the catalog knows by id or by the name a tool reports, added
// to the session. Returns its id.
Result<std::string> resolveDevice(Session& session, const std::string& option,
                                  const std::string& id, const Catalog& catalog) {
    if (session.findDevice(id))
        return id;
    const CatalogEntry* entry = catalog.find(id);
    if (!entry)
        entry = catalog.findByName(id);
    if (!entry)
        return makeError(option + " '" + id +
                         "': unknown device (see 'roofscope devices' for the ids)");
    if (!session.findDevice(entry->device.id))
        session.devices.push_back(entry->device);
    return entry->device.id;
}

} // namespace

Status applyViewOptions(Session& session, const ViewOptions& o, const Catalog& catalog) {
    ViewSettings& v = session.view;
    if (o.baseline) {
        if (Status s = requireDataset(session, "--baseline", *o.baseline); !s)
            return s;
        v.compare.baseline = *o.baseline;
    }
    if (o.target) {
        if (Status s = requireDataset(session, "--target", *o.target); !s)
            return s;
        v.compare.target = *o.target;
        v.compare.projectDevice.clear();
    }
    if (o.projectOnto) {
        ROOFSCOPE_TRY(id, resolveDevice(session, "--project-onto", *o.projectOnto, catalog));
        v.compare.projectDevice = id.value();
    }
    if (!o.moves.empty()) {
        v.placement.moves.clear();
        for (const auto& [categoryName, device] : o.moves) {
            const auto category = parseEnum<Category>(categoryName);
            if (!category) {
                std::string known;
                for (const auto& entry : enumNames<Category>())
                    known += (known.empty() ? "" : ", ") + std::string(entry.name);
                return makeError("--move " + categoryName + "=" + device +
                                 ": unknown category (one of: " + known + ")");
            }
            ROOFSCOPE_TRY(id,
                          resolveDevice(session, "--move " + categoryName + "=", device, catalog));
            v.placement.moves.push_back({*category, id.value()});
        }
    }
    for (const auto& [device, price] : o.prices) {
        if (!session.findDevice(device))
            return makeError("--price " + device +
                             ": the session has no such device (give the id of a device the "
                             "datasets run on)");
        session.pricesPerHour[device] = price;
    }
    for (const auto& [path, device] : o.ceilingFiles) {
        ROOFSCOPE_TRY(imported, readMeasuredCeilings(path));
        std::vector<std::string> targets;
        const CatalogEntry* named = imported.value().deviceName.empty()
                                        ? nullptr
                                        : catalog.findByName(imported.value().deviceName);
        if (!device.empty()) {
            ROOFSCOPE_TRY(id, resolveDevice(session, "--ceilings " + path + "@", device, catalog));
            targets.push_back(id.value());
        } else if (named && session.findDevice(named->device.id)) {
            targets.push_back(named->device.id); // the device the file says it measured
        } else if (named) {
            // Another GPU's figures on these runs' devices would move every roof they bound.
            return makeError("--ceilings " + path + ": measured on " + imported.value().deviceName +
                             " (" + named->device.id +
                             "), which no dataset runs on; to use them anyway, name the "
                             "device: FILE@ID");
        } else {
            for (const auto& d : session.datasets)
                if (session.findDevice(d.context.deviceId) &&
                    std::find(targets.begin(), targets.end(), d.context.deviceId) == targets.end())
                    targets.push_back(d.context.deviceId);
            if (targets.empty())
                return makeError("--ceilings " + path +
                                 ": no dataset runs on a known device (name one: FILE@DEVICE)");
        }
        for (const auto& id : targets)
            if (Status s = applyMeasuredCeilings(session, id, imported.value().ceilings); !s)
                return s;
    }
    if (o.rank)
        v.md.rank = *o.rank;
    if (o.cluster)
        v.md.clusterRule = *o.cluster;
    if (o.link)
        v.link = *o.link;
    if (o.level)
        v.memoryLevel = *o.level;
    return {};
}

} // namespace roofscope::app
