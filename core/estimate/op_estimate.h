#pragma once
// FLOPs and minimum bytes of an op from its name and recorded inputs. Conventions follow
// PyTorch's torch.utils.flop_counter where it defines the op (a multiply-add counts 2 FLOPs);
// causal attention counts the executed triangle of the score matrix (estimate_attention.cpp);
// elsewhere Roofscope's own documented per-element counts (docs/file-formats.md, "FLOP and byte
// estimates", has the whole table). "Bytes" is the compulsory traffic: every input tensor read
// once and every output written once, at its dtype size, as PyTorch's profile_analysis estimates
// it. Real kernels move at least this much; a point's DRAM intensity is therefore an upper bound.
//
// `precision` is the data precision of the inputs (fp32 for fp32 tensors, also when the kernel
// ran as TF32: the caller decides that from the kernel). `tensorUnits` says the work can run on
// tensor/matrix units: GEMM, convolution and attention in every floating and int8 precision,
// fp64 included (DMMA on A100/H100, FP64 MFMA on MI200/MI300).

#include "core/estimate/op_inputs.h"

namespace roofscope {

struct OpEstimate {
    double flops = 0;     // FLOP for the whole call
    double bytesRead = 0; // B
    double bytesWritten = 0;
    Category category = Category::other;
    Precision precision = Precision::fp32;
    bool tensorUnits = false; // GEMM-like work that can run on tensor/matrix units
    std::string formula;      // how the numbers were obtained, for the details pane
    // What the numbers assume because the trace does not record it, for the caller to surface
    // ("stride 1 and padding 0 assumed: the trace records no Concrete Inputs"); "" when the
    // recorded inputs determine the estimate.
    std::string assumption;

    double bytes() const { return bytesRead + bytesWritten; }
};

// `opName` as the profiler writes it ("aten::addmm", "aten::_scaled_dot_product_flash_attention",
// "aten::convolution_backward"); the "aten::" prefix is optional. Errors when the op is not known
// or its inputs do not have the shapes the op requires (the message says which).
Result<OpEstimate> estimateOp(std::string_view opName, const OpInputs& inputs);

// Whether estimateOp knows the op name at all (used to pick the innermost op with a formula).
bool hasEstimator(std::string_view opName);

// Whether the op's estimate can use OpInputs::outputShape (the forward convolutions: the output's
// spatial size gives the FLOPs when Concrete Inputs do not record stride and padding).
bool usesOutputShape(std::string_view opName);

} // namespace roofscope
