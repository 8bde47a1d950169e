#pragma once
// An HLO instruction's cost (hlo_cost.h) as the estimate the Kineto path gives an op's kernels
// (TraceEvents::given): FLOPs and bytes of estimated origin, the op's category and the precision
// and unit of its work.

#include "core/estimate/op_estimate.h"
#include "core/import/xplane/hlo_cost.h"

#include <string>

namespace roofscope {

// The precision of an xla::PrimitiveType (hlo_module.h's hlo_type): fp8 for every fp8 variant,
// `other` for integers wider than 8 bits, predicates and tuples.
Precision hloPrecision(int elementType);

// The name of an xla::PrimitiveType as collective_bytes.h reads dtypes ("float32", "bfloat16",
// "float8_e4m3fn", ...); "" for a type without one (tuples, sub-byte integers).
std::string hloDtypeName(int elementType);

// `cost` of the instruction `op` as an op estimate: its FLOPs, bytes read and written, the
// category its name says (else gemm for matrix work, else other), the precision of its inputs,
// tensor units for matrix work, and a formula naming the cost model.
OpEstimate hloOpEstimate(const HloCost& cost, const std::string& op);

} // namespace roofscope
