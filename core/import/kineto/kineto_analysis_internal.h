#pragma once
// Pieces of analyzeTrace (kineto_analysis.h) shared between its source files; not a public API.
// Indices are positions in the TraceEvents vectors; kNoIndex means "none".

#include "core/import/kernel_traits.h"
#include "core/import/kineto/kineto_analysis.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofscope::kineto {

// The texts launches share (op names, input dims), one SharedText per string id and per shapes
// index, made the first time it is asked for.
class SharedTexts {
  public:
    explicit SharedTexts(const TraceEvents& events)
        : events_(events), names_(events.strings.size()), dims_(events.shapes.size()) {}
    const SharedText& name(std::uint32_t id) {
        SharedText& t = names_[id];
        if (t.empty())
            t = events_.strings.text(id);
        return t;
    }
    const SharedText& dims(std::uint32_t shapes) {
        SharedText& t = dims_[shapes];
        if (t.empty())
            t = events_.shapes[shapes].dims;
        return t;
    }

  private:
    const TraceEvents& events_;
    std::vector<SharedText> names_, dims_;
};

// ---- kineto_analysis_link.cpp ----

// Time nesting of the CPU-side ranges and the links from GPU events to them.
struct Links {
    // Per CpuEvent: the innermost event that encloses it on the same thread (ops and
    // annotations nest together); for gpuAnnotations, the innermost gpuAnnotation enclosing it
    // on the same device, whatever the stream.
    std::vector<std::uint32_t> parent;
    // Per GpuEvent: the op it links to (CpuEventKind::op), kNoIndex when none.
    std::vector<std::uint32_t> op;
    // Per GpuEvent: the innermost CPU range the launch happened in: its op, else the range that
    // encloses its runtime event; the start of the chain the phase is read from.
    std::vector<std::uint32_t> anchor;
    // Per GpuEvent: the innermost gpuAnnotation on its device enclosing its start.
    std::vector<std::uint32_t> gpuAnnotation;
    // Per GpuEvent: the runtime event that launched it (by correlation), kNoIndex when none.
    std::vector<std::uint32_t> runtime;
};

// O(n log n) in the number of events: one sort per kind of range and hash maps for the ids.
Links linkEvents(const TraceEvents& events);

// ---- kineto_analysis_phase.cpp ----

// Reads phases off the chains of enclosing ranges; remembers what it has seen per range.
class PhaseFinder {
  public:
    PhaseFinder(const TraceEvents& events, const Links& links);
    // The phase of a non-collective GPU event (its index in events.gpu).
    Phase phaseOf(std::uint32_t gpuIndex);

  private:
    std::uint8_t nameMarks(const CpuEvent& e);
    std::uint8_t chainMarks(std::uint32_t cpuIndex);

    const TraceEvents& events_;
    const Links& links_;
    std::vector<std::uint8_t> nameMarks_;  // per (name id, kind): marks + 0x80 once computed
    std::vector<std::uint8_t> chainMarks_; // per CpuEvent: marks of it and its ancestors + 0x80
    bool hasProfilerStep_ = false;
};

// ---- kineto_analysis_copy.cpp ----

// Bytes and link of a memcpy / memset from its name and "bytes".
void describeCopy(const GpuEvent& event, const std::string& name, LaunchRecord& record);

// ---- kineto_analysis_comm.cpp ----

// "Collective name" values (allreduce, _allgather_base, reduce_scatter_tensor_coalesced, ...).
std::optional<Collective> collectiveFromArgName(std::string_view name);
// NCCL / multimem kernel names (ncclDevKernel_AllReduce_Sum_f32_RING_LL, ...): whether the
// kernel is communication at all, and which collective when the name says.
bool looksLikeCommKernel(std::string_view kernelName);
std::optional<Collective> collectiveFromKernelName(std::string_view kernelName);

// Counts problems that repeat per launch so that each becomes one warning with a count.
class WarningCounter {
  public:
    void add(std::string message) { ++counts_[std::move(message)]; }
    // "<message> (N times)" per distinct message, in message order, appended to `out`.
    void flush(std::vector<std::string>& out, std::string_view unit) const;

  private:
    std::map<std::string, std::int64_t> counts_;
};

// Marks `launch` as communication; with collective args, sets the collective, group size,
// message bytes and the wire bytes on intra_node when groupSize <= nodeGpus, else inter_node.
void describeCollective(const CollectiveArgs* args, std::string_view kernelName, int worldSize,
                        int nodeGpus, Launch& launch, WarningCounter& problems);

// ---- kineto_analysis_comm_derive.cpp ----

// Communication kernels of older traces (PyTorch 1.x, formats.md 1.7), whose record_param_comms
// ops carry no collective args, only "Input Dims" / "Input type", beside a user annotation
// nccl:<collective>: the collective from that annotation, the message size from the recorded
// shapes. Remembers what it worked out per launching range.
class DerivedCollectives {
  public:
    DerivedCollectives(const TraceEvents& events, const Links& links);
    // Describes the communication kernel events.gpu[gpuIndex], which has no CollectiveArgs on
    // itself or its ops, as describeCollective does with args derived from its chain; as
    // describeCollective(nullptr, ...) when its chain holds neither a record_param_comms nor a
    // nccl: annotation. What cannot be derived is counted in `problems`.
    void describe(std::uint32_t gpuIndex, std::string_view kernelName, int worldSize, int nodeGpus,
                  Launch& launch, WarningCounter& problems);

  private:
    struct Outcome {
        std::optional<CollectiveArgs> args;   // with the message size
        std::optional<Collective> collective; // known even when the size is not
        std::string problem;                  // "" when all was derived
    };
    Outcome derive(std::uint32_t anchor, std::string_view kernelName);
    std::uint8_t marker(std::uint32_t cpuIndex);
    std::uint32_t followingAnnotation(std::uint32_t recordParamComms);
    // The ranks of an all-gather / reduce-scatter from the output and input tensors of the
    // c10d:: op around it; 0 when no such op records both.
    int groupFromC10d(std::uint32_t anchor, Collective collective);

    const TraceEvents& events_;
    const Links& links_;
    std::vector<std::uint8_t> markerByName_;    // per name id: not asked, none, record, nccl:
    std::vector<std::uint32_t> markers_;        // record_param_comms and nccl: ranges, sorted
    std::map<std::uint64_t, Outcome> outcomes_; // per (anchor, kernel name id)
};

// ---- kineto_analysis_estimate.cpp ----

// FLOPs and bytes from shape formulas for the kernels in `kernels` (indices into `launches`;
// launch l came from events.gpu[gpuOf[l]]), split over the kernels of each op call.
// Then categorises every one of them and sets precision and unit (applyKernelTraits).
struct RunTraits;
void applyEstimates(const TraceEvents& events, const Links& links,
                    const std::vector<std::uint32_t>& kernels,
                    const std::vector<std::uint32_t>& gpuOf, const RunTraits& run,
                    SharedTexts& texts, std::vector<Launch>& launches,
                    std::vector<std::string>& warnings);

// ---- kineto_analysis_traits.cpp ----

// Winograd and FFT convolutions do fewer multiplications than the direct convolution the
// estimate counts (F(2x2,3x3) 2.25x fewer, F(4x4,3x3) 4x): their points may lie above the roof,
// which is the algorithm, not a wrong count (KernelTraits::fewerMultiplies). cuDNN's non-fused
// Winograd runs a plain sgemm between its transforms, so a whole op call is Winograd when any of
// its kernels says so.
inline constexpr std::string_view kWinogradNote =
    "direct-convolution FLOPs: this convolution ran as Winograd/FFT, which executes fewer, so its "
    "point may lie above the roof (by up to 4x)";

// kWinogradNote, one text for every launch that carries it.
const SharedText& winogradNote();

// What the run's device implies for the defaults of tensor work.
struct RunTraits {
    bool nvidiaAmpereOrLater = false; // TF32 and FP64 tensor cores (sm_80+)
};
RunTraits runTraitsOf(const TraceMetadata& meta, int deviceIndex);

// Category (op estimate, else op name, else kernel name), precision and unit of one compute
// launch after its estimate was applied.
void applyKernelTraits(const KernelTraits& traits, const RunTraits& run, Launch& launch);

// ---- kineto_analysis_counters.cpp ----

// Measured FLOPs of one counter range; absent when it holds no FLOP counter.
struct CounterFlops {
    Measure flops;
    Precision precision = Precision::other;
};
CounterFlops counterFlops(const CounterRange& range);

// Matches counter ranges to the kernel launches (indices into `launches`; launch l came from
// events.gpu[gpuOf[l]]) and sets their measured FLOPs; with no kernels at all, appends one launch
// per range.
void applyCounters(const TraceEvents& events, const std::vector<std::uint32_t>& kernels,
                   const std::vector<std::uint32_t>& gpuOf, int rank, std::vector<Launch>& launches,
                   std::vector<std::string>& warnings);

// ---- kineto_analysis_steps.cpp ----

// Steps from the ProfilerStep#N ranges (CPU annotations, else their GPU projections), in two
// halves so that each can run beside other work:
//   - assignSteps works out which step each launch is in from the events alone (launch k came
//     from events.gpu[gpuIndex[k]]), so it runs while the launches are built;
//   - summarizeSteps then sets launches[k].step and record.outsideSteps, fills `steps` with each
//     step's timeline on `device` (every device when -1) and `outside`, and warns about
//     launches outside every step. communication[k] is 1 when launch k is communication (its
//     timeline lane). Of the launches it reads only their time, device, step and outsideSteps,
//     which the estimates neither read nor write.
struct StepMarks {
    std::vector<std::string> names; // by step index; "(whole trace)" when none is marked
    bool marked = false;
    std::int64_t beforeFirst = 0;     // launches of no step launched before the first one began
    std::vector<std::int32_t> stepOf; // per launch, its step index, -1 when in none
};
StepMarks assignSteps(const TraceEvents& events, const Links& links,
                      const std::vector<std::uint32_t>& gpuIndex);
void summarizeSteps(StepMarks marks, const TraceEvents& events,
                    const std::vector<std::uint32_t>& gpuIndex,
                    const std::vector<std::uint8_t>& communication, int device, int rank,
                    std::vector<Launch>& launches, std::vector<Step>& steps, OutsideSteps& outside,
                    std::vector<std::string>& warnings);

// ---- kineto_analysis_context.cpp ----

// Rank, world size and software stack from the trace's metadata.
DatasetContext contextOf(const TraceMetadata& meta);
// The GPU that ran most kernel time, and its deviceProperties name ("" when not listed).
std::pair<int, std::string> busiestDevice(const TraceEvents& events);

} // namespace roofscope::kineto
