#include "ui/export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace roofscope::ui {
namespace {

const QString kGroup = QStringLiteral("export");

QString describe(ExportFormat format) {
    switch (format) {
    case ExportFormat::png:
        return QObject::tr("PNG image");
    case ExportFormat::pdf:
        return QObject::tr("PDF (vector)");
    case ExportFormat::svg:
        return QObject::tr("SVG (vector)");
    case ExportFormat::csv:
        return QObject::tr("CSV of the points");
    case ExportFormat::json:
        break;
    }
    return QObject::tr("JSON of the points and ceilings");
}

QSpinBox* spinBox(int low, int high, int value, const QString& suffix, const char* name) {
    auto* box = new QSpinBox;
    box->setRange(low, high);
    box->setValue(value);
    box->setSuffix(suffix);
    box->setObjectName(QLatin1String(name));
    return box;
}

} // namespace

ExportDialog::ExportDialog(Session session, QWidget* parent)
    : QDialog(parent), session_(std::move(session)) {
    setWindowTitle(tr("Export"));
    QSettings settings;
    settings.beginGroup(kGroup);
    const ExportOptions defaults;

    format_ = new QComboBox(this);
    format_->setObjectName(QStringLiteral("format"));
    for (const QString& name : exportFormatNames())
        format_->addItem(describe(*parseExportFormat(name)), name);
    width_ = spinBox(kExportMinSize, kExportMaxSize,
                     settings.value(QStringLiteral("width"), defaults.width).toInt(), tr(" px"),
                     "width");
    height_ = spinBox(kExportMinSize, kExportMaxSize,
                      settings.value(QStringLiteral("height"), defaults.height).toInt(), tr(" px"),
                      "height");
    dpi_ = spinBox(kExportMinDpi, kExportMaxDpi,
                   settings.value(QStringLiteral("dpi"), defaults.dpi).toInt(), tr(" dpi"), "dpi");
    path_ = new QLineEdit(this);
    path_->setObjectName(QStringLiteral("path"));
    auto* browseButton = new QPushButton(tr("Browse…"), this);
    browseButton->setObjectName(QStringLiteral("browse"));
    pixels_ = new QLabel(this);
    pixels_->setObjectName(QStringLiteral("pixels"));
    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("error"));
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("color: #b00020"));
    error_->hide();

    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(path_, 1);
    fileRow->addWidget(browseButton);
    auto* form = new QFormLayout;
    form->addRow(tr("&Format:"), format_);
    form->addRow(tr("&Width:"), width_);
    form->addRow(tr("&Height:"), height_);
    form->addRow(tr("&DPI (PNG):"), dpi_);
    form->addRow(QString(), pixels_);
    form->addRow(tr("F&ile:"), fileRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(error_);
    layout->addWidget(buttons);

    // Sizes are CSS pixels (1/96 inch); saying what the PNG measures avoids a surprise.
    const auto updatePixels = [this] {
        const ExportOptions o = options();
        pixels_->setText(format() == ExportFormat::png ? tr("PNG of %1 × %2 pixels")
                                                             .arg(qRound(o.width * o.dpi / 96.0))
                                                             .arg(qRound(o.height * o.dpi / 96.0))
                                                       : tr("%1 × %2 inches")
                                                             .arg(o.width / 96.0, 0, 'f', 2)
                                                             .arg(o.height / 96.0, 0, 'f', 2));
    };
    for (QSpinBox* box : {width_, height_, dpi_})
        connect(box, &QSpinBox::valueChanged, this, updatePixels);
    connect(format_, &QComboBox::currentIndexChanged, this, [this, updatePixels] {
        formatChanged();
        updatePixels();
    });
    connect(path_, &QLineEdit::editingFinished, this, &ExportDialog::pathEdited);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);

    const QString last = settings.value(QStringLiteral("path")).toString();
    path_->setText(last.isEmpty() ? QDir::home().filePath(QStringLiteral("roofline.png")) : last);
    const auto format = parseExportFormat(settings.value(QStringLiteral("format")).toString());
    setFormat(format.value_or(ExportFormat::png));
    formatChanged();
    updatePixels();
}

ExportFormat ExportDialog::format() const {
    return parseExportFormat(format_->currentData().toString()).value_or(ExportFormat::png);
}

ExportOptions ExportDialog::options() const {
    return {width_->value(), height_->value(), dpi_->value()};
}

QString ExportDialog::path() const {
    return path_->text().trimmed();
}

void ExportDialog::setFormat(ExportFormat format) {
    format_->setCurrentIndex(format_->findData(formatSuffix(format)));
}

void ExportDialog::setPath(const QString& path) {
    path_->setText(path);
    pathEdited();
}

// The extension follows the format, so the file always says what it holds.
void ExportDialog::formatChanged() {
    const ExportFormat f = format();
    width_->setEnabled(isImageFormat(f));
    height_->setEnabled(isImageFormat(f));
    dpi_->setEnabled(f == ExportFormat::png);
    QString p = path();
    if (p.isEmpty())
        return;
    const QFileInfo info(p);
    const QString base = exportFormatForPath(p) ? info.completeBaseName() : info.fileName();
    path_->setText(info.dir().filePath(base + QLatin1Char('.') + formatSuffix(f)));
}

// A typed extension picks the format.
void ExportDialog::pathEdited() {
    if (const auto f = exportFormatForPath(path()); f && *f != format())
        setFormat(*f);
}

void ExportDialog::browse() {
    const ExportFormat f = format();
    const QString filter = tr("%1 (*.%2)").arg(describe(f), formatSuffix(f)) +
                           QStringLiteral(";;") + tr("All files (*)");
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export to"), path(), filter);
    if (!chosen.isEmpty())
        setPath(chosen);
}

void ExportDialog::remember() const {
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.setValue(QStringLiteral("format"), formatSuffix(format()));
    settings.setValue(QStringLiteral("width"), width_->value());
    settings.setValue(QStringLiteral("height"), height_->value());
    settings.setValue(QStringLiteral("dpi"), dpi_->value());
    settings.setValue(QStringLiteral("path"), path());
}

void ExportDialog::accept() {
    pathEdited();
    if (path().isEmpty()) {
        error_->setText(tr("Choose a file to write."));
        error_->show();
        return;
    }
    const Status status = exportSession(session_, path(), format(), options());
    if (!status) {
        error_->setText(QString::fromStdString(status.error().toString()));
        error_->show();
        return;
    }
    remember();
    emit exported(path());
    QDialog::accept();
}

} // namespace roofscope::ui
