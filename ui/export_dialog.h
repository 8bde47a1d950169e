#pragma once
// File > Export…: format, size, DPI and file for the plot or its points, remembered between
// runs (QSettings, group "export"). Accepting writes the file with exportSession; a failure is
// shown in the dialog, which stays open so the choice can be corrected.

#include "core/session.h"
#include "ui/plot_export.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace roofscope::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
  public:
    // `session` is what is exported, view range included (the window passes its zoom).
    explicit ExportDialog(Session session, QWidget* parent = nullptr);

    ExportFormat format() const;
    ExportOptions options() const;
    QString path() const;
    void setFormat(ExportFormat format);
    void setPath(const QString& path);

    void accept() override;

  signals:
    void exported(const QString& path);

  private:
    void formatChanged();
    void pathEdited();
    void browse();
    void remember() const;

    Session session_;
    QComboBox* format_ = nullptr;
    QSpinBox* width_ = nullptr;
    QSpinBox* height_ = nullptr;
    QSpinBox* dpi_ = nullptr;
    QLineEdit* path_ = nullptr;
    QLabel* pixels_ = nullptr; // what the PNG will measure
    QLabel* error_ = nullptr;
};

} // namespace roofscope::ui
