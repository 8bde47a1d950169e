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

std::string hloDtypeName(int elementType) {
    switch (elementType) {
    case hlo_type::pred:
        return "bool";
    case hlo_type::s8:
        return "int8";
    case hlo_type::s16:
        return "int16";
    case hlo_type::s32:
        return "int32";
    case hlo_type::s64:
        return "int64";
    case hlo_type::u8:
        return "uint8";
    case hlo_type::u16:
        return "uint16";
    case hlo_type::u32:
        return "uint32";
    case hlo_type::u64:
        return "uint64";
    case hlo_type::f16:
        return "float16";
    case hlo_type::f32:
        return "float32";
    case hlo_type::f64:
        return "float64";
    case hlo_type::bf16:
        return "bfloat16";
    case hlo_type::c64:
        return "complexfloat";
    case hlo_type::c128:
        return "complexdouble";
    case 19: // F8E5M2
        return "float8_e5m2";
    case 20: // F8E4M3FN
        return "float8_e4m3fn";
    case 24: // F8E5M2FNUZ
        return "float8_e5m2fnuz";
    case 25: // F8E4M3FNUZ
        return "float8_e4m3fnuz";
    case 28: // F8E4M3
        return "fp8_e4m3";
    case 33: // F8E8M0FNU
        return "float8_e8m0fnu";
    default:
        return "";
    }
}

} // namespace roofscope
