#pragma once
// The explorer: in the module (gui.cpp) the window itself, in the executable (gui_launch.cpp) the
// call that loads the module and starts it.

namespace roofscope::app {

// Starts the explorer on the files in argv (or the built-in demo). Without a display, renders
// the demo to image files instead and prints their paths. Returns the process exit code.
int runExplorer(int argc, char** argv);

// runExplorer through the module (app/gui_module.h); when it cannot be loaded, says why on
// stderr and returns kExitFailure.
int runGui(int argc, char** argv);

} // namespace roofscope::app
