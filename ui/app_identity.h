#pragma once
// Who the application is to the desktop: its id (desktop file, icon, AppStream metadata, all
// installed by packaging/ and resources/), its icon, and where its documentation lives.

#include <QIcon>
#include <QString>
#include <QUrl>

namespace roofscope::ui {

// The reverse-DNS id, ROOFSCOPE_APP_ID in the top CMakeLists.txt.
QString applicationId();

// Roofscope's icon, compiled in as resources (:/icons/): the hand-drawn SVG and its PNG sizes.
QIcon applicationIcon();

enum class HelpTopic { UserGuide, FileFormats };

// The installed copy (<appDir>/../share/doc/roofscope/...) when it exists, so that the help works
// offline and matches the installed version; otherwise the copy on the project's homepage.
QUrl helpUrl(HelpTopic topic, const QString& appDir);

// The project's homepage.
QUrl homepageUrl();

} // namespace roofscope::ui
