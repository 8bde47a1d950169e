#include "gpu/probe/probe_run.h"

#include "gpu/probe/measured_device.h"
#include "gpu/probe/spec_floor.h"

#include <chrono>
#include <cstdio>

namespace roofscope::probe {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Progress events at most every 100 ms or 1 %: a sweep reporting every sample would flood the
// reader with lines nobody can see.
class ProgressThrottle {
  public:
    ProgressThrottle(EventSink& sink, std::string key, std::string target)
        : sink_(sink), key_(std::move(key)), target_(std::move(target)) {}

    void operator()(double fraction) {
        fraction = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
        std::lock_guard lock(mutex_);
        const auto now = Clock::now();
        if (fraction < last_ + 0.01 && now - lastTime_ < std::chrono::milliseconds(100))
            return;
        if (fraction < last_)
            fraction = last_; // never backwards, whichever thread reports
        last_ = fraction;
        lastTime_ = now;
        ProbeEvent e;
        e.type = ProbeEventType::progress;
        e.benchmark = key_;
        e.target = target_;
        e.fraction = fraction;
        sink_.emit(e);
    }

  private:
    EventSink& sink_;
    std::string key_, target_;
    std::mutex mutex_;
    double last_ = 0;
    Clock::time_point lastTime_ = Clock::now();
};

// The ceiling goes to every device of the step; a second value for the same ceiling (two
// collectives both giving the inter-node bus bandwidth) keeps the higher, as a ceiling is the
// best the hardware delivered.
void attach(Device& device, const Measured& m, const Ceiling& c) {
    auto keep = [&c](auto& map, const auto& key) {
        auto [it, inserted] = map.emplace(key, c);
        if (!inserted && c.value > it->second.value)
            it->second = c;
    };
    if (const auto* k = std::get_if<ComputeKey>(&m.what))
        keep(device.ceilings.compute, *k);
    else if (const auto* l = std::get_if<MemoryLevel>(&m.what))
        keep(device.ceilings.memory, *l);
    else if (const auto* link = std::get_if<Link>(&m.what))
        keep(device.ceilings.links, *link);
}

ProbeEvent event(ProbeEventType type, const PlanStep& step) {
    ProbeEvent e;
    e.type = type;
    e.benchmark = step.benchmark.key;
    e.target = step.target;
    return e;
}

void emitOutcome(EventSink& sink, const PlanStep& step, const Outcome& outcome,
                 const std::string& dateTime) {
    for (const auto& w : outcome.warnings) {
        ProbeEvent e = event(ProbeEventType::warning, step);
        e.message = w;
        sink.emit(e);
    }
    for (const auto& o : outcome.observations) {
        ProbeEvent e = event(ProbeEventType::observation, step);
        e.label = o.label;
        e.value = o.value;
        e.unit = o.unit;
        e.workingSetBytes = o.workingSetBytes;
        sink.emit(e);
    }
    for (const auto& m : outcome.ceilings) {
        ProbeEvent e = event(ProbeEventType::result, step);
        std::visit([&e](const auto& what) { e.what = what; }, m.what);
        e.ceiling = toCeiling(m, dateTime);
        sink.emit(e);
    }
}

// Each ceiling against the datasheet of the device it measured (the first of the step's devices
// the built-in catalog knows): one under its floor or over its spec is said, with what the device
// reported as the cause, in a warning and in the ceiling's note, so that the file keeps it.
// Returns those messages.
std::vector<std::string> checkAgainstSpecs(Outcome& outcome,
                                           const std::vector<std::optional<Device>>& specs,
                                           const std::vector<int>& devices) {
    std::vector<std::string> said;
    const Device* spec = nullptr;
    for (int d : devices)
        if (const auto& s = specs[static_cast<std::size_t>(d)]; s && !spec)
            spec = &*s;
    if (!spec)
        return said;
    for (Measured& m : outcome.ceilings) {
        const auto value = specValue(*spec, m.what);
        if (!value || *value <= 0)
            continue;
        const SpecCheck check = checkAgainstSpec(m, *value);
        if (check.text.empty())
            continue;
        said.push_back(check.text + " (" + spec->id + ")");
        m.note += (m.note.empty() ? "" : "; ") + check.text;
    }
    outcome.warnings.insert(outcome.warnings.end(), said.begin(), said.end());
    return said;
}

} // namespace

std::string_view toString(StepStatus status) {
    switch (status) {
    case StepStatus::ok:
        return "ok";
    case StepStatus::failed:
        return "failed";
    case StepStatus::skipped:
        return "skipped";
    }
    return "?";
}

void StreamSink::emit(const ProbeEvent& event) {
    const std::string line = toJsonLine(event) + "\n";
    std::lock_guard lock(mutex_);
    // A reader that went away (EPIPE) is not an error worth stopping the measurement for.
    std::fwrite(line.data(), 1, line.size(), out_);
    std::fflush(out_);
}

RunReport runPlan(const Plan& plan, const ProbeOptions& options, EventSink& sink,
                  const RunControl& control) {
    RunReport report;
    report.startedAt = utcNow();
    for (std::size_t i = 0; i < plan.devices.size(); ++i)
        report.devices.push_back(
            measuredDevice(plan.devices[i], plan.targets[i], report.startedAt));
    std::vector<std::optional<Device>> specs;
    for (const Device& d : plan.devices)
        specs.push_back(builtinSpecDevice(d.name));
    const auto runStart = Clock::now();
    bool cancelled = false;
    const int count = static_cast<int>(plan.steps.size());
    for (int index = 0; index < count; ++index) {
        const PlanStep& step = plan.steps[static_cast<std::size_t>(index)];
        StepReport r{
            step.benchmark.key, step.benchmark.title, step.target, StepStatus::ok, {}, 0, {}};
        cancelled = control.agree(cancelled || control.cancelled());
        const double used = secondsSince(runStart);
        const bool outOfTime = options.timeLimitS > 0 && used >= options.timeLimitS;
        if (cancelled || outOfTime) {
            r.status = StepStatus::skipped;
            r.message = cancelled ? "cancelled" : "time limit reached";
            r.reason = cancelled ? ErrorKind::cancelled : ErrorKind::timeLimit;
            ProbeEvent e = event(ProbeEventType::skipped, step);
            e.message = r.message;
            sink.emit(e);
            report.steps.push_back(std::move(r));
            continue;
        }
        ProbeEvent started = event(ProbeEventType::started, step);
        started.title = step.benchmark.title;
        started.index = index;
        started.count = count;
        sink.emit(started);

        ProgressThrottle throttle(sink, step.benchmark.key, step.target);
        Context context;
        context.size = options.size;
        // The benchmark gets what is left of the whole run's limit.
        context.timeLimitS = options.timeLimitS > 0 ? options.timeLimitS - used : 0;
        context.progress = [&throttle](double f) { throttle(f); };
        context.cancelled = control.cancelled;
        const auto stepStart = Clock::now();
        auto outcome = step.benchmark.run(context);
        r.elapsedS = secondsSince(stepStart);
        // A benchmark cut short by Cancel returns what it had, or an error: either way the run
        // is cancelled, not failed.
        if (control.cancelled())
            cancelled = true;
        // Likewise a benchmark whose budget ran out before it had a sample was not run, rather
        // than broken.
        const bool timeUp = options.timeLimitS > 0 && secondsSince(runStart) >= options.timeLimitS;
        if (!outcome) {
            const Error& error = outcome.error();
            const bool unsupported = error.kind == ErrorKind::unsupported;
            r.reason = unsupported ? ErrorKind::unsupported
                       : cancelled ? ErrorKind::cancelled
                       : timeUp    ? ErrorKind::timeLimit
                                   : error.kind;
            const bool notRun = unsupported || cancelled || timeUp;
            r.status = notRun ? StepStatus::skipped : StepStatus::failed;
            // A benchmark this machine cannot run says why; one stopped says what stopped it.
            r.message = unsupported || !notRun ? error.toString()
                        : cancelled            ? "cancelled"
                                               : "time limit reached";
            ProbeEvent e = event(r.status == StepStatus::skipped ? ProbeEventType::skipped
                                                                 : ProbeEventType::failed,
                                 step);
            e.message = r.message;
            e.elapsedS = r.elapsedS;
            sink.emit(e);
            std::fprintf(stderr, "roofscope-probe: %s on %s %s: %s\n", step.benchmark.key.c_str(),
                         step.target.c_str(), std::string(toString(r.status)).c_str(),
                         r.message.c_str());
            report.steps.push_back(std::move(r));
            continue;
        }
        r.outcome = std::move(outcome).value();
        for (const auto& said : checkAgainstSpecs(r.outcome, specs, step.devices))
            std::fprintf(stderr, "roofscope-probe: %s on %s: %s\n", step.benchmark.key.c_str(),
                         step.target.c_str(), said.c_str());
        emitOutcome(sink, step, r.outcome, report.startedAt);
        for (const auto& m : r.outcome.ceilings) {
            const Ceiling c = toCeiling(m, report.startedAt);
            for (int d : step.devices)
                attach(report.devices[static_cast<std::size_t>(d)], m, c);
        }
        ProbeEvent finished = event(ProbeEventType::progress, step);
        finished.fraction = 1;
        finished.elapsedS = r.elapsedS;
        sink.emit(finished);
        report.steps.push_back(std::move(r));
    }
    report.elapsedS = secondsSince(runStart);
    bool anyFailed = false, anySkippedForTime = false, anyOk = false;
    for (const auto& s : report.steps) {
        anyFailed |= s.status == StepStatus::failed;
        anySkippedForTime |= s.status == StepStatus::skipped && s.reason == ErrorKind::timeLimit;
        anyOk |= s.status == StepStatus::ok;
    }
    if (cancelled)
        report.status = ProbeRunStatus::cancelled;
    else if (anyFailed && !anyOk)
        report.status = ProbeRunStatus::failed;
    else if (anyFailed || anySkippedForTime)
        report.status = ProbeRunStatus::partial;
    return report;
}

} // namespace roofscope::probe
