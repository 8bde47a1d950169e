// nvbandwidth results in the importer table: -j JSON (its "nvbandwidth" and "testcases" keys) or
// text (a "bandwidth (GB/s)" heading): measured copy-engine and SM link ceilings, which `info`
// lists.
#include "core/import/importer.h"
#include "core/import/nvbandwidth/nvbandwidth.h"
#include "core/provenance_text.h"
#include "core/text_file.h"
#include "core/units.h"

#include <sstream>

namespace roofscope {
namespace {

// Before ERT and nccl-tests, whose keys ("results", "empirical") its JSON might hold; a text with
// a "busbw" column is nccl-tests output.
bool recognises(const FileHead& head) {
    if (head.jsonObject())
        return head.has("\"nvbandwidth\"") && head.has("\"testcases\"");
    return head.plainText() && head.has("bandwidth (GB/s)") && !head.has("busbw");
}

Result<std::string> describe(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    ROOFSCOPE_TRY(ceilings, parseNvbandwidth(text.value(), path));
    std::ostringstream out;
    out << path << ": nvbandwidth result\n";
    for (const auto& [link, c] : ceilings.value().links)
        out << "    " << toString(link) << ": " << formatSi(c.value, Dimension::bytesPerS) << "  ["
            << provenanceText(c.provenance, ProvenanceDetail::full) << "]\n";
    return out.str();
}

} // namespace

const Importer& nvbandwidthImporter() {
    static constexpr Importer entry{
        FileKind::nvbandwidth,
        "nvbandwidth",
        "nvbandwidth output",
        "nvbandwidth output",
        "nvbandwidth output",
        "nvbandwidth output, measured link ceilings",
        "*.txt *.log *.json",
        OpensAs::ceilings,
        recognises,
        describe,
        nullptr,
    };
    return entry;
}

} // namespace roofscope
