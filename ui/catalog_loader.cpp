#include "ui/catalog_loader.h"

#include "core/ceilings_file.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

namespace roofscope::ui {
namespace {

void addFolder(Catalog& catalog, const QString& dir, CatalogLayer layer, QStringList* warnings) {
    const QDir folder(dir);
    const auto names = folder.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString& name : names) {
        const QString path = folder.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            if (warnings)
                warnings->append(path + QStringLiteral(": ") + file.errorString());
            continue;
        }
        const QByteArray text = file.readAll();
        const auto devices =
            parseCeilings(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                          path.toStdString());
        if (!devices) {
            if (warnings)
                warnings->append(QString::fromStdString(devices.error().toString()));
            continue;
        }
        // In the user folder, a device with measured ceilings (a probe's output) is a measured
        // entry: it outranks a user's spec entry of the same id whatever the file order.
        std::vector<Device> spec, measured;
        for (const Device& d : devices.value())
            (layer == CatalogLayer::user && hasMeasuredCeilings(d) ? measured : spec).push_back(d);
        catalog.add(spec, layer, path.toStdString());
        catalog.add(measured, CatalogLayer::measured, path.toStdString());
    }
}

} // namespace

QString userCatalogDir() {
    const QByteArray overridden = qgetenv("ROOFSCOPE_USER_CATALOG");
    if (!overridden.isEmpty())
        return QString::fromLocal8Bit(overridden);
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/roofscope/devices");
}

Catalog loadCatalog(QStringList* warnings) {
    Catalog catalog;
    addFolder(catalog, QStringLiteral(":/devices"), CatalogLayer::builtin, warnings);
    addFolder(catalog, userCatalogDir(), CatalogLayer::user, warnings);
    return catalog;
}

} // namespace roofscope::ui
