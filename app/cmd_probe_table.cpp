#include "app/cmd_probe.h"

#include "core/units.h"

#include <algorithm>
#include <ostream>

namespace roofscope::app {
namespace {

std::string ceilingName(const ProbeEvent& e) {
    if (const auto* k = std::get_if<ComputeKey>(&e.what))
        return std::string(toString(k->precision)) + " " + std::string(toString(k->unit));
    if (const auto* l = std::get_if<MemoryLevel>(&e.what))
        return "memory " + std::string(toString(*l));
    if (const auto* l = std::get_if<Link>(&e.what))
        return "link " + std::string(toString(*l));
    return "?";
}

std::string ceilingValue(const ProbeEvent& e) {
    const bool compute = std::holds_alternative<ComputeKey>(e.what);
    return formatSi(e.ceiling.value, compute ? Dimension::flopsPerS : Dimension::bytesPerS);
}

std::string padded(std::string text, std::size_t width) {
    if (text.size() < width)
        text.append(width - text.size(), ' ');
    return text;
}

// The method's first clause: the full text is in the file, the table must stay one line a row.
std::string shortMethod(const std::string& method) {
    std::string first = method.substr(0, method.find_first_of(";,"));
    if (first.size() > 60)
        first = first.substr(0, 59) + "…";
    return first;
}

std::string targetName(const ProbeTranscript& t, const std::string& target) {
    for (const auto& known : t.targets)
        if (known.target == target)
            return known.name.empty() ? target : target + " (" + known.name + ")";
    return target;
}

} // namespace

void printProgress(std::ostream& out, const ProbeEvent& e) {
    switch (e.type) {
    case ProbeEventType::started:
        out << "[" << e.index + 1 << "/" << e.count << "] " << e.benchmark << " on " << e.target
            << ": " << e.title << "\n";
        break;
    case ProbeEventType::result:
        out << "      " << ceilingName(e) << " = " << ceilingValue(e) << "\n";
        break;
    case ProbeEventType::failed:
        out << "      failed: " << e.message << "\n";
        break;
    case ProbeEventType::skipped:
        out << "      " << e.benchmark << " skipped: " << e.message << "\n";
        break;
    case ProbeEventType::warning:
        out << "      warning: " << e.message << "\n";
        break;
    default:
        break;
    }
    out.flush();
}

void printProbeTable(std::ostream& out, const ProbeTranscript& t) {
    std::vector<std::string> targets;
    for (const auto& r : t.results)
        if (std::find(targets.begin(), targets.end(), r.target) == targets.end())
            targets.push_back(r.target);
    if (targets.empty()) {
        out << "\nNo ceiling was measured.\n";
    }
    for (const auto& target : targets) {
        out << "\n" << targetName(t, target) << "\n";
        out << "  " << padded("ceiling", 22) << padded("value", 16) << padded("spread", 9)
            << padded("samples", 9) << "method\n";
        for (const auto& r : t.results) {
            if (r.target != target)
                continue;
            const auto& p = r.ceiling.provenance;
            char spread[32];
            std::snprintf(spread, sizeof spread, "%.1f %%", p.spread * 100);
            out << "  " << padded(ceilingName(r), 22) << padded(ceilingValue(r), 16)
                << padded(spread, 9) << padded(std::to_string(p.samples), 9)
                << shortMethod(p.method) << "\n";
        }
    }
    if (!t.problems.empty()) {
        out << "\nNot measured or worth knowing:\n";
        for (const auto& p : t.problems)
            out << "  " << (p.benchmark.empty() ? std::string("probe") : p.benchmark) << ": "
                << toString(p.type) << ": " << p.message << "\n";
    }
    for (const auto& g : t.garbage)
        out << "  (ignored probe output) " << g << "\n";
    if (t.done) {
        out << "\nRun " << toString(t.doneEvent.status);
        if (t.doneEvent.elapsedS > 0) {
            char s[32];
            std::snprintf(s, sizeof s, " in %.1f s", t.doneEvent.elapsedS);
            out << s;
        }
        if (!t.doneEvent.output.empty())
            out << "; ceilings written to " << t.doneEvent.output;
        out << ".\n";
    }
}

} // namespace roofscope::app
