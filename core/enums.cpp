#include "core/enums.h"

#include <array>
#include <cctype>
#include <string>

namespace roofscope {
namespace {

// Spellings are normalised before matching so that "All-Reduce", "allreduce" handling stays in
// the alias tables below and nowhere else.
std::string normalise(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == '-' || c == ' ')
            c = '_';
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

template <class E> struct Alias {
    std::string_view spelling; // already normalised
    E value;
};

constexpr std::array kPrecisionNames{
    EnumName<Precision>{Precision::fp64, "fp64"},  EnumName<Precision>{Precision::fp32, "fp32"},
    EnumName<Precision>{Precision::tf32, "tf32"},  EnumName<Precision>{Precision::fp16, "fp16"},
    EnumName<Precision>{Precision::bf16, "bf16"},  EnumName<Precision>{Precision::fp8, "fp8"},
    EnumName<Precision>{Precision::int8, "int8"},  EnumName<Precision>{Precision::fp4, "fp4"},
    EnumName<Precision>{Precision::other, "other"}};
// Spellings found in PyTorch dtypes, Kineto "Input type" strings and nccl-tests type columns.
constexpr std::array kPrecisionAliases{Alias<Precision>{"double", Precision::fp64},
                                       Alias<Precision>{"float64", Precision::fp64},
                                       Alias<Precision>{"float", Precision::fp32},
                                       Alias<Precision>{"float32", Precision::fp32},
                                       Alias<Precision>{"half", Precision::fp16},
                                       Alias<Precision>{"float16", Precision::fp16},
                                       Alias<Precision>{"c10::half", Precision::fp16},
                                       Alias<Precision>{"bfloat16", Precision::bf16},
                                       Alias<Precision>{"c10::bfloat16", Precision::bf16},
                                       Alias<Precision>{"float8_e4m3fn", Precision::fp8},
                                       Alias<Precision>{"float8_e5m2", Precision::fp8},
                                       Alias<Precision>{"e4m3", Precision::fp8},
                                       Alias<Precision>{"e5m2", Precision::fp8},
                                       Alias<Precision>{"float4_e2m1fn_x2", Precision::fp4},
                                       Alias<Precision>{"e2m1", Precision::fp4},
                                       Alias<Precision>{"nvfp4", Precision::fp4},
                                       Alias<Precision>{"mxfp4", Precision::fp4},
                                       Alias<Precision>{"char", Precision::int8},
                                       Alias<Precision>{"signed_char", Precision::int8}};

constexpr std::array kComputeUnitNames{EnumName<ComputeUnit>{ComputeUnit::vector, "vector"},
                                       EnumName<ComputeUnit>{ComputeUnit::tensor, "tensor"}};
constexpr std::array kComputeUnitAliases{Alias<ComputeUnit>{"simd", ComputeUnit::vector},
                                         Alias<ComputeUnit>{"cuda_core", ComputeUnit::vector},
                                         Alias<ComputeUnit>{"matrix", ComputeUnit::tensor},
                                         Alias<ComputeUnit>{"tensor_core", ComputeUnit::tensor}};

constexpr std::array kMemoryLevelNames{
    EnumName<MemoryLevel>{MemoryLevel::l1, "l1"}, EnumName<MemoryLevel>{MemoryLevel::l2, "l2"},
    EnumName<MemoryLevel>{MemoryLevel::l3, "l3"}, EnumName<MemoryLevel>{MemoryLevel::dram, "dram"},
    EnumName<MemoryLevel>{MemoryLevel::host, "host"}};
// ncu metric prefixes (l1tex, lts) and marketing names (HBM, DDR) map to the level they measure.
constexpr std::array kMemoryLevelAliases{
    Alias<MemoryLevel>{"l1tex", MemoryLevel::l1},   Alias<MemoryLevel>{"shared", MemoryLevel::l1},
    Alias<MemoryLevel>{"lts", MemoryLevel::l2},     Alias<MemoryLevel>{"hbm", MemoryLevel::dram},
    Alias<MemoryLevel>{"ddr", MemoryLevel::dram},   Alias<MemoryLevel>{"gddr", MemoryLevel::dram},
    Alias<MemoryLevel>{"memory", MemoryLevel::dram}};

constexpr std::array kLinkNames{
    EnumName<Link>{Link::pcie_h2d, "pcie_h2d"}, EnumName<Link>{Link::pcie_d2h, "pcie_d2h"},
    EnumName<Link>{Link::p2p, "p2p"}, EnumName<Link>{Link::intra_node, "intra_node"},
    EnumName<Link>{Link::inter_node, "inter_node"}};
constexpr std::array kLinkAliases{
    Alias<Link>{"h2d", Link::pcie_h2d},     Alias<Link>{"d2h", Link::pcie_d2h},
    Alias<Link>{"nvlink", Link::p2p},       Alias<Link>{"xgmi", Link::p2p},
    Alias<Link>{"intra", Link::intra_node}, Alias<Link>{"inter", Link::inter_node}};

constexpr std::array kDeviceKindNames{
    EnumName<DeviceKind>{DeviceKind::gpu, "gpu"},   EnumName<DeviceKind>{DeviceKind::cpu, "cpu"},
    EnumName<DeviceKind>{DeviceKind::fpga, "fpga"}, EnumName<DeviceKind>{DeviceKind::asic, "asic"},
    EnumName<DeviceKind>{DeviceKind::tpu, "tpu"},   EnumName<DeviceKind>{DeviceKind::ndp, "ndp"}};
// Habana's "HPU" is a training ASIC.
constexpr std::array kDeviceKindAliases{Alias<DeviceKind>{"hpu", DeviceKind::asic},
                                        Alias<DeviceKind>{"npu", DeviceKind::asic}};

constexpr std::array kCategoryNames{EnumName<Category>{Category::gemm, "gemm"},
                                    EnumName<Category>{Category::conv, "conv"},
                                    EnumName<Category>{Category::attention, "attention"},
                                    EnumName<Category>{Category::elementwise, "elementwise"},
                                    EnumName<Category>{Category::norm, "norm"},
                                    EnumName<Category>{Category::reduction, "reduction"},
                                    EnumName<Category>{Category::embedding, "embedding"},
                                    EnumName<Category>{Category::optimizer, "optimizer"},
                                    EnumName<Category>{Category::memcpy, "memcpy"},
                                    EnumName<Category>{Category::collective, "collective"},
                                    EnumName<Category>{Category::memory, "memory"},
                                    EnumName<Category>{Category::other, "other"}};
constexpr std::array kCategoryAliases{Alias<Category>{"matmul", Category::gemm},
                                      Alias<Category>{"convolution", Category::conv},
                                      Alias<Category>{"memset", Category::memcpy},
                                      Alias<Category>{"communication", Category::collective}};

constexpr std::array kPhaseNames{EnumName<Phase>{Phase::forward, "forward"},
                                 EnumName<Phase>{Phase::backward, "backward"},
                                 EnumName<Phase>{Phase::optimizer, "optimizer"},
                                 EnumName<Phase>{Phase::communication, "communication"},
                                 EnumName<Phase>{Phase::unknown, "unknown"}};
constexpr std::array kPhaseAliases{Alias<Phase>{"fwd", Phase::forward},
                                   Alias<Phase>{"bwd", Phase::backward},
                                   Alias<Phase>{"gradient_sync", Phase::communication}};

constexpr std::array kOriginNames{EnumName<Origin>{Origin::measured, "measured"},
                                  EnumName<Origin>{Origin::estimated, "estimated"},
                                  EnumName<Origin>{Origin::absent, "absent"}};
constexpr std::array<Alias<Origin>, 0> kOriginAliases{};

constexpr std::array kProvenanceKindNames{
    EnumName<ProvenanceKind>{ProvenanceKind::spec, "spec"},
    EnumName<ProvenanceKind>{ProvenanceKind::measured, "measured"}};
constexpr std::array kProvenanceKindAliases{
    Alias<ProvenanceKind>{"datasheet", ProvenanceKind::spec}};

constexpr std::array kBottleneckNames{
    EnumName<Bottleneck>{Bottleneck::compute, "compute"},
    EnumName<Bottleneck>{Bottleneck::memory, "memory"},
    EnumName<Bottleneck>{Bottleneck::communication, "communication"},
    EnumName<Bottleneck>{Bottleneck::latency, "latency"},
    EnumName<Bottleneck>{Bottleneck::none, "none"}};
constexpr std::array<Alias<Bottleneck>, 0> kBottleneckAliases{};

constexpr std::array kCollectiveNames{
    EnumName<Collective>{Collective::all_reduce, "all_reduce"},
    EnumName<Collective>{Collective::reduce_scatter, "reduce_scatter"},
    EnumName<Collective>{Collective::all_gather, "all_gather"},
    EnumName<Collective>{Collective::all_to_all, "all_to_all"},
    EnumName<Collective>{Collective::broadcast, "broadcast"},
    EnumName<Collective>{Collective::reduce, "reduce"},
    EnumName<Collective>{Collective::send_recv, "send_recv"}};
// PyTorch's "Collective name" values and nccl-tests binary names.
constexpr std::array kCollectiveAliases{
    Alias<Collective>{"allreduce", Collective::all_reduce},
    Alias<Collective>{"allreduce_coalesced", Collective::all_reduce},
    Alias<Collective>{"reducescatter", Collective::reduce_scatter},
    Alias<Collective>{"_reduce_scatter_base", Collective::reduce_scatter},
    Alias<Collective>{"reduce_scatter_tensor_coalesced", Collective::reduce_scatter},
    Alias<Collective>{"allgather", Collective::all_gather},
    Alias<Collective>{"_allgather_base", Collective::all_gather},
    Alias<Collective>{"all_gather_into_tensor_coalesced", Collective::all_gather},
    Alias<Collective>{"alltoall", Collective::all_to_all},
    Alias<Collective>{"all_to_allv", Collective::all_to_all},
    Alias<Collective>{"alltoall_base", Collective::all_to_all},
    Alias<Collective>{"sendrecv", Collective::send_recv},
    Alias<Collective>{"send", Collective::send_recv},
    Alias<Collective>{"recv", Collective::send_recv},
    Alias<Collective>{"hypercube", Collective::send_recv}};

constexpr std::array kColorByNames{
    EnumName<ColorBy>{ColorBy::dataset, "dataset"}, EnumName<ColorBy>{ColorBy::device, "device"},
    EnumName<ColorBy>{ColorBy::stack, "stack"}, EnumName<ColorBy>{ColorBy::rank, "rank"},
    EnumName<ColorBy>{ColorBy::category, "category"}};
constexpr std::array<Alias<ColorBy>, 0> kColorByAliases{};

constexpr std::array kPointStyleNames{EnumName<PointStyle>{PointStyle::automatic, "automatic"},
                                      EnumName<PointStyle>{PointStyle::markers, "markers"},
                                      EnumName<PointStyle>{PointStyle::dots, "dots"},
                                      EnumName<PointStyle>{PointStyle::density, "density"}};
constexpr std::array kPointStyleAliases{Alias<PointStyle>{"auto", PointStyle::automatic}};

constexpr std::array kViewKindNames{EnumName<ViewKind>{ViewKind::roofline, "roofline"},
                                    EnumName<ViewKind>{ViewKind::hierarchical, "hierarchical"},
                                    EnumName<ViewKind>{ViewKind::md_roofline, "md_roofline"},
                                    EnumName<ViewKind>{ViewKind::time_based, "time_based"},
                                    EnumName<ViewKind>{ViewKind::comparison, "comparison"},
                                    EnumName<ViewKind>{ViewKind::placement, "placement"},
                                    EnumName<ViewKind>{ViewKind::cost, "cost"},
                                    EnumName<ViewKind>{ViewKind::matrix, "matrix"}};
constexpr std::array kViewKindAliases{
    Alias<ViewKind>{"md", ViewKind::md_roofline}, Alias<ViewKind>{"classic", ViewKind::roofline},
    Alias<ViewKind>{"compare", ViewKind::comparison}, Alias<ViewKind>{"pareto", ViewKind::cost},
    Alias<ViewKind>{"time", ViewKind::time_based}};

constexpr std::array kClusterRuleNames{EnumName<ClusterRule>{ClusterRule::slowest, "slowest"},
                                       EnumName<ClusterRule>{ClusterRule::mean, "mean"}};
constexpr std::array kClusterRuleAliases{Alias<ClusterRule>{"min", ClusterRule::slowest},
                                         Alias<ClusterRule>{"average", ClusterRule::mean}};

template <class E, std::size_t N, std::size_t M>
std::optional<E> lookup(std::string_view text, const std::array<EnumName<E>, N>& names,
                        const std::array<Alias<E>, M>& aliases) {
    const std::string key = normalise(text);
    for (const auto& entry : names)
        if (entry.name == key)
            return entry.value;
    for (const auto& alias : aliases)
        if (alias.spelling == key)
            return alias.value;
    return std::nullopt;
}

} // namespace

#define ROOFSCOPE_ENUM_TABLE(E, names, aliases)                                                    \
    template <> std::span<const EnumName<E>> enumNames<E>() {                                      \
        return names;                                                                              \
    }                                                                                              \
    template <> std::optional<E> parseEnum<E>(std::string_view text) {                             \
        return lookup(text, names, aliases);                                                       \
    }

ROOFSCOPE_ENUM_TABLE(Precision, kPrecisionNames, kPrecisionAliases)
ROOFSCOPE_ENUM_TABLE(ComputeUnit, kComputeUnitNames, kComputeUnitAliases)
ROOFSCOPE_ENUM_TABLE(MemoryLevel, kMemoryLevelNames, kMemoryLevelAliases)
ROOFSCOPE_ENUM_TABLE(Link, kLinkNames, kLinkAliases)
ROOFSCOPE_ENUM_TABLE(DeviceKind, kDeviceKindNames, kDeviceKindAliases)
ROOFSCOPE_ENUM_TABLE(Category, kCategoryNames, kCategoryAliases)
ROOFSCOPE_ENUM_TABLE(Phase, kPhaseNames, kPhaseAliases)
ROOFSCOPE_ENUM_TABLE(Origin, kOriginNames, kOriginAliases)
ROOFSCOPE_ENUM_TABLE(ProvenanceKind, kProvenanceKindNames, kProvenanceKindAliases)
ROOFSCOPE_ENUM_TABLE(Bottleneck, kBottleneckNames, kBottleneckAliases)
ROOFSCOPE_ENUM_TABLE(Collective, kCollectiveNames, kCollectiveAliases)
ROOFSCOPE_ENUM_TABLE(ColorBy, kColorByNames, kColorByAliases)
ROOFSCOPE_ENUM_TABLE(PointStyle, kPointStyleNames, kPointStyleAliases)
ROOFSCOPE_ENUM_TABLE(ViewKind, kViewKindNames, kViewKindAliases)
ROOFSCOPE_ENUM_TABLE(ClusterRule, kClusterRuleNames, kClusterRuleAliases)

#undef ROOFSCOPE_ENUM_TABLE

} // namespace roofscope
