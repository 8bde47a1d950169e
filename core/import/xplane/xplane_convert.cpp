// XSpace -> per-GPU TraceEvents. Stats are found by their names in the plane's stat metadata
// (ids are local to a plane); a string stat may be written as a reference to a stat-metadata
// entry whose name is the value (ref_value), which is how XLA stores repeated strings such as
// hlo_module. Picosecond times are rounded to the model's nanoseconds.
#ifdef ROOFSCOPE_HAVE_XPLANE

#include "core/import/xplane/xplane_convert.h"

#include "core/import/kernel_traits.h"
#include "core/import/xplane/hlo_module.h"
#include "core/import/xplane/xplane_device.h"
#include "core/import/xplane/xplane_hlo_join.h"
#include "core/import/xplane/xplane_stats.h"

#include <import/xplane/proto/xplane.pb.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace roofscope {
namespace {

namespace tp = tensorflow::profiler;
using namespace xplane_stats;

constexpr std::string_view kGpuPlanePrefix = "/device:GPU:";
constexpr std::string_view kStreamPrefix = "Stream #";
constexpr std::size_t kNamedLines = 8;      // other lines named in the warning
constexpr std::size_t kHostSteps = 1 << 16; // step markers read from host planes
constexpr std::size_t kStepNameBytes = 64;  // of a Steps line event's name: a step number
// The copy's name as the Kineto path spells directions (kineto_analysis_copy.cpp): XLA writes
// MemcpyH2D / MemcpyD2H / MemcpyD2D / MemcpyP2P on CUDA, CopyHostToDevice etc. on ROCm.
std::string copyName(std::string_view name) {
    static constexpr std::pair<std::string_view, std::string_view> spelled[] = {
        {"H2D", "Memcpy HtoD"},
        {"D2H", "Memcpy DtoH"},
        {"D2D", "Memcpy DtoD"},
        {"P2P", "Memcpy PtoP"}};
    for (const auto& [xla, kineto] : spelled)
        if (name.find(xla) != std::string_view::npos)
            return std::string(kineto) + " (" + std::string(name) + ")";
    return std::string(name.empty() ? "Memcpy" : name);
}

// The XLA op of a GPU event: interned hlo_op and hlo_module, and program_id.
struct OpKey {
    std::uint32_t op = kNoIndex; // none when the event names no hlo_op
    std::uint32_t module = kNoIndex;
    std::int64_t program = -1;
    bool operator==(const OpKey&) const = default;
};

// Interns views into the space by where their text lives: the same name, metadata or
// referenced stat, is the same pointer, so that it is hashed and compared once, however many
// events repeat it.
class ViewInterner {
  public:
    explicit ViewInterner(StringTable& table) : table_(table) {}
    std::uint32_t operator()(std::string_view text) {
        const auto [it, added] = ids_.try_emplace(text.data(), kNoIndex);
        if (added)
            it->second = table_.intern(text);
        return it->second;
    }

  private:
    StringTable& table_;
    std::unordered_map<const char*, std::uint32_t> ids_;
};

struct StepRange {
    std::int64_t startNs, endNs;
    std::string name;
};

class Converter {
  public:
    Converter(const tp::XSpace& space, const std::string& path)
        : space_(space), path_(path), join_(gpuPlanes(space)) {}

    Result<XplaneProfile> convert() {
        out_.planes = static_cast<std::size_t>(space_.planes_size());
        for (const auto& h : space_.hostnames())
            out_.hostnames.push_back(h);
        for (const auto& e : space_.errors())
            out_.warnings.push_back("the profiler reported an error: " + e);
        for (const auto& w : space_.warnings())
            out_.warnings.push_back("the profiler warned: " + w);
        readEnvironment();
        for (const tp::XPlane& plane : space_.planes()) {
            if (plane.name() == "/host:metadata") {
                out_.xlaPrograms += static_cast<std::size_t>(plane.event_metadata_size());
                readPrograms(plane);
            } else if (plane.name().starts_with("/host:"))
                readHostSteps(plane);
        }
        for (const tp::XPlane& plane : space_.planes())
            if (const auto n = numberAfter(plane.name(), kGpuPlanePrefix))
                readGpuPlane(plane, *n);
        if (out_.devices.empty())
            return makeError("an XPlane profile without a /device:GPU:N plane (a CPU-only or TPU "
                             "profile?): Roofscope reads the GPU planes of XPlane files",
                             inFile(path_));
        std::sort(out_.devices.begin(), out_.devices.end(),
                  [](const XplaneDevice& a, const XplaneDevice& b) { return a.index < b.index; });
        finish();
        return std::move(out_);
    }

  private:
    static int gpuPlanes(const tp::XSpace& space) {
        int n = 0;
        for (const tp::XPlane& plane : space.planes())
            if (numberAfter(plane.name(), kGpuPlanePrefix))
                ++n;
        return n;
    }

    const tp::XSpace& space_;
    const std::string& path_;
    XplaneProfile out_;
    std::int64_t baseNs_ = 0; // profile_start_time when given: times become absolute
    std::vector<StepRange> hostSteps_;
    std::set<std::string> otherLines_;
    std::size_t aggregated_ = 0;
    // Per program_id: the cost of each instruction by name, all of them; indices into
    // out_.hloCosts are handed out as ops use them.
    std::unordered_map<std::int64_t, std::unordered_map<std::string, HloCost>> programCosts_;
    std::map<std::pair<std::int64_t, std::string>, std::uint32_t> costIndex_;
    // Instructions all programs' HLO may still hold (4 x one program's limit).
    std::uint64_t hloInstructionsLeft_ = HloLimits{}.maxInstructions * 4;
    XplaneHloJoin join_;

    // /host:metadata: one event metadata entry per program, its id the program_id, the
    // serialized HloProto in a stat named `Hlo Proto` (formats.md, "JAX / XLA XPlane").
    void readPrograms(const tp::XPlane& plane) {
        const PlaneStats stats(plane);
        std::vector<std::int64_t> ids;
        for (const auto& [id, m] : plane.event_metadata())
            ids.push_back(id);
        std::sort(ids.begin(), ids.end()); // map order is not the file's; say things in id order
        for (const std::int64_t id : ids) {
            const tp::XEventMetadata& m = plane.event_metadata().at(id);
            XlaProgram& program = out_.programs.emplace_back();
            program.id = id;
            program.name = m.name();
            for (const tp::XStat& s : m.stats()) {
                if (stats.nameOf(s) != "Hlo Proto" || s.value_case() != tp::XStat::kBytesValue)
                    continue;
                program.hasHlo = true;
                // The limit per program, within what the file's programs may hold together: the
                // costs of every instruction are kept while the device planes are read.
                HloLimits limits;
                limits.maxInstructions = std::min(limits.maxInstructions, hloInstructionsLeft_);
                auto module =
                    parseHloProto(s.bytes_value(), path_ + ": program " + m.name(), limits);
                if (!module.ok()) {
                    program.problem = module.error().toString();
                    out_.warnings.push_back("HLO of " + m.name() + " not read: " + program.problem);
                    break;
                }
                for (const HloComputation& c : module.value().computations)
                    program.instructions += c.instructions.size();
                hloInstructionsLeft_ -=
                    std::min<std::uint64_t>(hloInstructionsLeft_, program.instructions);
                programCosts_[id] = hloCosts(module.value());
                break;
            }
        }
    }

    // The index into out_.hloCosts of the instruction `op` of `program`, kNoIndex when the
    // program's HLO is not in the file or has no such instruction.
    std::uint32_t costOf(std::int64_t program, const std::string& op) {
        const auto [it, fresh] = costIndex_.try_emplace({program, op}, kNoIndex);
        if (!fresh)
            return it->second;
        const auto costs = programCosts_.find(program);
        if (costs == programCosts_.end())
            return kNoIndex;
        const auto cost = costs->second.find(op);
        if (cost == costs->second.end())
            return kNoIndex;
        it->second = static_cast<std::uint32_t>(out_.hloCosts.size());
        out_.hloCosts.push_back(cost->second);
        return it->second;
    }

    void readEnvironment() {
        for (const tp::XPlane& plane : space_.planes()) {
            if (plane.name() != "Task Environment")
                continue;
            const PlaneStats stats(plane);
            for (const tp::XStat& s : plane.stats())
                if (stats.nameOf(s) == "profile_start_time")
                    baseNs_ = clampTime(stats.integer(s).value_or(0));
        }
    }

    // jax.profiler.StepTraceAnnotation: a host event with a step_num stat spans the step.
    void readHostSteps(const tp::XPlane& plane) {
        const PlaneStats stats(plane);
        for (const tp::XLine& line : plane.lines())
            for (const tp::XEvent& event : line.events()) {
                EventStats e;
                readStats(stats, event.stats(), e);
                if (!e.stepNum || hostSteps_.size() >= kHostSteps)
                    continue;
                const std::int64_t start =
                    clampTime(baseNs_ + clampTime(line.timestamp_ns()) + psToNs(event.offset_ps()));
                hostSteps_.push_back(
                    {start, start + std::max<std::int64_t>(0, psToNs(event.duration_ps())),
                     "ProfilerStep#" + std::to_string(*e.stepNum)});
            }
    }

    void readIdentity(const tp::XPlane& plane, XplaneDevice& d) {
        const PlaneStats stats(plane);
        for (const tp::XStat& s : plane.stats()) {
            const std::string_view name = stats.nameOf(s);
            const auto number = stats.number(s);
            if (name == "device_vendor")
                d.vendor = stats.text(s);
            else if (!number)
                continue;
            else if (name == "clock_rate")
                d.clockHz = *number * 1e3; // kHz
            else if (name == "core_count")
                d.cores = static_cast<int>(std::clamp(*number, -1.0, 1e6));
            else if (name == "memory_bandwidth")
                d.memoryBandwidthBytesPerS = *number;
            else if (name == "memory_size")
                d.memoryBytes = static_cast<std::int64_t>(std::clamp(*number, -1.0, 9e18));
            else if (name == "compute_cap_major")
                d.computeMajor = static_cast<int>(std::clamp(*number, -1.0, 1e6));
            else if (name == "compute_cap_minor")
                d.computeMinor = static_cast<int>(std::clamp(*number, -1.0, 1e6));
        }
        d.name = xplaneGpuName(
                     {d.vendor, d.computeMajor, d.computeMinor, d.cores, d.memoryBytes, d.clockHz})
                     .name;
    }

    void readGpuPlane(const tp::XPlane& plane, int index) {
        XplaneDevice& d = out_.devices.emplace_back();
        d.index = index;
        d.plane = plane.name();
        readIdentity(plane, d);
        const PlaneStats stats(plane);
        TraceEvents& events = d.events;
        std::vector<OpKey> opOf; // per GPU event, for the ops made below
        ViewInterner intern(events.strings);
        std::unordered_map<std::int64_t, EventStats> metadataStats;
        std::unordered_map<const char*, std::uint32_t> copyNames;
        for (const tp::XLine& line : plane.lines()) {
            const std::string& lineName = line.name().empty() ? line.display_name() : line.name();
            const std::int64_t lineNs = clampTime(baseNs_ + clampTime(line.timestamp_ns()));
            if (lineName == "Steps") {
                for (const tp::XEvent& event : line.events()) {
                    const std::int64_t start = clampTime(lineNs + psToNs(event.offset_ps()));
                    CpuEvent c;
                    c.kind = CpuEventKind::gpuAnnotation;
                    c.name = events.strings.intern(
                        "ProfilerStep#" +
                        std::string(stats.eventName(event).substr(0, kStepNameBytes)));
                    c.tsNs = start;
                    c.durNs = std::max<std::int64_t>(0, psToNs(event.duration_ps()));
                    c.device = index;
                    events.cpu.push_back(c);
                }
                continue;
            }
            const auto stream = numberAfter(lineName, kStreamPrefix);
            if (!stream) {
                if (line.events_size() > 0 && otherLines_.size() < kNamedLines)
                    otherLines_.insert(lineName);
                continue;
            }
            const std::string_view kindInName =
                std::string_view(lineName).substr(std::min(lineName.find('('), lineName.size()));
            for (const tp::XEvent& event : line.events()) {
                ++events.eventsSeen;
                if (event.data_case() == tp::XEvent::kNumOccurrences) {
                    ++aggregated_;
                    continue;
                }
                // The metadata's own stats, read once per metadata entry.
                const auto [cached, added] = metadataStats.try_emplace(event.metadata_id());
                if (added)
                    if (const tp::XEventMetadata* m = stats.metadataOf(event))
                        readStats(stats, m->stats(), cached->second);
                EventStats e = cached->second;
                readStats(stats, event.stats(), e);
                const std::string_view name = stats.eventName(event);
                GpuEvent g;
                if (e.memcpy || kindInName.starts_with("(Memcpy")) {
                    g.kind = GpuEventKind::memcpy;
                    const auto [id, fresh] = copyNames.try_emplace(name.data(), kNoIndex);
                    if (fresh)
                        id->second = events.strings.intern(copyName(name));
                    g.name = id->second;
                    ++d.memcpys;
                } else if (e.memset || kindInName.starts_with("(Memset")) {
                    g.kind = GpuEventKind::memset;
                    g.name = name.empty() ? events.strings.intern("Memset") : intern(name);
                    ++d.memsets;
                } else {
                    g.kind = GpuEventKind::kernel;
                    g.name =
                        name.empty() ? events.strings.intern("(unnamed kernel)") : intern(name);
                    ++d.kernels;
                }
                g.tsNs = clampTime(lineNs + psToNs(event.offset_ps()));
                g.durNs = std::max<std::int64_t>(0, psToNs(event.duration_ps()));
                g.device = index;
                g.stream = *stream;
                g.correlation = e.correlation;
                g.bytes = e.bytes;
                events.gpu.push_back(g);
                OpKey key;
                if (!e.hloOp.empty()) {
                    key.op = intern(e.hloOp);
                    key.module = intern(e.hloModule);
                    key.program = e.programId;
                }
                opOf.push_back(key);
            }
        }
        makeOps(d, opOf);
    }

    // One op per execution of an XLA op: the consecutive events of a stream with the same
    // (hlo_module, program_id, hlo_op). A cuDNN convolution's im2col and GEMM, or Transformer
    // Engine's backward attention's four kernels, are then one op with its kernels, as a Kineto
    // trace's aten op is.
    void makeOps(XplaneDevice& d, const std::vector<OpKey>& opOf) {
        join_.startDevice();
        TraceEvents& events = d.events;
        std::vector<std::size_t> order(events.gpu.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            const GpuEvent& x = events.gpu[a];
            const GpuEvent& y = events.gpu[b];
            return x.stream != y.stream ? x.stream < y.stream : x.tsNs < y.tsNs;
        });
        std::int64_t nextId = 1;
        constexpr std::size_t kNone = std::size_t(-1);
        std::size_t open = kNone; // index into events.cpu of the op being extended
        OpKey openKey;
        int openStream = -1;
        for (const std::size_t i : order) {
            GpuEvent& g = events.gpu[i];
            const OpKey& key = opOf[i];
            if (key.op == kNoIndex) {
                open = kNone;
                continue;
            }
            if (open == kNone || key != openKey || g.stream != openStream) {
                CpuEvent c;
                c.kind = CpuEventKind::op;
                c.name = key.op;
                c.thread =
                    events.strings.intern("xla " + d.plane + " stream " + std::to_string(g.stream));
                c.tsNs = g.tsNs;
                c.durNs = g.durNs;
                c.externalId = nextId++;
                events.cpu.push_back(c);
                open = events.cpu.size() - 1;
                openKey = key;
                openStream = g.stream;
                ++d.ops;
                joinCost(d, open, key);
            }
            CpuEvent& op = events.cpu[open];
            const std::int64_t end = std::max(op.tsNs + op.durNs, g.tsNs + g.durNs);
            op.tsNs = std::min(op.tsNs, g.tsNs);
            op.durNs = end - op.tsNs;
            g.externalId = op.externalId;
        }
    }

    // XProf's join: the op's (program_id, hlo_op) names an instruction of a program whose HLO
    // is in /host:metadata (xplane_hlo_join.h says what it gives the op).
    void joinCost(XplaneDevice& d, std::size_t op, const OpKey& key) {
        if (key.program < 0)
            return;
        const std::uint32_t index = costOf(key.program, d.events.strings.text(key.op));
        if (index == kNoIndex)
            return;
        if (d.opCost.size() <= op)
            d.opCost.resize(op + 1, kNoIndex);
        d.opCost[op] = index;
        join_.join(d, op, index, out_.hloCosts[index], d.events.strings.text(key.op));
    }

    // Each device's events carry its own properties only: a rank is one GPU.
    void finish() {
        for (XplaneDevice& d : out_.devices) {
            TraceDeviceProperties p;
            p.id = d.index;
            p.name = d.name;
            p.computeMajor = d.computeMajor;
            p.computeMinor = d.computeMinor;
            p.numSms = d.cores;
            p.totalGlobalMem = d.memoryBytes;
            d.events.meta.devices = {std::move(p)};
            if (baseNs_ > 0)
                d.events.meta.baseTimeNs = baseNs_;
            if (d.events.gpu.empty())
                continue;
            for (const StepRange& s : hostSteps_) {
                CpuEvent c;
                c.kind = CpuEventKind::gpuAnnotation;
                c.name = d.events.strings.intern(s.name);
                c.tsNs = s.startNs;
                c.durNs = s.endNs - s.startNs;
                c.device = d.index;
                d.events.cpu.push_back(c);
            }
        }
        if (!otherLines_.empty()) {
            std::string names;
            for (const auto& n : otherLines_)
                names += (names.empty() ? "" : ", ") + n;
            out_.warnings.push_back("device lines other than streams and steps are not read: " +
                                    names);
        }
        if (aggregated_ > 0)
            out_.warnings.push_back(std::to_string(aggregated_) +
                                    " aggregated device events (counts without times) left out");
    }
};

} // namespace

Result<XplaneProfile> convertXspace(const tp::XSpace& space, const std::string& path) {
    return Converter(space, path).convert();
}

} // namespace roofscope

#endif // ROOFSCOPE_HAVE_XPLANE
