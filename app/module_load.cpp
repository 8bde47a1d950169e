#include "app/module_load.h"

#include "core/probe_location.h"
#include "roofscope_features.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

#ifndef ROOFSCOPE_MODULES_FROM_BIN
#define ROOFSCOPE_MODULES_FROM_BIN "../lib/roofscope"
#endif

namespace roofscope::app {

const char* const kBuildVersion = ROOFSCOPE_VERSION;

std::vector<std::string> moduleCandidates(const ModuleSpec& spec, const std::string& exeDir) {
    if (const char* path = std::getenv(spec.envVariable); path && *path)
        return {path};
    if (exeDir.empty())
        return {};
    const std::filesystem::path dir(exeDir);
    return {(dir / spec.file).string(),
            (dir / ROOFSCOPE_MODULES_FROM_BIN / spec.file).lexically_normal().string()};
}

Result<const void*> openModule(const ModuleSpec& spec,
                               const std::function<std::string(const void*)>& accept) {
    const std::vector<std::string> candidates = moduleCandidates(spec, currentExecutableDir());
    std::string tried, why = "not found";
    for (const auto& path : candidates) {
        tried += (tried.empty() ? "" : ", ") + path;
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec))
            continue;
        // RTLD_LOCAL: the module's libraries and its copy of core stay its own.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* error = dlerror();
            why = error ? error : "cannot be loaded";
            continue;
        }
        using Entry = const void* (*)();
        const auto entry = reinterpret_cast<Entry>(dlsym(handle, spec.entry));
        const void* table = entry ? entry() : nullptr;
        if (!table) {
            why = path + " is not " + spec.what;
            continue;
        }
        if (const std::string refused = accept(table); !refused.empty()) {
            why = path + ": " + refused;
            continue;
        }
        return table;
    }
    return makeError(std::string(spec.what) + " cannot be loaded (" + why + "; looked for " +
                     tried + ")");
}

} // namespace roofscope::app
