#pragma once
// From the typed events of one trace (kineto_events.h) to roofline records, one per GPU launch,
// and their aggregations. The rules (formats.md 1.5-1.7):
//   - a kernel links to its launching op by External id, else by correlation through its runtime
//     event (whose External id, or the innermost op enclosing it on its thread, names the op);
//   - FLOPs and bytes come from the innermost op, among the linked op and its enclosing ops, that
//     has "Input Dims" and an estimator (estimateOp), marked estimated; when one op call launched
//     several kernels, its estimate goes to those whose names say they do its work (the GEMM of
//     an addmm, kernel_traits.h), split in proportion to their durations, and the others are
//     helpers without FLOPs; a composite whose inner ops carry estimates is not counted again;
//   - every compute kernel gets a category (its estimate's, else its op's name, else its own
//     name) and, for GEMM, convolution and attention work, the precision and unit that ran
//     (kineto_analysis_traits.cpp);
//   - each launch belongs to the ProfilerStep its runtime call started in, or to none
//     (kineto_analysis_steps.cpp);
//   - CUPTI counter ranges, matched to kernels by name in launch order, give measured FLOPs
//     (2 x fma + add + mul per precision), which take precedence over estimates;
//   - memcpy / memset carry their bytes (measured); collectives come from the NCCL kernel's own
//     collective args, else from its op's (record_param_comms); their wire bytes (the busbw
//     convention, collective_bytes.h) go on intra_node when the group fits the GPUs listed in
//     deviceProperties, else on inter_node; without args, the nccl:<name> annotation and the
//     record_param_comms shapes give them (kineto_analysis_comm_derive.cpp); kernels named
//     nccl* / multimem_* / *SendRecv* with neither are still communication, without bytes;
//   - the phase is communication for collectives, optimizer under Optimizer.step / zero_grad or
//     an optimizer op, backward under an autograd engine function, "## backward ##" or a
//     *Backward* op, forward under a ProfilerStep# or a module forward, else unknown.

#include "core/dataset.h"
#include "core/import/kineto/kineto_events.h"
#include "core/import/kineto/launch_record.h"
#include "core/op_record.h"
#include "core/shared_text.h"
#include "core/steps.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope {

// Why a compute launch carries no FLOPs.
enum class NoFlopsReason : std::uint8_t {
    none,           // it has FLOPs, or FLOPs do not apply (copies, collectives)
    noOp,           // linked to no op, so no shapes to count from
    noShapes,       // its op has a formula but the trace recorded no input shapes
    noEstimator,    // no op around it has a FLOP formula
    estimateFailed, // the formula refused the recorded inputs (see the warnings)
    helper,         // a helper of its op (layout transform, offsets, split-K reduction)
    covered,        // inside a composite op whose inner ops carry the FLOPs
};

// The reason in words, with the remedy where there is one; "" for none.
std::string_view noFlopsText(NoFlopsReason reason);

// One GPU launch (kernel, memcpy, memset) with what the trace says about it. 184 bytes: a
// trace holds hundreds of thousands, and they are most of what its analysis keeps.
struct Launch {
    // The kernel (or copy, memset) name, shared by every launch of it: a copy per launch was a
    // third of a launch's memory (kernel names run to hundreds of characters).
    SharedText name;
    SharedText opName;   // the op whose estimate (or link) it carries; "" when unlinked
    SharedText shapeKey; // that op's "Input Dims" JSON text, "" when none
    SharedText formula;  // how FLOPs/bytes were obtained (estimateOp's formula, "CUPTI counters")
    // rank (the trace's) and stream set; timeS measured (absent for counter ranges without
    // kernels); precision `other` when nothing says it.
    LaunchRecord record;
    std::int64_t tsNs = 0;
    std::int64_t durNs = 0;
    // Index into KinetoAnalysis::steps of the step the launch belongs to (the ProfilerStep range
    // its launching runtime call, or its op, started in); -1 when it belongs to none.
    int step = -1;
    int device = -1;          // the trace's GPU index (GpuEvent::device); -1 when unknown
    double messageBytes = -1; // collectives: the message size S (collective_bytes.h), B; else -1
    // A helper of its op (a memset before a GEMM, a layout transform or an offset computation
    // of a convolution): its own record, with its bytes and no share of the op's FLOPs.
    bool helper = false;
    NoFlopsReason noFlops = NoFlopsReason::none;
};

struct KinetoAnalysis {
    DatasetContext context;       // rank, world size, stack; deviceId left empty (see deviceName)
    std::string deviceName;       // deviceProperties name of the GPU that ran most kernel time
    int deviceIndex = -1;         // its id
    std::vector<Launch> launches; // in start-time order
    // The steps the trace marks (ProfilerStep#N), in order; one unmarked step for the whole trace
    // when it marks none (kineto_analysis_steps.cpp).
    std::vector<Step> steps;
    OutsideSteps outside; // launches of no traced step (record.outsideSteps)
    // Problems of the analysis, each once with a count (failed estimates per op name and
    // message, unknown collectives, unmatched counter ranges); the reader's own warnings stay in
    // TraceEvents::warnings.
    std::vector<std::string> warnings;
};

// Pure function of the events; never fails (problems become warnings).
KinetoAnalysis analyzeTrace(const TraceEvents& events);

enum class Grouping {
    launch, // one record per launch
    kernel, // by kernel name, GPU, rank and category (stream-independent)
    // by op name + input shapes, named "aten::addmm [[512],[141,512],[512,512]]"; unlinked
    // launches and collectives (whose op, record_param_comms, is shared by every collective) are
    // grouped by kernel name
    op,
};

// Appended to the names of records whose launches belong to no traced step, so that the table,
// the plot's tips and every export tell them from the same kernel inside the steps, and the name
// filter finds them.
inline constexpr std::string_view kOutsideStepsSuffix = " [outside steps]";

// Records of `launches` aggregated by `grouping`, in order of first appearance. Sums FLOPs,
// bytes, comm bytes, time and count; a quantity stays known only when every merged launch knows
// it, and keeps the weakest origin (estimated if any part was estimated).
std::vector<OpRecord> groupLaunches(const std::vector<Launch>& launches, Grouping grouping);

struct CollectiveSummary {
    Collective op = Collective::all_reduce;
    int groupSize = 0;
    std::int64_t count = 0;
    double bytes = 0;          // message bytes S summed over calls, B
    double timeS = 0;          // summed kernel time
    double algbwBytesPerS = 0; // bytes / timeS
    double busbwBytesPerS = 0; // algbw x busBandwidthFactor(op, groupSize)
};

// Per (collective, group size), over launches that carry message bytes, in order of first
// appearance.
std::vector<CollectiveSummary> summarizeCollectives(const std::vector<Launch>& launches);

} // namespace roofscope
