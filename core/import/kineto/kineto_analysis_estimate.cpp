// FLOPs and bytes of kernels from the shapes of the ops that launched them.
//
// From the linked op outward through its enclosing ops (annotations are passed through), the
// first op with recorded shapes whose estimate succeeds is the one whose numbers the kernel
// carries (aten::linear -> aten::addmm: the addmm, which knows the GEMM). Each unit of work is
// counted once:
//   - a GEMM, convolution or attention estimate goes to the kernels of the call whose names say
//     they do that work (kernel_traits.h), else to all of its kernels that are not helpers; the
//     others (cuBLAS's memset, a cuDNN layout transform, a split-K reduction) are helpers with no
//     share of the FLOPs;
//   - a composite (aten::linear, aten::rms_norm, the SDPA math path) whose inner ops carry their
//     own estimates gives its remaining kernels nothing, unless a kernel's name says it does the
//     composite's own work (the convolution kernel beside its bias add_);
//   - the FLOPs and bytes are split over the carrying kernels in proportion to their durations
//     (equal shares when all are 0), so that summing the kernels gives the op back once.
// Legacy traces record no stride: a convolution's output shape comes from the op that consumes
// it (consumerShape). An op the file itself gives an estimate (TraceEvents::given: an XPlane op's
// HLO instruction) takes that one, shapes or not, and it is shared out the same way.

#include "core/estimate/op_estimate.h"
#include "core/import/kernel_traits.h"
#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace roofscope::kineto {
namespace {

class Estimator {
  public:
    Estimator(const TraceEvents& events, const Links& links)
        : events_(events), links_(links), chosen_(events.cpu.size(), kUnasked),
          outcomes_(events.cpu.size(), nullptr), estimated_(events.cpu.size(), false) {}

    // The op whose estimate a kernel linked to `op` carries, kNoIndex when none has one.
    std::uint32_t chosenFor(std::uint32_t op) {
        std::uint32_t& chosen = chosen_[op];
        if (chosen != kUnasked)
            return chosen;
        chosen = kNoIndex;
        for (std::uint32_t i = op; i != kNoIndex; i = links_.parent[i]) {
            const CpuEvent& e = events_.cpu[i];
            if (e.kind == CpuEventKind::op && givenFor(i) != kNoIndex && estimate(i)) {
                chosen = i;
                break;
            }
            if (e.kind == CpuEventKind::op && e.shapes != kNoIndex && hasEstimatorFor(e.name) &&
                estimate(i)) {
                chosen = i;
                break;
            }
        }
        return chosen;
    }

    // The estimate of op call `i`, computed once; nullptr when it fails. Calls with the same
    // name and inputs share one computation: a training loop repeats a few shapes millions of
    // times.
    const OpEstimate* estimate(std::uint32_t i) {
        if (estimated_[i])
            return outcomes_[i] ? &*outcomes_[i]->estimate : nullptr;
        estimated_[i] = true;
        if (const std::uint32_t g = givenFor(i); g != kNoIndex) {
            // The file's own estimate (TraceEvents::given), shared by every call of it.
            auto [it, fresh] = given_.try_emplace(g);
            if (fresh) {
                it->second.estimate = events_.given[g];
                it->second.formula = it->second.estimate->formula;
                it->second.assumption = it->second.estimate->assumption;
            }
            outcomes_[i] = &it->second;
            return &*it->second.estimate;
        }
        const CpuEvent& e = events_.cpu[i];
        const OpShapes& s = events_.shapes[e.shapes];
        const std::string& name = events_.strings.text(e.name);
        // Legacy traces record no stride or padding: the output's size comes from the op that
        // consumes it (formats.md 1.6). That hint is per call, so it is part of the key; every
        // other call's inputs are parsed only the first time their texts are seen.
        std::optional<Result<OpInputs>> inputs;
        std::optional<Shape> hint;
        if (s.concrete.empty() && usesOutputShapeFor(e.name)) {
            inputs = parseOpInputs(s.dims, s.types, s.concrete);
            if (inputs->ok())
                hint = consumerShape(i, inputs->value());
        }
        // Without a hint the shapes' index is key enough: the readers store each distinct
        // triple of texts once, so equal inputs have one index (where a reader does not, equal
        // inputs are only estimated twice). Building and hashing the texts for every call was a
        // tenth of the analysis.
        Outcome* slot = nullptr;
        bool fresh = false;
        if (!hint) {
            const auto [cached, added] =
                byShapes_.try_emplace((std::uint64_t(e.name) << 32) | e.shapes);
            slot = &cached->second;
            fresh = added;
        } else {
            key_.clear();
            key_.append(std::to_string(e.name)).append(1, '\0').append(s.dims).append(1, '\0');
            key_.append(s.types).append(1, '\0').append(s.concrete);
            for (const std::int64_t d : *hint)
                key_.append(1, '\0').append(std::to_string(d));
            const auto [cached, added] = byInputs_.try_emplace(key_);
            slot = &cached->second;
            fresh = added;
        }
        Outcome& outcome = *slot;
        if (fresh) {
            if (!inputs)
                inputs = parseOpInputs(s.dims, s.types, s.concrete);
            if (inputs->ok())
                inputs->value().outputShape = hint;
            auto result = inputs->ok() ? estimateOp(name, inputs->value())
                                       : Result<OpEstimate>(inputs->error());
            if (result.ok()) {
                outcome.estimate = std::move(result).value();
                outcome.formula = outcome.estimate->formula;
                outcome.assumption = outcome.estimate->assumption;
            } else
                outcome.problem = "no estimate for " + name + ": " + result.error().message;
        }
        if (!outcome.estimate) {
            problems_.add(outcome.problem);
            return nullptr;
        }
        outcomes_[i] = &outcome;
        return &*outcome.estimate;
    }

    // The formula of op call `i`'s estimate, shared by every launch that carries it; call after
    // estimate(i) succeeded.
    const SharedText& formula(std::uint32_t i) const { return outcomes_[i]->formula; }
    // What that estimate assumes, shared as the formula is; "" when nothing.
    const SharedText& assumption(std::uint32_t i) const { return outcomes_[i]->assumption; }

    const WarningCounter& problems() const { return problems_; }

    // Why no op from `op` outward has an estimate: one with a formula had no shapes recorded
    // (record_shapes off), one had shapes but its estimate failed, or none has a formula.
    NoFlopsReason whyNone(std::uint32_t op) {
        NoFlopsReason why = NoFlopsReason::noEstimator;
        for (std::uint32_t i = op; i != kNoIndex; i = links_.parent[i]) {
            const CpuEvent& e = events_.cpu[i];
            if (e.kind != CpuEventKind::op || !hasEstimatorFor(e.name))
                continue;
            if (e.shapes == kNoIndex)
                why = NoFlopsReason::noShapes;
            else
                return NoFlopsReason::estimateFailed;
        }
        return why;
    }

  private:
    std::uint32_t givenFor(std::uint32_t op) const {
        return op < events_.givenOf.size() && events_.givenOf[op] < events_.given.size()
                   ? events_.givenOf[op]
                   : kNoIndex;
    }

    bool usesOutputShapeFor(std::uint32_t name) {
        const auto [it, inserted] = usesOutput_.try_emplace(name, false);
        if (inserted)
            it->second = usesOutputShape(events_.strings.text(name));
        return it->second;
    }

    // The shape [N, C_out, ...] of a convolution's output, read off the first op on the same
    // thread that starts after the convolution ends and takes a tensor of that batch, channel
    // count and rank, no larger than the input (the batch norm, activation or convolution that
    // consumes it); nullopt when none of the next ops does.
    std::optional<Shape> consumerShape(std::uint32_t conv, const OpInputs& inputs) {
        const Shape* x = inputs.tensor(0);
        const Shape* w = inputs.tensor(1);
        if (!x || !w || x->size() < 3 || w->size() != x->size())
            return std::nullopt;
        const CpuEvent& e = events_.cpu[conv];
        const std::vector<std::uint32_t>& ops = opsOnThread(e.thread);
        const std::int64_t end = e.tsNs + e.durNs;
        auto it =
            std::lower_bound(ops.begin(), ops.end(), end, [&](std::uint32_t op, std::int64_t t) {
                return events_.cpu[op].tsNs < t;
            });
        constexpr int kLookAhead = 32;
        for (int seen = 0; it != ops.end() && seen < kLookAhead; ++it, ++seen) {
            const CpuEvent& next = events_.cpu[*it];
            if (next.shapes == kNoIndex)
                continue;
            const Shape* y = firstTensor(next.shapes);
            if (!y || y->size() != x->size() || (*y)[0] != (*x)[0] || (*y)[1] != (*w)[0])
                continue;
            bool fits = true;
            for (std::size_t d = 2; d < y->size(); ++d)
                fits = fits && (*y)[d] > 0 && (*y)[d] <= (*x)[d];
            if (fits)
                return *y;
        }
        return std::nullopt;
    }

    const std::vector<std::uint32_t>& opsOnThread(std::uint32_t thread) {
        if (opsByThread_.empty()) {
            for (std::uint32_t i = 0; i < events_.cpu.size(); ++i)
                if (events_.cpu[i].kind == CpuEventKind::op)
                    opsByThread_[events_.cpu[i].thread].push_back(i);
            for (auto& [t, ops] : opsByThread_)
                std::stable_sort(ops.begin(), ops.end(), [&](std::uint32_t a, std::uint32_t b) {
                    return events_.cpu[a].tsNs < events_.cpu[b].tsNs;
                });
        }
        return opsByThread_[thread];
    }

    const Shape* firstTensor(std::uint32_t shapes) {
        auto [it, fresh] = firstTensor_.try_emplace(shapes);
        if (fresh) {
            const OpShapes& s = events_.shapes[shapes];
            if (auto in = parseOpInputs(s.dims, s.types, s.concrete); in.ok())
                if (const Shape* t = in.value().tensor(0))
                    it->second = *t;
        }
        return it->second ? &*it->second : nullptr;
    }

    bool hasEstimatorFor(std::uint32_t name) {
        if (name >= known_.size())
            known_.resize(std::max<std::size_t>(name + 1, events_.strings.size()), -1);
        if (known_[name] < 0)
            known_[name] = hasEstimator(events_.strings.text(name)) ? 1 : 0;
        return known_[name] == 1;
    }

    // Per op call, dense: a map's node per kernel's op shows up at a million launches.
    static constexpr std::uint32_t kUnasked = kNoIndex - 1;
    const TraceEvents& events_;
    const Links& links_;
    std::vector<std::uint32_t> chosen_; // per CpuEvent: chosenFor's answer, kUnasked before
    struct Outcome {
        std::optional<OpEstimate> estimate;
        SharedText formula;    // estimate->formula, for the launches
        SharedText assumption; // estimate->assumption, for the launches
        std::string problem;   // when there is no estimate
    };
    // Per op call: its outcome (in byShapes_ or byInputs_, whose nodes stay put), nullptr when it
    // has none.
    std::vector<const Outcome*> outcomes_;
    std::vector<bool> estimated_;                         // per op call: outcomes_ is set
    std::unordered_map<std::uint64_t, Outcome> byShapes_; // per name id and OpShapes index
    std::unordered_map<std::string, Outcome> byInputs_;   // per name, inputs and output hint
    std::unordered_map<std::uint32_t, Outcome> given_;    // per TraceEvents::given entry
    std::string key_;
    std::vector<std::int8_t> known_; // per name id: -1 not asked, 0 no estimator, 1 estimator
    std::unordered_map<std::uint32_t, bool> usesOutput_;                        // per name id
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> opsByThread_; // by start
    std::unordered_map<std::uint32_t, std::optional<Shape>> firstTensor_;       // per OpShapes
    WarningCounter problems_;
};

} // namespace

namespace {

// Whether a kernel does the kind of work an op estimate of `category` counts: the GEMM kernel of
// an addmm, the convolution kernel of a conv, the attention kernel of an SDPA (by the kernel
// name's category). Estimates of other families (pointwise, norm, reduction) are not split by
// name: their kernels are the work.
bool nameClassMatters(Category category) {
    return category == Category::gemm || category == Category::conv ||
           category == Category::attention;
}

bool doesWorkOf(const KernelTraits& traits, Category category) {
    if (!traits.category)
        return false;
    if (*traits.category == category)
        return true;
    // A convolution runs as a GEMM (implicit GEMM, cuBLAS for 1x1), attention as batched GEMMs
    // in the math path: both do the op's FLOPs.
    return (category == Category::conv || category == Category::attention) &&
           *traits.category == Category::gemm;
}

} // namespace

void applyEstimates(const TraceEvents& events, const Links& links,
                    const std::vector<std::uint32_t>& kernels,
                    const std::vector<std::uint32_t>& gpuOf, const RunTraits& run,
                    SharedTexts& texts, std::vector<Launch>& launches,
                    std::vector<std::string>& warnings) {
    Estimator estimator(events, links);
    std::vector<std::uint32_t> chosen(kernels.size(), kNoIndex);
    // Kernel names repeat: their traits are worked out once per name (by string id; the rare
    // kernel without a name once for all of them, as its name is ""). Looked up by the kernel's
    // name id, not copied per kernel: the copies were the largest thing the analysis held beside
    // the launches.
    std::vector<std::optional<KernelTraits>> traitsByName(events.strings.size());
    const KernelTraits nameless = kernelTraits("");
    const auto traitsOf = [&](std::size_t k) -> const KernelTraits& {
        const std::uint32_t nameId = events.gpu[gpuOf[kernels[k]]].name;
        if (nameId == kNoIndex)
            return nameless;
        std::optional<KernelTraits>& known = traitsByName[nameId];
        if (!known)
            known = kernelTraits(events.strings.text(nameId));
        return *known;
    };
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        const std::uint32_t op = links.op[gpuOf[kernels[k]]];
        Launch& launch = launches[kernels[k]];
        if (op == kNoIndex) {
            launch.noFlops = NoFlopsReason::noOp;
            continue;
        }
        // analyzeTrace has set opName and shapeKey from the linked op already.
        chosen[k] = estimator.chosenFor(op);
        if (chosen[k] == kNoIndex)
            launch.noFlops = estimator.whyNone(op);
    }

    // A composite op (aten::linear, aten::rms_norm, the SDPA math path) whose inner ops carry
    // their own estimates is not counted again on its remaining kernels: every op that some
    // kernel's estimate comes from marks its enclosing ops as covered.
    std::vector<bool> covered(events.cpu.size(), false);
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (chosen[k] == kNoIndex)
            continue;
        for (std::uint32_t i = links.parent[chosen[k]]; i != kNoIndex; i = links.parent[i]) {
            if (covered[i])
                break; // its ancestors are marked already
            covered[i] = true;
        }
    }

    // Per chosen op call, the kernels that do its work: those whose name says they do the
    // estimate's kind of work, or all of its non-helper kernels when no name says so.
    struct Share {
        double durationNs = 0;
        std::uint32_t kernels = 0; // of one op call
        bool byName = false;
        bool winograd = false; // a kernel of the call is a Winograd transform or kernel
        // No kernel of the call would carry its work by the rules above, and the work is not
        // of a kind that names say (an XLA transpose fusion, an aten::contiguous that ran as
        // cuDNN's layout transform): every kernel of it does, as the call is its work and
        // nothing else counts it. A GEMM whose trace kept only its split-K reduction (a sampled
        // trace) stays without FLOPs: the reduction did not do the GEMM's work.
        bool allCarry = false;
    };
    // Per chosen op call, a slot in `slots` (op calls are far fewer than CPU events), sized
    // once: growing it held the old and the new array at the analysis' peak of memory.
    std::vector<std::uint32_t> slotOf(events.cpu.size(), kNoIndex);
    std::uint32_t calls = 0;
    for (const std::uint32_t op : chosen)
        if (op != kNoIndex && slotOf[op] == kNoIndex)
            slotOf[op] = calls++;
    std::vector<Share> slots(calls);
    const auto shareOf = [&](std::uint32_t op) -> Share& { return slots[slotOf[op]]; };
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (chosen[k] == kNoIndex)
            continue;
        const OpEstimate& e = *estimator.estimate(chosen[k]);
        const bool doesWork = nameClassMatters(e.category) && doesWorkOf(traitsOf(k), e.category);
        // A kernel whose name says it does the composite's own work (the convolution kernel of
        // an aten::convolution whose bias add_ has its own estimate) still carries it.
        if (covered[chosen[k]] && !doesWork) {
            // Its own record, as a helper's: merged with the op's FLOP-carrying kernels it would
            // make their sum unknown.
            chosen[k] = kNoIndex;
            launches[kernels[k]].noFlops = NoFlopsReason::covered;
            launches[kernels[k]].helper = true;
            continue;
        }
        if (doesWork)
            shareOf(chosen[k]).byName = true;
        if (traitsOf(k).fewerMultiplies)
            shareOf(chosen[k]).winograd = true;
    }
    const auto carries = [&](std::size_t k, const OpEstimate& e, const Share& share) {
        if (share.allCarry)
            return true;
        if (share.byName)
            return doesWorkOf(traitsOf(k), e.category);
        return !traitsOf(k).helper;
    };
    std::vector<bool> carried(slots.size(), false);
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (chosen[k] == kNoIndex)
            continue;
        const OpEstimate& e = *estimator.estimate(chosen[k]);
        if (nameClassMatters(e.category) || carries(k, e, slots[slotOf[chosen[k]]]))
            carried[slotOf[chosen[k]]] = true;
    }
    for (std::size_t slot = 0; slot < slots.size(); ++slot)
        slots[slot].allCarry = !carried[slot];
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (chosen[k] == kNoIndex)
            continue;
        const OpEstimate& e = *estimator.estimate(chosen[k]);
        Share& share = shareOf(chosen[k]);
        if (!carries(k, e, share))
            continue;
        share.durationNs += static_cast<double>(events.gpu[gpuOf[kernels[k]]].durNs);
        ++share.kernels;
    }
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (chosen[k] == kNoIndex)
            continue;
        const OpEstimate& e = *estimator.estimate(chosen[k]);
        const Share& share = shareOf(chosen[k]);
        Launch& launch = launches[kernels[k]];
        if (chosen[k] != links.op[gpuOf[kernels[k]]]) { // an enclosing op's estimate: its name
            const CpuEvent& op = events.cpu[chosen[k]];
            launch.opName = texts.name(op.name);
            launch.shapeKey = texts.dims(op.shapes);
        }
        if (!carries(k, e, share)) {
            // A helper of the op (a layout transform before a convolution, a split-K reduction
            // after a GEMM): its own record, without a share of the op's FLOPs.
            launch.helper = true;
            launch.noFlops = NoFlopsReason::helper;
            continue;
        }
        const double duration = static_cast<double>(events.gpu[gpuOf[kernels[k]]].durNs);
        const double fraction = share.durationNs > 0 ? duration / share.durationNs
                                                     : 1.0 / static_cast<double>(share.kernels);
        launch.formula = estimator.formula(chosen[k]);
        LaunchRecord& r = launch.record;
        r.flopsNote = estimator.assumption(chosen[k]);
        if (share.winograd && e.category == Category::conv)
            r.flopsNote = winogradNote();
        r.flops = Measure::estimated(fraction * e.flops);
        r.bytes[MemoryLevel::dram] = Measure::estimated(fraction * e.bytes());
        r.category = e.category;
        r.precision = e.precision;
        r.usesTensorUnits = e.tensorUnits;
    }
    for (std::size_t k = 0; k < kernels.size(); ++k)
        applyKernelTraits(traitsOf(k), run, launches[kernels[k]]);
    estimator.problems().flush(warnings, "op calls");
}

} // namespace roofscope::kineto
