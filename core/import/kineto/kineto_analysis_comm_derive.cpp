// Collectives of traces whose record_param_comms ops carry no "Collective name" / "In msg
// nelems" (PyTorch 1.x, e.g. the 128-rank sample of formats.md 1.4), derived from what they do
// carry:
//
//   record_param_comms  "Input Dims" [[419430400], [], ...], "Input type" ["unsigned char", ...]
//     nccl:all_to_all   (user_annotation, the next External id, the same first tensor)
//       cudaLaunchKernel -> ncclKernel_SendRecv_...
//
// - The collective is the nccl:<name> annotation's (all_to_all, all_reduce, _all_gather_base,
//   send, recv, ... as collectiveFromArgName reads them): the nearest in the kernel's chain of
//   enclosing ranges, else the one that follows the record_param_comms on its thread (inside
//   it, or the next comm range there, starting within kFollowNs of its end). Without one, the
//   kernel name says (ncclKernel_SendRecv -> send_recv).
// - The message is the first tensor of the nearest enclosing record_param_comms (elements x
//   dtype size), else of the annotation (all_reduce records its bucket as a TensorList, which
//   Input Dims leaves empty, while nccl:all_reduce has the flat tensor). It is the "In msg
//   nelems" of collective_bytes.h: for all_to_all the per-rank input (each rank sends n-1 of its
//   n equal slices, S x (n-1)/n on the wire, nccl-tests' convention); for all_gather only the
//   input is known, so S = input x n.
// - These records name no group. An all-gather or reduce-scatter inside a c10d:: op that records
//   its output and input tensors ("c10d::_allgather_base_" [[1073741824], [16777216]]) runs on
//   as many ranks as the ratio of their sizes (64 there, in a 128-rank job: a sub-group). Else
//   the group is taken as the trace's world size, i.e. the collective is assumed to run on the
//   default process group (a sub-group makes all_gather's S and every busbw factor too large).

#include "core/import/kineto/kineto_analysis_internal.h"

#include "core/estimate/op_inputs.h"

#include <algorithm>
#include <tuple>

namespace roofscope::kineto {
namespace {

constexpr std::string_view kRecordParamComms = "record_param_comms";
constexpr std::string_view kNcclPrefix = "nccl:";
constexpr std::int64_t kFollowNs = 1'000'000; // 1 ms

enum : std::uint8_t { kUnknown = 0, kNone = 1, kRecord = 2, kAnnotation = 3 };

} // namespace

DerivedCollectives::DerivedCollectives(const TraceEvents& events, const Links& links)
    : events_(events), links_(links) {}

// kRecord for a record_param_comms op, kAnnotation for a nccl:<name> user annotation, kNone else.
std::uint8_t DerivedCollectives::marker(std::uint32_t cpuIndex) {
    const CpuEvent& e = events_.cpu[cpuIndex];
    if (e.name == kNoIndex || e.kind == CpuEventKind::gpuAnnotation)
        return kNone;
    if (e.name >= markerByName_.size())
        markerByName_.resize(std::max<std::size_t>(e.name + 1, events_.strings.size()), kUnknown);
    std::uint8_t& m = markerByName_[e.name];
    if (m == kUnknown) {
        const std::string& name = events_.strings.text(e.name);
        m = name == kRecordParamComms       ? kRecord
            : name.starts_with(kNcclPrefix) ? kAnnotation
                                            : kNone;
    }
    if (m == kRecord)
        return e.kind == CpuEventKind::op ? kRecord : kNone;
    if (m == kAnnotation)
        return e.kind == CpuEventKind::annotation ? kAnnotation : kNone;
    return kNone;
}

std::uint32_t DerivedCollectives::followingAnnotation(std::uint32_t record) {
    const auto before = [&](std::uint32_t a, std::uint32_t b) {
        const CpuEvent& x = events_.cpu[a];
        const CpuEvent& y = events_.cpu[b];
        // Start order, the longer (enclosing) range first, as linkEvents nests them.
        return std::tuple(x.thread, x.tsNs, -x.durNs, a) <
               std::tuple(y.thread, y.tsNs, -y.durNs, b);
    };
    if (markers_.empty()) {
        for (std::uint32_t i = 0; i < events_.cpu.size(); ++i)
            if (marker(i) != kNone)
                markers_.push_back(i);
        std::sort(markers_.begin(), markers_.end(), before);
    }
    const auto at = std::lower_bound(markers_.begin(), markers_.end(), record, before);
    if (at == markers_.end() || *at != record || at + 1 == markers_.end())
        return kNoIndex;
    const std::uint32_t next = *(at + 1);
    const CpuEvent& r = events_.cpu[record];
    const CpuEvent& n = events_.cpu[next];
    if (marker(next) != kAnnotation || n.thread != r.thread ||
        n.tsNs > r.tsNs + r.durNs + kFollowNs)
        return kNoIndex;
    return next;
}

namespace {

struct Tensor {
    std::int64_t elements = 0;
    std::string type;
};

// The first argument of a range's recorded shapes when it is one tensor.
std::optional<Tensor> firstTensor(const TraceEvents& events, std::uint32_t cpuIndex) {
    if (cpuIndex == kNoIndex || events.cpu[cpuIndex].shapes == kNoIndex)
        return std::nullopt;
    const OpShapes& s = events.shapes[events.cpu[cpuIndex].shapes];
    const auto inputs = parseOpInputs(s.dims, s.types, s.concrete);
    if (!inputs.ok())
        return std::nullopt;
    const Shape* shape = inputs.value().tensor(0);
    if (!shape || elementCount(*shape) < 0)
        return std::nullopt;
    return Tensor{elementCount(*shape), inputs.value().args[0].type};
}

} // namespace

DerivedCollectives::Outcome DerivedCollectives::derive(std::uint32_t anchor,
                                                       std::string_view kernelName) {
    Outcome out;
    std::uint32_t record = kNoIndex, annotation = kNoIndex;
    for (std::uint32_t i = anchor; i != kNoIndex && (record == kNoIndex || annotation == kNoIndex);
         i = links_.parent[i]) {
        const std::uint8_t m = marker(i);
        if (m == kRecord && record == kNoIndex)
            record = i;
        else if (m == kAnnotation && annotation == kNoIndex)
            annotation = i;
    }
    if (record == kNoIndex && annotation == kNoIndex)
        return out; // nothing to derive from: the kernel name alone says what it is
    if (annotation == kNoIndex)
        annotation = followingAnnotation(record);

    std::string name;
    if (annotation != kNoIndex) {
        name = events_.strings.text(events_.cpu[annotation].name).substr(kNcclPrefix.size());
    } else if (const auto fromKernel = collectiveFromKernelName(kernelName)) {
        name = std::string(toString(*fromKernel));
    } else {
        out.problem = "communication kernel under record_param_comms names no collective (no "
                      "nccl:<collective> annotation, nor in the kernel name); its launches "
                      "carry no communicated bytes";
        return out;
    }
    out.collective = collectiveFromArgName(name);
    if (!out.collective) {
        out.problem = "collective \"" + name +
                      "\" is not one Roofscope knows; its launches carry no communicated bytes";
        return out;
    }

    auto tensor = firstTensor(events_, record);
    if (!tensor)
        tensor = firstTensor(events_, annotation);
    if (!tensor) {
        out.problem = "collective \"" + name +
                      "\": neither record_param_comms nor a nccl: annotation records its tensor "
                      "(Input Dims); its launches carry no communicated bytes";
        return out;
    }
    CollectiveArgs args;
    args.name = name;
    args.inNelems = tensor->elements;
    args.dtype = tensor->type;
    // 0: none recorded, describeCollective takes the world size.
    args.groupSize = groupFromC10d(anchor, *out.collective);
    const bool assumedGroup = args.groupSize == 0;
    out.args = std::move(args);
    if (!events_.meta.distributed.worldSize && assumedGroup)
        out.problem = "collective sizes from record_param_comms shapes assume the default process "
                      "group, but the trace records no world_size: group size taken as 1";
    return out;
}

int DerivedCollectives::groupFromC10d(std::uint32_t anchor, Collective collective) {
    if (collective != Collective::all_gather && collective != Collective::reduce_scatter)
        return 0;
    for (std::uint32_t i = anchor; i != kNoIndex; i = links_.parent[i]) {
        const CpuEvent& e = events_.cpu[i];
        if (e.kind != CpuEventKind::op || e.name == kNoIndex || e.shapes == kNoIndex ||
            !events_.strings.text(e.name).starts_with("c10d::"))
            continue;
        const OpShapes& s = events_.shapes[e.shapes];
        const auto inputs = parseOpInputs(s.dims, s.types, s.concrete);
        if (!inputs.ok())
            return 0;
        const Shape* output = inputs.value().tensor(0);
        const Shape* input = inputs.value().tensor(1);
        if (!output || !input)
            return 0;
        // all-gather: output = n x input; reduce-scatter: input = n x output.
        std::int64_t big = elementCount(*output), small = elementCount(*input);
        if (collective == Collective::reduce_scatter)
            std::swap(big, small);
        if (small <= 0 || big <= small || big % small != 0 || big / small > (1 << 20))
            return 0;
        return static_cast<int>(big / small);
    }
    return 0;
}

void DerivedCollectives::describe(std::uint32_t gpuIndex, std::string_view kernelName,
                                  int worldSize, int nodeGpus, Launch& launch,
                                  WarningCounter& problems) {
    const std::uint32_t anchor = links_.anchor[gpuIndex];
    if (anchor == kNoIndex) {
        describeCollective(nullptr, kernelName, worldSize, nodeGpus, launch, problems);
        return;
    }
    const std::uint64_t key =
        (std::uint64_t(anchor) << 32) | std::uint64_t(events_.gpu[gpuIndex].name);
    auto [it, fresh] = outcomes_.try_emplace(key);
    if (fresh)
        it->second = derive(anchor, kernelName);
    const Outcome& o = it->second;
    describeCollective(o.args ? &*o.args : nullptr, kernelName, worldSize, nodeGpus, launch,
                       problems);
    if (!o.args && o.collective)
        launch.record.collective = o.collective;
    if (!o.problem.empty())
        problems.add(o.problem);
}

} // namespace roofscope::kineto
