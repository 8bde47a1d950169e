// The executable's side of the explorer's module: finding and loading roofscope-gui.so.
#include "app/gui_module.h"

#include "app/module_load.h"

namespace roofscope::app {
namespace {

const ModuleSpec kGuiSpec{kGuiModuleFile, "ROOFSCOPE_GUI_MODULE", "roofscope_gui_module",
                          "the explorer's module"};

} // namespace

std::vector<std::string> guiModuleCandidates(const std::string& exeDir) {
    return moduleCandidates(kGuiSpec, exeDir);
}

Result<const GuiModule*> loadGuiModule() {
    static const Result<const GuiModule*> loaded = openModuleAs<GuiModule>(kGuiSpec, kGuiModuleAbi);
    return loaded;
}

} // namespace roofscope::app
