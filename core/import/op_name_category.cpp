// categoryFromOpName: framework op names onto categories. Word families first (any namespace:
// "vllm::rms_norm", "flash_attn::_flash_attn_forward", "fbgemm::split_embedding_codegen_..."),
// then exact ATen names. It agrees with the shape estimators' categories (core/estimate), except
// that copies, cat and fills are memory here where their estimator files them as elementwise
// (docs/kernel-categories.md). XLA's HLO instruction names (XPlane's hlo_op) have rules of their
// own: fusions by their root instruction, collectives, cuDNN and Transformer Engine custom calls.

#include "core/import/kernel_traits.h"

#include "core/import/kernel_name_text.h"

#include <algorithm>
#include <array>
#include <string>

namespace roofscope {
namespace {

using namespace std::string_view_literals;
using kernel_name::contains;
using kernel_name::startsWith;

struct OpName {
    std::string_view space; // "aten", "c10d", "fbgemm", ... ("" when none)
    std::string base;       // without namespace, ".overload" and in-place '_'
};

OpName split(std::string_view op) {
    OpName out;
    if (const auto at = op.rfind("::"); at != std::string_view::npos) {
        out.space = op.substr(0, at);
        op.remove_prefix(at + 2);
    }
    if (const auto dot = op.find('.'); dot != std::string_view::npos)
        op = op.substr(0, dot);
    // "relu_", "add_", "copy_": the in-place spelling of the same op (not "_softmax").
    if (op.size() > 1 && op.back() == '_')
        op.remove_suffix(1);
    out.base = std::string(op);
    return out;
}

template <std::size_t N>
bool oneOf(std::string_view base, const std::array<std::string_view, N>& names) {
    return std::find(names.begin(), names.end(), base) != names.end();
}

template <std::size_t N>
bool startsWithOneOf(std::string_view base, const std::array<std::string_view, N>& prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(),
                       [&](std::string_view p) { return startsWith(base, p); });
}

constexpr std::array kGemm{"mm"sv,
                           "addmm"sv,
                           "bmm"sv,
                           "baddbmm"sv,
                           "addbmm"sv,
                           "matmul"sv,
                           "linear"sv,
                           "dot"sv,
                           "vdot"sv,
                           "mv"sv,
                           "addmv"sv,
                           "addr"sv,
                           "einsum"sv,
                           "tensordot"sv,
                           "bilinear"sv,
                           "_scaled_mm"sv,
                           "_grouped_mm"sv,
                           "_int_mm"sv,
                           "_addmm_activation"sv,
                           "_scaled_grouped_mm"sv,
                           "chain_matmul"sv,
                           "linalg_matmul"sv};

constexpr std::array kReduction{"sum"sv,
                                "mean"sv,
                                "nansum"sv,
                                "nanmean"sv,
                                "amax"sv,
                                "amin"sv,
                                "aminmax"sv,
                                "max"sv,
                                "min"sv,
                                "argmax"sv,
                                "argmin"sv,
                                "prod"sv,
                                "std"sv,
                                "var"sv,
                                "std_mean"sv,
                                "var_mean"sv,
                                "norm"sv,
                                "linalg_vector_norm"sv,
                                "frobenius_norm"sv,
                                "logsumexp"sv,
                                "cumsum"sv,
                                "cumprod"sv,
                                "cummax"sv,
                                "cummin"sv,
                                "softmax"sv,
                                "_softmax"sv,
                                "log_softmax"sv,
                                "_log_softmax"sv,
                                "_softmax_backward_data"sv,
                                "_log_softmax_backward_data"sv,
                                "all"sv,
                                "any"sv,
                                "count_nonzero"sv,
                                "topk"sv,
                                "median"sv,
                                "kthvalue"sv,
                                "cross_entropy_loss"sv,
                                "kl_div"sv,
                                "l1_loss"sv,
                                "smooth_l1_loss"sv,
                                "huber_loss"sv};
constexpr std::array kReductionPrefixes{"max_pool"sv,
                                        "avg_pool"sv,
                                        "adaptive_"sv,
                                        "_adaptive_"sv,
                                        "nll_loss"sv,
                                        "mse_loss"sv,
                                        "binary_cross_entropy"sv,
                                        "fractional_max_pool"sv};

constexpr std::array kMemory{"copy"sv,
                             "_to_copy"sv,
                             "to"sv,
                             "clone"sv,
                             "contiguous"sv,
                             "cat"sv,
                             "_cat"sv,
                             "concat"sv,
                             "concatenate"sv,
                             "stack"sv,
                             "hstack"sv,
                             "vstack"sv,
                             "index_select"sv,
                             "gather"sv,
                             "index"sv,
                             "index_put"sv,
                             "_index_put_impl"sv,
                             "index_copy"sv,
                             "scatter"sv,
                             "masked_scatter"sv,
                             "masked_select"sv,
                             "take"sv,
                             "fill"sv,
                             "zero"sv,
                             "zeros"sv,
                             "zeros_like"sv,
                             "ones"sv,
                             "ones_like"sv,
                             "full"sv,
                             "full_like"sv,
                             "new_zeros"sv,
                             "new_ones"sv,
                             "new_full"sv,
                             "repeat"sv,
                             "repeat_interleave"sv,
                             "roll"sv,
                             "flip"sv,
                             "constant_pad_nd"sv,
                             "pad"sv,
                             "reshape"sv,
                             "view"sv,
                             "transpose"sv,
                             "permute"sv,
                             "t"sv,
                             "expand"sv,
                             "narrow"sv,
                             "slice"sv,
                             "select"sv,
                             "split"sv,
                             "chunk"sv,
                             "unbind"sv,
                             "squeeze"sv,
                             "unsqueeze"sv,
                             "flatten"sv,
                             "as_strided"sv,
                             "unfold"sv,
                             "sort"sv,
                             "argsort"sv,
                             "nonzero"sv,
                             "_unsafe_view"sv};
constexpr std::array kMemoryPrefixes{"upsample_nearest"sv, "reflection_pad"sv, "replication_pad"sv};

constexpr std::array kElementwise{"add"sv,
                                  "sub"sv,
                                  "rsub"sv,
                                  "mul"sv,
                                  "div"sv,
                                  "true_divide"sv,
                                  "floor_divide"sv,
                                  "remainder"sv,
                                  "fmod"sv,
                                  "pow"sv,
                                  "neg"sv,
                                  "abs"sv,
                                  "sign"sv,
                                  "sgn"sv,
                                  "exp"sv,
                                  "exp2"sv,
                                  "expm1"sv,
                                  "log"sv,
                                  "log2"sv,
                                  "log10"sv,
                                  "log1p"sv,
                                  "sqrt"sv,
                                  "rsqrt"sv,
                                  "reciprocal"sv,
                                  "square"sv,
                                  "sin"sv,
                                  "cos"sv,
                                  "tan"sv,
                                  "tanh"sv,
                                  "erf"sv,
                                  "erfc"sv,
                                  "erfinv"sv,
                                  "atan2"sv,
                                  "sigmoid"sv,
                                  "relu"sv,
                                  "relu6"sv,
                                  "gelu"sv,
                                  "silu"sv,
                                  "mish"sv,
                                  "elu"sv,
                                  "selu"sv,
                                  "celu"sv,
                                  "leaky_relu"sv,
                                  "hardtanh"sv,
                                  "hardswish"sv,
                                  "hardsigmoid"sv,
                                  "softplus"sv,
                                  "threshold"sv,
                                  "clamp"sv,
                                  "clamp_min"sv,
                                  "clamp_max"sv,
                                  "clip"sv,
                                  "where"sv,
                                  "masked_fill"sv,
                                  "lerp"sv,
                                  "addcmul"sv,
                                  "addcdiv"sv,
                                  "eq"sv,
                                  "ne"sv,
                                  "lt"sv,
                                  "le"sv,
                                  "gt"sv,
                                  "ge"sv,
                                  "logical_and"sv,
                                  "logical_or"sv,
                                  "logical_not"sv,
                                  "logical_xor"sv,
                                  "bitwise_and"sv,
                                  "bitwise_or"sv,
                                  "bitwise_xor"sv,
                                  "bitwise_not"sv,
                                  "maximum"sv,
                                  "minimum"sv,
                                  "floor"sv,
                                  "ceil"sv,
                                  "round"sv,
                                  "trunc"sv,
                                  "isnan"sv,
                                  "isinf"sv,
                                  "nan_to_num"sv,
                                  "dropout"sv,
                                  "native_dropout"sv,
                                  "native_dropout_backward"sv,
                                  "arange"sv,
                                  "linspace"sv,
                                  "tril"sv,
                                  "triu"sv,
                                  "glu"sv,
                                  "uniform"sv,
                                  "normal"sv,
                                  "bernoulli"sv,
                                  "random"sv,
                                  "exponential"sv,
                                  "_masked_scale"sv,
                                  "gelu_backward"sv,
                                  "silu_backward"sv,
                                  "sigmoid_backward"sv,
                                  "tanh_backward"sv,
                                  "threshold_backward"sv,
                                  "elu_backward"sv,
                                  "hardtanh_backward"sv,
                                  "leaky_relu_backward"sv,
                                  "softplus_backward"sv,
                                  "hardswish_backward"sv,
                                  "hardsigmoid_backward"sv,
                                  "mish_backward"sv};

constexpr std::array kOptimizer{"sgd"sv, "adam"sv, "adamw"sv, "adagrad"sv, "rmsprop"sv};

// XLA's HLO instruction names (the hlo_op of an XPlane kernel): "all-reduce-start.1",
// "loop_transpose_fusion", "wrapped_convert.1", "cudnn-conv.1.0", "te_fused_attn_forward_ffi.10".
// A fusion is named after its kind and its root instruction ("<loop|input|output>_<root>_fusion"),
// a single-instruction fusion "wrapped_<root>"; the root says what the kernel does.
constexpr std::array kHloCollectives{
    "all-reduce"sv,         "all-gather"sv,           "reduce-scatter"sv,   "all-to-all"sv,
    "collective-permute"sv, "collective-broadcast"sv, "ragged-all-to-all"sv};
constexpr std::array kHloReduction{"reduce"sv, "reduce-window"sv, "reduce_window"sv};
constexpr std::array kHloMemory{"transpose"sv,
                                "concatenate"sv,
                                "copy"sv,
                                "slice"sv,
                                "dynamic-slice"sv,
                                "dynamic_slice"sv,
                                "dynamic-update-slice"sv,
                                "dynamic_update_slice"sv,
                                "broadcast"sv,
                                "pad"sv,
                                "reshape"sv,
                                "gather"sv,
                                "scatter"sv,
                                "iota"sv,
                                "reverse"sv,
                                "bitcast"sv,
                                "copy-start"sv};
constexpr std::array kHloElementwise{
    "convert"sv,      "add"sv,   "multiply"sv, "subtract"sv, "divide"sv, "exponential"sv,
    "log"sv,          "tanh"sv,  "maximum"sv,  "minimum"sv,  "select"sv, "compare"sv,
    "negate"sv,       "rsqrt"sv, "sqrt"sv,     "power"sv,    "and"sv,    "or"sv,
    "not"sv,          "abs"sv,   "clamp"sv,    "logistic"sv, "erf"sv,    "exponential-minus-one"sv,
    "log-plus-one"sv, "sine"sv,  "cosine"sv,   "floor"sv,    "ceil"sv,   "sign"sv};

std::optional<Category> hloRootCategory(std::string_view root) {
    if (oneOf(root, kHloReduction))
        return Category::reduction;
    if (oneOf(root, kHloMemory))
        return Category::memory;
    if (oneOf(root, kHloElementwise))
        return Category::elementwise;
    if (root == "dot")
        return Category::gemm;
    if (root == "convolution")
        return Category::conv;
    return std::nullopt;
}

// The XLA-only spellings; nullopt for names XLA does not write (ATen's go on to their lists).
std::optional<Category> xlaCategory(std::string_view base) {
    if (startsWithOneOf(base, kHloCollectives))
        return Category::collective;
    // Transformer Engine's JAX custom calls (te_fused_attn_forward_ffi) and cuDNN's fused
    // attention custom call (__cudnn$fmha...).
    if (contains(base, "fused_attn") || contains(base, "fmha"))
        return Category::attention;
    if (startsWith(base, "cudnn-conv"))
        return Category::conv;
    if (startsWith(base, "cublas") || startsWith(base, "triton_gemm"))
        return Category::gemm;
    std::string_view root = base;
    const bool fusion = root.ends_with("_fusion");
    if (fusion)
        root.remove_suffix(std::string_view("_fusion").size());
    bool wrapped = false;
    for (const std::string_view kind : {"loop_"sv, "input_"sv, "output_"sv, "wrapped_"sv})
        if (startsWith(root, kind)) {
            root.remove_prefix(kind.size());
            wrapped = true;
            break;
        }
    if (!fusion && !wrapped)
        return std::nullopt;
    return hloRootCategory(root);
}

} // namespace

std::optional<Category> categoryFromOpName(std::string_view opName) {
    // Record-function ranges name communication and optimizer steps without a namespace.
    if (startsWith(opName, "nccl:") || startsWith(opName, "gloo:") ||
        startsWith(opName, "record_param_comms"))
        return Category::collective;
    if (startsWith(opName, "Optimizer."))
        return Category::optimizer;
    const OpName op = split(opName);
    const std::string_view base = op.base;
    if (op.space.empty())
        if (const auto xla = xlaCategory(base))
            return xla;
    if (op.space == "c10d" || op.space == "_c10d_functional" || op.space == "c10d_functional" ||
        op.space == "symm_mem" || op.space == "_dtensor")
        return Category::collective;

    if (startsWith(base, "_foreach_") || startsWith(base, "_fused_adam") ||
        startsWith(base, "_fused_sgd") || startsWith(base, "_fused_adagrad") ||
        oneOf(base, kOptimizer))
        return Category::optimizer;
    if (contains(base, "attention") || contains(base, "flash_attn") || contains(base, "sdpa"))
        return Category::attention;
    if ((contains(base, "layer_norm") || contains(base, "rms_norm") ||
         contains(base, "batch_norm") || contains(base, "group_norm") ||
         contains(base, "instance_norm")))
        return Category::norm;
    if (contains(base, "embedding") || (op.space == "fbgemm" && contains(base, "bounds_check")))
        return Category::embedding;
    if (contains(base, "convolution") ||
        (startsWith(base, "conv") && !startsWith(base, "convert")) ||
        startsWith(base, "slow_conv") || startsWith(base, "thnn_conv") ||
        startsWith(base, "_conv_depthwise") || startsWith(base, "_slow_conv"))
        return Category::conv;
    if (oneOf(base, kGemm) || contains(base, "gemm"))
        return Category::gemm;
    if (oneOf(base, kReduction) || startsWithOneOf(base, kReductionPrefixes))
        return Category::reduction;
    if (oneOf(base, kMemory) || startsWithOneOf(base, kMemoryPrefixes) ||
        (op.space == "fbgemm" && startsWith(base, "permute")))
        return Category::memory;
    if (oneOf(base, kElementwise))
        return Category::elementwise;
    // An unfused HLO instruction: "reduce.3", "multiply.2", "dynamic-update-slice.1".
    if (op.space.empty())
        return hloRootCategory(base);
    return std::nullopt;
}

} // namespace roofscope
