#pragma once
// The events of one Kineto / PyTorch profiler trace that a roofline needs, in compact typed form.
// The streaming reader (kineto_reader.h) fills a TraceEvents from the JSON; the analysis
// (kineto_analysis.h) links them into per-launch records. Spellings are already normalised here:
// legacy categories (Operator, Kernel, Runtime, Memcpy, Memset) and "external id" map onto the
// modern ones, string pids/tids are kept as interned text, times are integer nanoseconds.

#include "core/estimate/op_estimate.h"

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace roofscope {

// Interned strings: kernel and op names repeat millions of times in a large trace.
class StringTable {
  public:
    StringTable() = default;
    // Move-only: the index views the strings' own storage, which a move keeps and a copy would not.
    StringTable(StringTable&&) = default;
    StringTable& operator=(StringTable&&) = default;
    StringTable(const StringTable&) = delete;
    StringTable& operator=(const StringTable&) = delete;

    std::uint32_t intern(std::string_view text);
    const std::string& text(std::uint32_t id) const { return strings_[id]; }
    std::size_t size() const { return strings_.size(); }

  private:
    // Kernel names run to hundreds of bytes; hashing their length and a few words from the
    // start, middle and end is enough to spread them, and equality settles the rest.
    struct SampleHash {
        std::size_t operator()(std::string_view s) const noexcept;
    };
    std::deque<std::string> strings_; // deque: references stay valid as it grows
    std::unordered_map<std::string_view, std::uint32_t, SampleHash> ids_;
};

inline constexpr std::uint32_t kNoIndex = 0xffffffffu;

// Arguments PyTorch writes on record_param_comms and copies onto NCCL kernels (formats.md 1.7).
struct CollectiveArgs {
    std::string name;          // "Collective name": "allreduce", "_allgather_base", ...
    std::int64_t inNelems = 0; // "In msg nelems"
    std::int64_t outNelems = 0;
    std::string dtype;        // "Float", "BFloat16", ...
    int groupSize = 0;        // "Group size"; 0 when absent
    std::string processGroup; // "Process Group Name" (or Description when the name is absent)
};

// The raw JSON texts of "Input Dims", "Input type" and "Concrete Inputs" (each "" when absent),
// for parseOpInputs. Kept only for ops whose name has an estimator and for record_param_comms and
// nccl:<collective> ranges (their first tensor is the message of older traces' collectives);
// identical triples are stored once (a training loop repeats a few shapes millions of times).
struct OpShapes {
    std::string dims;
    std::string types;
    std::string concrete;
};

enum class CpuEventKind {
    op,            // cpu_op / Operator
    annotation,    // user_annotation (ProfilerStep#N, ## backward ##, nccl:all_reduce, ...)
    gpuAnnotation, // gpu_user_annotation: an annotation projected onto a GPU stream
};

// A CPU-side range: op or annotation. Nesting is by time on the same thread.
struct CpuEvent {
    CpuEventKind kind = CpuEventKind::op;
    std::uint32_t name = kNoIndex;   // StringTable id
    std::uint32_t thread = kNoIndex; // StringTable id of "pid/tid"
    std::int64_t tsNs = 0;           // absolute when the trace has baseTimeNanoseconds
    std::int64_t durNs = 0;
    std::int64_t externalId = -1;        // -1 when absent
    std::uint32_t shapes = kNoIndex;     // index into TraceEvents::shapes
    std::uint32_t collective = kNoIndex; // index into TraceEvents::collectives
    int device = -1;                     // gpuAnnotation: the GPU (pid) it was projected on
    int stream = -1;                     // gpuAnnotation: its stream (tid)
};

enum class GpuEventKind { kernel, memcpy, memset };

// One kernel launch or copy on a GPU.
struct GpuEvent {
    GpuEventKind kind = GpuEventKind::kernel;
    std::uint32_t name = kNoIndex;
    std::int64_t tsNs = 0;
    std::int64_t durNs = 0;
    int device = -1; // args.device, else the pid when numeric
    int stream = -1; // args.stream, else the tid when numeric or "stream N"
    std::int64_t externalId = -1;
    std::int64_t correlation = -1;
    std::int64_t bytes = -1; // memcpy / memset "bytes"; -1 when absent
    std::uint32_t collective = kNoIndex;
};

// A cuda_runtime / cuda_driver / Runtime event: the CPU-side launch of GPU work.
struct RuntimeEvent {
    std::uint32_t name = kNoIndex; // cudaLaunchKernel, hipExtModuleLaunchKernel, ...
    std::uint32_t thread = kNoIndex;
    std::int64_t tsNs = 0;
    std::int64_t durNs = 0;
    std::int64_t externalId = -1;
    std::int64_t correlation = -1;
};

// CUPTI range-profiler counters for one kernel (cat "cuda_profiler_range"): the executed
// thread-instruction counts of smsp__sass_thread_inst_executed_op_{d,f,h}{add,fma,mul}_pred_on.sum.
struct CounterRange {
    std::uint32_t name = kNoIndex; // the kernel's name
    std::int64_t tsNs = 0;
    std::int64_t durNs = 0;
    // [precision][op]: precision 0 = d (fp64), 1 = f (fp32), 2 = h (fp16); op 0 = add, 1 = fma,
    // 2 = mul. -1 when the counter is absent.
    std::array<std::array<double, 3>, 3> instructions{{{-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}}};
};

struct TraceDeviceProperties {
    int id = -1;
    std::string name; // "NVIDIA A100-PG509-200"
    int computeMajor = -1;
    int computeMinor = -1;
    int numSms = -1;
    std::int64_t totalGlobalMem = -1; // bytes
};

struct TraceDistributedInfo {
    std::string backend; // "nccl"
    std::optional<int> rank;
    std::optional<int> worldSize;
    std::string ncclVersion;
};

struct TraceMetadata {
    std::optional<int> schemaVersion;
    std::vector<TraceDeviceProperties> devices;
    TraceDistributedInfo distributed;
    std::optional<std::int64_t> baseTimeNs; // baseTimeNanoseconds; ts are relative to it
    std::string displayTimeUnit;            // display only: ts and dur are always microseconds
    // Version keys as written: cuda_runtime_version, cuda_driver_version, cupti_version,
    // hip_runtime_version, hip_driver_version, roctracer_version, and the PyTorch version when a
    // trace records one.
    std::map<std::string, std::string> versions;
};

struct TraceEvents {
    TraceMetadata meta;
    StringTable strings;
    std::vector<CpuEvent> cpu;
    std::vector<GpuEvent> gpu;
    std::vector<RuntimeEvent> runtime;
    std::vector<CounterRange> counters;
    std::vector<OpShapes> shapes;
    std::vector<CollectiveArgs> collectives;
    // Work the file's own program description gives an op, where the file has no shapes to
    // estimate from: an XPlane op's HLO instruction costed by core/import/xplane/hlo_cost.h.
    // `givenOf` is per cpu entry (shorter than cpu, or empty: the rest have none), an index into
    // `given`. The analysis takes these as the op's estimate (origin estimated).
    std::vector<std::uint32_t> givenOf;
    std::vector<OpEstimate> given;
    // Per cpu entry (shorter, or empty), the training phase the file's program says of the op
    // (an XPlane op's name stack, hloPhase); the analysis takes it before the names of the
    // ranges around the op. unknown: none given.
    std::vector<Phase> givenPhaseOf;
    std::int64_t eventsSeen = 0;       // every element of traceEvents, kept or not
    std::vector<std::string> warnings; // what was skipped and why, with byte offsets
    // Worker threads that parsed the batches; 0 when the reading thread parsed them itself (a
    // trace of one batch, or KinetoReadOptions::threads 1).
    unsigned parseThreads = 0;
};

} // namespace roofscope
