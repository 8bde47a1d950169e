#pragma once
// Runs a plan: each benchmark in turn, its progress and results streamed as events, its
// ceilings attached to the devices it measured. A failing benchmark never stops the run.

#include "gpu/probe/probe_plan.h"

#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace roofscope::probe {

// Where events go. Benchmarks may report progress from worker threads, so emit() must be
// thread-safe.
class EventSink {
  public:
    virtual ~EventSink() = default;
    virtual void emit(const ProbeEvent& event) = 0;
};

// Writes each event as one JSON line and flushes it, so the reader sees progress at once.
class StreamSink : public EventSink {
  public:
    explicit StreamSink(std::FILE* out) : out_(out) {}
    void emit(const ProbeEvent& event) override;

  private:
    std::FILE* out_;
    std::mutex mutex_;
};

// Drops every event: the ranks other than 0 under MPI.
class NullSink : public EventSink {
  public:
    void emit(const ProbeEvent&) override {}
};

enum class StepStatus { ok, failed, skipped };

struct StepReport {
    std::string key;
    std::string title;
    std::string target;
    StepStatus status = StepStatus::ok;
    std::string message; // failed or skipped: why
    double elapsedS = 0;
    Outcome outcome; // what it measured, also when it failed part-way
    // failed or skipped: which kind of stop (unsupported, cancelled, timeLimit, failed)
    ErrorKind reason = ErrorKind::failed;
};

struct RunReport {
    std::vector<Device> devices; // the plan's devices with their measured ceilings
    std::vector<StepReport> steps;
    ProbeRunStatus status = ProbeRunStatus::ok;
    std::string startedAt; // ISO-8601 UTC
    double elapsedS = 0;
};

struct RunControl {
    // Polled between samples (through Context) and between benchmarks.
    std::function<bool()> cancelled = [] { return false; };
    // Polled between benchmarks only; under MPI, all ranks must agree (agreeOnCancel).
    std::function<bool(bool)> agree = [](bool flag) { return flag; };
};

// Runs `plan` and returns what it measured. Devices are renamed as measured devices (see
// measured_device.h) with provenance naming this tool, the method, date, clock and samples.
RunReport runPlan(const Plan& plan, const ProbeOptions& options, EventSink& sink,
                  const RunControl& control);

std::string_view toString(StepStatus status);

} // namespace roofscope::probe
