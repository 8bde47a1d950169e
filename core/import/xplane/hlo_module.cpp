// The `Hlo Proto` of a program: a scan of the wire format that counts what protobuf would build
// (computations, instructions, shapes) before anything is allocated, then protobuf's own parse
// with the carried schema (proto/hlo.proto), copied into the plain structs of hlo_module.h.
#include "core/import/xplane/hlo_module.h"

#include <algorithm>
#include <optional>

#ifdef ROOFSCOPE_HAVE_XPLANE
#include "import/xplane/proto/hlo.pb.h"
#endif

namespace roofscope {
namespace {

// The messages of hlo.proto the scan enters; everything else is skipped by wire type.
enum class Hlo { proto, module, computation, instruction, shape, group, deviceList, other };

// The field numbers that hold the messages counted (hlo.proto).
Hlo childOf(Hlo parent, std::uint64_t field) {
    switch (parent) {
    case Hlo::proto:
        return field == 1 ? Hlo::module : Hlo::other;
    case Hlo::module:
        return field == 3 ? Hlo::computation : Hlo::other;
    case Hlo::computation:
        return field == 2 ? Hlo::instruction : Hlo::other;
    case Hlo::instruction:
        return field == 3    ? Hlo::shape
               : field == 49 ? Hlo::group
               : field == 87 ? Hlo::deviceList
                             : Hlo::other;
    case Hlo::deviceList:
        return field == 1 ? Hlo::group : Hlo::other;
    case Hlo::group:
        return Hlo::other;
    case Hlo::shape:
        return field == 4 ? Hlo::shape : Hlo::other;
    case Hlo::other:
        break;
    }
    return Hlo::other;
}

class Scanner {
  public:
    Scanner(std::string_view bytes, const HloLimits& limits, const std::string& where)
        : bytes_(bytes), limits_(limits), where_(where) {}

    Status scan(std::size_t begin, std::size_t end, Hlo message, std::uint64_t depth) {
        std::size_t at = begin;
        while (at < end) {
            const std::size_t fieldAt = at;
            const auto tag = varint(at, end);
            if (!tag)
                return failure("a field tag runs past the end of its message", fieldAt);
            switch (*tag & 7) {
            case 0:
                if (!varint(at, end))
                    return failure("a number runs past the end of its message", fieldAt);
                if (Status s = countNumbers(message, *tag >> 3, 1, fieldAt); !s)
                    return s;
                break;
            case 1:
                if (end - at < 8)
                    return failure("a 64-bit value runs past the end", fieldAt);
                at += 8;
                break;
            case 5:
                if (end - at < 4)
                    return failure("a 32-bit value runs past the end", fieldAt);
                at += 4;
                break;
            case 2: {
                const auto length = varint(at, end);
                if (!length || *length > end - at)
                    return failure("a length runs past the end of its message (truncated?)",
                                   fieldAt);
                const Hlo child = childOf(message, *tag >> 3);
                if (child == Hlo::shape && message == Hlo::shape && depth >= limits_.maxTupleDepth)
                    return failure("tuple shapes nested more than " +
                                       std::to_string(limits_.maxTupleDepth) + " deep",
                                   fieldAt);
                if (Status s = count(child, fieldAt); !s)
                    return s;
                // A packed list of numbers (operand ids, dimensions): each byte may be one
                // number of 8 bytes in memory.
                if (child == Hlo::other)
                    if (Status s = countNumbers(message, *tag >> 3, *length, fieldAt); !s)
                        return s;
                if (child != Hlo::other)
                    if (Status s = scan(at, at + std::size_t(*length), child,
                                        child == Hlo::shape ? depth + 1 : depth);
                        !s)
                        return s;
                at += std::size_t(*length);
                break;
            }
            default:
                return failure("wire type " + std::to_string(*tag & 7) +
                                   " is not one an HloProto uses (damaged?)",
                               fieldAt);
            }
        }
        return {};
    }

  private:
    std::optional<std::uint64_t> varint(std::size_t& at, std::size_t end) const {
        std::uint64_t value = 0;
        for (int shift = 0; shift < 64 && at < end; shift += 7) {
            const auto byte = static_cast<std::uint8_t>(bytes_[at++]);
            value |= std::uint64_t(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                return value;
        }
        return std::nullopt;
    }

    Status count(Hlo child, std::size_t at) {
        const auto over = [&](std::uint64_t n, std::uint64_t limit, const char* what) -> Status {
            if (n <= limit)
                return {};
            return failure("more than " + std::to_string(limit) + " " + what, at);
        };
        switch (child) {
        case Hlo::computation:
            return over(++computations_, limits_.maxComputations, "computations");
        case Hlo::instruction:
            return over(++instructions_, limits_.maxInstructions, "instructions");
        case Hlo::shape:
            return over(++shapes_, limits_.maxShapes, "shapes");
        case Hlo::group: // a message of its own: in memory about as much as 8 numbers
            return countNumbers(Hlo::group, 0, 8, at);
        default:
            return {};
        }
    }

    // The lists of numbers of instructions (dimensions 14, operand, control-predecessor and
    // called-computation ids 36-38) and shapes (dimensions 3, is_dynamic_dimension 6): `n`
    // numbers, or a packed list of `n` bytes, each of which may be a number of 8 bytes in memory.
    Status countNumbers(Hlo message, std::uint64_t field, std::uint64_t n, std::size_t at) {
        // Replica groups: a group message (field 0 here, counted as 8), its device ids (1); an
        // iota list (collective_device_list's field 2) by its bytes.
        const bool list = message == Hlo::instruction ? field == 14 || (field >= 36 && field <= 38)
                          : message == Hlo::shape     ? field == 3 || field == 6
                          : message == Hlo::group     ? field <= 1
                                                      : message == Hlo::deviceList && field == 2;
        if (!list)
            return {};
        numbers_ += n;
        if (numbers_ <= limits_.maxNumbers)
            return {};
        return failure("more than " + std::to_string(limits_.maxNumbers) +
                           " ids and dimensions in instructions and shapes",
                       at);
    }

    Error failure(std::string message, std::size_t at) const {
        SourceLocation where = inFile(where_);
        where.byteOffset = static_cast<std::int64_t>(at);
        return makeError("HLO proto: " + std::move(message), where);
    }

    std::string_view bytes_;
    const HloLimits& limits_;
    const std::string& where_;
    std::uint64_t computations_ = 0, instructions_ = 0, shapes_ = 0, numbers_ = 0;
};

#ifdef ROOFSCOPE_HAVE_XPLANE

std::int64_t atLeastOne(std::int64_t v) {
    return v == 0 ? 1 : v;
}

template <class Repeated> std::vector<std::int64_t> ints(const Repeated& r) {
    return std::vector<std::int64_t>(r.begin(), r.end());
}

// Shapes are bounded by the scan (count and depth); ranks here.
bool copyShape(const xla::ShapeProto& from, HloShape& to, const HloLimits& limits) {
    if (static_cast<std::uint64_t>(from.dimensions_size()) > limits.maxRank)
        return false;
    to.elementType = static_cast<int>(from.element_type());
    to.dims = ints(from.dimensions());
    for (const std::int64_t d : to.dims)
        if (d < 0)
            return false;
    to.tupleShapes.resize(static_cast<std::size_t>(from.tuple_shapes_size()));
    for (int i = 0; i < from.tuple_shapes_size(); ++i)
        if (!copyShape(from.tuple_shapes(i), to.tupleShapes[std::size_t(i)], limits))
            return false;
    return true;
}

bool copyInstruction(const xla::HloInstructionProto& from, HloInstruction& to,
                     const HloLimits& limits) {
    to.id = from.id();
    to.name = from.name();
    to.opcode = from.opcode();
    if (!copyShape(from.shape(), to.shape, limits))
        return false;
    to.operands = ints(from.operand_ids());
    to.called = ints(from.called_computation_ids());
    to.dimensions = ints(from.dimensions());
    if (static_cast<std::uint64_t>(from.window().dimensions_size()) > limits.maxRank)
        return false;
    for (const xla::WindowDimension& w : from.window().dimensions()) {
        HloWindowDim d;
        d.size = w.size();
        d.stride = atLeastOne(w.stride());
        d.paddingLow = w.padding_low();
        d.paddingHigh = w.padding_high();
        d.windowDilation = atLeastOne(w.window_dilation());
        d.baseDilation = atLeastOne(w.base_dilation());
        to.window.push_back(d);
    }
    if (from.has_convolution_dimension_numbers()) {
        const xla::ConvolutionDimensionNumbers& c = from.convolution_dimension_numbers();
        to.hasConvDims = true;
        to.conv.inputBatch = c.input_batch_dimension();
        to.conv.inputFeature = c.input_feature_dimension();
        to.conv.inputSpatial = ints(c.input_spatial_dimensions());
        to.conv.kernelInputFeature = c.kernel_input_feature_dimension();
        to.conv.kernelOutputFeature = c.kernel_output_feature_dimension();
        to.conv.kernelSpatial = ints(c.kernel_spatial_dimensions());
        to.conv.outputBatch = c.output_batch_dimension();
        to.conv.outputFeature = c.output_feature_dimension();
        to.conv.outputSpatial = ints(c.output_spatial_dimensions());
    }
    if (from.has_dot_dimension_numbers()) {
        const xla::DotDimensionNumbers& d = from.dot_dimension_numbers();
        to.hasDotDims = true;
        to.dot.lhsContracting = ints(d.lhs_contracting_dimensions());
        to.dot.rhsContracting = ints(d.rhs_contracting_dimensions());
        to.dot.lhsBatch = ints(d.lhs_batch_dimensions());
        to.dot.rhsBatch = ints(d.rhs_batch_dimensions());
    }
    to.customCallTarget = from.custom_call_target();
    to.opName = from.metadata().op_name();
    if (to.opcode == "custom-call")
        to.backendConfig = from.backend_config();
    if (from.replica_groups_size() > 0) {
        to.groupSize = from.replica_groups(0).replica_ids_size();
    } else if (from.has_collective_device_list()) {
        const xla::CollectiveDeviceListProto& list = from.collective_device_list();
        to.groupSize =
            list.replica_groups_size() > 0
                ? list.replica_groups(0).replica_ids_size()
                : std::max<std::int64_t>(0, list.iota_replica_group_list().num_devices_per_group());
    }
    to.featureGroupCount = atLeastOne(from.feature_group_count());
    to.batchGroupCount = atLeastOne(from.batch_group_count());
    return true;
}

#endif

} // namespace

Result<HloModule> parseHloProto(std::string_view bytes, const std::string& where,
                                const HloLimits& limits) {
    if (Status s = Scanner(bytes, limits, where).scan(0, bytes.size(), Hlo::proto, 0); !s)
        return s.error();
#ifdef ROOFSCOPE_HAVE_XPLANE
    xla::HloProto proto;
    if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
        return makeError("HLO proto: protobuf could not parse it as an xla.HloProto",
                         inFile(where));
    const xla::HloModuleProto& m = proto.hlo_module();
    HloModule out;
    out.id = m.id();
    out.name = m.name();
    out.entryId = m.entry_computation_id();
    out.computations.resize(static_cast<std::size_t>(m.computations_size()));
    for (int c = 0; c < m.computations_size(); ++c) {
        const xla::HloComputationProto& from = m.computations(c);
        HloComputation& to = out.computations[std::size_t(c)];
        to.id = from.id();
        to.name = from.name();
        to.rootId = from.root_id();
        to.instructions.resize(static_cast<std::size_t>(from.instructions_size()));
        for (int i = 0; i < from.instructions_size(); ++i)
            if (!copyInstruction(from.instructions(i), to.instructions[std::size_t(i)], limits))
                return makeError("HLO proto: instruction " + from.instructions(i).name() + " in " +
                                     from.name() + " has a shape or window of more than " +
                                     std::to_string(limits.maxRank) +
                                     " dimensions, or a negative dimension",
                                 inFile(where));
    }
    if (out.computations.empty())
        return makeError("HLO proto: the module has no computations", inFile(where));
    return out;
#else
    return makeError(ErrorKind::unsupported,
                     "not supported: this build reads no HLO protos (built without protobuf)",
                     inFile(where));
#endif
}

} // namespace roofscope
