#include "ui/app_identity.h"

#include <QDir>
#include <QFileInfo>

namespace roofscope::ui {

QString applicationId() {
    return QStringLiteral(ROOFSCOPE_APP_ID);
}

QIcon applicationIcon() {
    // The rendered PNG sizes need no SVG icon-engine plugin at run time; the SVG covers the rest.
    QIcon icon;
    for (const int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/roofscope-%1.png").arg(size), QSize(size, size));
    icon.addFile(QStringLiteral(":/icons/roofscope.svg"));
    return icon;
}

QUrl helpUrl(HelpTopic topic, const QString& appDir) {
    const QString file = topic == HelpTopic::UserGuide ? QStringLiteral("user-guide.md")
                                                       : QStringLiteral("file-formats.md");
    const QString installed =
        QDir(appDir).filePath(QStringLiteral(ROOFSCOPE_DOC_DIR_FROM_BIN "/") + file);
    if (QFileInfo(installed).isFile())
        return QUrl::fromLocalFile(QDir::cleanPath(installed));
    const QString home = QStringLiteral(ROOFSCOPE_HOMEPAGE);
    return QUrl(home + QStringLiteral("/blob/main/docs/") + file);
}

QUrl homepageUrl() {
    return QUrl(QStringLiteral(ROOFSCOPE_HOMEPAGE));
}

} // namespace roofscope::ui
