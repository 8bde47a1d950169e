#include "gpu/mpi/cluster_device.h"

#include "core/units.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <set>

namespace roofscope::probe {

namespace {

struct Member {
    int rank = 0;
    std::string node;
    const Device* device = nullptr;
};

// A ceiling every member has, with each member's value (in member order).
struct Shared {
    std::string label; // "fp64 vector", "dram"
    Dimension dimension = Dimension::flopsPerS;
    std::vector<double> values;
    std::size_t slowest = 0; // index into the members
    std::size_t fastest = 0;
};

struct Analysis {
    DeviceKind kind = DeviceKind::gpu;
    std::vector<Member> members;
    std::vector<int> without;       // ranks with no device of `kind`
    std::vector<std::string> nodes; // distinct member nodes, in rank order
    Ceilings ceilings;              // compute and memory: the slowest member's
    std::vector<Shared> shared;
    std::vector<std::string> leftOut; // "fp8 tensor (3 of 4 ranks)"
};

std::string nodeOf(const std::vector<std::vector<Device>>& perRank,
                   const std::vector<std::string>& nodeOfRank, std::size_t rank) {
    if (rank < nodeOfRank.size() && !nodeOfRank[rank].empty())
        return nodeOfRank[rank];
    for (const auto& d : perRank[rank])
        if (!d.identity.host.empty())
            return d.identity.host;
    return "unknown";
}

std::string percent(double p) {
    char text[32];
    std::snprintf(text, sizeof text, p >= 10 ? "%.0f %%" : "%.1f %%", p);
    return text;
}

std::string plural(std::size_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string where(const Member& m) {
    return "node " + m.node + " rank " + std::to_string(m.rank);
}

// Keeps, for each key that every member has, the slowest member's ceiling; lists the others.
template <class Key>
void takeMinimum(Analysis& a, const std::function<const std::map<Key, Ceiling>&(const Device&)>& of,
                 const std::function<std::string(const Key&)>& label, Dimension dimension,
                 std::map<Key, Ceiling>& out) {
    std::set<Key> keys;
    for (const auto& m : a.members)
        for (const auto& entry : of(*m.device))
            keys.insert(entry.first);
    for (const Key& key : keys) {
        Shared s{label(key), dimension, {}, 0, 0};
        for (const auto& m : a.members) {
            const auto& map = of(*m.device);
            if (const auto it = map.find(key); it != map.end())
                s.values.push_back(it->second.value);
        }
        if (s.values.size() < a.members.size()) {
            a.leftOut.push_back(s.label + " (" + std::to_string(s.values.size()) + " of " +
                                plural(a.members.size(), "rank") + ")");
            continue;
        }
        // The first of equal values wins: the lowest rank is named.
        for (std::size_t i = 0; i < s.values.size(); ++i) {
            if (s.values[i] < s.values[s.slowest])
                s.slowest = i;
            if (s.values[i] > s.values[s.fastest])
                s.fastest = i;
        }
        const Member& slow = a.members[s.slowest];
        const Member& fast = a.members[s.fastest];
        Ceiling c = of(*slow.device).at(key);
        std::string note;
        if (a.members.size() == 1) {
            note = "one rank: " + where(slow);
        } else {
            const double below =
                (s.values[s.fastest] - s.values[s.slowest]) / s.values[s.fastest] * 100;
            note = "min over " + plural(a.members.size(), "rank") + " on " +
                   plural(a.nodes.size(), "node") + "; " +
                   (below > 0 ? "slowest: " + where(slow) + ", " + percent(below) +
                                    " below the fastest (" + where(fast) + ")"
                              : std::string("all equal"));
        }
        c.provenance.note = note + (c.provenance.note.empty() ? "" : "; " + c.provenance.note);
        out[key] = std::move(c);
        a.shared.push_back(std::move(s));
    }
}

Analysis analyze(const std::vector<std::vector<Device>>& perRank,
                 const std::vector<std::string>& nodeOfRank) {
    Analysis a;
    // GPUs when any rank has one (a rank may also report its host CPU), else what ranks have.
    bool anyGpu = false, anyDevice = false;
    for (const auto& devices : perRank)
        for (const auto& d : devices) {
            if (!anyDevice)
                a.kind = d.kind;
            anyDevice = true;
            anyGpu = anyGpu || d.kind == DeviceKind::gpu;
        }
    if (anyGpu)
        a.kind = DeviceKind::gpu;

    for (std::size_t r = 0; r < perRank.size(); ++r) {
        const auto it = std::find_if(perRank[r].begin(), perRank[r].end(),
                                     [&](const Device& d) { return d.kind == a.kind; });
        if (it == perRank[r].end()) {
            a.without.push_back(static_cast<int>(r));
            continue;
        }
        a.members.push_back({static_cast<int>(r), nodeOf(perRank, nodeOfRank, r), &*it});
        if (std::find(a.nodes.begin(), a.nodes.end(), a.members.back().node) == a.nodes.end())
            a.nodes.push_back(a.members.back().node);
    }

    takeMinimum<ComputeKey>(
        a, [](const Device& d) -> const auto& { return d.ceilings.compute; },
        [](const ComputeKey& k) {
            return std::string(toString(k.precision)) + " " + std::string(toString(k.unit));
        },
        Dimension::flopsPerS, a.ceilings.compute);
    takeMinimum<MemoryLevel>(
        a, [](const Device& d) -> const auto& { return d.ceilings.memory; },
        [](const MemoryLevel& level) { return std::string(toString(level)); }, Dimension::bytesPerS,
        a.ceilings.memory);
    return a;
}

std::string summary(const Analysis& a) {
    if (a.shared.empty())
        return "";
    // Only a ceiling in which some rank is slower than another has a straggler.
    std::map<std::string, int> count;
    int spread = 0;
    for (const auto& s : a.shared)
        if (s.values[s.slowest] < s.values[s.fastest]) {
            ++count[a.members[s.slowest].node];
            ++spread;
        }
    if (spread == 0)
        return "no straggler: all ranks equal in " + plural(a.shared.size(), "ceiling");
    std::string slowest = a.nodes.front();
    for (const auto& node : a.nodes)
        if (count[node] > count[slowest])
            slowest = node;
    return "slowest node: " + slowest + " (slowest in " + std::to_string(count[slowest]) + " of " +
           plural(a.shared.size(), "ceiling") + ")";
}

// "0-3, 6"
std::string rankList(const std::vector<int>& ranks) {
    std::string text;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        text += (text.empty() ? "" : ", ") + std::to_string(ranks[i]) +
                (j > i ? "-" + std::to_string(ranks[j]) : "");
        i = j + 1;
    }
    return text;
}

// "node b01: ranks 0-3, 4 × NVIDIA H100; fp64 vector 51.2 TFLOP/s, dram 3.05 TB/s"
std::string nodeLine(const Analysis& a, const std::string& node) {
    std::vector<int> ranks;
    std::vector<std::pair<std::string, int>> names; // in rank order
    for (const auto& m : a.members) {
        if (m.node != node)
            continue;
        ranks.push_back(m.rank);
        const auto it = std::find_if(names.begin(), names.end(),
                                     [&](const auto& n) { return n.first == m.device->name; });
        if (it == names.end())
            names.emplace_back(m.device->name, 1);
        else
            ++it->second;
    }
    std::string line =
        "node " + node + ": " + (ranks.size() == 1 ? "rank " : "ranks ") + rankList(ranks) + ", ";
    for (std::size_t i = 0; i < names.size(); ++i)
        line += (i ? ", " : "") + std::to_string(names[i].second) + " × " + names[i].first;
    for (std::size_t k = 0; k < a.shared.size(); ++k) {
        const Shared& s = a.shared[k];
        double slowest = 0;
        bool first = true;
        for (std::size_t i = 0; i < a.members.size(); ++i)
            if (a.members[i].node == node && (first || s.values[i] < slowest)) {
                slowest = s.values[i];
                first = false;
            }
        line += (k ? ", " : "; ") + s.label + " " + formatSi(slowest, s.dimension);
    }
    return line;
}

} // namespace

Device clusterDevice(const std::vector<std::vector<Device>>& perRank,
                     const std::vector<std::string>& nodeOfRank, const std::string& date) {
    const Analysis a = analyze(perRank, nodeOfRank);
    const std::string kind(toString(a.kind));
    Device d;
    d.kind = a.kind;
    d.id = "cluster-" + std::to_string(a.nodes.size()) +
           (a.nodes.size() == 1 ? "-node-" : "-nodes-") + std::to_string(a.members.size()) + "-" +
           kind;

    std::map<std::string, std::size_t> perNode;
    for (const auto& m : a.members)
        ++perNode[m.node];
    const bool even =
        !perNode.empty() && std::all_of(perNode.begin(), perNode.end(), [&](const auto& n) {
            return n.second == perNode.begin()->second;
        });
    d.name = "Cluster of " + plural(a.nodes.size(), "node") +
             (even ? " × " + plural(perNode.begin()->second, "device")
                   : ", " + plural(a.members.size(), "device")) +
             (date.empty() ? "" : " (measured " + date + ")");
    if (!a.members.empty() && std::all_of(a.members.begin(), a.members.end(), [&](const Member& m) {
            return m.device->vendor == a.members.front().device->vendor;
        }))
        d.vendor = a.members.front().device->vendor;

    d.ceilings = a.ceilings;
    // The collectives were measured by all ranks together; rank 0 holds their result.
    if (!perRank.empty())
        for (const Link link : {Link::inter_node, Link::intra_node})
            for (const auto& device : perRank.front())
                if (const auto it = device.ceilings.links.find(link);
                    it != device.ceilings.links.end() && !d.ceilings.links.count(link))
                    d.ceilings.links[link] = it->second;

    std::vector<std::string> lines;
    if (auto s = summary(a); !s.empty())
        lines.push_back(std::move(s));
    for (const auto& node : a.nodes)
        lines.push_back(nodeLine(a, node));
    if (!a.leftOut.empty()) {
        std::string line = "left out, not measured on every rank:";
        for (std::size_t i = 0; i < a.leftOut.size(); ++i)
            line += (i ? ", " : " ") + a.leftOut[i];
        lines.push_back(std::move(line));
    }
    if (!a.without.empty())
        lines.push_back("without a " + kind + ": " + (a.without.size() == 1 ? "rank " : "ranks ") +
                        rankList(a.without));
    for (std::size_t i = 0; i < lines.size(); ++i)
        d.notes += (i ? "\n" : "") + lines[i];
    return d;
}

std::string slowestNodeSummary(const std::vector<std::vector<Device>>& perRank,
                               const std::vector<std::string>& nodeOfRank) {
    return summary(analyze(perRank, nodeOfRank));
}

std::vector<std::string> nodesOfRanks(const std::vector<std::vector<Device>>& perRank) {
    std::vector<std::string> nodes;
    for (const auto& devices : perRank) {
        std::string node;
        for (const auto& d : devices)
            if (node.empty())
                node = d.identity.host;
        nodes.push_back(node);
    }
    return nodes;
}

std::vector<Device> rankDevices(const std::vector<std::vector<Device>>& perRank,
                                const std::vector<std::string>& nodeOfRank) {
    std::vector<Device> all;
    for (std::size_t r = 0; r < perRank.size(); ++r)
        for (Device d : perRank[r]) {
            d.id += "-rank" + std::to_string(r);
            d.name += " (rank " + std::to_string(r) + " on " + nodeOf(perRank, nodeOfRank, r) + ")";
            all.push_back(std::move(d));
        }
    return all;
}

} // namespace roofscope::probe
