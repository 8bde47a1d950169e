#pragma once

namespace roofscope::app {

// Starts the explorer on the files in argv (or the built-in demo). Without a display, renders
// the demo to image files instead and prints their paths. Returns the process exit code.
int runGui(int argc, char** argv);

} // namespace roofscope::app
