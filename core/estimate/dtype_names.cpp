// Tensor dtype names as the PyTorch profiler writes them in "Input type", with their element
// size and the precision they compute in.

#include "core/estimate/op_inputs.h"
#include "core/text_words.h"

#include <array>

namespace roofscope {
namespace {

struct DtypeInfo {
    std::string_view name; // exactly as the profiler or torch spells it
    int bytes;
    Precision precision;
};

// Tensor dtype names in "Input type": caffe2 TypeMeta names (what dtype().name() returns, as
// written by Kineto since 2021), the short spellings some builds write ("long", "int"), and
// Python's torch dtype names. Capitalised IValue tags ("Int", "Double", "Bool", "GenericList")
// and "Scalar" describe non-tensor arguments and are deliberately absent. uint8 and the
// quantised 8-bit types compute as int8; integer and bool tensors as "other". Float8_e8m0fnu is
// the exponent-only scale type of MX formats. Float4_e2m1fn_x2 holds two fp4 values in a byte
// (1 B per stored element) and computes in fp4.
constexpr std::array kDtypes{
    DtypeInfo{"float", 4, Precision::fp32},
    DtypeInfo{"float32", 4, Precision::fp32},
    DtypeInfo{"torch.float32", 4, Precision::fp32},
    DtypeInfo{"double", 8, Precision::fp64},
    DtypeInfo{"float64", 8, Precision::fp64},
    DtypeInfo{"torch.float64", 8, Precision::fp64},
    DtypeInfo{"c10::Half", 2, Precision::fp16},
    DtypeInfo{"half", 2, Precision::fp16},
    DtypeInfo{"float16", 2, Precision::fp16},
    DtypeInfo{"torch.float16", 2, Precision::fp16},
    DtypeInfo{"c10::BFloat16", 2, Precision::bf16},
    DtypeInfo{"bfloat16", 2, Precision::bf16},
    DtypeInfo{"torch.bfloat16", 2, Precision::bf16},
    DtypeInfo{"c10::Float8_e4m3fn", 1, Precision::fp8},
    DtypeInfo{"c10::Float8_e5m2", 1, Precision::fp8},
    DtypeInfo{"c10::Float8_e4m3fnuz", 1, Precision::fp8},
    DtypeInfo{"c10::Float8_e5m2fnuz", 1, Precision::fp8},
    DtypeInfo{"c10::Float8_e8m0fnu", 1, Precision::fp8},
    DtypeInfo{"float8_e4m3fn", 1, Precision::fp8},
    DtypeInfo{"float8_e5m2", 1, Precision::fp8},
    DtypeInfo{"torch.float8_e4m3fn", 1, Precision::fp8},
    DtypeInfo{"torch.float8_e5m2", 1, Precision::fp8},
    DtypeInfo{"float8_e4m3fnuz", 1, Precision::fp8},
    DtypeInfo{"float8_e5m2fnuz", 1, Precision::fp8},
    DtypeInfo{"float8_e8m0fnu", 1, Precision::fp8},
    DtypeInfo{"torch.float8_e4m3fnuz", 1, Precision::fp8},
    DtypeInfo{"torch.float8_e5m2fnuz", 1, Precision::fp8},
    DtypeInfo{"torch.float8_e8m0fnu", 1, Precision::fp8},
    DtypeInfo{"c10::Float4_e2m1fn_x2", 1, Precision::fp4},
    DtypeInfo{"float4_e2m1fn_x2", 1, Precision::fp4},
    DtypeInfo{"torch.float4_e2m1fn_x2", 1, Precision::fp4},
    DtypeInfo{"signed char", 1, Precision::int8},
    DtypeInfo{"int8", 1, Precision::int8},
    DtypeInfo{"torch.int8", 1, Precision::int8},
    DtypeInfo{"unsigned char", 1, Precision::int8},
    DtypeInfo{"uint8", 1, Precision::int8},
    DtypeInfo{"torch.uint8", 1, Precision::int8},
    DtypeInfo{"c10::qint8", 1, Precision::int8},
    DtypeInfo{"c10::quint8", 1, Precision::int8},
    DtypeInfo{"bool", 1, Precision::other},
    DtypeInfo{"torch.bool", 1, Precision::other},
    DtypeInfo{"short int", 2, Precision::other},
    DtypeInfo{"short", 2, Precision::other},
    DtypeInfo{"int16", 2, Precision::other},
    DtypeInfo{"unsigned short", 2, Precision::other},
    DtypeInfo{"int", 4, Precision::other},
    DtypeInfo{"int32", 4, Precision::other},
    DtypeInfo{"torch.int32", 4, Precision::other},
    DtypeInfo{"unsigned int", 4, Precision::other},
    DtypeInfo{"c10::qint32", 4, Precision::other},
    DtypeInfo{"long int", 8, Precision::other},
    DtypeInfo{"long", 8, Precision::other},
    DtypeInfo{"long long", 8, Precision::other},
    DtypeInfo{"long long int", 8, Precision::other},
    DtypeInfo{"__int64", 8, Precision::other},
    DtypeInfo{"int64", 8, Precision::other},
    DtypeInfo{"torch.int64", 8, Precision::other},
    DtypeInfo{"long unsigned int", 8, Precision::other},
    DtypeInfo{"c10::complex<c10::Half>", 4, Precision::fp16},
    DtypeInfo{"c10::complex<float>", 8, Precision::fp32},
    DtypeInfo{"c10::complex<double>", 16, Precision::fp64},
};

const DtypeInfo* findDtype(std::string_view type) {
    type = trimBlanks(type);
    for (const auto& info : kDtypes)
        if (info.name == type)
            return &info;
    return nullptr;
}

} // namespace

std::optional<int> dtypeBytes(std::string_view type) {
    const DtypeInfo* info = findDtype(type);
    return info ? std::optional<int>(info->bytes) : std::nullopt;
}

std::optional<Precision> dtypePrecision(std::string_view type) {
    const DtypeInfo* info = findDtype(type);
    return info ? std::optional<Precision>(info->precision) : std::nullopt;
}

} // namespace roofscope
