#pragma once
// Roofline records from an Nsight Compute report, with the NERSC hierarchical-roofline formulas
// (roofline-on-nvidia-gpus, postprocess.py; formats.md section 2.2):
//   FLOPs = 2 x fma + mul + add of sm__sass_thread_inst_executed_op_{d,f,h}{fma,mul,add}_pred_on
//   bytes: dram__bytes.sum (dram), lts__t_bytes.sum (l2), l1tex__t_bytes.sum (l1)
//   time  = gpu__time_duration.sum, else sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second
// Unlike NERSC's script, everything stays SI (G = 1e9, not 1024^3).

#include "import/ncu_csv.h"
#include "op_record.h"

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
    // FLOPs per sm__inst_executed_pipe_tensor.sum instruction. Left unset, tensor-core FLOPs are
    // not counted: the factor depends on architecture and precision and formats.md has no sourced
    // value per GPU (NERSC uses 512 for V100, copies use 2048 or 4096).
    std::optional<double> tensorFlopsPerInstruction;
};

// One record per launch, in report order, every number Origin::measured. A quantity whose
// metrics the export lacks is Origin::absent: flops when no FLOP counter is present, a memory
// level when its byte metric is absent, timeS when neither time metric is. Precision is that of
// the largest FLOP share (fp64 for d, fp32 for f, fp16 for h instructions), `other` without FLOP
// counters. usesTensorUnits is true when the tensor pipe executed instructions. Category is gemm
// when the kernel name looks like a GEMM (gemm, cutlass, xmma), else other; phase unknown;
// stream from the "Stream" column when numeric, else -1; count 1.
std::vector<OpRecord> ncuRecords(const NcuReport& report, const NcuRecordOptions& options = {});

// Records of the same kernel (name, device, rank) merged in order of first appearance: FLOPs,
// bytes per level, time and count summed. A quantity stays known only when every merged record
// knows it (a partial sum would understate it); precision is the one carrying most FLOPs; stream
// is kept when all agree, else -1; usesTensorUnits when any used them.
std::vector<OpRecord> aggregateByKernel(const std::vector<OpRecord>& records);

} // namespace roofscope
