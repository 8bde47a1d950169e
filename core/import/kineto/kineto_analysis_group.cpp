// Aggregations of launches: by kernel, by op call shape, and collective bandwidth summaries.

#include "core/collectives.h"
#include "core/import/kineto/kineto_analysis_internal.h"
#include "core/import/kineto/kineto_timeline.h"

#include <cctype>
#include <map>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace roofscope {
namespace {

// Adds m to sum. The sum stays known only while every addend is (a partial sum would understate
// it) and takes the weaker origin: a total with an estimated part is an estimate.
void accumulate(Measure& sum, const Measure& m) {
    if (!sum.known() || !m.known()) {
        sum = Measure{};
        return;
    }
    sum.value += m.value;
    if (m.origin == Origin::estimated)
        sum.origin = Origin::estimated;
}

template <class Key, std::size_t N>
void accumulateMap(std::map<Key, Measure>& sum, const InlineMeasures<Key, N>& add) {
    // A key present in only some records becomes absent; keys in none stay out.
    for (auto& [key, measure] : sum)
        accumulate(measure, add.find(key).value_or(Measure{}));
    add.forEach([&](Key key, const Measure&) { sum.try_emplace(key); });
}

// "[[512], [141, 512], [512, 512], [], []]" -> "[[512],[141,512],[512,512]]": without blanks and
// without the trailing empty entries of scalar arguments.
std::string readableShapes(std::string_view dims) {
    std::string out;
    out.reserve(dims.size());
    for (const unsigned char c : dims)
        if (!std::isspace(c))
            out.push_back(static_cast<char>(c));
    constexpr std::string_view emptyTail = ",[]]";
    while (out.size() > emptyTail.size() &&
           std::string_view(out).substr(out.size() - emptyTail.size()) == emptyTail)
        out.erase(out.size() - emptyTail.size(), 3);
    return out;
}

struct Group {
    OpRecord sum;
    // The op every merged launch came from, while they agree (OpRecord::op).
    // Shared, so that comparing them compares identities first (SharedText's ==).
    SharedText opName, shapeKey;
    bool mixedOps = false;
    NoFlopsReason note = NoFlopsReason::none; // the first merged launch's that has one
    std::vector<std::pair<Precision, double>> flopsByPrecision; // in order of first appearance
};

void merge(Group& g, const LaunchRecord& r) {
    OpRecord& sum = g.sum;
    accumulate(sum.flops, r.flops);
    accumulate(sum.timeS, r.timeS);
    accumulateMap(sum.bytes, r.bytes);
    accumulateMap(sum.commBytes, r.commBytes);
    sum.count += 1;
    sum.usesTensorUnits = sum.usesTensorUnits || r.usesTensorUnits;
    if (sum.stream != r.stream)
        sum.stream = -1;
    if (sum.phase != r.phase)
        sum.phase = Phase::unknown;
    if (sum.collective != r.collective)
        sum.collective.reset();
    if (sum.groupSize != r.groupSize)
        sum.groupSize = 0;
    const double flops = r.flops.known() ? r.flops.value : 0;
    bool found = false;
    for (auto& [precision, total] : g.flopsByPrecision)
        if (precision == r.precision) {
            total += flops;
            found = true;
        }
    if (!found)
        g.flopsByPrecision.emplace_back(r.precision, flops);
    // The precision doing most of the FLOPs is the roof the group is bound by; the first seen on
    // a tie.
    double best = -1;
    for (const auto& [precision, total] : g.flopsByPrecision)
        if (total > best) {
            best = total;
            sum.precision = precision;
        }
}

} // namespace

std::string_view noFlopsText(NoFlopsReason reason) {
    switch (reason) {
    case NoFlopsReason::none:
        return "";
    case NoFlopsReason::noOp:
        return "linked to no op: no input shapes to count its FLOPs from";
    case NoFlopsReason::noShapes:
        // Kineto traces and Nsight Systems exports get their shapes from the same switch.
        return "the trace recorded no input shapes: record with record_shapes=True "
               "(torch.profiler, or emit_nvtx under Nsight Systems)";
    case NoFlopsReason::noEstimator:
        return "no FLOP estimator for this op";
    case NoFlopsReason::estimateFailed:
        return "the estimate refused the recorded inputs (see the warnings)";
    case NoFlopsReason::helper:
        return "a helper kernel of its op (a layout transform, an im2col, a split-K reduction, a "
               "workspace fill): none of the op's FLOPs or bytes go to it";
    case NoFlopsReason::covered:
        return "inside a composite op whose inner ops carry the FLOPs";
    }
    return "";
}

namespace {

// Launches outside every traced step stay apart from those inside (OpRecord::outsideSteps).
// Kernel: (false, name, "", GPU index, rank, category). Op: (true, op, shapes, category) for
// launches linked to an op, (false, kernel name, "") for the others and for collectives, whose
// record_param_comms op would lump every collective together. The category keeps an op's helpers
// apart from its own work: cuBLAS launches a memset before some GEMMs, and merged into the GEMM's
// record it would make the GEMM's FLOPs unknown. The key views the launches' own texts, which
// outlive the grouping: no copy per launch.
using GroupKey = std::tuple<bool, std::string_view, std::string_view, int, int, int, bool>;

// Copies and helper kernels (layout transforms, offsets) of an op are named by what they are
// ("aten::mm [[..]] · Memset (Device)"); the op's own kernels share its name.
struct LaunchFlags {
    bool byOp = false;
    bool helper = false;
};

LaunchFlags flagsOf(const Launch& l, Grouping grouping) {
    const LaunchRecord& r = l.record;
    LaunchFlags k;
    k.byOp = grouping == Grouping::op && !l.opName.empty() && r.category != Category::collective;
    k.helper = k.byOp && (l.helper || r.category == Category::memcpy);
    return k;
}

// GroupKey of a launch, from its texts (Text = std::string_view) or from their identities
// (Text = const void*, SharedText::identity()).
template <class Text, class Key = std::tuple<bool, Text, Text, int, int, int, bool>>
Key keyOf(const Launch& l, const LaunchFlags& k, Grouping grouping) {
    const auto text = [](const SharedText& t) {
        if constexpr (std::is_same_v<Text, std::string_view>)
            return std::string_view(t.str());
        else
            return t.identity();
    };
    const LaunchRecord& r = l.record;
    const int category = static_cast<int>(r.category);
    if (grouping == Grouping::kernel)
        return {false, text(l.name), Text{}, l.device, r.rank, category, r.outsideSteps};
    if (k.byOp)
        return {true, text(l.opName), text(l.shapeKey), category, k.helper, 0, r.outsideSteps};
    return {false, text(l.name), Text{}, 0, 0, 0, r.outsideSteps};
}

using IdentityKey = std::tuple<bool, const void*, const void*, int, int, int, bool>;

std::size_t identityHash(const IdentityKey& k) {
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    const auto mix = [&](std::uint64_t v) {
        h = (h ^ v) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    };
    mix(reinterpret_cast<std::uintptr_t>(std::get<1>(k)));
    mix(reinterpret_cast<std::uintptr_t>(std::get<2>(k)));
    mix((std::uint64_t(std::uint32_t(std::get<3>(k))) << 32) | std::uint32_t(std::get<4>(k)));
    mix((std::uint64_t(std::uint32_t(std::get<5>(k))) << 2) | (std::get<0>(k) ? 2u : 0u) |
        (std::get<6>(k) ? 1u : 0u));
    return static_cast<std::size_t>(h);
}

// Calls visit(launch, keyed, group, first) for each launch in order, with the index of its group
// in order of first appearance (the record groupLaunches makes of it). A launch's texts are
// shared with every launch of the same kernel or op (SharedText), so a small direct-mapped cache
// answers by their identities first, and the ordered map by the texts only when it misses:
// comparing kernel names in the map was a third of the grouping's time.
template <class Visit>
void forEachGroup(const std::vector<Launch>& launches, Grouping grouping, Visit visit) {
    std::map<GroupKey, std::size_t> index;
    struct Cached {
        IdentityKey key;
        std::size_t group = 0;
        bool used = false;
    };
    std::vector<Cached> cache(1024);
    for (const Launch& l : launches) {
        const LaunchFlags k = flagsOf(l, grouping);
        const IdentityKey identity = keyOf<const void*>(l, k, grouping);
        Cached& slot = cache[identityHash(identity) & (cache.size() - 1)];
        if (slot.used && slot.key == identity) {
            visit(l, k, slot.group, false);
            continue;
        }
        const auto [it, inserted] =
            index.try_emplace(keyOf<std::string_view>(l, k, grouping), index.size());
        slot = {identity, it->second, true};
        visit(l, k, it->second, inserted);
    }
}

} // namespace

std::vector<OpRecord> groupLaunches(const std::vector<Launch>& launches, Grouping grouping) {
    std::vector<OpRecord> out;
    // Collectives are all launched by record_param_comms: that op names none of them.
    const auto opOf = [](std::string_view name, std::string_view shapeKey, Category category) {
        if (name.empty() || category == Category::collective)
            return std::string();
        const std::string shapes = readableShapes(shapeKey);
        return shapes.empty() ? std::string(name) : std::string(name) + " " + shapes;
    };
    if (grouping == Grouping::launch) {
        out.reserve(launches.size());
        for (const Launch& l : launches) {
            out.push_back(toOpRecord(l.record, l.name.str()));
            out.back().op = opOf(l.opName.str(), l.shapeKey.str(), l.record.category);
            if (!l.record.flops.known())
                out.back().flopsNote = noFlopsText(l.noFlops);
            if (l.record.outsideSteps)
                out.back().name += kOutsideStepsSuffix;
        }
        return out;
    }
    std::vector<Group> groups;
    forEachGroup(
        launches, grouping,
        [&](const Launch& l, const LaunchFlags& k, std::size_t group, bool first) {
            const LaunchRecord& r = l.record;
            if (first) {
                Group g;
                g.sum = toOpRecord(r, l.name.str());
                if (k.byOp) {
                    const std::string shapes = readableShapes(l.shapeKey.str());
                    g.sum.name = shapes.empty() ? l.opName.str() : l.opName.str() + " " + shapes;
                    if (k.helper)
                        g.sum.name += " \u00b7 " + l.name.str();
                }
                if (r.outsideSteps)
                    g.sum.name += kOutsideStepsSuffix;
                g.note = l.noFlops;
                g.flopsByPrecision.emplace_back(r.precision, r.flops.known() ? r.flops.value : 0);
                g.opName = l.opName;
                g.shapeKey = l.shapeKey;
                groups.push_back(std::move(g));
                return;
            }
            Group& g = groups[group];
            g.mixedOps = g.mixedOps || !(g.opName == l.opName) || !(g.shapeKey == l.shapeKey);
            merge(g, r);
            if (g.note == NoFlopsReason::none)
                g.note = l.noFlops;
        });
    out.reserve(groups.size());
    for (Group& g : groups) {
        if (!g.sum.flops.known())
            g.sum.flopsNote = noFlopsText(g.note);
        if (!g.mixedOps)
            g.sum.op = opOf(g.opName.str(), g.shapeKey.str(), g.sum.category);
        out.push_back(std::move(g.sum));
    }
    return out;
}

std::vector<std::uint32_t> recordOfLaunches(const std::vector<Launch>& launches,
                                            Grouping grouping) {
    std::vector<std::uint32_t> out(launches.size());
    if (grouping == Grouping::launch) {
        for (std::size_t k = 0; k < out.size(); ++k)
            out[k] = static_cast<std::uint32_t>(k);
        return out;
    }
    std::size_t k = 0;
    forEachGroup(launches, grouping,
                 [&](const Launch&, const LaunchFlags&, std::size_t group, bool) {
                     out[k++] = static_cast<std::uint32_t>(group);
                 });
    return out;
}

std::vector<CollectiveSummary> summarizeCollectives(const std::vector<Launch>& launches) {
    std::vector<CollectiveSummary> out;
    std::map<std::pair<Collective, int>, std::size_t> index;
    for (const Launch& l : launches) {
        const LaunchRecord& r = l.record;
        if (!r.collective || l.messageBytes < 0 || !r.timeS.known())
            continue;
        const auto [it, inserted] = index.try_emplace({*r.collective, r.groupSize}, out.size());
        if (inserted) {
            CollectiveSummary s;
            s.op = *r.collective;
            s.groupSize = r.groupSize;
            out.push_back(s);
        }
        CollectiveSummary& s = out[it->second];
        ++s.count;
        s.bytes += l.messageBytes;
        s.timeS += r.timeS.value;
    }
    for (CollectiveSummary& s : out) {
        if (s.timeS <= 0)
            continue;
        s.algbwBytesPerS = s.bytes / s.timeS;
        const auto factor = busBandwidthFactor(s.op, s.groupSize);
        s.busbwBytesPerS = factor.ok() ? s.algbwBytesPerS * factor.value() : 0;
    }
    return out;
}

} // namespace roofscope
