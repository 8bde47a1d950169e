#pragma once
// Hand-built TraceEvents for the kineto_analysis suites: times are given in microseconds as the
// trace writes them and stored in nanoseconds; every adder returns the new event's index.

#include "core/import/kineto/kineto_events.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>

namespace roofscope::testing {

inline std::int64_t us(double microseconds) {
    return static_cast<std::int64_t>(microseconds * 1000.0 + (microseconds >= 0 ? 0.5 : -0.5));
}

class KinetoEventsBuilder {
  public:
    KinetoEventsBuilder() {
        e_.meta.devices.push_back({0, "NVIDIA A100-SXM4-80GB", 8, 0, 108, 85899345920});
    }

    // The events built so far; the builder is spent afterwards. (TraceEvents is moved, never
    // copied: its StringTable's index views its own strings.)
    TraceEvents take() { return std::move(e_); }
    TraceEvents& events() { return e_; }

    void setDevices(int count, const std::string& name = "NVIDIA A100-SXM4-80GB") {
        e_.meta.devices.clear();
        for (int i = 0; i < count; ++i)
            e_.meta.devices.push_back({i, name, 8, 0, 108, 85899345920});
    }

    std::uint32_t op(const std::string& name, double tsUs, double durUs,
                     std::int64_t externalId = -1, const std::string& thread = "1/1") {
        return cpu(CpuEventKind::op, name, tsUs, durUs, externalId, thread);
    }
    std::uint32_t annotation(const std::string& name, double tsUs, double durUs,
                             const std::string& thread = "1/1") {
        return cpu(CpuEventKind::annotation, name, tsUs, durUs, -1, thread);
    }
    std::uint32_t gpuAnnotation(const std::string& name, double tsUs, double durUs, int device = 0,
                                int stream = 7) {
        const auto i = cpu(CpuEventKind::gpuAnnotation, name, tsUs, durUs, -1,
                           std::to_string(device) + "/" + std::to_string(stream));
        e_.cpu[i].device = device;
        e_.cpu[i].stream = stream;
        return i;
    }
    // Gives cpu event `i` recorded shapes (the raw JSON texts of the three args).
    void shapes(std::uint32_t i, std::string dims, std::string types, std::string concrete = "") {
        e_.shapes.push_back({std::move(dims), std::move(types), std::move(concrete)});
        e_.cpu[i].shapes = static_cast<std::uint32_t>(e_.shapes.size() - 1);
    }
    void cpuCollective(std::uint32_t i, CollectiveArgs args) {
        e_.collectives.push_back(std::move(args));
        e_.cpu[i].collective = static_cast<std::uint32_t>(e_.collectives.size() - 1);
    }

    std::uint32_t runtime(double tsUs, double durUs, std::int64_t externalId,
                          std::int64_t correlation, const std::string& thread = "1/1",
                          const std::string& name = "cudaLaunchKernel") {
        RuntimeEvent r;
        r.name = e_.strings.intern(name);
        r.thread = e_.strings.intern(thread);
        r.tsNs = us(tsUs);
        r.durNs = us(durUs);
        r.externalId = externalId;
        r.correlation = correlation;
        e_.runtime.push_back(r);
        return static_cast<std::uint32_t>(e_.runtime.size() - 1);
    }

    std::uint32_t kernel(const std::string& name, double tsUs, double durUs,
                         std::int64_t externalId = -1, std::int64_t correlation = -1,
                         int device = 0, int stream = 7) {
        return gpu(GpuEventKind::kernel, name, tsUs, durUs, externalId, correlation, device, stream,
                   -1);
    }
    std::uint32_t memcpy(const std::string& name, double tsUs, double durUs, std::int64_t bytes,
                         std::int64_t externalId = -1, std::int64_t correlation = -1) {
        return gpu(GpuEventKind::memcpy, name, tsUs, durUs, externalId, correlation, 0, 7, bytes);
    }
    std::uint32_t memset(const std::string& name, double tsUs, double durUs, std::int64_t bytes,
                         std::int64_t externalId = -1, std::int64_t correlation = -1) {
        return gpu(GpuEventKind::memset, name, tsUs, durUs, externalId, correlation, 0, 7, bytes);
    }
    void gpuCollective(std::uint32_t i, CollectiveArgs args) {
        e_.collectives.push_back(std::move(args));
        e_.gpu[i].collective = static_cast<std::uint32_t>(e_.collectives.size() - 1);
    }

    // A CUPTI counter range; counts are {add, fma, mul} per precision d, f, h (-1 = absent).
    std::uint32_t counters(const std::string& name, double tsUs, double durUs,
                           std::array<std::array<double, 3>, 3> instructions) {
        CounterRange c;
        c.name = e_.strings.intern(name);
        c.tsNs = us(tsUs);
        c.durNs = us(durUs);
        c.instructions = instructions;
        e_.counters.push_back(c);
        return static_cast<std::uint32_t>(e_.counters.size() - 1);
    }

  private:
    std::uint32_t cpu(CpuEventKind kind, const std::string& name, double tsUs, double durUs,
                      std::int64_t externalId, const std::string& thread) {
        CpuEvent c;
        c.kind = kind;
        c.name = e_.strings.intern(name);
        c.thread = e_.strings.intern(thread);
        c.tsNs = us(tsUs);
        c.durNs = us(durUs);
        c.externalId = externalId;
        e_.cpu.push_back(c);
        return static_cast<std::uint32_t>(e_.cpu.size() - 1);
    }
    std::uint32_t gpu(GpuEventKind kind, const std::string& name, double tsUs, double durUs,
                      std::int64_t externalId, std::int64_t correlation, int device, int stream,
                      std::int64_t bytes) {
        GpuEvent g;
        g.kind = kind;
        g.name = e_.strings.intern(name);
        g.tsNs = us(tsUs);
        g.durNs = us(durUs);
        g.externalId = externalId;
        g.correlation = correlation;
        g.device = device;
        g.stream = stream;
        g.bytes = bytes;
        e_.gpu.push_back(g);
        return static_cast<std::uint32_t>(e_.gpu.size() - 1);
    }

    TraceEvents e_;
};

// The aten::addmm of formats.md 1.6 in bf16: M = 141, K = 512, N = 512.
inline constexpr const char* kAddmmDims = "[[512], [141, 512], [512, 512], [], []]";
inline constexpr const char* kAddmmTypes =
    R"(["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"])";
inline constexpr const char* kAddmmConcrete = R"(["", "", "", "1", "1"])";
// 2*M*N*K = 2*141*512*512.
inline constexpr double kAddmmFlops = 73924608.0;
// Read (512 + 141*512 + 512*512)*2 = 669,696 B, written 141*512*2 = 144,384 B.
inline constexpr double kAddmmBytes = 814080.0;

} // namespace roofscope::testing
