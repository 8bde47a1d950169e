#pragma once
// FLOPs and bytes of the instructions of an XLA program (hlo_module.h), counted as XLA's
// HloCostAnalysis counts them, which is what XProf joins to kernels on (program_id, hlo_op):
//   - dot: 2 x output elements x the product of the contracting dimensions (a multiply-add is 2);
//   - convolution, and the cuDNN / MIOpen convolution custom calls (`__cudnn$conv*`, which carry
//     the convolution's window and dimension numbers): 2 x output batch x output features x the
//     kernel's input features (already C_in / feature_group_count) x the window taps that land
//     inside the input, summed over output positions per spatial dimension, as XLA does (padding
//     taps are not counted); batch_group_count is already in the output batch. A backward
//     convolution custom call counts the forward convolution it differentiates;
//   - elementwise ops: 1 per output element; transcendental ones (exp, log, tanh, ...) count as
//     transcendentals instead, as XLA does;
//   - reduce: (input elements - output elements) x the FLOPs of the reducer; reduce-window:
//     output elements x window taps x the reducer's FLOPs;
//   - fusion: the sum over its fused computation (nested fusions included);
//   - a cuBLAS / hipBLASLt GEMM custom call (`__cublas$gemm`, `__cublas$lt$matmul*`): as a dot,
//     with the dimension numbers its backend_config JSON holds (hlo_gemm_config.h); without
//     them, rank-2 operands still give K from their sizes (2 x M x N x K), a batched one stays
//     unknown;
//   - data movement (bitcast, reshape, transpose, copy, slice, broadcast, concatenate, pad, ...)
//     and collectives: 0 FLOPs; a collective also says its message (HloCollective);
//   - Transformer Engine's fused attention calls (`te_fused_attn_forward_ffi` / `_backward_ffi`):
//     from the sizes in their FFI attributes (hlo_te_attention.h), as PyTorch's attention ops;
//   - anything else (other custom calls; while, call, sort, rng, ...): FLOPs unknown, never
//     guessed.
// Bytes accessed are the sizes of the top-level instruction's operands and outputs (a fusion's
// parameters and results), each once; the workspace that ends a cuDNN, cuBLAS or Transformer
// Engine call's result tuple (a byte array) is not counted.

#include "core/enums.h"
#include "core/import/xplane/hlo_module.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace roofscope {

// What a collective instruction moves, as PyTorch's record_param_comms says it
// (CollectiveArgs): the collective, the elements of its input and output on one device, their
// type and the devices per group.
struct HloCollective {
    std::string name;           // as collectiveFromArgName reads it: "allreduce", "allgather", ...
    double inElements = 0;      // the operands' elements
    double outElements = 0;     // the result's (an async start's: the gathered / reduced array)
    int elementType = 0;        // of the first operand
    std::int64_t groupSize = 0; // 0: every device takes part
};

struct HloCost {
    bool flopsKnown = false;
    double flops = 0;           // FLOP
    double transcendentals = 0; // exp, log, tanh, ... evaluations (not in flops)
    double bytes = 0;           // bytes accessed, operands and results
    double bytesWritten = 0;    // of which results
    int elementType = 0;        // of the work's inputs (dot / convolution operand), else output
    bool matrix = false;        // a dot or convolution (or a fusion of one): matrix-unit work
    std::string formula;        // how the FLOPs were counted, or why they are unknown
    // all-reduce, all-gather, reduce-scatter, all-to-all and collective-permute (and their async
    // -start forms): 0 FLOPs, and what they move.
    std::optional<HloCollective> collective;
    // The training phase the instruction's name stack says (hloPhase); unknown when it says none.
    Phase phase = Phase::unknown;
};

// The phase of an instruction from JAX's name stack (HloInstruction::opName): backward under
// the transpose of a jvp ("transpose(jvp(" — the autodiff's backward pass, recomputation under
// remat included), forward under a jvp alone; unknown otherwise (an optimizer update, a program
// that is not differentiated, a framework that writes no such stack).
Phase hloPhase(std::string_view opName);

// A count for a formula: whole numbers as such, beyond 2^53 (a damaged file's sizes) in
// scientific notation; never a cast that could overflow.
std::string hloCountText(double n);

// The bytes of one shape (tuples: their elements), at the element type's size; sub-byte types
// count their bits.
double hloShapeBytes(const HloShape& shape);

// Elements of an array shape (1 for a scalar, 0 for a tuple).
double hloElements(const HloShape& shape);

// The cost of every instruction of `module` by name (names are unique in a module): what a
// kernel's hlo_op stat looks up.
std::unordered_map<std::string, HloCost> hloCosts(const HloModule& module);

} // namespace roofscope
