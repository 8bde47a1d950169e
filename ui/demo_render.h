#pragma once
// Renders a session's roofline to image files without a window: for `roofscope` started with no
// display, and for tests.

#include "core/session.h"

#include <QString>
#include <QStringList>

namespace roofscope::ui {

struct RenderResult {
    QStringList files; // written, in order
    QString error;     // empty on success
};

// Writes <dir>/<baseName>.png (1600 × 1000 px) and <dir>/<baseName>.pdf (vector) as File >
// Export… would, creating dir.
RenderResult renderSessionFiles(const Session& session, const QString& dir,
                                const QString& baseName);

} // namespace roofscope::ui
