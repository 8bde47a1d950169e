#include "core/provenance_text.h"

#include "core/units.h"

#include <sstream>

namespace roofscope {
namespace {

std::string briefText(const Provenance& p) {
    std::string text;
    if (p.kind == ProvenanceKind::spec) {
        text = "spec";
        if (!p.sourceUrl.empty())
            text += ", " + p.sourceUrl;
    } else {
        text = "measured";
        if (!p.tool.empty())
            text += " by " + p.tool;
        std::string detail = p.method;
        if (!p.date.empty())
            detail += (detail.empty() ? "" : ", ") + p.date.substr(0, 10);
        if (!detail.empty())
            text += " (" + detail + ")";
    }
    if (!p.note.empty())
        text += "; " + p.note;
    return text;
}

std::string fullText(const Provenance& p) {
    if (p.kind == ProvenanceKind::spec)
        return "spec, " + p.sourceUrl;
    std::string out = "measured by " + p.tool + " (" + p.method + ")";
    if (!p.date.empty())
        out += ", " + p.date;
    if (p.samples > 0)
        out += ", " + std::to_string(p.samples) + " samples";
    if (p.spread > 0)
        out += ", spread " + formatSi(p.spread, Dimension::ratio, 2);
    return out;
}

} // namespace

std::string provenanceText(const Provenance& provenance, ProvenanceDetail detail) {
    return detail == ProvenanceDetail::brief ? briefText(provenance) : fullText(provenance);
}

std::string deviceCeilingsText(const Device& d) {
    std::ostringstream out;
    const auto full = [](const Ceiling& c) {
        return provenanceText(c.provenance, ProvenanceDetail::full);
    };
    out << "  " << d.id << "  " << d.name << " (" << toString(d.kind)
        << (d.vendor.empty() ? std::string() : ", " + d.vendor) << ")\n";
    for (const auto& [key, c] : d.ceilings.compute)
        out << "    " << toString(key.precision) << ' ' << toString(key.unit) << ": "
            << formatSi(c.value, Dimension::flopsPerS) << "  [" << full(c) << "]\n";
    for (const auto& [level, c] : d.ceilings.memory)
        out << "    " << toString(level) << ": " << formatSi(c.value, Dimension::bytesPerS) << "  ["
            << full(c) << "]\n";
    for (const auto& [link, c] : d.ceilings.links)
        out << "    " << toString(link) << ": " << formatSi(c.value, Dimension::bytesPerS) << "  ["
            << full(c) << "]\n";
    return out.str();
}

} // namespace roofscope
