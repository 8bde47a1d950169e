#pragma once
// The cluster as one device, from every rank's measured devices. Qt-free and MPI-free, built in
// every configuration: rank 0 calls it after gatherDevices. A collective or a data-parallel step
// runs at the pace of its slowest member, so each ceiling of the cluster is the minimum over the
// ranks, and its note names the straggler.

#include "core/device.h"

#include <string>
#include <vector>

namespace roofscope::probe {

// perRank[r]: rank r's devices, as gatherDevices returns them. nodeOfRank[r]: rank r's node; a
// missing or empty entry falls back to the host in the rank's device identity. date: ISO-8601,
// shown in the name ("" leaves it out).
//
// Members: on each rank its first GPU when any rank has one, else its first device; a rank
// without such a device is left out and named in the notes. The result:
// - id "cluster-<N>-nodes-<M>-<kind>" (e.g. "cluster-2-nodes-8-gpu", "cluster-1-node-2-cpu"),
//   name "Cluster of 2 nodes × 4 devices (measured 2025-06-01)" ("Cluster of 2 nodes, 7
//   devices ..." when nodes hold different counts), kind of the members, their vendor when they
//   share one;
// - every compute and memory ceiling that all members have: the slowest member's ceiling (value
//   in FLOP/s or B/s, and provenance) with provenance.note "min over 8 ranks on 2 nodes; slowest:
//   node b07 rank 3, 12 % below the fastest (node b01 rank 0)" ("...; all equal" when no rank
//   is slower, "one rank: node b01 rank 0" for one member) before the member's own note; a
//   ceiling some members lack is left out and listed in the notes;
// - links inter_node and intra_node from rank 0's devices (measured by all ranks together);
// - notes: slowestNodeSummary(), then one line per node: its ranks, devices and slowest value of
//   each ceiling.
// No members (no ranks, or no devices): no ceilings, id "cluster-0-nodes-0-<kind>".
Device clusterDevice(const std::vector<std::vector<Device>>& perRank,
                     const std::vector<std::string>& nodeOfRank, const std::string& date);

// "slowest node: b07 (slowest in 5 of 7 ceilings)": the node holding the slowest member in the
// most ceilings shared by all members (ties: the node of the lowest rank); "no straggler: all
// ranks equal in 2 ceilings" when no rank is slower in any; empty when the members share no
// ceiling.
std::string slowestNodeSummary(const std::vector<std::vector<Device>>& perRank,
                               const std::vector<std::string>& nodeOfRank);

// Each rank's node as its devices tell it: the first non-empty identity.host, else "".
std::vector<std::string> nodesOfRanks(const std::vector<std::vector<Device>>& perRank);

// All ranks' devices for one ceilings file, in rank order, ids suffixed "-rank<r>" and names
// " (rank r on NODE)": equal devices on different ranks would otherwise share an id, which a
// ceilings file refuses.
std::vector<Device> rankDevices(const std::vector<std::vector<Device>>& perRank,
                                const std::vector<std::string>& nodeOfRank);

} // namespace roofscope::probe
