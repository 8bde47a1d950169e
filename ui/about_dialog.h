#pragma once
// Help > About Roofscope: the icon, the version lines of `roofscope --version` (build_info.h)
// and the project's links.

#include <QDialog>

namespace roofscope::ui {

class AboutDialog : public QDialog {
    Q_OBJECT
  public:
    explicit AboutDialog(QWidget* parent = nullptr);
};

// Shows the dialog modally.
void showAboutDialog(QWidget* parent);

} // namespace roofscope::ui
