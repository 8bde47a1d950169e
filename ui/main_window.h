#pragma once
// The explorer window. For now: the roofline of the open session, opening and saving sessions,
// exporting the plot. The explorer issue adds the dataset tree, record table and details.

#include "catalog.h"
#include "session.h"

#include <QMainWindow>

namespace roofscope::ui {

class RooflinePlot;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(Catalog catalog, QWidget* parent = nullptr);

    void setSession(Session session, const QString& path = {});
    const Session& session() const { return session_; }
    RooflinePlot* plot() const { return plot_; }

    // Opens a session file; on failure shows the error (file and position) and keeps the
    // current session. Returns whether it loaded.
    bool openSession(const QString& path);
    bool saveSession(const QString& path);

  private:
    void buildMenus();
    // Shows the error in a non-blocking message box (object name "errorBox") and the status bar.
    void showError(const QString& title, const QString& message);
    void updateTitle();

    Catalog catalog_;
    Session session_;
    QString sessionPath_;
    RooflinePlot* plot_ = nullptr;
};

} // namespace roofscope::ui
