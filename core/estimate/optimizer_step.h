#pragma once
// FLOPs and compulsory bytes of one optimizer step over a model's parameters, for callers that
// know parameter counts rather than traced ops (the model zoo). The per-element counts are the
// ones estimateOp uses for aten::_fused_adam_/_fused_adamw_/_fused_sgd_ (estimate_optimizer.cpp):
//   sgd           p -= lr*g                                          2 FLOP/element
//   sgd_momentum  buf = mu*buf + g; p -= lr*buf                      4 FLOP/element
//   adam          m = b1*m + (1-b1)*g                  3
//                 v = b2*v + (1-b2)*g*g                4
//                 denom = sqrt(v)/sqrt(bc2) + eps      3
//                 p -= (lr/bc1) * m / denom            3            13 FLOP/element
//   adamw         adam + decoupled decay p *= (1 - lr*wd)            14 FLOP/element
// (Roofscope convention: +, -, *, / and sqrt count 1 each; per-tensor scalars such as the bias
// corrections are not counted.) Adam and SGD are taken without L2 weight decay, AdamW with its
// decoupled decay. Bytes: parameter and gradient (both at paramDtypeBytes) and each state tensor
// (momentum buffer; Adam's m and v, at stateDtypeBytes) read once; parameter and states written
// once. Precision is fp32 (the fused kernels compute in fp32 "opmath" even for 16-bit params),
// fp64 when both sizes are 8.

#include "core/estimate/op_estimate.h"

namespace roofscope {

enum class OptimizerKind { sgd, sgd_momentum, adam, adamw };

// Per-element FLOPs of one step (the table above).
double optimizerFlopsPerElement(OptimizerKind kind);

// Negative or non-finite counts and sizes are taken as 0 (an empty step), never an error.
OpEstimate optimizerStep(OptimizerKind kind, double paramElements, double paramDtypeBytes,
                         double stateDtypeBytes);

} // namespace roofscope
