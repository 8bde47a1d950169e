#include "core/estimate/collective_bytes.h"

#include "core/collectives.h"
#include "core/estimate/op_inputs.h"

#include <array>
#include <cctype>
#include <string>

namespace roofscope {
namespace {

struct DtypeSize {
    std::string_view name; // lower case
    int bytes;
};

// c10 ScalarType names (Kineto's "dtype"), then nccl-tests' type names, all lower-cased.
constexpr std::array kDtypes{
    DtypeSize{"byte", 1},
    DtypeSize{"char", 1},
    DtypeSize{"short", 2},
    DtypeSize{"int", 4},
    DtypeSize{"long", 8},
    DtypeSize{"half", 2},
    DtypeSize{"float", 4},
    DtypeSize{"double", 8},
    DtypeSize{"complexhalf", 4},
    DtypeSize{"complexfloat", 8},
    DtypeSize{"complexdouble", 16},
    DtypeSize{"bool", 1},
    DtypeSize{"qint8", 1},
    DtypeSize{"quint8", 1},
    DtypeSize{"qint32", 4},
    DtypeSize{"bfloat16", 2},
    DtypeSize{"float8_e5m2", 1},
    DtypeSize{"float8_e4m3fn", 1},
    DtypeSize{"float8_e5m2fnuz", 1},
    DtypeSize{"float8_e4m3fnuz", 1},
    DtypeSize{"float8_e8m0fnu", 1},
    DtypeSize{"uint16", 2},
    DtypeSize{"uint32", 4},
    DtypeSize{"uint64", 8},
    DtypeSize{"int8", 1},
    DtypeSize{"uint8", 1},
    DtypeSize{"int16", 2},
    DtypeSize{"int32", 4},
    DtypeSize{"int64", 8},
    DtypeSize{"float16", 2},
    DtypeSize{"float32", 4},
    DtypeSize{"float64", 8},
    DtypeSize{"bf16", 2},
    DtypeSize{"fp16", 2},
    DtypeSize{"fp32", 4},
    DtypeSize{"fp64", 8},
    DtypeSize{"f8e4m3", 1},
    DtypeSize{"f8e5m2", 1},
    DtypeSize{"fp8_e4m3", 1},
    DtypeSize{"fp8_e5m2", 1},
};

} // namespace

std::optional<int> collectiveDtypeBytes(std::string_view dtype) {
    std::string lower;
    for (const char c : dtype)
        if (c != ' ')
            lower += char(std::tolower(static_cast<unsigned char>(c)));
    if (lower.rfind("torch.", 0) == 0)
        lower.erase(0, 6);
    for (const auto& entry : kDtypes)
        if (entry.name == lower)
            return entry.bytes;
    return dtypeBytes(dtype); // "c10::BFloat16", "long int", ...
}

Result<CollectiveBytes> collectiveBytes(Collective collective, std::int64_t inNelems,
                                        std::int64_t outNelems, std::string_view dtype,
                                        int groupSize) {
    const std::string name(toString(collective));
    if (inNelems < 0 || outNelems < 0)
        return makeError(name + ": negative message element count (in " + std::to_string(inNelems) +
                         ", out " + std::to_string(outNelems) + ")");
    const auto bytes = collectiveDtypeBytes(dtype);
    if (!bytes)
        return makeError(name + ": unknown dtype '" + std::string(dtype) + "'");
    const auto factor = busBandwidthFactor(collective, groupSize);
    if (!factor)
        return makeError(name + ": " + factor.error().message);

    // nccl-tests' S in elements, in double so that in x n cannot overflow.
    const double n = groupSize, in = double(inNelems), out = double(outNelems);
    double elements = 0;
    switch (collective) {
    case Collective::all_gather:
        elements = out > 0 || in == 0 ? out : in * n;
        break;
    case Collective::reduce_scatter:
        elements = in > 0 || out == 0 ? in : out * n;
        break;
    case Collective::all_reduce:
    case Collective::broadcast:
    case Collective::reduce:
    case Collective::all_to_all:
    case Collective::send_recv:
        elements = in > 0 ? in : out;
        break;
    }
    CollectiveBytes result;
    result.elementBytes = *bytes;
    result.messageBytes = elements * *bytes;
    if (result.messageBytes > double(kMaxShapeElements))
        return makeError(name + ": message of " + std::to_string(result.messageBytes) +
                         " bytes is beyond 2^62");
    result.busFactor = factor.value();
    result.wireBytesPerRank = result.messageBytes * result.busFactor;
    return result;
}

} // namespace roofscope
