#pragma once
// The closed vocabularies of the data model, each with a stable snake_case spelling that is
// used in every file Roofscope writes. toString() and parseEnum<E>() round-trip exactly;
// parseEnum also accepts the spellings other tools use (see enums.cpp), case-insensitively.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace roofscope {

// The vocabularies a trace's launches carry are one byte wide: hundreds of thousands of launches
// are kept per trace (core/import/kineto/launch_record.h).
enum class Precision : std::uint8_t { fp64, fp32, tf32, fp16, bf16, fp8, int8, fp4, other };
enum class ComputeUnit { vector, tensor };
enum class MemoryLevel { l1, l2, l3, dram, host };
enum class Link { pcie_h2d, pcie_d2h, p2p, intra_node, inter_node };
enum class DeviceKind { gpu, cpu, fpga, asic, tpu, ndp };
enum class Category : std::uint8_t {
    gemm,
    conv,
    attention,
    elementwise,
    norm,
    reduction,
    embedding,
    optimizer,
    memcpy,
    collective,
    // Device-side data movement by kernels (layout transforms, copies, cat, fills, gathers),
    // apart from memcpy, which is the copy engine's and the runtime's memcpy/memset events.
    memory,
    other
};
enum class Phase : std::uint8_t { forward, backward, optimizer, communication, unknown };
// Where a number came from: hardware counters, a formula over shapes, or nowhere.
enum class Origin : std::uint8_t { measured, estimated, absent };
enum class ProvenanceKind { spec, measured };
// latency: far below every roof at a few microseconds a launch, its time is launch and
// scheduling overhead rather than work (md_roofline.h, kLatencyBoundLaunchS).
enum class Bottleneck { compute, memory, communication, latency, none };
enum class Collective : std::uint8_t {
    all_reduce,
    reduce_scatter,
    all_gather,
    all_to_all,
    broadcast,
    reduce,
    send_recv
};
// How the explorer colours points, and which view it shows.
enum class ColorBy { dataset, device, stack, rank, category };
// How the explorer draws a roofline's points: `automatic` picks by their number (markers, then
// one-pixel dots, then a density image).
enum class PointStyle { automatic, markers, dots, density };
enum class ViewKind {
    roofline,
    hierarchical,
    md_roofline,
    time_based,
    comparison,
    placement,
    cost,
    matrix
};
// Which ceilings stand for a multi-rank run: the slowest rank's (the one the others wait for) or
// the mean over ranks.
enum class ClusterRule { slowest, mean };

template <class E> struct EnumName {
    E value;
    std::string_view name;
};

// Every value of E with its canonical name, in declaration order.
template <class E> std::span<const EnumName<E>> enumNames();

template <class E> std::string_view toString(E value) {
    for (const auto& entry : enumNames<E>())
        if (entry.value == value)
            return entry.name;
    return "?";
}

// Canonical name or a known alias, compared without regard to case, '-' or ' ' versus '_'.
template <class E> std::optional<E> parseEnum(std::string_view text);

#define ROOFSCOPE_DECLARE_ENUM(E)                                                                  \
    template <> std::span<const EnumName<E>> enumNames<E>();                                       \
    template <> std::optional<E> parseEnum<E>(std::string_view text);
ROOFSCOPE_DECLARE_ENUM(Precision)
ROOFSCOPE_DECLARE_ENUM(ComputeUnit)
ROOFSCOPE_DECLARE_ENUM(MemoryLevel)
ROOFSCOPE_DECLARE_ENUM(Link)
ROOFSCOPE_DECLARE_ENUM(DeviceKind)
ROOFSCOPE_DECLARE_ENUM(Category)
ROOFSCOPE_DECLARE_ENUM(Phase)
ROOFSCOPE_DECLARE_ENUM(Origin)
ROOFSCOPE_DECLARE_ENUM(ProvenanceKind)
ROOFSCOPE_DECLARE_ENUM(Bottleneck)
ROOFSCOPE_DECLARE_ENUM(Collective)
ROOFSCOPE_DECLARE_ENUM(ColorBy)
ROOFSCOPE_DECLARE_ENUM(PointStyle)
ROOFSCOPE_DECLARE_ENUM(ViewKind)
ROOFSCOPE_DECLARE_ENUM(ClusterRule)
#undef ROOFSCOPE_DECLARE_ENUM

} // namespace roofscope
