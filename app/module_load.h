#pragma once
// Finding and opening one of the executable's optional modules (app/gui_module.h,
// app/mpi_module.h): a file beside the executable (the build tree) or in its installed folder,
// or the one path an environment variable names, opened with dlopen and asked for its table.

#include "core/error.h"

#include <functional>
#include <string>
#include <vector>

namespace roofscope::app {

// ROOFSCOPE_VERSION of this build (modules must match it).
extern const char* const kBuildVersion;

struct ModuleSpec {
    const char* file;        // "roofscope-gui.so"
    const char* envVariable; // "ROOFSCOPE_GUI_MODULE": a file path that replaces the search
    const char* entry;       // the exported function that returns the table
    const char* what;        // "the explorer's module", for the messages
};

// The paths tried, in order: $envVariable alone when set; else exeDir/file and
// exeDir/<bin-to-lib>/roofscope/file. Empty exeDir: only the variable.
std::vector<std::string> moduleCandidates(const ModuleSpec& spec, const std::string& exeDir);

// The table of the first candidate that opens and that `accept` takes (it returns why not, or an
// empty string). Errors say every path tried and why the last one failed (missing file, a missing
// library, another build's module).
Result<const void*> openModule(const ModuleSpec& spec,
                               const std::function<std::string(const void* table)>& accept);

// openModule for a table whose first members are `int abi; const char* version;`: accepted when
// they are this build's.
template <class Table> Result<const Table*> openModuleAs(const ModuleSpec& spec, int abi) {
    auto table = openModule(spec, [&](const void* t) {
        const auto* m = static_cast<const Table*>(t);
        if (m->abi == abi && std::string(m->version) == kBuildVersion)
            return std::string();
        return std::string("it comes from Roofscope ") + m->version + ", not " + kBuildVersion +
               " (reinstall roofscope)";
    });
    if (!table)
        return table.error();
    return static_cast<const Table*>(table.value());
}

} // namespace roofscope::app
