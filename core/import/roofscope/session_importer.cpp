// Roofscope's own session documents in the importer table: recognised by their format key, which
// comes before anything else because a session may quote any other kind's keys in its labels.
#include "core/import/importer.h"
#include "core/provenance_text.h"
#include "core/session_file.h"
#include "core/text_file.h"
#include "core/units.h"

#include <sstream>

namespace roofscope {
namespace {

bool recognises(const FileHead& head) {
    return head.has("\"roofscope-session\"");
}

std::string describeSession(const std::string& path, const Session& s, int version) {
    std::ostringstream out;
    out << path << ": Roofscope session, format version " << version << "\n";
    out << s.devices.size() << " device(s):\n";
    for (const auto& d : s.devices)
        out << deviceCeilingsText(d);
    out << s.datasets.size() << " dataset(s):\n";
    for (const auto& d : s.datasets) {
        double time = 0, flops = 0;
        int timed = 0;
        for (const auto& r : d.records) {
            if (r.timeS.known()) {
                time += r.timeS.value;
                ++timed;
            }
            if (r.flops.known())
                flops += r.flops.value;
        }
        out << "  " << (d.context.label.empty() ? std::string("(unlabelled)") : d.context.label)
            << ": " << d.records.size() << " records on "
            << (d.context.deviceId.empty() ? std::string("unknown device") : d.context.deviceId)
            << ", rank " << d.context.rank << "/" << d.context.worldSize << ", "
            << formatSi(flops, Dimension::flops) << " in " << formatSi(time, Dimension::time)
            << " (" << timed << " timed)\n";
    }
    out << "view: " << toString(s.view.view) << ", " << s.view.selection.size()
        << " selected record(s)\n";
    return out.str();
}

Result<std::string> describe(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    int version = 0;
    ROOFSCOPE_TRY(session, parseSession(text.value(), path, &version));
    return describeSession(path, session.value(), version);
}

} // namespace

const Importer& sessionImporter() {
    static constexpr Importer entry{
        FileKind::session,
        "session",
        "Roofscope session",
        "sessions (*.roofscope)",
        "a Roofscope session (*.roofscope)",
        "Roofscope sessions",
        "*.roofscope",
        OpensAs::session,
        recognises,
        describe,
        nullptr,
    };
    return entry;
}

} // namespace roofscope
