#include "ui/about_dialog.h"

#include "ui/app_identity.h"
#include "ui/build_info.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace roofscope::ui {
namespace {

QString link(const QUrl& url, const QString& text) {
    return QStringLiteral("<a href=\"%1\">%2</a>").arg(url.toString(QUrl::FullyEncoded), text);
}

} // namespace

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("About Roofscope"));
    const BuildInfo info = buildInfo();
    QStringList lines = versionLines(info);

    auto* icon = new QLabel(this);
    icon->setObjectName(QStringLiteral("aboutIcon"));
    icon->setPixmap(applicationIcon().pixmap(96, 96));
    icon->setAlignment(Qt::AlignTop);

    auto* title = new QLabel(tr("<h2>Roofscope %1</h2>Roofline explorer for deep-learning "
                                "training.")
                                 .arg(info.version.toHtmlEscaped()),
                             this);
    title->setObjectName(QStringLiteral("aboutTitle"));

    // The same lines as `roofscope --version`, so a bug report can quote either.
    lines.removeFirst();
    for (auto& line : lines)
        line = line.trimmed().toHtmlEscaped();
    auto* details = new QLabel(lines.join(QStringLiteral("<br>")), this);
    details->setObjectName(QStringLiteral("aboutDetails"));
    details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    const QString appDir = QCoreApplication::applicationDirPath();
    auto* links =
        new QLabel(QStringList{link(homepageUrl(), tr("Homepage")),
                               link(helpUrl(HelpTopic::UserGuide, appDir), tr("User Guide")),
                               link(helpUrl(HelpTopic::FileFormats, appDir), tr("File Formats")),
                               link(QUrl(homepageUrl().toString() + QStringLiteral("/issues")),
                                    tr("Report a bug"))}
                       .join(QStringLiteral(" · ")),
                   this);
    links->setObjectName(QStringLiteral("aboutLinks"));
    links->setOpenExternalLinks(true);

    // GPL-3.0-or-later because QCustomPlot, which this binary links, is GPL-3+ (LICENSE).
    auto* license = new QLabel(
        tr("Free software: you may redistribute and change it under the %1, version 3 or later. "
           "It comes with no warranty.")
            .arg(link(QUrl(QStringLiteral("https://www.gnu.org/licenses/gpl-3.0.html")),
                      tr("GNU General Public License"))),
        this);
    license->setObjectName(QStringLiteral("aboutLicense"));
    license->setWordWrap(true);
    license->setOpenExternalLinks(true);

    auto* text = new QVBoxLayout;
    text->addWidget(title);
    text->addWidget(details);
    text->addWidget(links);
    text->addWidget(license);
    text->addStretch();
    auto* top = new QHBoxLayout;
    top->addWidget(icon);
    top->addLayout(text, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(buttons);
}

void showAboutDialog(QWidget* parent) {
    AboutDialog dialog(parent);
    dialog.exec();
}

} // namespace roofscope::ui
