#include "core/analysis/md_analysis.h"
#include "core/one_iteration.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace roofscope {
namespace {

const std::string& deviceIdOf(const OpRecord& op, const Dataset& dataset) {
    return op.deviceId.empty() ? dataset.context.deviceId : op.deviceId;
}

// Combines one map of ceilings (compute, memory or links) over the ranks: only keys that every
// rank's device has survive, since a cluster cannot be said to reach what one of its devices
// lacks.
template <class Key>
std::map<Key, Ceiling> combine(const std::vector<const std::map<Key, Ceiling>*>& maps,
                               ClusterRule rule) {
    std::map<Key, Ceiling> out;
    if (maps.empty())
        return out;
    for (const auto& [key, first] : *maps.front()) {
        bool everywhere = true;
        double sum = 0;
        const Ceiling* slowest = nullptr;
        for (const auto* m : maps) {
            const auto it = m->find(key);
            if (it == m->end()) {
                everywhere = false;
                break;
            }
            sum += it->second.value;
            if (!slowest || it->second.value < slowest->value)
                slowest = &it->second;
        }
        if (!everywhere)
            continue;
        if (rule == ClusterRule::slowest) {
            out[key] = *slowest;
        } else {
            Ceiling mean = first;
            mean.value = sum / static_cast<double>(maps.size());
            mean.provenance.note = "mean over " + std::to_string(maps.size()) + " ranks' devices";
            out[key] = mean;
        }
    }
    return out;
}

} // namespace

Ceilings clusterCeilings(const std::vector<const Ceilings*>& perRank, ClusterRule rule) {
    std::vector<const std::map<ComputeKey, Ceiling>*> compute;
    std::vector<const std::map<MemoryLevel, Ceiling>*> memory;
    std::vector<const std::map<Link, Ceiling>*> links;
    for (const auto* c : perRank) {
        compute.push_back(&c->compute);
        memory.push_back(&c->memory);
        links.push_back(&c->links);
    }
    Ceilings out;
    out.compute = combine(compute, rule);
    out.memory = combine(memory, rule);
    out.links = combine(links, rule);
    return out;
}

double medianOf(std::vector<double> values) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

MdAggregate mdAggregate(const std::vector<const OpRecord*>& records, const Ceilings& ceilings,
                        const MdOptions& options) {
    MdAggregate agg;
    double measured = 0, computeS = 0, commS = 0;
    bool allTimed = true;
    const OpRecord* noApf = nullptr; // the first op with FLOPs but no compute ceiling
    const OpRecord* noApb = nullptr; // the first op whose bytes crossed a link without a ceiling
    std::vector<const OpRecord*> known;
    for (const OpRecord* op : records) {
        // Unknown work adds nothing to F, M or P: its time would only lower the efficiency.
        if (workUnknown(*op)) {
            ++agg.unknownOps;
            agg.unknownS += op->timeS.known() ? op->timeS.value : 0.0;
            continue;
        }
        known.push_back(op);
        const MdWork w = mdWorkFor(*op, options);
        const MdCeilings c = mdCeilingsFor(*op, ceilings, options);
        agg.work.flops += w.flops;
        agg.work.memoryBytes += w.memoryBytes;
        agg.work.commBytes += w.commBytes;
        // APM does not depend on the op; the first op's serves for all.
        if (known.size() == 1) {
            agg.ceilings.apmBytesPerS = c.apmBytesPerS;
            agg.ceilings.apbBytesPerS = c.apbBytesPerS;
        }
        if (w.flops > 0) {
            if (c.apfFlopsPerS > 0)
                computeS += w.flops / c.apfFlopsPerS;
            else if (!noApf)
                noApf = op;
        }
        if (w.commBytes > 0) {
            if (c.apbBytesPerS > 0)
                commS += w.commBytes / c.apbBytesPerS;
            else if (!noApb)
                noApb = op;
        }
        if (op->timeS.known())
            measured += op->timeS.value;
        else
            allTimed = false;
    }
    agg.opCount = static_cast<int>(known.size());
    // F / sum(F_i / APF_i): t_F of the sum is the sum of the ops' t_F. Without FLOPs any op's APF
    // serves for the ridges. APB likewise: P / sum(P_i / APB_i), each op's bytes over its links.
    if (noApf == nullptr && computeS > 0)
        agg.ceilings.apfFlopsPerS = agg.work.flops / computeS;
    else if (noApf == nullptr && !known.empty())
        agg.ceilings.apfFlopsPerS = mdCeilingsFor(*known.front(), ceilings, options).apfFlopsPerS;
    if (noApb == nullptr && commS > 0)
        agg.ceilings.apbBytesPerS = agg.work.commBytes / commS;
    agg.planes = mdPlanes(agg.work, agg.ceilings);
    if (allTimed && !known.empty())
        agg.measuredS = measured;
    if (known.empty() && agg.unknownOps > 0) {
        agg.error = "the work of its " + std::to_string(agg.unknownOps) + " op(s) is unknown";
    } else if (noApf) {
        agg.error = "op '" + noApf->name + "' has FLOPs but no APF (compute) ceiling for " +
                    std::string(toString(noApf->precision));
    } else if (noApb) {
        agg.error = "op '" + noApb->name + "' communicated over a link without a ceiling";
    } else if (auto bound = mdBound(agg.work, agg.ceilings, agg.measuredS)) {
        agg.bound = bound.value();
    } else {
        agg.error = bound.error().message;
    }
    return agg;
}

static std::optional<MdStepOverlap> stepOverlap(std::span<const Step> steps, int rank,
                                                const std::vector<OpRecord>& records) {
    MdStepOverlap o;
    for (const Step& s : steps) {
        if (s.rank != rank || !s.complete)
            continue;
        ++o.steps;
        o.spanS += s.gpu.spanS;
        o.computeS += s.gpu.computationS;
        o.exposedCommS += s.gpu.exposedCommS;
        o.exposedMemcpyS += s.gpu.exposedMemcpyS;
        o.idleS += s.gpu.idleS;
    }
    if (o.steps == 0)
        return std::nullopt;
    const double n = o.steps;
    o.spanS /= n;
    o.computeS /= n;
    o.exposedCommS /= n;
    o.exposedMemcpyS /= n;
    o.idleS /= n;
    for (const OpRecord& r : records)
        if ((r.collective || r.phase == Phase::communication) && r.timeS.known())
            o.commS += r.timeS.value;
    o.hiddenCommS = std::max(0.0, o.commS - o.exposedCommS);
    return o;
}

Result<MdAnalysis> analyseMd(const Session& session, int datasetIndex) {
    if (datasetIndex < 0 || datasetIndex >= static_cast<int>(session.datasets.size()))
        return makeError("no dataset " + std::to_string(datasetIndex) + " in the session");
    // One step of the trace, not the sum over its steps; launches outside every step left out.
    const Dataset dataset = oneIteration(session.datasets[static_cast<std::size_t>(datasetIndex)]);
    MdAnalysis md;
    md.options = {session.view.memoryLevel, session.view.link};
    md.dataset = datasetIndex;
    md.shownRank = session.view.md.rank;

    // Each rank's device is that of its first record: a rank is one process on one device.
    std::map<int, std::string> rankDevice;
    std::map<int, std::vector<OpRecord>> rankRecords;
    for (const auto& op : dataset.records) {
        rankDevice.try_emplace(op.rank, deviceIdOf(op, dataset));
        if (!op.outsideSteps)
            rankRecords[op.rank].push_back(op);
    }
    if (md.shownRank >= 0 && !rankDevice.contains(md.shownRank))
        return makeError("rank " + std::to_string(md.shownRank) + " has no records in '" +
                         dataset.context.label + "'");

    auto deviceCeilings = [&](int rank) -> const Ceilings* {
        const Device* d = session.findDevice(rankDevice.at(rank));
        return d ? &d->ceilings : nullptr;
    };
    auto deviceName = [&](const std::string& id) {
        const Device* d = session.findDevice(id);
        return d ? d->name : "unknown device '" + id + "'";
    };

    bool deviceKnown = false; // the shown ops have ceilings from at least one known device
    if (md.shownRank >= 0) {
        if (const auto* c = deviceCeilings(md.shownRank)) {
            md.ceilings = *c;
            deviceKnown = true;
        }
        md.ceilingsSource = deviceName(rankDevice.at(md.shownRank)) + " (rank " +
                            std::to_string(md.shownRank) + "'s own device)";
    } else {
        std::set<std::string> ids;
        std::vector<const Ceilings*> perRank;
        int unknown = 0;
        for (const auto& [rank, id] : rankDevice) {
            ids.insert(id);
            if (const auto* c = deviceCeilings(rank))
                perRank.push_back(c);
            else
                ++unknown;
        }
        deviceKnown = !perRank.empty();
        if (ids.size() == 1) {
            // One device for every rank: its own ceilings, provenance and all.
            if (!perRank.empty())
                md.ceilings = *perRank.front();
            md.ceilingsSource = deviceName(*ids.begin());
        } else {
            md.cluster = true;
            md.ceilings = clusterCeilings(perRank, session.view.md.clusterRule);
            md.ceilingsSource =
                (session.view.md.clusterRule == ClusterRule::slowest ? "slowest of "
                                                                     : "mean over ") +
                std::to_string(perRank.size()) + " ranks' devices";
            if (unknown > 0)
                md.ceilingsSource +=
                    " (" + std::to_string(unknown) + " ranks on unknown devices left out)";
        }
    }

    // Per rank totals: against the cluster ceilings when all ranks are shown, else against each
    // rank's own device, so that the straggler is judged by the same rule the view shows.
    std::vector<double> measuredTotals;
    for (const auto& [rank, records] : rankRecords) {
        const Ceilings* own = deviceCeilings(rank);
        const Ceilings& ceilings = md.shownRank < 0 ? md.ceilings : own ? *own : Ceilings{};
        md.ranks.push_back(
            {rank, rankDevice.at(rank), mdIteration(records, ceilings, md.options),
             stepOverlap(session.datasets[static_cast<std::size_t>(datasetIndex)].steps, rank,
                         records)});
        const IterationBound& it = md.ranks.back().iteration;
        measuredTotals.push_back(it.measuredS + it.unknownS);
    }
    if (md.ranks.size() > 1) {
        const auto slowest = std::max_element(
            md.ranks.begin(), md.ranks.end(), [](const MdRankTotals& a, const MdRankTotals& b) {
                return a.iteration.measuredS + a.iteration.unknownS <
                       b.iteration.measuredS + b.iteration.unknownS;
            });
        MdStraggler s;
        s.rank = slowest->rank;
        s.measuredS = slowest->iteration.measuredS + slowest->iteration.unknownS;
        s.medianS = medianOf(measuredTotals);
        s.slowerFraction = s.medianS > 0 ? s.measuredS / s.medianS - 1 : 0;
        md.straggler = s;
    }

    for (std::size_t i = 0; i < dataset.records.size(); ++i) {
        const OpRecord& op = dataset.records[i];
        if ((md.shownRank >= 0 && op.rank != md.shownRank) || op.outsideSteps)
            continue;
        MdOpResult r;
        r.record = static_cast<int>(i);
        r.work = mdWorkFor(op, md.options);
        r.ceilings = mdCeilingsFor(op, md.ceilings, md.options);
        r.planes = mdPlanes(r.work, r.ceilings);
        if (op.timeS.known())
            r.measuredS = op.timeS.value;
        if (!deviceKnown) {
            r.error = "device '" + deviceIdOf(op, dataset) + "' is not in the session";
        } else if (auto bound = mdBoundFor(op, md.ceilings, md.options)) {
            r.bound = bound.value();
        } else {
            r.error = bound.error().message;
        }
        md.unbounded += r.bound ? 0 : 1;
        md.anyCommunication = md.anyCommunication || r.work.commBytes > 0;
        md.ops.push_back(std::move(r));
    }

    // The iteration of each shown rank, and its phases, against the ceilings its ops use.
    for (const auto& entry : rankRecords) {
        // Named copies, not structured bindings: clang before 16 cannot capture those.
        const int rank = entry.first;
        const auto& records = entry.second;
        if (md.shownRank >= 0 && rank != md.shownRank)
            continue;
        const std::string suffix = " (rank " + std::to_string(rank) + ")";
        auto add = [&](const std::vector<const OpRecord*>& members, MdAggregateKind kind,
                       Phase phase, const std::string& name) {
            MdAggregate agg = mdAggregate(members, md.ceilings, md.options);
            agg.kind = kind;
            agg.rank = rank;
            agg.phase = phase;
            agg.label = name + suffix;
            if (!deviceKnown) {
                agg.bound.reset();
                agg.error = "device '" + rankDevice.at(rank) + "' is not in the session";
            }
            md.aggregates.push_back(std::move(agg));
        };
        std::vector<const OpRecord*> all;
        std::map<Phase, std::vector<const OpRecord*>> byPhase;
        for (const auto& op : records) {
            all.push_back(&op);
            byPhase[op.phase].push_back(&op);
        }
        add(all, MdAggregateKind::iteration, Phase::unknown, "iteration");
        if (byPhase.size() > 1)
            for (const Phase phase : {Phase::forward, Phase::backward, Phase::optimizer})
                if (byPhase.contains(phase))
                    add(byPhase.at(phase), MdAggregateKind::phase, phase,
                        std::string(toString(phase)));
    }
    return md;
}

} // namespace roofscope
