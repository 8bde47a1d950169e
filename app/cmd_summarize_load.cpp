// From a file to a FileSummary: load it with the importer its content calls for, group its
// records, bound each against the device's ceilings and sort them by time.
#include "app/cmd_summarize.h"

#include "core/import/kineto/kineto_load.h"
#include "core/import/nccl_tests/nccl_tests.h"
#include "core/import/ncu/ncu_csv.h"
#include "core/import/ncu/ncu_import.h"
#include "core/import/ncu/ncu_records.h"
#include "core/md_roofline.h"
#include "core/text_file.h"

#include <algorithm>

namespace roofscope::app {
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

void addRecords(FileSummary& s, const std::vector<OpRecord>& records) {
    for (const auto& r : records)
        s.records.push_back({r, Bottleneck::none});
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

Status loadKineto(FileSummary& s, Grouping grouping) {
    auto loaded = loadKinetoTrace(s.source);
    if (!loaded)
        return loaded.error();
    const KinetoAnalysis& a = loaded.value().analysis;
    s.deviceName = a.deviceName;
    s.rank = a.context.rank;
    s.worldSize = a.context.worldSize;
    s.stack = a.context.stack;
    s.warnings = a.warnings;
    s.steps = a.steps;
    s.outside = a.outside;
    addRecords(s, groupLaunches(a.launches, grouping));
    for (const auto& c : summarizeCollectives(a.launches))
        s.collectives.push_back(
            {c.op, c.groupSize, c.count, c.bytes, c.timeS, c.algbwBytesPerS, c.busbwBytesPerS});
    return {};
}

Status loadNcu(FileSummary& s, const SummaryOptions& options) {
    const Grouping grouping = options.grouping;
    const auto text = readTextFile(s.source);
    if (!text)
        return text.error();
    const auto report = parseNcuCsv(text.value(), s.source);
    if (!report)
        return report.error();
    // The same records as `roofscope info` reads (core/import/ncu/ncu_import.h).
    auto imported =
        importNcuRecords(report.value(), options.device ? options.device->device.id : "");
    s.deviceName = imported.deviceName;
    for (auto& w : imported.warnings)
        s.warnings.push_back(std::move(w));
    const auto& records = imported.records;
    // Nsight profiles kernels, not framework ops: grouping by op is grouping by kernel.
    addRecords(s, grouping == Grouping::launch ? records : aggregateByKernel(records));
    return {};
}

Status loadNccl(FileSummary& s) {
    const auto text = readTextFile(s.source);
    if (!text)
        return text.error();
    const auto run = parseNcclTests(text.value(), s.source);
    if (!run)
        return run.error();
    const NcclTestsRun& r = run.value();
    if (!r.devices.empty())
        s.deviceName = r.devices.front();
    s.worldSize = std::max(1, r.ranks);
    s.stack.nccl = r.version;
    if (!r.collective)
        s.warnings.push_back("the file does not name its collective");
    if (r.devices.size() > 1)
        s.warnings.push_back("the ranks ran on " + std::to_string(r.devices.size()) +
                             " kinds of device; the first names the device");
    // One entry per message size with the file's own out-of-place bandwidths: nccl-tests
    // computed them with the factor of its rank count, which the file may not list.
    for (const auto& row : r.rows)
        s.collectives.push_back({r.collective, r.ranks, 1, static_cast<double>(row.sizeBytes),
                                 row.outOfPlace.timeS, row.outOfPlace.algBytesPerS,
                                 row.outOfPlace.busBytesPerS});
    return {};
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

Result<FileSummary> summarizeInput(const std::string& path, const Catalog& catalog,
                                   const SummaryOptions& options) {
    const auto kind = detectFileKindOf(path);
    if (!kind)
        return kind.error();
    FileSummary s;
    s.source = path;
    s.kind = kind.value();
    Status loaded;
    switch (s.kind) {
    case FileKind::kinetoTrace:
        loaded = loadKineto(s, options.grouping);
        break;
    case FileKind::ncuCsv:
        loaded = loadNcu(s, options);
        break;
    case FileKind::ncclTests:
        loaded = loadNccl(s);
        break;
    default:
        return makeError(std::string(fileKindName(s.kind)) +
                             ": summarize reads Kineto traces, Nsight Compute CSV and nccl-tests "
                             "output ('roofscope info' describes the others)",
                         inFile(path));
    }
    if (!loaded)
        return loaded.error();
    const CatalogEntry* entry = resolveDevice(s, catalog, options);
    bound(s, entry ? &entry->device : nullptr);
    sortByTime(s.records);
    return s;
}

} // namespace roofscope::app
