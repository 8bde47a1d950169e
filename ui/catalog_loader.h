#pragma once
// The device catalog for the window, in Qt's types: core/catalog_loader.h does the work.

#include "core/catalog.h"

#include <QString>
#include <QStringList>

namespace roofscope::ui {

// The user catalog folder, whether or not it exists (core's userCatalogDir()).
QString userCatalogDir();

// core's loadCatalog, its warnings appended to `warnings` when given.
Catalog loadCatalog(QStringList* warnings);

} // namespace roofscope::ui
