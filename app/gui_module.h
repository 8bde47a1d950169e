#pragma once
// The explorer's module: the window, the image export (PNG, PDF, SVG) and the Qt lines of
// `--version` live in roofscope-gui.so, which the Qt-free `roofscope` executable loads only when
// it needs one of them. So summarize, info, devices, model, probe and table exports (CSV, JSON)
// run on a server where no Qt libraries are installed; a missing module is an error only for
// what needs it. The table below is the whole interface between the two. Both come from one
// build, which the loader checks (abi and version), so C++ types can cross it.

#include "core/build_info.h"
#include "core/error.h"
#include "core/export/export_format.h"
#include "core/import/kineto/timeline_table.h"
#include "core/session.h"

#include <string>

namespace roofscope::app {

inline constexpr int kGuiModuleAbi = 2;
// The file name, and its folder relative to the executable's once installed (from CMake).
inline constexpr const char* kGuiModuleFile = "roofscope-gui.so";

struct GuiModule {
    int abi;             // kGuiModuleAbi of the build that made the module
    const char* version; // ROOFSCOPE_VERSION of that build
    // Starts the explorer on the files in argv (or the demo); without a display, renders the
    // demo to files and prints their paths. Returns the process exit code.
    int (*runExplorer)(int argc, char** argv);
    // Draws session.view as PNG, PDF or SVG into `path`, atomically, with a QApplication of its
    // own on the offscreen platform (unless QT_QPA_PLATFORM names one). Errors name `path`.
    Status (*exportImage)(const Session& session, const std::string& path, ExportFormat format,
                          const ExportOptions& options);
    // Draws the step timeline of session.datasets[dataset] (whose records the timeline's slices
    // index) as PNG, PDF or SVG into `path`, as exportImage does. Errors name `path`.
    Status (*exportTimeline)(const Session& session, int dataset, const StepTimeline& timeline,
                             TimelineColoring coloring, const std::string& path,
                             ExportFormat format, const ExportOptions& options);
    // The build's facts with the Qt and QCustomPlot the module runs on.
    BuildInfo (*buildInfo)();
};

// The folders tried, in order: $ROOFSCOPE_GUI_MODULE (a file path) when set, and only it; else
// the executable's folder (the build tree) and its installed place,
// exeDir/<bin-to-lib>/roofscope/. Empty exeDir: only the variable.
std::vector<std::string> guiModuleCandidates(const std::string& exeDir);

// Loads the module once (later calls return the same table). Errors say every path tried and
// why the last one failed (missing file, a missing Qt library, another build's module).
Result<const GuiModule*> loadGuiModule();

} // namespace roofscope::app

// The module's one exported symbol.
extern "C" const roofscope::app::GuiModule* roofscope_gui_module();
