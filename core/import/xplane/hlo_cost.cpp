// The HLO cost model (hlo_cost.h says what is counted); which opcodes are elementwise,
// transcendental or free is hlo_opcodes.h's.
#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/hlo_collective.h"
#include "core/import/xplane/hlo_gemm_config.h"
#include "core/import/xplane/hlo_te_attention.h"

#include "core/import/xplane/hlo_opcodes.h"
#include "core/import/xplane/hlo_window_taps.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>

namespace roofscope {
namespace {

bool in(std::string_view opcode, std::initializer_list<std::string_view> set) {
    return std::find(set.begin(), set.end(), opcode) != set.end();
}

double elementBytes(int type) {
    switch (type) {
    case hlo_type::pred:
    case hlo_type::s8:
    case hlo_type::u8:
        return 1;
    case hlo_type::s16:
    case hlo_type::u16:
    case hlo_type::f16:
    case hlo_type::bf16:
        return 2;
    case hlo_type::s32:
    case hlo_type::u32:
    case hlo_type::f32:
        return 4;
    case hlo_type::s64:
    case hlo_type::u64:
    case hlo_type::f64:
    case hlo_type::c64:
        return 8;
    case hlo_type::c128:
        return 16;
    case 19: // f8e5m2
    case 20: // f8e4m3fn
    case 23: // f8e4m3b11fnuz
    case 24: // f8e5m2fnuz
    case 25: // f8e4m3fnuz
    case 28: // f8e4m3
    case 29: // f8e3m4
    case 33: // f8e8m0fnu
        return 1;
    case 21: // s4
    case 22: // u4
    case 32: // f4e2m1fn
        return 0.5;
    case 26: // s2
    case 27: // u2
        return 0.25;
    case 30: // s1
    case 31: // u1
        return 0.125;
    default: // tuple, token, opaque, unknown
        return 0;
    }
}

// The size of dimension `d` of `shape`, -1 when it has none.
std::int64_t dim(const HloShape& shape, std::int64_t d) {
    return d >= 0 && std::size_t(d) < shape.dims.size() ? shape.dims[std::size_t(d)] : -1;
}

class Model {
  public:
    explicit Model(const HloModule& m) : module_(m) {
        for (const HloComputation& c : m.computations) {
            computations_.emplace(c.id, &c);
            auto& ids = byId_[&c];
            for (const HloInstruction& i : c.instructions) {
                ids.emplace(i.id, &i);
                owner_.emplace(&i, &c);
            }
        }
    }

    std::unordered_map<std::string, HloCost> all() {
        std::unordered_map<std::string, HloCost> out;
        for (const HloComputation& c : module_.computations)
            for (const HloInstruction& i : c.instructions) {
                HloCost cost = flopsOf(i, 0);
                cost.bytes = bytesOf(i);
                cost.bytesWritten = bytesOf(i, false);
                cost.phase = hloPhase(i.opName);
                out.emplace(i.name, std::move(cost));
            }
        return out;
    }

  private:
    // Operand ids name instructions of the same computation (older XLA numbers instructions
    // per computation; JAX 0.8's packed ids are unique in the module).
    const HloShape* operandShape(const HloInstruction& i, std::size_t n) const {
        if (n >= i.operands.size())
            return nullptr;
        const auto owner = owner_.find(&i);
        if (owner == owner_.end())
            return nullptr;
        const auto& ids = byId_.at(owner->second);
        const auto it = ids.find(i.operands[n]);
        return it == ids.end() ? nullptr : &it->second->shape;
    }

    // Every operand's shape, nullptr where the operand is not in the computation.
    std::vector<const HloShape*> operandShapes(const HloInstruction& i) const {
        std::vector<const HloShape*> out;
        for (std::size_t n = 0; n < i.operands.size(); ++n)
            out.push_back(operandShape(i, n));
        return out;
    }

    // Whether a library call's result is (outputs..., scratch): cuDNN / MIOpen and cuBLAS /
    // hipBLAS calls end their tuple with a byte array of workspace that holds no data.
    static bool hasScratch(const HloInstruction& i) {
        const std::string& t = i.customCallTarget;
        if (i.opcode != "custom-call" || i.shape.tupleShapes.size() < 2 ||
            !(t.starts_with("__cudnn$") || t.starts_with("__cublas$") || isTeAttentionCall(t)))
            return false;
        const HloShape& last = i.shape.tupleShapes.back();
        return last.dims.size() == 1 &&
               (last.elementType == hlo_type::u8 || last.elementType == hlo_type::s8);
    }

    // The array a library call produces: the first element of its (output, scratch) tuple.
    static const HloShape& resultOf(const HloInstruction& i) {
        return hasScratch(i) ? i.shape.tupleShapes.front() : i.shape;
    }

    // Operands' and results' bytes; results' only when `operands` is false.
    double bytesOf(const HloInstruction& i, bool operands = true) const {
        if (in(i.opcode, {"parameter", "constant", "get-tuple-element", "tuple", "bitcast",
                          "after-all", "partition-id", "replica-id", "opt-barrier", "domain"}))
            return 0;
        double bytes = hloShapeBytes(i.shape);
        if (hasScratch(i))
            bytes -= hloShapeBytes(i.shape.tupleShapes.back());
        for (std::size_t n = 0; operands && n < i.operands.size(); ++n)
            if (const HloShape* s = operandShape(i, n))
                bytes += hloShapeBytes(*s);
        return bytes;
    }

    static HloCost known(double flops, std::string formula, int type) {
        HloCost c;
        c.flopsKnown = true;
        c.flops = flops;
        c.formula = std::move(formula);
        c.elementType = type;
        return c;
    }

    static HloCost matrixWork(HloCost c) {
        c.matrix = true;
        return c;
    }

    static HloCost unknown(std::string why) {
        HloCost c;
        c.formula = std::move(why);
        return c;
    }

    // The FLOPs of computation `id` run once (a fusion body, a reducer), worked out once: a
    // computation called from many places (or, in a hostile file, from both branches of every
    // level of a deep nest) is not walked again.
    HloCost computationFlops(std::int64_t id, int depth) {
        if (const auto done = computationCosts_.find(id); done != computationCosts_.end())
            return done->second;
        // A computation that calls itself (a damaged file) meets this entry, not a loop.
        computationCosts_.emplace(id, unknown("a computation that calls itself"));
        HloCost cost = walkComputation(id, depth);
        computationCosts_[id] = cost;
        return cost;
    }

    HloCost walkComputation(std::int64_t id, int depth) {
        const auto it = computations_.find(id);
        if (it == computations_.end())
            return unknown("calls computation " + std::to_string(id) + ", not in the module");
        HloCost sum = known(0, "", 0);
        std::size_t counted = 0;
        for (const HloInstruction& i : it->second->instructions) {
            const HloCost c = flopsOf(i, depth + 1);
            if (!c.flopsKnown) {
                sum.flopsKnown = false;
                sum.formula = i.name + ": " + c.formula;
                return sum;
            }
            sum.flops += c.flops;
            sum.transcendentals += c.transcendentals;
            if (c.flops > 0)
                ++counted;
            if (c.matrix && !sum.matrix) {
                sum.matrix = true;
                sum.elementType = c.elementType;
            }
        }
        sum.formula = "sum over " + it->second->name + " (" + std::to_string(counted) + " of " +
                      std::to_string(it->second->instructions.size()) + " instructions count)";
        return sum;
    }

    HloCost flopsOf(const HloInstruction& i, int depth) {
        constexpr int kMaxDepth = 32; // nested fusions and reducers; a cycle would be a bad file
        if (depth > kMaxDepth)
            return unknown("computations nested more than 32 deep");
        const std::string_view op = i.opcode;
        const double out = hloElements(i.shape);
        if (op == "dot")
            return dot(i);
        if (op == "convolution")
            return convolution(i, i.shape, operandShape(i, 0), operandShape(i, 1), "convolution");
        if (op == "custom-call")
            return customCall(i);
        if (auto c = hloCollectiveOf(i, operandShapes(i))) {
            HloCost k = known(0, "collective", c->elementType);
            k.collective = std::move(c);
            return k;
        }
        if (op == "fusion") {
            if (i.called.empty())
                return unknown("a fusion without its computation");
            HloCost c = computationFlops(i.called.front(), depth);
            if (c.elementType == 0)
                c.elementType = resultOf(i).elementType;
            return c;
        }
        if (hloElementwise(op))
            return known(out, "1 per output element", i.shape.elementType);
        if (hloTranscendental(op)) {
            HloCost c =
                known(0, "transcendental: 1 per output element, not a FLOP", i.shape.elementType);
            c.transcendentals = out;
            return c;
        }
        if (hloDataMovement(op))
            return known(0, "data movement", i.shape.elementType);
        if (op == "reduce" || op == "reduce-window" || op == "all-reduce" ||
            op == "all-reduce-start" || op == "reduce-scatter") {
            if (op != "reduce" && op != "reduce-window")
                return known(0, "collective", resultOf(i).elementType);
            const HloShape* input = operandShape(i, 0);
            if (!input || i.called.empty())
                return unknown(std::string(op) + " without its input or reducer");
            const HloCost reducer = computationFlops(i.called.front(), depth);
            if (!reducer.flopsKnown)
                return unknown("reducer: " + reducer.formula);
            const double perApply = std::max(1.0, reducer.flops);
            // A variadic reduce's result is a tuple: its first element has the output count.
            const double outputs =
                i.shape.tupleShapes.empty() ? out : hloElements(i.shape.tupleShapes.front());
            double applies = 0;
            if (op == "reduce")
                applies = std::max(0.0, hloElements(*input) - outputs);
            else {
                double taps = 1;
                for (const HloWindowDim& w : i.window)
                    taps *= double(w.size);
                applies = outputs * taps;
            }
            return known(applies * perApply,
                         std::string(op) + ": " + hloCountText(applies) + " applications x " +
                             hloCountText(perApply) + " FLOP of the reducer",
                         input->elementType);
        }
        return unknown("no FLOP count for " + std::string(op));
    }

    HloCost dot(const HloInstruction& i) const {
        const HloShape* lhs = operandShape(i, 0);
        if (!lhs || !i.hasDotDims)
            return unknown("dot without its operands or dimension numbers");
        return contraction("dot", *lhs, i.dot.lhsContracting, i.shape, "");
    }

    // A dot's work, or a GEMM call's with its dot's dimension numbers: 2 x output elements x the
    // product of the left operand's contracting dimensions.
    static HloCost contraction(const std::string& what, const HloShape& lhs,
                               const std::vector<std::int64_t>& lhsContracting,
                               const HloShape& result, const std::string& note) {
        double k = 1;
        for (const std::int64_t d : lhsContracting) {
            const std::int64_t size = dim(lhs, d);
            if (size < 0)
                return unknown(what + " contracts dimension " + std::to_string(d) +
                               ", not in its left operand");
            k *= double(size);
        }
        const double out = hloElements(result);
        return matrixWork(known(2 * out * k,
                                what + ": 2 x " + hloCountText(out) + " output elements x " +
                                    hloCountText(k) + " contracted" + note,
                                lhs.elementType));
    }

    // `output`, `input` and `kernel` in the roles of a forward convolution.
    HloCost convolution(const HloInstruction& i, const HloShape& output, const HloShape* input,
                        const HloShape* kernel, const std::string& what) {
        if (!input || !kernel || !i.hasConvDims)
            return unknown(what + " without its operands or dimension numbers");
        const HloConvDims& c = i.conv;
        const std::size_t spatial = c.outputSpatial.size();
        if (c.inputSpatial.size() != spatial || c.kernelSpatial.size() != spatial ||
            i.window.size() != spatial)
            return unknown(what + ": window and dimension numbers disagree on the rank");
        const std::int64_t batch = dim(output, c.outputBatch);
        const std::int64_t features = dim(output, c.outputFeature);
        const std::int64_t inFeatures = dim(*kernel, c.kernelInputFeature);
        if (batch < 0 || features < 0 || inFeatures < 0)
            return unknown(what + ": a dimension number is outside its shape");
        double taps = 1;
        for (std::size_t s = 0; s < spatial; ++s) {
            const std::int64_t in = dim(*input, c.inputSpatial[s]);
            const std::int64_t out = dim(output, c.outputSpatial[s]);
            if (in < 0 || out < 0)
                return unknown(what + ": a spatial dimension is outside its shape");
            const double valid = validTaps(in, out, i.window[s], budget_);
            if (valid < 0)
                return unknown(what + ": window sizes beyond what is counted");
            taps *= valid;
        }
        const double flops = 2 * double(batch) * double(features) * double(inFeatures) * taps;
        return matrixWork(known(flops,
                                what + ": 2 x " + std::to_string(batch) + " batch x " +
                                    std::to_string(features) + " out features x " +
                                    std::to_string(inFeatures) + " in features per group x " +
                                    hloCountText(taps) + " valid window taps",
                                input->elementType));
    }

    HloCost customCall(const HloInstruction& i) {
        const std::string& t = i.customCallTarget;
        const HloShape& result = resultOf(i);
        const HloShape* a = operandShape(i, 0);
        const HloShape* b = operandShape(i, 1);
        // cuDNN on CUDA, MIOpen on ROCm: XLA names both __cudnn$conv*.
        if (t == "__cudnn$convForward" || t == "__cudnn$convBiasActivationForward" ||
            t == "__cudnn$convForwardGraph")
            return convolution(i, result, a, b, t);
        if (t == "__cudnn$convBackwardInput") // (d output, kernel) -> d input
            return a ? convolution(i, *a, &result, b, t) : unknown(t + " without its operands");
        if (t == "__cudnn$convBackwardFilter") // (input, d output) -> d kernel
            return b ? convolution(i, *b, a, &result, t) : unknown(t + " without its operands");
        if (t.starts_with("__cublas$gemm") || t.starts_with("__cublas$lt$matmul"))
            return gemmCall(i, result, a, b);
        if (isTeAttentionCall(t))
            return teAttentionCost(i);
        return unknown("custom call " + (t.empty() ? std::string("without a target") : t) +
                       ": its work is not in the HLO fields read");
    }

    // A cuBLAS / hipBLASLt GEMM keeps its dimension numbers in backend_config
    // (hlo_gemm_config.h): 2 x output elements x the contracted sizes, as a dot. Without them
    // (a config that does not parse), rank-2 operands and result still give K:
    // [M,K] x [K,N] -> [M,N] whichever operand is transposed, so K^2 = |A| x |B| / |C|.
    static HloCost gemmCall(const HloInstruction& i, const HloShape& c, const HloShape* a,
                            const HloShape* b) {
        const std::string& t = i.customCallTarget;
        if (const auto dims = gemmDotDimensions(i.backendConfig); dims && a)
            return contraction(t, *a, dims->lhsContracting, c,
                               " (dimension numbers from backend_config)");
        if (!a || !b || a->dims.size() != 2 || b->dims.size() != 2 || c.dims.size() != 2)
            return unknown(t + " with batch dimensions and no dimension numbers in its "
                               "backend_config");
        const double out = hloElements(c);
        const double squared = out > 0 ? hloElements(*a) * hloElements(*b) / out : 0;
        if (!(squared >= 1 && squared < 1e30)) // llround would overflow
            return unknown(t + ": operand shapes that are not one GEMM");
        const auto k = static_cast<std::int64_t>(std::llround(std::sqrt(squared)));
        if (k <= 0 || double(k) * double(k) != squared || (a->dims[0] != k && a->dims[1] != k) ||
            (b->dims[0] != k && b->dims[1] != k))
            return unknown(t + ": operand shapes that are not one GEMM");
        return matrixWork(known(2 * out * double(k),
                                t + ": 2 x " + hloCountText(out) + " output elements x " +
                                    std::to_string(k) + " contracted (from the operand sizes)",
                                a->elementType));
    }

    const HloModule& module_;
    std::unordered_map<std::int64_t, const HloComputation*> computations_;
    std::unordered_map<const HloComputation*,
                       std::unordered_map<std::int64_t, const HloInstruction*>>
        byId_;
    std::unordered_map<const HloInstruction*, const HloComputation*> owner_;
    std::unordered_map<std::int64_t, HloCost> computationCosts_;
    // Steps the window counting may take for the whole module (validTaps).
    std::int64_t budget_ = std::int64_t(1) << 28;
};

} // namespace

double hloElements(const HloShape& shape) {
    if (!shape.tupleShapes.empty() || shape.elementType == hlo_type::tuple)
        return 0;
    double n = 1;
    for (const std::int64_t d : shape.dims)
        n *= double(d);
    return n;
}

double hloShapeBytes(const HloShape& shape) {
    if (!shape.tupleShapes.empty()) {
        double sum = 0;
        for (const HloShape& s : shape.tupleShapes)
            sum += hloShapeBytes(s);
        return sum;
    }
    return hloElements(shape) * elementBytes(shape.elementType);
}

std::string hloCountText(double n) {
    if (n >= 0 && n < 9007199254740992.0)
        return std::to_string(static_cast<std::int64_t>(n));
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", n);
    return text;
}

Phase hloPhase(std::string_view opName) {
    if (opName.find("transpose(jvp(") != std::string_view::npos)
        return Phase::backward;
    if (opName.find("jvp(") != std::string_view::npos)
        return Phase::forward;
    return Phase::unknown;
}

std::unordered_map<std::string, HloCost> hloCosts(const HloModule& module) {
    return Model(module).all();
}

} // namespace roofscope
