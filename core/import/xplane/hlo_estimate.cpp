#include "core/import/xplane/hlo_estimate.h"

#include "core/import/kernel_traits.h"
#include "core/import/xplane/hlo_module.h"

namespace roofscope {

Precision hloPrecision(int elementType) {
    switch (elementType) {
    case hlo_type::f64:
    case hlo_type::c128:
        return Precision::fp64;
    case hlo_type::f32:
    case hlo_type::c64:
        return Precision::fp32;
    case hlo_type::f16:
        return Precision::fp16;
    case hlo_type::bf16:
        return Precision::bf16;
    case hlo_type::s8:
    case hlo_type::u8:
        return Precision::int8;
    case 19: // the fp8 types of xla_data.proto
    case 20:
    case 23:
    case 24:
    case 25:
    case 28:
    case 29:
        return Precision::fp8;
    case 32: // f4e2m1fn
        return Precision::fp4;
    default:
        return Precision::other;
    }
}

OpEstimate hloOpEstimate(const HloCost& cost, const std::string& op) {
    OpEstimate e;
    e.flops = cost.flops;
    e.bytesWritten = cost.bytesWritten;
    e.bytesRead = cost.bytes - cost.bytesWritten;
    e.category = categoryFromOpName(op).value_or(cost.matrix ? Category::gemm : Category::other);
    e.precision = hloPrecision(cost.elementType);
    e.tensorUnits = cost.matrix;
    e.formula = "HLO cost model (Roofscope's, after XLA's HloCostAnalysis): " + cost.formula +
                "; bytes: operands and results of " + op;
    return e;
}

} // namespace roofscope
