#include "ui/catalog_loader.h"

#include "core/catalog_loader.h"

namespace roofscope::ui {

QString userCatalogDir() {
    return QString::fromStdString(roofscope::userCatalogDir());
}

Catalog loadCatalog(QStringList* warnings) {
    std::vector<std::string> found;
    Catalog catalog = roofscope::loadCatalog(&found);
    if (warnings)
        for (const auto& w : found)
            warnings->append(QString::fromStdString(w));
    return catalog;
}

} // namespace roofscope::ui
