#pragma once
// Every field the Kineto reader fills, as text: two reads of a trace agree when their digests do.

#include "core/error.h"
#include "core/import/kineto/kineto_events.h"

#include <sstream>
#include <string>

namespace roofscope::testing {

// Every field the parser fills, one line per event, names resolved: two reads agree when their
// digests are equal, and the first differing line says where they do not.
inline std::string digest(const Result<TraceEvents>& r) {
    std::ostringstream o;
    if (!r.ok()) {
        o << "error " << r.error().toString() << '\n';
        return o.str();
    }
    const TraceEvents& t = r.value();
    auto text = [&](std::uint32_t id) {
        return id == kNoIndex ? std::string("-") : t.strings.text(id);
    };
    o << "seen " << t.eventsSeen << " strings " << t.strings.size() << '\n';
    for (const auto& c : t.cpu)
        o << "cpu " << int(c.kind) << ' ' << text(c.name) << ' ' << text(c.thread) << ' ' << c.tsNs
          << ' ' << c.durNs << ' ' << c.externalId << ' ' << c.shapes << ' ' << c.collective << ' '
          << c.device << ' ' << c.stream << '\n';
    for (const auto& g : t.gpu)
        o << "gpu " << int(g.kind) << ' ' << text(g.name) << ' ' << g.tsNs << ' ' << g.durNs << ' '
          << g.device << ' ' << g.stream << ' ' << g.externalId << ' ' << g.correlation << ' '
          << g.bytes << ' ' << g.collective << '\n';
    for (const auto& rt : t.runtime)
        o << "runtime " << text(rt.name) << ' ' << text(rt.thread) << ' ' << rt.tsNs << ' '
          << rt.durNs << ' ' << rt.externalId << ' ' << rt.correlation << '\n';
    for (const auto& c : t.counters) {
        o << "counters " << text(c.name) << ' ' << c.tsNs << ' ' << c.durNs;
        for (const auto& row : c.instructions)
            for (double v : row)
                o << ' ' << v;
        o << '\n';
    }
    for (const auto& s : t.shapes)
        o << "shapes " << s.dims << " | " << s.types << " | " << s.concrete << '\n';
    for (const auto& c : t.collectives)
        o << "collective " << c.name << ' ' << c.inNelems << ' ' << c.outNelems << ' ' << c.dtype
          << ' ' << c.groupSize << ' ' << c.processGroup << '\n';
    for (const auto& w : t.warnings)
        o << "warning " << w << '\n';
    return o.str();
}

inline std::string firstDifference(const std::string& a, const std::string& b,
                                   const char* nameA = "baseline", const char* nameB = "avx2") {
    std::istringstream x(a), y(b);
    std::string l, m;
    for (int line = 1;; ++line) {
        const bool more = bool(std::getline(x, l)), moreB = bool(std::getline(y, m));
        if (!more && !moreB)
            return "no difference";
        if (l != m || more != moreB)
            return "line " + std::to_string(line) + ":\n  " + nameA + ": " + l + "\n  " + nameB +
                   ": " + m;
    }
}

} // namespace roofscope::testing
