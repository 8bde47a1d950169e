// The module's side: the table that roofscope-gui.so exports to the executable.
#include "app/gui.h"
#include "app/gui_module.h"
#include "roofscope_features.h"
#include "ui/build_info.h"
#include "ui/plot_export.h"
#include "ui/timeline_export.h"

#include <QApplication>

namespace roofscope::app {
namespace {

// Images need a QApplication (QCustomPlot is a widget). The export never shows a window, so the
// offscreen platform serves with or without a display, and draws the same everywhere.
template <class Draw> Status withApplication(Draw draw) {
    int argc = 1;
    char name[] = "roofscope";
    char* argv[] = {name, nullptr};
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // One per export: a command exports once, and the application must not outlive the call.
    const QApplication app(argc, argv);
    return draw();
}

Status exportImage(const Session& session, const std::string& path, ExportFormat format,
                   const ExportOptions& options) {
    return withApplication(
        [&] { return ui::exportSession(session, QString::fromStdString(path), format, options); });
}

Status exportTimeline(const Session& session, int dataset, const StepTimeline& timeline,
                      TimelineColoring coloring, const std::string& path, ExportFormat format,
                      const ExportOptions& options) {
    return withApplication([&] {
        return ui::exportTimeline(session, dataset, timeline, coloring,
                                  QString::fromStdString(path), format, options);
    });
}

BuildInfo moduleBuildInfo() {
    return ui::toCore(ui::buildInfo());
}

} // namespace
} // namespace roofscope::app

extern "C" __attribute__((visibility("default"))) const roofscope::app::GuiModule*
roofscope_gui_module() {
    using namespace roofscope::app;
    static const GuiModule table{kGuiModuleAbi, ROOFSCOPE_VERSION, runExplorer,
                                 exportImage,   exportTimeline,    moduleBuildInfo};
    return &table;
}
