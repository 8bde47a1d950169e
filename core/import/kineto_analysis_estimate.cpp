// FLOPs and bytes of kernels from the shapes of the ops that launched them.
//
// From the linked op outward through its enclosing ops (annotations are passed through), the
// first op with recorded shapes whose estimate succeeds is the one whose numbers the kernel
// carries (aten::linear -> aten::addmm: the addmm, which knows the GEMM). That op call's FLOPs
// and bytes are split over every kernel that chose it, in proportion to kernel duration (equal
// shares when all durations are 0), so that summing the kernels gives the op back once.

#include "estimate/op_estimate.h"
#include "import/kineto_analysis_internal.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace roofscope::kineto {
namespace {

class Estimator {
  public:
    Estimator(const TraceEvents& events, const Links& links) : events_(events), links_(links) {}

    // The op whose estimate a kernel linked to `op` carries, kNoIndex when none has one.
    std::uint32_t chosenFor(std::uint32_t op) {
        const auto [it, inserted] = chosen_.try_emplace(op, kNoIndex);
        if (!inserted)
            return it->second;
        for (std::uint32_t i = op; i != kNoIndex; i = links_.parent[i]) {
            const CpuEvent& e = events_.cpu[i];
            if (e.kind == CpuEventKind::op && e.shapes != kNoIndex && hasEstimatorFor(e.name) &&
                estimate(i)) {
                it->second = i;
                break;
            }
        }
        return it->second;
    }

    // The estimate of op call `i`, computed once; nullptr when it fails. Calls with the same
    // name and inputs share one computation: a training loop repeats a few shapes millions of
    // times.
    const OpEstimate* estimate(std::uint32_t i) {
        const auto [it, inserted] = estimates_.try_emplace(i, nullptr);
        if (!inserted)
            return it->second;
        const CpuEvent& e = events_.cpu[i];
        const OpShapes& s = events_.shapes[e.shapes];
        key_.clear();
        key_.append(std::to_string(e.name)).append(1, '\0').append(s.dims).append(1, '\0');
        key_.append(s.types).append(1, '\0').append(s.concrete);
        auto [cached, fresh] = byInputs_.try_emplace(key_);
        Outcome& outcome = cached->second;
        if (fresh) {
            const std::string& name = events_.strings.text(e.name);
            auto inputs = parseOpInputs(s.dims, s.types, s.concrete);
            auto result =
                inputs.ok() ? estimateOp(name, inputs.value()) : Result<OpEstimate>(inputs.error());
            if (result.ok())
                outcome.estimate = std::move(result).value();
            else
                outcome.problem = "no estimate for " + name + ": " + result.error().message;
        }
        if (!outcome.estimate) {
            problems_.add(outcome.problem);
            return nullptr;
        }
        it->second = &*outcome.estimate;
        return it->second;
    }

    const WarningCounter& problems() const { return problems_; }

  private:
    bool hasEstimatorFor(std::uint32_t name) {
        if (name >= known_.size())
            known_.resize(std::max<std::size_t>(name + 1, events_.strings.size()), -1);
        if (known_[name] < 0)
            known_[name] = hasEstimator(events_.strings.text(name)) ? 1 : 0;
        return known_[name] == 1;
    }

    const TraceEvents& events_;
    const Links& links_;
    std::unordered_map<std::uint32_t, std::uint32_t> chosen_;
    struct Outcome {
        std::optional<OpEstimate> estimate;
        std::string problem; // when there is no estimate
    };
    std::unordered_map<std::uint32_t, const OpEstimate*> estimates_; // per op call
    std::unordered_map<std::string, Outcome> byInputs_;              // per name and inputs
    std::string key_;
    std::vector<std::int8_t> known_; // per name id: -1 not asked, 0 no estimator, 1 estimator
    WarningCounter problems_;
};

} // namespace

void applyEstimates(const TraceEvents& events, const Links& links,
                    const std::vector<std::size_t>& kernels,
                    const std::vector<std::uint32_t>& gpuIndex, std::vector<Launch>& launches,
                    std::vector<std::string>& warnings) {
    Estimator estimator(events, links);
    std::vector<std::uint32_t> chosen(kernels.size(), kNoIndex);
    struct Share {
        double durationNs = 0;
        std::int64_t kernels = 0;
    };
    std::unordered_map<std::uint32_t, Share> shares;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        const std::uint32_t op = links.op[gpuIndex[k]];
        if (op == kNoIndex)
            continue;
        Launch& launch = launches[kernels[k]];
        const CpuEvent& linked = events.cpu[op];
        launch.opName = events.strings.text(linked.name);
        launch.shapeKey = linked.shapes != kNoIndex ? events.shapes[linked.shapes].dims : "";
        chosen[k] = estimator.chosenFor(op);
        if (chosen[k] == kNoIndex)
            continue;
        Share& share = shares[chosen[k]];
        share.durationNs += static_cast<double>(events.gpu[gpuIndex[k]].durNs);
        ++share.kernels;
    }
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (chosen[k] == kNoIndex)
            continue;
        const OpEstimate& e = *estimator.estimate(chosen[k]);
        const Share& share = shares[chosen[k]];
        const double duration = static_cast<double>(events.gpu[gpuIndex[k]].durNs);
        const double fraction = share.durationNs > 0 ? duration / share.durationNs
                                                     : 1.0 / static_cast<double>(share.kernels);
        Launch& launch = launches[kernels[k]];
        const CpuEvent& op = events.cpu[chosen[k]];
        launch.opName = events.strings.text(op.name);
        launch.shapeKey = events.shapes[op.shapes].dims;
        launch.formula = e.formula;
        OpRecord& r = launch.record;
        r.flops = Measure::estimated(fraction * e.flops);
        r.bytes[MemoryLevel::dram] = Measure::estimated(fraction * e.bytes());
        r.category = e.category;
        r.precision = e.precision;
        r.usesTensorUnits = e.tensorUnits;
    }
    estimator.problems().flush(warnings, "op calls");
}

} // namespace roofscope::kineto
