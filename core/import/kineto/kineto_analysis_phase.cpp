// Training phase of a launch from the names of the ranges it ran in (formats.md 1.3-1.4).
//
// Each range's name gives marks; a launch collects the marks of its whole enclosing chain and
// the strongest decides, whatever the nesting order:
//   1. an Optimizer.step / Optimizer.zero_grad range          -> optimizer
//   2. autograd::engine::evaluate_function, a range or op whose name says "backward"
//      (## backward ##, AddmmBackward0, aten::convolution_backward)   -> backward
//   3. an optimizer op (aten::_fused_adam*, _foreach_*, *adam*, *sgd*)  -> optimizer
//   4. ProfilerStep#N, a module forward (nn.Module: ..., *.forward, *forward*) -> forward
// Backward outranks an optimizer op because _foreach_* ops also serve gradient hooks inside
// backward; an Optimizer.step range outranks everything because it is what the user annotated.
// Launches whose CPU chain says nothing fall back on the gpuAnnotations (the GPU projection of
// the same ranges) enclosing them on their device; a launch linked to some op in a trace that
// has ProfilerStep ranges is taken as forward (ops outside backward and optimizer); else unknown.

#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <cctype>

namespace roofscope::kineto {
namespace {

constexpr std::uint8_t kOptimizerRange = 1;
constexpr std::uint8_t kBackward = 2;
constexpr std::uint8_t kOptimizerOp = 4;
constexpr std::uint8_t kForward = 8;
constexpr std::uint8_t kStep = 16;
constexpr std::uint8_t kKnown = 0x80;

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

std::string lowered(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::uint8_t marksOfName(std::string_view name, CpuEventKind kind) {
    std::uint8_t marks = 0;
    if (startsWith(name, "Optimizer.step") || startsWith(name, "Optimizer.zero_grad"))
        marks |= kOptimizerRange;
    if (startsWith(name, "ProfilerStep#"))
        marks |= kStep;
    const std::string lower = lowered(name);
    const bool backward = lower.find("backward") != std::string::npos;
    if (backward || startsWith(name, "autograd::engine::evaluate_function"))
        marks |= kBackward;
    if (!backward && (lower.find("forward") != std::string::npos || startsWith(name, "nn.Module")))
        marks |= kForward;
    if (kind == CpuEventKind::op) {
        std::string_view shortName = lower;
        if (startsWith(shortName, "aten::"))
            shortName.remove_prefix(6);
        if (startsWith(shortName, "_foreach_") || shortName.find("adam") != std::string::npos ||
            shortName.find("sgd") != std::string::npos)
            marks |= kOptimizerOp;
    }
    return marks;
}

std::optional<Phase> phaseOfMarks(std::uint8_t marks) {
    if (marks & kOptimizerRange)
        return Phase::optimizer;
    if (marks & kBackward)
        return Phase::backward;
    if (marks & kOptimizerOp)
        return Phase::optimizer;
    if (marks & (kForward | kStep))
        return Phase::forward;
    return std::nullopt;
}

} // namespace

PhaseFinder::PhaseFinder(const TraceEvents& events, const Links& links)
    : events_(events), links_(links), chainMarks_(events.cpu.size(), 0) {
    for (const CpuEvent& e : events.cpu)
        if (e.kind != CpuEventKind::gpuAnnotation && (nameMarks(e) & kStep)) {
            hasProfilerStep_ = true;
            break;
        }
}

std::uint8_t PhaseFinder::nameMarks(const CpuEvent& e) {
    if (e.name == kNoIndex)
        return 0;
    // Ops and ranges of one name get different marks (only ops can be optimizer ops).
    const std::size_t slot = std::size_t(e.name) * 2 + (e.kind == CpuEventKind::op ? 1 : 0);
    if (slot >= nameMarks_.size())
        nameMarks_.resize(std::max(slot + 1, events_.strings.size() * 2), 0);
    if (!(nameMarks_[slot] & kKnown))
        nameMarks_[slot] = kKnown | marksOfName(events_.strings.text(e.name), e.kind);
    return nameMarks_[slot] & ~kKnown;
}

// Marks of `index` and its ancestors, memoised so that each range's chain is walked once.
std::uint8_t PhaseFinder::chainMarks(std::uint32_t index) {
    std::vector<std::uint32_t> pending;
    std::uint32_t i = index;
    while (i != kNoIndex && !(chainMarks_[i] & kKnown)) {
        pending.push_back(i);
        i = links_.parent[i];
    }
    std::uint8_t marks = i == kNoIndex ? 0 : chainMarks_[i] & ~kKnown;
    for (auto it = pending.rbegin(); it != pending.rend(); ++it) {
        marks |= nameMarks(events_.cpu[*it]);
        chainMarks_[*it] = kKnown | marks;
    }
    return marks;
}

Phase PhaseFinder::phaseOf(std::uint32_t gpuIndex) {
    if (const std::uint32_t op = links_.op[gpuIndex]; op != kNoIndex &&
                                                      op < events_.givenPhaseOf.size() &&
                                                      events_.givenPhaseOf[op] != Phase::unknown)
        return events_.givenPhaseOf[op];
    const std::uint32_t anchor = links_.anchor[gpuIndex];
    if (anchor != kNoIndex)
        if (const auto phase = phaseOfMarks(chainMarks(anchor)))
            return *phase;
    const std::uint32_t annotation = links_.gpuAnnotation[gpuIndex];
    if (annotation != kNoIndex)
        if (const auto phase = phaseOfMarks(chainMarks(annotation)))
            return *phase;
    if (links_.op[gpuIndex] != kNoIndex && hasProfilerStep_)
        return Phase::forward;
    return Phase::unknown;
}

} // namespace roofscope::kineto
