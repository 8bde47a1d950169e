// The kernel-name table: ordered rules over the lower-cased head of the name (kernel_name_text.h),
// the first match wins. The order carries the meaning where names overlap:
//   - communication first: NCCL/RCCL names say little else, and fused all-reduce + norm kernels
//     are communication;
//   - attention and norm before convolution and GEMM: flash kernels are built from CUTLASS GEMM
//     pieces, cuDNN names its batch norms cudnn::bn_*;
//   - library helpers (layout transforms, offsets, split-K reductions, epilogues, Winograd
//     transforms) before the families they serve, so that they never pass for the main kernel;
//   - Triton/Inductor by prefix before the generic words (a fused "_to_copy" is pointwise work);
//   - convolution before GEMM: implicit-GEMM convolutions (sm80_xmma_fprop_implicit_gemm,
//     ImplicitGemmConvolution, MIOpen igemm_fwd) spell "gemm" too;
//   - embedding before optimizer (FBGEMM's fused backward names its rowwise_adagrad), memory
//     before elementwise (at::native's copies and fills are elementwise_kernel instances).
// docs/kernel-categories.md has the table in words, with the sources of each spelling.

#include "core/import/kernel_traits.h"

#include "core/import/kernel_name_text.h"
#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

namespace roofscope {
namespace kernel_name {

std::string loweredHead(std::string_view name) {
    while (!name.empty() && name.front() == ' ')
        name.remove_prefix(1);
    if (startsWith(name, "void "))
        name.remove_prefix(5);
    constexpr std::string_view anonymous = "(anonymous namespace)";
    std::string out;
    out.reserve(name.size());
    int depth = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '<') {
            ++depth;
        } else if (c == '>') {
            depth = std::max(0, depth - 1);
        } else if (c == '(' && depth == 0) {
            // "void (anonymous namespace)::softmax_warp_forward<...>(float*, ...)": the namespace
            // is part of the name, the next parenthesis opens the parameters.
            if (name.substr(i, anonymous.size()) != anonymous)
                break;
            out.append(anonymous);
            i += anonymous.size() - 1;
            continue;
        }
        out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    return out;
}

std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const bool separator =
            i == text.size() || !std::isalnum(static_cast<unsigned char>(text[i]));
        if (!separator)
            continue;
        if (i > start)
            out.push_back(text.substr(start, i - start));
        start = i + 1;
    }
    return out;
}

} // namespace kernel_name

namespace {

using kernel_name::contains;
using kernel_name::startsWith;

struct Rule {
    Rule(std::string_view name, Category kind, bool isHelper, bool isPrefix,
         std::vector<std::string_view> any, std::vector<std::string_view> none = {})
        : rule(name), category(kind), helper(isHelper), prefix(isPrefix), anyOf(std::move(any)),
          noneOf(std::move(none)) {}

    std::string_view rule;
    Category category;
    bool helper;
    // Matches when the head starts with (prefix) or contains one of anyOf, and contains none of
    // noneOf.
    bool prefix;
    std::vector<std::string_view> anyOf;
    std::vector<std::string_view> noneOf;
};

const std::vector<Rule>& rules() {
    static const std::vector<Rule> table = {
        // PyTorch symmetric memory (torch/csrc/distributed/c10d/symm_mem), vLLM's and
        // TensorRT-LLM's custom all-reduce, DeepEP's expert-parallel all-to-all: device-side
        // communication without an NCCL name.
        {"symmetric-memory / custom all-reduce",
         Category::collective,
         false,
         false,
         {"one_shot_all_reduce", "two_shot_all_reduce", "multimem_", "symm_mem",
          "cross_device_reduce", "custom_all_reduce", "allreduce_fusion", "trtllm_allreduce",
          "lamport", "deep_ep::", "nvshmem"}},

        // FlashAttention's small backward and split-KV passes: a row-wise dot, a dtype conversion
        // and a combine of partial results around the attention kernels proper.
        {"flash-attention pre/post pass",
         Category::reduction,
         true,
         false,
         {"flash_bwd_dot_do_o", "splitkv_combine", "bwd_preprocess"}},
        {"flash-attention conversion", Category::elementwise, true, false, {"flash_bwd_convert"}},
        {"attention",
         Category::attention,
         false,
         false,
         {"flash_fwd", "flash_bwd", "flash_attn", "flashattn", "flash::", "fmha", "attn_fwd",
          "attn_bwd", "attention", "sdpa", "mha_fwd", "mha_bwd", "softmax_gemm", "bwd_kernel_dk_dv",
          "bwd_kernel_dq"}},

        {"normalization",
         Category::norm,
         false,
         false,
         {"layer_norm", "layernorm", "rms_norm", "rmsnorm", "batch_norm", "batchnorm", "group_norm",
          "groupnorm", "instance_norm", "instancenorm", "bn_fw", "bn_bw", "gammabeta",
          "rowwisemoments", "fusedparamscudakernel", "computeinternalgradients"}},

        // Inductor's generated kernels say their kind in a prefix (torch/_inductor/codegen:
        // pointwise "poi", reduction "red", persistent reduction "per", template "tem", foreach
        // "for").
        {"triton pointwise", Category::elementwise, false, true, {"triton_poi"}},
        {"triton reduction", Category::reduction, false, true, {"triton_red", "triton_per"}},
        {"triton template", Category::gemm, false, true, {"triton_tem", "triton_mm", "triton_bmm"}},
        {"triton foreach", Category::optimizer, false, true, {"triton_for"}},

        // Helpers: layout transforms and im2col around cuDNN/MIOpen convolutions, cuDNN's (cask)
        // offset tables, MIOpen's SubTensorOp zero/scale fill.
        {"layout transform",
         Category::memory,
         true,
         false,
         {"nchwtonhwc", "nhwctonchw", "nchw2nhwc", "nhwc2nchw", "transpose", "im2col", "im2d2col",
          "im3d2col", "col2im", "subtensorop", "offsetskernel"}},
        // Split-K / GlobalSplitU reductions after a GEMM or a weight-gradient convolution.
        {"split-k reduction",
         Category::reduction,
         true,
         false,
         {"splitkreduce", "reducesplitk", "splitk_reduce", "reduce_wgrad", "reduce_1block_kernel",
          "postgsu"}},
        // cuBLASLt's separate epilogue, cuBLAS's beta scaling, Tensile's beta-only kernel (its
        // GlobalSplitU "launches a kernel to handle the beta scaling"), cuDNN's scaling.
        {"gemm epilogue / scaling",
         Category::elementwise,
         true,
         true,
         {"epilogue::impl", "scal_kernel"}},
        {"beta scaling", Category::elementwise, true, false, {"betaonly", "scalepackedtensor"}},
        // cuDNN's non-fused Winograd: transforms into and out of the Winograd domain around a
        // batched GEMM that does the multiply.
        {"winograd transform",
         Category::elementwise,
         true,
         false,
         {"winograd_nonfused::", "generatewinogradtiles"}},

        {"convolution",
         Category::conv,
         false,
         false,
         {"conv", "fprop", "dgrad", "wgrad", "winograd", "scudnn", "884cudnn", "1688cudnn",
          "16816cudnn", "implicit_gemm", "igemm_fwd", "igemm_bwd", "igemm_wrw", "miopencv",
          "cudnn::cnn::"},
         {"convert"}},

        {"gemm",
         Category::gemm,
         false,
         false,
         {"gemm", "gemv", "nvjet", "xmma", "cublas", "hipblaslt", "matmul", "wgmma", "cutlass",
          "fused_moe"}},
        {"hipblaslt/tensile Cijk", Category::gemm, false, true, {"cijk_"}},
        {"blackwell bmm", Category::gemm, false, true, {"bmm_"}},

        // FBGEMM/TorchRec table-batched embeddings, PyTorch's embedding (index_select) kernels.
        {"embedding",
         Category::embedding,
         false,
         false,
         {"embedding", "indexselectlargeindex", "indexselectsmallindex", "bounds_check_indices",
          "linearize_index"},
         {"rotary"}},

        {"optimizer",
         Category::optimizer,
         false,
         false,
         {"multi_tensor", "fusedadam", "fused_adam", "adam", "fusedsgd", "fused_sgd", "adagrad",
          "lamb_", "optimizer"}},

        // Device-side data movement: copies (direct_copy_kernel_cuda, copy_device_to_device),
        // cat, fills, gathers and scatters, permutations, sorts.
        {"copy / cat / fill / gather",
         Category::memory,
         false,
         false,
         {"copy",
          "catarray",
          "concat",
          "fillfunctor",
          "fill_kernel",
          "memset",
          "index_elementwise",
          "index_select",
          "indexselect",
          "gather",
          "scatter",
          "permute",
          "upsample_nearest",
          "constant_pad",
          "reflection_pad",
          "replication_pad",
          "flip_kernel",
          "roll_cuda",
          "sort",
          "reshape_and_cache"},
         {"masked_fill"}},

        {"reduction / softmax / pooling / loss",
         Category::reduction,
         false,
         false,
         {"reduce", "softmax", "cumsum", "cumprod", "argmax", "argmin", "scan", "topk", "pool",
          "nll", "cross_entropy", "loss", "logsumexp", "histogram", "amax", "qparam"}},

        {"elementwise",
         Category::elementwise,
         false,
         false,
         {"elementwise", "pointwise", "activation", "act_and_mul", "silu_and_mul", "gelu_and_mul",
          "dropout", "quantize", "to_float", "float_to", "rotary", "rope_", "offsets_range",
          "upsample", "interpolate", "grid_sampler"}},
    };
    return table;
}

bool matches(const Rule& rule, std::string_view head) {
    const auto hit = [&](std::string_view token) {
        return rule.prefix ? startsWith(head, token) : contains(head, token);
    };
    if (std::none_of(rule.anyOf.begin(), rule.anyOf.end(), hit))
        return false;
    return std::none_of(rule.noneOf.begin(), rule.noneOf.end(),
                        [&](std::string_view token) { return contains(head, token); });
}

} // namespace

KernelTraits kernelTraits(std::string_view kernelName) {
    KernelTraits traits;
    std::string head = kernel_name::loweredHead(kernelName);
    // FBGEMM's own name spells "gemm"; what its kernels do (embedding, permute, quantize) decides.
    for (auto at = head.find("fbgemm"); at != std::string::npos; at = head.find("fbgemm", at))
        head.replace(at, 6, "fb_lib");
    // The analysis's own test for communication kernels (nccl*, rccl*, multimem*, *SendRecv*),
    // so that both say the same of every NCCL name.
    if (kineto::looksLikeCommKernel(kernelName)) {
        traits.category = Category::collective;
        traits.rule = "nccl/rccl";
    } else {
        for (const Rule& rule : rules()) {
            if (!matches(rule, head))
                continue;
            traits.category = rule.category;
            traits.helper = rule.helper;
            traits.rule = rule.rule;
            break;
        }
    }
    traits.fewerMultiplies = contains(head, "winograd") || contains(head, "fft");
    const kernel_name::PrecisionUnit pu = kernel_name::precisionAndUnit(head);
    traits.precision = pu.precision;
    traits.unit = pu.unit;
    return traits;
}

} // namespace roofscope
