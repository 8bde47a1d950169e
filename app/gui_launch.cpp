#include "app/cli.h"
#include "app/gui.h"
#include "app/gui_module.h"

#include <iostream>

namespace roofscope::app {

int runGui(int argc, char** argv) {
    const auto module = loadGuiModule();
    if (!module) {
        std::cerr << "roofscope: cannot start the explorer: " << module.error().toString()
                  << "\nThe commands run without it: roofscope --help\n";
        return kExitFailure;
    }
    return module.value()->runExplorer(argc, argv);
}

} // namespace roofscope::app
