// Collective launches (formats.md 1.7): which collective, over how many ranks, how many bytes.
//
// The bytes on the wire are collectiveBytes' wireBytesPerRank (the busbw convention), computed
// from the message sizes the trace records, hence Origin::measured. Which link carried them is a
// heuristic, since the trace does not say which ranks share a node: a group no larger than the
// node's GPU count (the deviceProperties entries, which list every visible GPU of the node, or 8
// when the trace lists none) is taken as intra-node, a larger one as spanning nodes.

#include "core/estimate/collective_bytes.h"
#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <cctype>

namespace roofscope::kineto {
namespace {

// Lower case without '_' so that "all_reduce", "allreduce" and "_allgather_base" compare alike.
std::string squeezed(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const unsigned char c : text)
        if (c != '_')
            out.push_back(static_cast<char>(std::tolower(c)));
    return out;
}

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

constexpr int kDefaultNodeGpus = 8;

} // namespace

std::optional<Collective> collectiveFromArgName(std::string_view name) {
    const std::string s = squeezed(name);
    // Prefixes cover the variants: allgather_into_tensor_coalesced, reduce_scatter_tensor,
    // alltoall_base, all_to_allv, ...
    if (startsWith(s, "allreduce"))
        return Collective::all_reduce;
    if (startsWith(s, "allgather"))
        return Collective::all_gather;
    if (startsWith(s, "reducescatter"))
        return Collective::reduce_scatter;
    if (startsWith(s, "alltoall"))
        return Collective::all_to_all;
    if (startsWith(s, "broadcast"))
        return Collective::broadcast;
    if (s == "reduce")
        return Collective::reduce;
    if (s == "send" || s == "recv" || s == "sendrecv")
        return Collective::send_recv;
    return std::nullopt;
}

bool looksLikeCommKernel(std::string_view kernelName) {
    // Templated kernels are demangled with their return type: "void ncclDevKernel_...".
    if (startsWith(kernelName, "void "))
        kernelName.remove_prefix(5);
    const std::string s = squeezed(kernelName.substr(0, 64));
    return startsWith(s, "nccl") || startsWith(s, "rccl") || startsWith(s, "multimem") ||
           contains(s, "sendrecv");
}

std::optional<Collective> collectiveFromKernelName(std::string_view kernelName) {
    // ncclDevKernel_AllReduce_Sum_f32_RING_LL, ncclKernel_AllGather_RING_LL_Sum_int8_t,
    // multimem_all_reduce_kernel, ncclDevKernel_SendRecv: the compound names before "reduce".
    const std::string s = squeezed(kernelName);
    if (contains(s, "allreduce"))
        return Collective::all_reduce;
    if (contains(s, "allgather"))
        return Collective::all_gather;
    if (contains(s, "reducescatter"))
        return Collective::reduce_scatter;
    if (contains(s, "alltoall"))
        return Collective::all_to_all;
    if (contains(s, "broadcast"))
        return Collective::broadcast;
    if (contains(s, "sendrecv") || contains(s, "send") || contains(s, "recv"))
        return Collective::send_recv;
    if (contains(s, "reduce"))
        return Collective::reduce;
    return std::nullopt;
}

void WarningCounter::flush(std::vector<std::string>& out, std::string_view unit) const {
    for (const auto& [message, count] : counts_)
        out.push_back(message + " (" + std::to_string(count) + " " + std::string(unit) + ")");
}

void describeCollective(const CollectiveArgs* args, std::string_view kernelName, int worldSize,
                        int nodeGpus, Launch& launch, WarningCounter& problems) {
    LaunchRecord& r = launch.record;
    r.category = Category::collective;
    r.phase = Phase::communication;
    r.precision = Precision::other;
    std::optional<Collective> collective;
    if (args) {
        collective = collectiveFromArgName(args->name);
        if (!collective)
            problems.add("collective \"" + args->name +
                         "\" is not one Roofscope knows; its "
                         "launches carry no communicated bytes");
    }
    if (!collective)
        collective = collectiveFromKernelName(kernelName);
    r.collective = collective;
    if (!args || !collectiveFromArgName(args->name))
        return;
    r.groupSize = args->groupSize > 0 ? args->groupSize : std::max(worldSize, 1);
    const auto bytes =
        collectiveBytes(*collective, args->inNelems, args->outNelems, args->dtype, r.groupSize);
    if (!bytes.ok()) {
        problems.add("collective \"" + args->name + "\": " + bytes.error().message);
        return;
    }
    launch.messageBytes = bytes.value().messageBytes;
    const int node = nodeGpus > 0 ? nodeGpus : kDefaultNodeGpus;
    r.commBytes[r.groupSize <= node ? Link::intra_node : Link::inter_node] =
        Measure::measured(bytes.value().wireBytesPerRank);
}

} // namespace roofscope::kineto
