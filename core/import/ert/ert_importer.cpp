// Empirical Roofline Toolkit results (roofline.json, with its "empirical" key) in the importer
// table: a device's measured ceilings, which `info` lists.
#include "core/import/ert/ert_roofline.h"
#include "core/import/importer.h"
#include "core/provenance_text.h"
#include "core/text_file.h"

namespace roofscope {
namespace {

// After the trace rule: a kernel name may contain "empirical".
bool recognises(const FileHead& head) {
    return head.jsonObject() && head.has("\"empirical\"");
}

Result<std::string> describe(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    ROOFSCOPE_TRY(device, parseErtRoofline(text.value(), path, "ert"));
    return path + ": Empirical Roofline Toolkit result\n" + deviceCeilingsText(device.value());
}

} // namespace

const Importer& ertImporter() {
    static constexpr Importer entry{
        FileKind::ertRoofline,
        "ert",
        "ERT roofline.json",
        "ERT roofline.json",
        "an ERT roofline.json",
        "ERT roofline.json, measured ceilings",
        "*.json",
        OpensAs::ceilings,
        recognises,
        describe,
        nullptr,
    };
    return entry;
}

} // namespace roofscope
