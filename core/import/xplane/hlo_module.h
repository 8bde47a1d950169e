#pragma once
// An XLA program as the profiler stores it (the serialized HloProto in the `Hlo Proto` stat of the
// /host:metadata plane), read into plain structs holding only what the HLO cost model needs
// (hlo_cost.h). The rest of core never sees a generated protobuf type: tests build these structs
// directly.

#include "core/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// xla::PrimitiveType values (xla_data.proto); the ones the model names.
namespace hlo_type {
inline constexpr int pred = 1, s8 = 2, s16 = 3, s32 = 4, s64 = 5, u8 = 6, u16 = 7, u32 = 8, u64 = 9,
                     f16 = 10, f32 = 11, f64 = 12, tuple = 13, opaque = 14, c64 = 15, bf16 = 16,
                     token = 17, c128 = 18;
} // namespace hlo_type

struct HloShape {
    int elementType = 0;               // xla::PrimitiveType
    std::vector<std::int64_t> dims;    // array shapes
    std::vector<HloShape> tupleShapes; // tuples
};

struct HloWindowDim {
    std::int64_t size = 1, stride = 1, paddingLow = 0, paddingHigh = 0;
    std::int64_t windowDilation = 1, baseDilation = 1; // 0 in the file reads as 1
};

struct HloConvDims {
    std::int64_t inputBatch = 0, inputFeature = 0;
    std::vector<std::int64_t> inputSpatial;
    std::int64_t kernelInputFeature = 0, kernelOutputFeature = 0;
    std::vector<std::int64_t> kernelSpatial;
    std::int64_t outputBatch = 0, outputFeature = 0;
    std::vector<std::int64_t> outputSpatial;
};

struct HloDotDims {
    std::vector<std::int64_t> lhsContracting, rhsContracting, lhsBatch, rhsBatch;
};

struct HloInstruction {
    std::int64_t id = 0; // int64: JAX 0.8 packs the computation id into the high bits
    std::string name;    // what a kernel's hlo_op stat names
    std::string opcode;  // "dot", "fusion", "custom-call", ...
    HloShape shape;
    std::vector<std::int64_t> operands;   // instruction ids, same computation
    std::vector<std::int64_t> called;     // computation ids (fusion body, reducer, while body)
    std::vector<std::int64_t> dimensions; // reduce: the reduced dimensions
    std::vector<HloWindowDim> window;     // convolution, reduce-window
    bool hasConvDims = false;
    HloConvDims conv;
    bool hasDotDims = false;
    HloDotDims dot;
    std::string customCallTarget;
    // metadata.op_name: the framework's name stack, "jit(loss_fn)/transpose(jvp())/dot_general"
    // in JAX, whose transforms say forward (jvp) and backward (transpose of the jvp).
    std::string opName;
    // Custom calls only (empty for the rest, which the model does not read it for): the
    // backend_config text, such as an FFI call's attribute dictionary ("{attn_heads = 16 : i64,
    // ...}") or a cuBLAS call's JSON.
    std::string backendConfig;
    std::int64_t featureGroupCount = 1, batchGroupCount = 1; // 0 in the file reads as 1
    // Collectives: the devices in each replica group (the first group's size, from
    // replica_groups or collective_device_list); 0 when the instruction names no groups, which
    // XLA reads as every device taking part.
    std::int64_t groupSize = 0;
};

struct HloComputation {
    std::int64_t id = 0;
    std::string name;
    std::int64_t rootId = 0;
    std::vector<HloInstruction> instructions; // operands before users
};

struct HloModule {
    std::int64_t id = 0;
    std::string name;
    std::int64_t entryId = 0;
    std::vector<HloComputation> computations; // callees before callers
};

// What one `Hlo Proto` may hold before it is refused: the file limits (xplane_limits.h) bound its
// bytes, but an empty instruction is 2 bytes on the wire and hundreds in memory.
struct HloLimits {
    std::uint64_t maxComputations = std::uint64_t(1) << 16;
    std::uint64_t maxInstructions = std::uint64_t(1) << 20; // all computations
    std::uint64_t maxShapes = std::uint64_t(4) << 20;       // incl. tuple elements
    std::uint64_t maxTupleDepth = 16;
    std::uint64_t maxRank = 64; // dims of one shape; XLA's own limit is far lower in practice
    // Ids and dimensions of instructions and shapes (by the bytes of their lists: a number is at
    // least one byte on the wire and 8 in memory). A program of a million instructions has ~20 M.
    std::uint64_t maxNumbers = std::uint64_t(64) << 20;
};

// Reads a serialized xla.HloProto (`bytes`). Errors name `where` (the file and program) and the
// byte offset within the proto: a proto over the limits, truncated, not an HloProto, or a build
// without protobuf.
Result<HloModule> parseHloProto(std::string_view bytes, const std::string& where,
                                const HloLimits& limits = {});

} // namespace roofscope
