#pragma once
// Roofline records from an Nsight Compute report, with the NERSC hierarchical-roofline formulas
// (roofline-on-nvidia-gpus, postprocess.py; formats.md section 2.2):
//   FLOPs = 2 x fma + mul + add of sm__sass_thread_inst_executed_op_{d,f,h}{fma,mul,add}_pred_on
//           + tensor-pipe instructions x the architecture's FLOPs per instruction, per kind
//           (ncu_tensor_work.h, ncu_tensor_factor.h)
//   bytes: dram__bytes.sum (dram), lts__t_bytes.sum (l2), l1tex__t_bytes.sum (l1)
//   time  = gpu__time_duration.sum, else sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second
// Unlike NERSC's script, everything stays SI (G = 1e9, not 1024^3).
//
// Precision and unit follow what ran. FLOPs are summed per precision, scalar (d fp64, f fp32,
// h fp16) and tensor (HMMA in its precision, DMMA fp64, IMMA int8) alike; the precision with most
// FLOPs is the record's, as Kineto's grouping picks one (ties: the wider precision, whose roof is
// the lower, safer one: fp64, fp32, tf32, bf16, fp16, int8). usesTensorUnits is true when that
// precision's FLOPs include tensor-pipe work, so that Ceilings::computeKeyFor(precision, true)
// bounds it by the tensor roof of that precision: an A100 fp16 HMMA GEMM whose epilogue runs
// fp32 FMAs is fp16 on the tensor roof, not fp32 on the vector one. Without a factor tensor FLOPs
// are not counted; the precision is then the scalar mix's and usesTensorUnits says whether the
// tensor pipe executed instructions.

#include "core/import/ncu/ncu_csv.h"
#include "core/import/ncu/ncu_tensor_factor.h"
#include "core/op_record.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// True for the metrics the formulas above read; the parser refuses to guess their values.
bool isNcuRooflineMetric(std::string_view name);

struct NcuRecordOptions {
    std::string deviceId; // catalog or measured device id of the profiled GPU; may stay empty
    int rank = 0;
    // FLOPs per tensor-pipe instruction of the profiled GPU (ncuTensorFactor). Left unset,
    // tensor-core FLOPs are not counted: the factor depends on architecture and instruction.
    std::optional<TensorFactor> tensorFactor;
    // The GPU is NVIDIA Ampere or later, where fp32 data on tensor cores runs as TF32.
    bool ampereOrLater = false;
};

// One record per launch, in report order, every number Origin::measured. A quantity whose
// metrics the export lacks is Origin::absent: flops when no FLOP counter is present, a memory
// level when its byte metric is absent, timeS when neither time metric is. Precision and
// usesTensorUnits as above, precision `other` without FLOP counters. Category is gemm
// when the kernel name looks like a GEMM (gemm, cutlass, xmma), else other; phase unknown;
// stream from the "Stream" column when numeric, else -1; count 1.
std::vector<OpRecord> ncuRecords(const NcuReport& report, const NcuRecordOptions& options = {});

// Records of the same kernel (name, device, rank) merged in order of first appearance: FLOPs,
// bytes per level, time and count summed. A quantity stays known only when every merged record
// knows it (a partial sum would understate it); precision is the one carrying most FLOPs; stream
// is kept when all agree, else -1; usesTensorUnits when any used them.
std::vector<OpRecord> aggregateByKernel(const std::vector<OpRecord>& records);

} // namespace roofscope
