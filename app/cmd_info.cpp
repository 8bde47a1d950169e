// roofscope info FILE...
#include "app/cli.h"
#include "core/import/importer.h"

#include <ostream>

namespace roofscope::app {

namespace {
constexpr const char* kHelp =
    "Usage: roofscope info FILE...\n\n"
    "Describes Roofscope session (*.roofscope) and ceilings files (devices and ceilings with\n"
    "their provenance, datasets, records and times), Nsight Compute CSV exports (kernels with\n"
    "their measured FLOPs, bytes, time and intensity), and the ceilings measured by\n"
    "nccl-tests (text or -J JSON), ERT (roofline.json) and nvbandwidth.\n"
    "Exits with 1 when a file cannot be read, naming the file and the position of the problem.\n";
}

int runInfo(const std::vector<std::string>& args, CommandIo io) {
    if (args.empty()) {
        io.err << "roofscope info: no file given\n\n" << kHelp;
        return kExitUsage;
    }
    int status = kExitOk;
    for (const auto& a : args) {
        if (a == "--help" || a == "-h") {
            io.out << kHelp;
            return kExitOk;
        }
    }
    // An option is a wrong command line (exit 2), not a file that cannot be read (exit 1).
    for (const auto& a : args) {
        if (a.size() > 1 && a.front() == '-') {
            io.err << "roofscope info: unknown option '" << a << "'\n\n" << kHelp;
            return kExitUsage;
        }
    }
    for (const auto& path : args) {
        const auto summary = describeFile(path);
        if (!summary) {
            io.err << "roofscope info: " << summary.error().toString() << "\n";
            status = kExitFailure;
            continue;
        }
        io.out << summary.value();
    }
    return status;
}

} // namespace roofscope::app
