// Optimizer steps: the fused multi-tensor kernels (_fused_adam_, _fused_adamw_, _fused_sgd_), the
// _foreach_* ops the foreach implementations of Adam/AdamW/SGD are built from, and
// optimizerStep() for the model zoo. Roofscope conventions (flop_counter counts none of them):
// per parameter element, +, -, *, / and sqrt count 1; per-tensor scalars (bias corrections,
// step sizes) are not counted. The table is in optimizer_step.h; in addition a non-zero L2
// weight_decay of Adam and SGD adds 2 (g += wd·p) and amsgrad adds 1 (max(v_max, v)).
// _foreach_* per element: add/sub 1 (+1 when alpha is given and is not 1), mul/div/maximum/
// minimum/sqrt/neg/reciprocal/exp/abs/sign/pow 1, lerp 3 (a + w·(b - a)), addcmul/addcdiv 2
// (+1 when value is given and is not 1), norm 2 (square and accumulate), copy_/zero_ 0.
// Bytes: every tensor (list) operand read once, each updated or new tensor written once, at its
// dtype (fp32 when a list's dtype is not recorded, as Kineto writes "TensorList").

#include "core/estimate/estimate_support.h"
#include "core/estimate/optimizer_step.h"

#include <array>
#include <cmath>
#include <string>

namespace roofscope {

double optimizerFlopsPerElement(OptimizerKind kind) {
    switch (kind) {
    case OptimizerKind::sgd:
        return 2;
    case OptimizerKind::sgd_momentum:
        return 4;
    case OptimizerKind::adam:
        return 13;
    case OptimizerKind::adamw:
        return 14;
    }
    return 0;
}

OpEstimate optimizerStep(OptimizerKind kind, double paramElements, double paramDtypeBytes,
                         double stateDtypeBytes) {
    const auto clean = [](double v) { return std::isfinite(v) && v > 0 ? v : 0.0; };
    const double n = clean(paramElements), pb = clean(paramDtypeBytes), sb = clean(stateDtypeBytes);
    const int states = kind == OptimizerKind::sgd ? 0 : kind == OptimizerKind::sgd_momentum ? 1 : 2;
    const Precision precision = pb == 8 && sb == 8 ? Precision::fp64 : Precision::fp32;
    static constexpr std::array kNames{"sgd", "sgd_momentum", "adam", "adamw"};
    const double perElem = optimizerFlopsPerElement(kind);
    // Reads p and g plus the states; writes p plus the states.
    return estimate::makeEstimate(Category::optimizer, precision, perElem * n,
                                  n * (2 * pb + states * sb), n * (pb + states * sb),
                                  std::string(kNames[std::size_t(kind)]) + ": " +
                                      estimate::count(perElem) + " FLOP/element x " +
                                      estimate::count(n) + " (Roofscope convention)");
}

namespace estimate {
namespace {

double listElements(const OpInputs& in, std::size_t i) {
    const OpInput* arg = in.at(i);
    double n = 0;
    if (arg)
        for (const Shape& s : arg->shapes)
            n += numel(s);
    return n;
}

std::size_t listSize(const OpInputs& in, std::size_t i) {
    const OpInput* arg = in.at(i);
    return arg ? arg->shapes.size() : 0;
}

bool nonZero(const OpInputs& in, std::size_t i, bool fallback) {
    const auto v = in.number(i);
    return v ? *v != 0 : fallback;
}

Status checkLists(std::string_view op, const OpInputs& in, std::size_t params,
                  std::initializer_list<std::size_t> others) {
    for (const auto i : others) {
        const OpInput* arg = in.at(i);
        if (arg && !arg->shapes.empty() && arg->shapes != in.at(params)->shapes)
            return opError(op, "expected the tensor list at argument " + std::to_string(i) +
                                   " to have the parameters' " +
                                   std::to_string(listSize(in, params)) + " shapes");
    }
    return {};
}

// _fused_adam_/_fused_adamw_(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs,
// state_steps, lr, beta1, beta2, weight_decay, eps, amsgrad, maximize, grad_scale?, found_inf?)
// _fused_sgd_(params, grads, momentum_buffer_list, weight_decay, momentum, lr, dampening,
// nesterov, maximize, is_first_step, grad_scale?, found_inf?)
Result<OpEstimate> estimateFused(std::string_view op, const OpInputs& in) {
    if (!in.at(0) || in.at(0)->shapes.empty())
        return opError(op, "expected the parameters as a tensor list (argument 0)");
    const bool sgd = op == "_fused_sgd_";
    if (auto s = sgd ? checkLists(op, in, 0, {1, 2}) : checkLists(op, in, 0, {1, 2, 3, 4}); !s)
        return s.error();
    const double n = listElements(in, 0);
    double perElem = 0;
    std::string what;
    if (sgd) {
        const bool momentum = nonZero(in, 4, listSize(in, 2) > 0);
        perElem = momentum ? 4 : 2;
        what = momentum ? "sgd with momentum" : "sgd";
        if (nonZero(in, 3, false))
            perElem += 2, what += " + weight decay";
    } else {
        const bool adamw = op == "_fused_adamw_";
        const bool amsgrad = in.boolean(11).value_or(listSize(in, 4) > 0);
        perElem = adamw ? 14 : 13;
        what = adamw ? "adamw" : "adam";
        if (adamw && !nonZero(in, 9, true))
            perElem = 13, what += " without weight decay";
        if (!adamw && nonZero(in, 9, false))
            perElem += 2, what += " + weight decay";
        if (amsgrad)
            perElem += 1, what += " + amsgrad";
    }
    // Everything listed is read; params and every state list (not grads, not steps) written.
    double read = 0, written = argBytes(in, 0);
    const std::size_t lists = sgd ? 3 : 6;
    for (std::size_t i = 0; i < lists; ++i)
        read += argBytes(in, i);
    for (std::size_t i = 2; i < (sgd ? 3u : 5u); ++i)
        written += argBytes(in, i);
    // The fused kernels compute in fp32 "opmath" for 16-bit parameters.
    const Precision precision =
        precisionOf(in, 0) == Precision::fp64 ? Precision::fp64 : Precision::fp32;
    return makeEstimate(Category::optimizer, precision, perElem * n, read, written,
                        what + ": " + count(perElem) + " FLOP/element x " + count(n) + " over " +
                            std::to_string(listSize(in, 0)) + " tensors (Roofscope convention)");
}

struct ForeachOp {
    std::string_view name; // as registered; "name_" is the in-place spelling when allowed
    double flops;
    int scaleArg;        // alpha/value position whose value != 1 adds a multiply; -1 if none
    bool inPlaceVariant; // whether "name_" exists too
};
constexpr std::array kForeach{
    ForeachOp{"_foreach_add", 1, 2, true},         ForeachOp{"_foreach_sub", 1, 2, true},
    ForeachOp{"_foreach_mul", 1, -1, true},        ForeachOp{"_foreach_div", 1, -1, true},
    ForeachOp{"_foreach_maximum", 1, -1, true},    ForeachOp{"_foreach_minimum", 1, -1, true},
    ForeachOp{"_foreach_sqrt", 1, -1, true},       ForeachOp{"_foreach_neg", 1, -1, true},
    ForeachOp{"_foreach_reciprocal", 1, -1, true}, ForeachOp{"_foreach_exp", 1, -1, true},
    ForeachOp{"_foreach_abs", 1, -1, true},        ForeachOp{"_foreach_sign", 1, -1, true},
    ForeachOp{"_foreach_pow", 1, -1, true},        ForeachOp{"_foreach_lerp", 3, -1, true},
    ForeachOp{"_foreach_addcmul", 2, 3, true},     ForeachOp{"_foreach_addcdiv", 2, 3, true},
    ForeachOp{"_foreach_norm", 2, -1, false},      ForeachOp{"_foreach_copy_", 0, -1, false},
    ForeachOp{"_foreach_zero_", 0, -1, false},
};

Result<OpEstimate> estimateForeach(std::string_view op, const OpInputs& in) {
    const ForeachOp* f = nullptr;
    for (const auto& candidate : kForeach)
        if (candidate.name == op || candidate.name == op.substr(0, op.size() - 1))
            f = &candidate;
    const bool overwrites = f->name == "_foreach_copy_" || f->name == "_foreach_zero_";
    if (!in.at(0) || in.at(0)->shapes.empty())
        return opError(op, "expected a tensor list as argument 0");
    const double n = listElements(in, 0);
    double perElem = f->flops;
    // A scale is an alpha/value after a tensor-list operand (not the Scalar overloads' value).
    if (f->scaleArg >= 0 && in.at(1) && !in.at(1)->shapes.empty())
        if (const auto v = in.number(std::size_t(f->scaleArg)); v && *v != 1)
            perElem += 1;
    double read = 0;
    for (std::size_t i = 0; i < in.args.size(); ++i)
        read += argBytes(in, i);
    const double selfBytes = argBytes(in, 0);
    if (overwrites)
        read -= selfBytes; // overwritten, not read
    const double written = f->name == "_foreach_norm"
                               ? double(listSize(in, 0)) * elemBytes(in, 0)
                               : selfBytes; // in place, or a new list like self
    return makeEstimate(Category::optimizer, precisionOf(in, 0), perElem * n, read, written,
                        count(perElem) + " FLOP/element x " + count(n) + " over " +
                            std::to_string(listSize(in, 0)) + " tensors (Roofscope convention)");
}

constexpr auto kEntries = [] {
    std::array<Entry, 3 + kForeach.size()> entries{};
    entries[0] = Entry{"_fused_adam_", estimateFused};
    entries[1] = Entry{"_fused_adamw_", estimateFused};
    entries[2] = Entry{"_fused_sgd_", estimateFused};
    for (std::size_t i = 0; i < kForeach.size(); ++i)
        entries[3 + i] = Entry{kForeach[i].name, estimateForeach, kForeach[i].inPlaceVariant};
    return entries;
}();

} // namespace

std::span<const Entry> optimizerEntries() {
    return kEntries;
}

} // namespace estimate
} // namespace roofscope
