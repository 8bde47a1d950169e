// From a file to a FileSummary: the importer its content calls for loads it, then its records
// are bounded against the device's ceilings and sorted by time.
#include "core/summary.h"

#include "core/import/importer.h"
#include "core/md_roofline.h"

#include <algorithm>

namespace roofscope {
namespace {

// The link carrying most of the record's bytes names APB: a collective that spans nodes is
// bounded by the inter-node network, not NVLink.
Link busiestLink(const OpRecord& r) {
    Link link = Link::intra_node;
    double most = 0;
    for (const auto& [l, bytes] : r.commBytes)
        if (bytes.known() && bytes.value > most) {
            most = bytes.value;
            link = l;
        }
    return link;
}

// MD-Roofline bottleneck on the device, as `roofscope model` bounds layers (mdBoundFor).
// Records the device cannot bound (no ceiling for their precision or link) stay `none` and are
// counted in one warning rather than one per record.
void bound(FileSummary& s, const Device* device) {
    int unbounded = 0;
    std::string firstError;
    for (auto& r : s.records) {
        if (!device)
            continue;
        MdOptions options;
        options.link = busiestLink(r.record);
        const auto b = mdBoundFor(r.record, device->ceilings, options);
        if (b) {
            r.bottleneck = b.value().bottleneck;
        } else if (unbounded++ == 0) {
            firstError = b.error().message;
        }
    }
    if (unbounded > 0)
        s.warnings.push_back(std::to_string(unbounded) + " record(s) without a bottleneck on " +
                             device->id + ", e.g. " + firstError);
}

void sortByTime(std::vector<SummaryRecord>& records) {
    // Stable: equal times keep the importer's order (first appearance), so output is repeatable.
    std::stable_sort(records.begin(), records.end(), [](const auto& a, const auto& b) {
        const bool ka = a.record.timeS.known(), kb = b.record.timeS.known();
        if (ka != kb)
            return ka;
        return ka && a.record.timeS.value > b.record.timeS.value;
    });
}

// The catalog entry for the name a file reports, or the one given with --device.
const CatalogEntry* resolveDevice(FileSummary& s, const Catalog& catalog,
                                  const SummaryOptions& options) {
    const CatalogEntry* entry = options.device;
    if (!entry && !s.deviceName.empty()) {
        entry = catalog.findByName(s.deviceName);
        if (!entry)
            s.warnings.push_back("device '" + s.deviceName +
                                 "' is not in the catalog: no bottlenecks (choose one with "
                                 "--device ID; see 'roofscope devices')");
    } else if (!entry && !s.records.empty()) {
        s.warnings.push_back("the file does not name its device: no bottlenecks (choose one with "
                             "--device ID; see 'roofscope devices')");
    }
    if (entry)
        s.deviceId = entry->device.id;
    return entry;
}

} // namespace

SummaryTotals FileSummary::totals() const {
    SummaryTotals t;
    for (const auto& sr : records) {
        const OpRecord& r = sr.record;
        if (r.timeS.known())
            t.timeS += r.timeS.value;
        if (r.flops.known())
            t.flops += r.flops.value;
        t.bytesDram += r.bytesAt(MemoryLevel::dram).value_or(0);
        for (const auto& [link, bytes] : r.commBytes)
            if (bytes.known())
                t.commBytes += bytes.value;
    }
    return t;
}

void FileSummary::addRecords(const std::vector<OpRecord>& more) {
    for (const auto& r : more)
        records.push_back({r, Bottleneck::none});
}

Result<FileSummary> summarizeInput(const std::string& path, const Catalog& catalog,
                                   const SummaryOptions& options) {
    ROOFSCOPE_TRY(importer, importerOf(path));
    const Importer& in = *importer.value();
    if (!in.summarize) {
        const auto summarizes = [](const Importer& i) { return i.summarize != nullptr; };
        return makeError(std::string(in.name) + ": summarize reads " + pluralList(summarizes) +
                             " ('roofscope info' describes the others)",
                         inFile(path));
    }
    FileSummary s;
    s.source = path;
    s.kind = in.kind;
    if (const Status loaded = in.summarize(s, options); !loaded)
        return loaded.error();
    const CatalogEntry* entry = resolveDevice(s, catalog, options);
    std::optional<Device> placed;
    if (entry && options.noSystem) {
        placed = withoutSystem(entry->device);
    } else if (entry && options.system) {
        if (entry->device.id == options.system->deviceId)
            placed = withSystem(entry->device, *options.system);
        else
            s.warnings.push_back("system '" + options.system->id + "' is built of " +
                                 options.system->deviceId + ", not " + entry->device.id +
                                 ": its links are not used for this file");
    }
    bound(s, placed ? &*placed : entry ? &entry->device : nullptr);
    sortByTime(s.records);
    return s;
}

} // namespace roofscope
