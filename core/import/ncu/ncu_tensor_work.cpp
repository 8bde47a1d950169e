#include "core/import/ncu/ncu_tensor_work.h"

#include <algorithm>
#include <array>
#include <string>
#include <tuple>

namespace roofscope {
namespace {

// Metric names without their "sm__" / "smsp__" unit prefix.
constexpr std::string_view kTotal = "inst_executed_pipe_tensor.sum";
constexpr std::string_view kHmma = "inst_executed_pipe_tensor_op_hmma.sum";
constexpr std::string_view kHfma2 = "inst_executed_pipe_tensor_op_hmma_type_hfma2.sum";
constexpr std::string_view kDmma = "inst_executed_pipe_tensor_op_dmma.sum";
constexpr std::string_view kImma = "inst_executed_pipe_tensor_op_imma.sum";

struct OpsPath {
    std::string_view name;
    Precision source;
};
constexpr std::array kOpsPaths{OpsPath{"ops_path_tensor_src_fp16_dst_fp16.sum", Precision::fp16},
                               OpsPath{"ops_path_tensor_src_fp16_dst_fp32.sum", Precision::fp16},
                               OpsPath{"ops_path_tensor_src_bf16_dst_fp32.sum", Precision::bf16},
                               OpsPath{"ops_path_tensor_src_tf32_dst_fp32.sum", Precision::tf32}};

constexpr std::array<std::string_view, 2> kUnits{"sm__", "smsp__"};

// The metric in its sm__ spelling, else its smsp__ one; nullptr when the export has neither.
const NcuMetric* find(const NcuLaunch& launch, std::string_view base) {
    for (std::string_view unit : kUnits)
        if (const auto* m = launch.metric(std::string(unit) + std::string(base)))
            return m;
    return nullptr;
}

double valueOf(const NcuMetric* m) {
    return m ? std::max(0.0, m->value) : 0;
}

// Rule 1: the source type with most tensor ops, when the export has the ops-path metrics.
std::optional<Precision> opsPathPrecision(const NcuLaunch& launch) {
    std::array<std::pair<Precision, double>, 3> ops{
        {{Precision::fp16, 0}, {Precision::bf16, 0}, {Precision::tf32, 0}}};
    for (const auto& path : kOpsPaths)
        for (auto& [precision, sum] : ops)
            if (precision == path.source)
                sum += valueOf(find(launch, path.name));
    std::optional<Precision> best;
    double most = 0;
    for (const auto& [precision, sum] : ops)
        if (sum > most) {
            most = sum;
            best = precision;
        }
    return best;
}

Precision hmmaPrecisionOf(const NcuLaunch& launch, const KernelTraits& traits,
                          std::optional<Precision> scalarMix, bool ampereOrLater) {
    if (const auto measured = opsPathPrecision(launch))
        return *measured;
    if (traits.precision == Precision::fp16 || traits.precision == Precision::bf16)
        return *traits.precision;
    if (traits.precision == Precision::tf32 && ampereOrLater &&
        (!scalarMix || *scalarMix == Precision::fp32))
        return Precision::tf32;
    return Precision::fp16;
}

} // namespace

bool isNcuTensorMetric(std::string_view name) {
    for (std::string_view unit : kUnits) {
        if (!name.starts_with(unit))
            continue;
        const std::string_view base = name.substr(unit.size());
        if (base == kTotal || base == kHmma || base == kHfma2 || base == kDmma || base == kImma)
            return true;
        for (const auto& path : kOpsPaths)
            if (base == path.name)
                return true;
    }
    return false;
}

NcuTensorWork ncuTensorWork(const NcuLaunch& launch, const KernelTraits& traits,
                            std::optional<Precision> scalarMix, bool ampereOrLater) {
    NcuTensorWork work;
    const auto* total = find(launch, kTotal);
    const auto* hmma = find(launch, kHmma);
    const auto* dmma = find(launch, kDmma);
    const auto* imma = find(launch, kImma);
    work.present = total || hmma || dmma || imma;
    work.hmma = std::max(0.0, valueOf(hmma) - valueOf(find(launch, kHfma2)));
    work.dmma = valueOf(dmma);
    work.imma = valueOf(imma);
    if (total) {
        // What the per-kind metrics do not account for has the kind the name says.
        const double rest = valueOf(total) - valueOf(hmma) - work.dmma - work.imma;
        if (rest > 0) {
            if (traits.precision == Precision::fp64)
                work.dmma += rest;
            else if (traits.precision == Precision::int8)
                work.imma += rest;
            else
                work.hmma += rest;
        }
    }
    work.hmmaPrecision = hmmaPrecisionOf(launch, traits, scalarMix, ampereOrLater);
    return work;
}

std::vector<std::pair<Precision, double>> ncuTensorFlops(const NcuTensorWork& work,
                                                         const TensorFactor& factor) {
    std::vector<std::pair<Precision, double>> out;
    const double hmmaFactor =
        work.hmmaPrecision == Precision::tf32 && factor.tf32FlopsPerInstruction > 0
            ? factor.tf32FlopsPerInstruction
            : factor.flopsPerInstruction;
    for (const auto& [precision, instructions, perInstruction] :
         {std::tuple{work.hmmaPrecision, work.hmma, hmmaFactor},
          std::tuple{Precision::fp64, work.dmma, factor.dmmaFlopsPerInstruction},
          std::tuple{Precision::int8, work.imma, factor.immaOpsPerInstruction}})
        if (instructions > 0 && perInstruction > 0)
            out.emplace_back(precision, instructions * perInstruction);
    return out;
}

} // namespace roofscope
