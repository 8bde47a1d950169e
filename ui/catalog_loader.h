#pragma once
// Builds the device catalog from the built-in entries (Qt resources under :/devices) and the
// user's own folder, $XDG_DATA_HOME/roofscope/devices (override with ROOFSCOPE_USER_CATALOG).

#include "core/catalog.h"

#include <QString>
#include <QStringList>

namespace roofscope::ui {

// The user catalog folder, whether or not it exists.
QString userCatalogDir();

// Built-in entries first, then every *.json of the user folder in name order (a user entry with a
// built-in id overrides it; one with any measured ceiling is a `measured` entry, which also
// overrides user spec entries). A user file that cannot be read is skipped and described in
// `warnings`; a broken built-in entry is a build defect and is reported the same way.
Catalog loadCatalog(QStringList* warnings);

} // namespace roofscope::ui
