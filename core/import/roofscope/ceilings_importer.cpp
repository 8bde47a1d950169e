// Roofscope ceilings documents (devices and their ceilings, the catalog's own format) in the
// importer table: `info` lists every ceiling with its provenance.
#include "core/ceilings_file.h"
#include "core/import/importer.h"
#include "core/provenance_text.h"
#include "core/text_file.h"

#include <sstream>

namespace roofscope {
namespace {

// After sessions, which may hold a ceilings document's key in a label.
bool recognises(const FileHead& head) {
    return head.has("\"roofscope-ceilings\"");
}

Result<std::string> describe(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    ROOFSCOPE_TRY(devices, parseCeilings(text.value(), path));
    std::ostringstream out;
    out << path << ": Roofscope ceilings, format version " << kCeilingsFormatVersion << ", "
        << devices.value().size() << " device(s)\n";
    for (const auto& d : devices.value())
        out << deviceCeilingsText(d);
    return out.str();
}

} // namespace

const Importer& ceilingsImporter() {
    static constexpr Importer entry{
        FileKind::ceilings,
        "ceilings",
        "Roofscope ceilings document",
        "ceilings documents",
        "a ceilings document (\"format\": \"roofscope-ceilings\")",
        "",
        "",
        OpensAs::devices,
        recognises,
        describe,
        nullptr,
    };
    return entry;
}

} // namespace roofscope
