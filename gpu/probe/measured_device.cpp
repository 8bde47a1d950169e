#include "gpu/probe/measured_device.h"

#include "roofscope_features.h"

#include <cctype>
#include <ctime>

namespace roofscope::probe {

std::string probeTool() {
    return std::string("roofscope-probe ") + ROOFSCOPE_VERSION;
}

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

std::string slug(const std::string& text) {
    std::string out;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            out += static_cast<char>(std::tolower(u));
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? "device" : out;
}

Device measuredDevice(const Device& probed, const std::string& target, const std::string& date) {
    Device d = probed;
    d.ceilings = {};
    d.aliases.clear();
    const std::string day = date.substr(0, 10);
    d.name = probed.name + " (measured " + day + ")";
    std::string id = slug(probed.id.empty() ? probed.name : probed.id) + "-measured";
    if (!probed.identity.host.empty())
        id += "-" + slug(probed.identity.host);
    if (target != "cpu")
        id += "-" + slug(target);
    d.id = id;
    return d;
}

Ceiling toCeiling(const Measured& m, const std::string& dateTime) {
    Ceiling c;
    c.value = m.value;
    c.provenance.kind = ProvenanceKind::measured;
    c.provenance.tool = probeTool();
    c.provenance.method = m.method.empty() ? "roofscope-probe benchmark" : m.method;
    c.provenance.date = dateTime;
    c.provenance.clockMHz = m.clockMHz;
    c.provenance.samples = m.stats.samples;
    c.provenance.spread = m.stats.spread();
    c.provenance.note = m.note;
    return c;
}

} // namespace roofscope::probe
