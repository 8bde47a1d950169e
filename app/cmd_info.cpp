// roofscope info FILE...
#include "app/cli.h"
#include "app/options.h"
#include "core/import/importer.h"

#include <ostream>

namespace roofscope::app {

namespace {

const OptionTable kOptions{
    "info",
    "Usage: roofscope info FILE...\n\n"
    "Describes Roofscope session (*.roofscope) and ceilings files (devices and ceilings with\n"
    "their provenance, datasets, records and times), Nsight Compute CSV exports (kernels with\n"
    "their measured FLOPs, bytes, time and intensity), Nsight Systems SQLite exports (each\n"
    "process's kernels, copies, API calls and NVTX ranges), XPlane profiles of JAX / XLA\n"
    "(each GPU's model, kernels, copies and XLA ops), and the ceilings measured by\n"
    "nccl-tests (text or -J JSON), ERT (roofline.json) and nvbandwidth.\n"
    "Exits with 1 when a file cannot be read, naming the file and the position of the problem.\n",
    16,
    {},
    "",
    true};

} // namespace

int runInfo(const std::vector<std::string>& args, CommandIo io) {
    // An option is a wrong command line (exit 2), not a file that cannot be read (exit 1).
    std::vector<std::string> files;
    if (const auto code = parseCommandLine(kOptions, args, files, io))
        return *code;
    if (files.empty())
        return usageError(io, "info", helpText(kOptions), "no file given");
    int status = kExitOk;
    for (const auto& path : files) {
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
