#include "core/import/ncu/ncu_records.h"

#include "core/import/kernel_traits.h"
#include "core/import/ncu/ncu_tensor_work.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <map>
#include <tuple>

namespace roofscope {
namespace {

constexpr std::string_view kTimeDuration = "gpu__time_duration.sum";
constexpr std::string_view kCycles = "sm__cycles_elapsed.avg";
constexpr std::string_view kCycleRate = "sm__cycles_elapsed.avg.per_second";

struct LevelMetric {
    std::string_view name;
    MemoryLevel level;
};
constexpr std::array kLevelMetrics{LevelMetric{"dram__bytes.sum", MemoryLevel::dram},
                                   LevelMetric{"lts__t_bytes.sum", MemoryLevel::l2},
                                   LevelMetric{"l1tex__t_bytes.sum", MemoryLevel::l1}};

struct PrecisionLetter {
    char letter; // the "d" of "op_dfma"
    Precision precision;
};
constexpr std::array kPrecisions{PrecisionLetter{'d', Precision::fp64},
                                 PrecisionLetter{'f', Precision::fp32},
                                 PrecisionLetter{'h', Precision::fp16}};

// Order matters on ties: the wider precision wins, since its roof is the lower, safer one.
constexpr std::array kTieOrder{Precision::fp64, Precision::fp32, Precision::tf32, Precision::bf16,
                               Precision::fp16, Precision::fp8,  Precision::int8, Precision::other};

// FLOPs per precision whose counters the export has, in kTieOrder; `tensor` says whether any
// of them is tensor-pipe work.
struct Shares {
    std::array<double, kTieOrder.size()> flops{};
    std::array<bool, kTieOrder.size()> present{}, tensor{};

    void add(Precision p, double value, bool onTensor) {
        const auto i = static_cast<std::size_t>(std::find(kTieOrder.begin(), kTieOrder.end(), p) -
                                                kTieOrder.begin());
        flops[i] += value;
        present[i] = true;
        tensor[i] = tensor[i] || onTensor;
    }
    // The precision doing most FLOPs, and whether they include tensor work; strict > keeps the
    // wider one on a tie. `other` when no counter is present.
    std::pair<Precision, bool> largest() const {
        std::optional<std::size_t> best;
        for (std::size_t i = 0; i < flops.size(); ++i)
            if (present[i] && (!best || flops[i] > flops[*best]))
                best = i;
        return best ? std::pair{kTieOrder[*best], tensor[*best]}
                    : std::pair{Precision::other, false};
    }
};

std::string instMetric(char letter, std::string_view op) {
    return "sm__sass_thread_inst_executed_op_" + std::string(1, letter) + std::string(op) +
           "_pred_on.sum";
}

bool looksLikeGemm(std::string_view kernel) {
    std::string lower(kernel);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // "gemm" also covers sgemm, hgemm, ampere_*gemm and cuBLAS/cuBLASLt names.
    for (std::string_view marker : {"gemm", "cutlass", "xmma"})
        if (lower.find(marker) != std::string::npos)
            return true;
    return false;
}

int parseStream(const std::string& text) {
    int value = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() ? value : -1;
}

// Adds m to sum; the sum stays known only while every addend is.
void accumulate(Measure& sum, const Measure& m, bool first) {
    if (first) {
        sum = m;
        return;
    }
    if (!sum.known() || !m.known()) {
        sum = Measure{};
        return;
    }
    sum.value += m.value;
}

} // namespace

bool isNcuRooflineMetric(std::string_view name) {
    if (name == kTimeDuration || name == kCycles || name == kCycleRate || isNcuTensorMetric(name))
        return true;
    for (const auto& l : kLevelMetrics)
        if (name == l.name)
            return true;
    for (const auto& p : kPrecisions)
        for (std::string_view op : {"add", "mul", "fma"})
            if (name == instMetric(p.letter, op))
                return true;
    return false;
}

std::vector<OpRecord> ncuRecords(const NcuReport& report, const NcuRecordOptions& options) {
    std::vector<OpRecord> records;
    records.reserve(report.launches.size());
    for (const auto& launch : report.launches) {
        OpRecord r;
        r.name = launch.kernelName;
        r.category = looksLikeGemm(launch.kernelName) ? Category::gemm : Category::other;
        r.deviceId = options.deviceId;
        r.rank = options.rank;
        r.stream = parseStream(launch.stream);
        r.precision = Precision::other;

        // Scalar FLOPs per precision; the largest share is the scalar mix.
        bool anyFlops = false;
        double total = 0;
        Shares shares;
        std::optional<Precision> scalarMix;
        double largestScalar = 0;
        for (const auto& p : kPrecisions) {
            double flops = 0;
            bool present = false;
            for (std::string_view op : {"add", "mul", "fma"}) {
                if (const auto* m = launch.metric(instMetric(p.letter, op))) {
                    flops += (op == "fma" ? 2.0 : 1.0) * m->value; // an FMA is two FLOPs
                    present = true;
                }
            }
            if (!present)
                continue;
            anyFlops = true;
            total += flops;
            shares.add(p.precision, flops, false);
            if (!scalarMix || flops > largestScalar) {
                largestScalar = flops;
                scalarMix = p.precision;
            }
        }
        // Tensor FLOPs join their precision's share (ncu_tensor_work.h).
        const NcuTensorWork work =
            ncuTensorWork(launch, kernelTraits(launch.kernelName),
                          largestScalar > 0 ? scalarMix : std::nullopt, options.ampereOrLater);
        bool tensorCounted = false;
        if (work.present && options.tensorFactor) {
            anyFlops = true;
            for (const auto& [precision, flops] : ncuTensorFlops(work, *options.tensorFactor)) {
                total += flops;
                shares.add(precision, flops, true);
                tensorCounted = true;
            }
        }
        // The precision doing most of the FLOPs: that roof is the one the kernel is mostly bound
        // by, the tensor one when tensor work is part of them.
        const auto [precision, onTensor] = shares.largest();
        r.precision = precision;
        r.usesTensorUnits = tensorCounted ? onTensor : work.instructions() > 0;
        if (anyFlops)
            r.flops = Measure::measured(total);

        for (const auto& l : kLevelMetrics)
            if (const auto* m = launch.metric(l.name))
                r.bytes[l.level] = Measure::measured(m->value);

        const auto* duration = launch.metric(kTimeDuration);
        const auto* cycles = launch.metric(kCycles);
        const auto* rate = launch.metric(kCycleRate);
        if (duration)
            r.timeS = Measure::measured(duration->value);
        else if (cycles && rate && rate->value > 0)
            r.timeS = Measure::measured(cycles->value / rate->value);
        records.push_back(std::move(r));
    }
    return records;
}

std::vector<OpRecord> aggregateByKernel(const std::vector<OpRecord>& records) {
    std::vector<OpRecord> out;
    std::vector<std::map<Precision, double>> flopsByPrecision;
    std::map<std::tuple<std::string, std::string, int>, std::size_t> index;
    for (const auto& r : records) {
        const auto key = std::make_tuple(r.name, r.deviceId, r.rank);
        const auto found = index.find(key);
        if (found == index.end()) {
            index.emplace(key, out.size());
            out.push_back(r);
            flopsByPrecision.push_back({{r.precision, r.flops.known() ? r.flops.value : 0}});
            continue;
        }
        OpRecord& sum = out[found->second];
        auto& shares = flopsByPrecision[found->second];
        shares[r.precision] += r.flops.known() ? r.flops.value : 0;
        accumulate(sum.flops, r.flops, false);
        accumulate(sum.timeS, r.timeS, false);
        // Levels known in only some records become absent; levels in none stay out.
        for (auto& [level, measure] : sum.bytes) {
            const auto it = r.bytes.find(level);
            accumulate(measure, it == r.bytes.end() ? Measure{} : it->second, false);
        }
        for (const auto& [level, measure] : r.bytes)
            if (!sum.bytes.contains(level))
                sum.bytes[level] = Measure{};
        sum.count += r.count;
        sum.usesTensorUnits = sum.usesTensorUnits || r.usesTensorUnits;
        if (sum.stream != r.stream)
            sum.stream = -1;
        double best = -1;
        for (const auto& [precision, flops] : shares)
            if (flops > best) {
                best = flops;
                sum.precision = precision;
            }
    }
    return out;
}

} // namespace roofscope
