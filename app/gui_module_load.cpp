// The executable's side of the explorer's module: finding and loading roofscope-gui.so.
#include "app/gui_module.h"

#include "core/probe_location.h"
#include "roofscope_features.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

#ifndef ROOFSCOPE_GUI_MODULE_FROM_BIN
#define ROOFSCOPE_GUI_MODULE_FROM_BIN "../lib/roofscope"
#endif

namespace roofscope::app {
namespace {

Result<const GuiModule*> load() {
    const std::vector<std::string> candidates = guiModuleCandidates(currentExecutableDir());
    std::string tried, why = "not found";
    for (const auto& path : candidates) {
        tried += (tried.empty() ? "" : ", ") + path;
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec))
            continue;
        // RTLD_LOCAL: the module's Qt and its copy of core stay its own.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char* error = dlerror();
            why = error ? error : "cannot be loaded";
            continue;
        }
        using Entry = const GuiModule* (*)();
        const auto entry = reinterpret_cast<Entry>(dlsym(handle, "roofscope_gui_module"));
        const GuiModule* module = entry ? entry() : nullptr;
        if (!module) {
            why = path + " is not Roofscope's explorer module";
            continue;
        }
        if (module->abi != kGuiModuleAbi || std::string(module->version) != ROOFSCOPE_VERSION) {
            why = path + " comes from Roofscope " + module->version + ", not " + ROOFSCOPE_VERSION +
                  " (reinstall roofscope)";
            continue;
        }
        return module;
    }
    return makeError("the explorer's module cannot be loaded (" + why + "; looked for " + tried +
                     ")");
}

} // namespace

std::vector<std::string> guiModuleCandidates(const std::string& exeDir) {
    if (const char* path = std::getenv("ROOFSCOPE_GUI_MODULE"); path && *path)
        return {path};
    if (exeDir.empty())
        return {};
    const std::filesystem::path dir(exeDir);
    return {(dir / kGuiModuleFile).string(),
            (dir / ROOFSCOPE_GUI_MODULE_FROM_BIN / kGuiModuleFile).lexically_normal().string()};
}

Result<const GuiModule*> loadGuiModule() {
    static const Result<const GuiModule*> loaded = load();
    return loaded;
}

} // namespace roofscope::app
