#include "app/gui.h"

#include "app/cli.h"
#include "core/demo_session.h"
#include "roofscope_features.h"
#include "ui/app_identity.h"
#include "ui/catalog_loader.h"
#include "ui/demo_render.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QStandardPaths>
#include <iostream>

namespace roofscope::app {
namespace {

bool haveDisplay() {
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

} // namespace

int runExplorer(int argc, char** argv) {
    const bool headless = !haveDisplay();
    if (headless)
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // QSettings (recent files, window layout) lives under ~/.config/roofscope/roofscope.conf.
    QApplication::setOrganizationName(QStringLiteral("roofscope"));
    QApplication::setApplicationName(QStringLiteral("roofscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("Roofscope"));
    QApplication::setApplicationVersion(QStringLiteral(ROOFSCOPE_VERSION));
    // Wayland compositors match the window to the installed desktop file (and its icon) by id.
    QGuiApplication::setDesktopFileName(ui::applicationId());
    QApplication::setWindowIcon(ui::applicationIcon());

    QStringList warnings;
    Catalog catalog = ui::loadCatalog(&warnings);
    for (const auto& w : warnings)
        std::cerr << "warning: " << w.toStdString() << "\n";

    const QStringList files = QApplication::arguments().mid(1);
    auto demo = makeDemoSession(catalog);
    if (headless) {
        if (!demo) {
            std::cerr << "roofscope: " << demo.error().toString() << "\n";
            return kExitFailure;
        }
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                            QStringLiteral("/roofscope/demo");
        const auto rendered = ui::renderSessionFiles(demo.value(), dir, QStringLiteral("roofline"));
        if (!rendered.error.isEmpty()) {
            std::cerr << "roofscope: " << rendered.error.toStdString() << "\n";
            return kExitFailure;
        }
        std::cout << "No display: rendered the demo ("
                  << demo.value().datasets.front().context.model << " on "
                  << demo.value().devices.size() << " devices) to\n";
        for (const auto& f : rendered.files)
            std::cout << "  " << f.toStdString() << "\n";
        return kExitOk;
    }

    ui::MainWindow window(std::move(catalog));
    if (!files.isEmpty()) {
        // Sessions open at once; traces load in the background once the window shows.
        window.openFiles(files);
    } else if (demo) {
        Session session = std::move(demo).value();
        ui::MainWindow::applyRememberedView(session.view);
        window.setSession(std::move(session));
    } else {
        std::cerr << "roofscope: " << demo.error().toString() << "\n";
    }
    window.show();
    return QApplication::exec();
}

} // namespace roofscope::app
