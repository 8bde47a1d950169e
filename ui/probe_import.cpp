#include "ui/probe_import.h"

#include "core/ceilings_file.h"

#include <QCoreApplication>
#include <QDate>
#include <QDir>
#include <QRegularExpression>

namespace roofscope::ui {
namespace {

QString firstMeasuredDate(const Ceilings& ceilings) {
    static const QRegularExpression isoDay(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}"));
    auto dayOf = [&](const Ceiling& c) -> QString {
        if (c.provenance.kind != ProvenanceKind::measured)
            return {};
        const auto match = isoDay.match(QString::fromStdString(c.provenance.date));
        return match.hasMatch() ? match.captured(0) : QString();
    };
    for (const auto& [key, c] : ceilings.compute)
        if (const QString d = dayOf(c); !d.isEmpty())
            return d;
    for (const auto& [key, c] : ceilings.memory)
        if (const QString d = dayOf(c); !d.isEmpty())
            return d;
    for (const auto& [key, c] : ceilings.links)
        if (const QString d = dayOf(c); !d.isEmpty())
            return d;
    return {};
}

// Ids become file names: keep them to the characters every file system takes.
QString fileSafe(const std::string& id) {
    QString out = QString::fromStdString(id).toLower();
    out.replace(QRegularExpression(QStringLiteral("[^a-z0-9._-]+")), QStringLiteral("-"));
    return out.isEmpty() ? QStringLiteral("device") : out;
}

} // namespace

QString measuredDate(const Device& device) {
    const QString day = firstMeasuredDate(device.ceilings);
    return day.isEmpty() ? QDate::currentDate().toString(Qt::ISODate) : day;
}

Device asMeasuredEntry(Device device) {
    const std::string date = measuredDate(device).toStdString();
    if (device.id.empty())
        device.id = "device";
    if (device.id.find("measured") == std::string::npos)
        device.id += "-measured-" + date;
    if (device.name.empty())
        device.name = device.id;
    if (device.name.find("(measured") == std::string::npos)
        device.name += " (measured " + date + ")";
    return device;
}

SavedMeasurement saveMeasuredDevices(const std::vector<Device>& devices,
                                     const QString& catalogDir) {
    SavedMeasurement saved;
    const QDir dir(catalogDir);
    const bool haveDir = dir.mkpath(QStringLiteral("."));
    for (const Device& measured : devices) {
        Device entry = asMeasuredEntry(measured);
        saved.devices.push_back(entry);
        saved.files.append(QString());
        if (entry.ceilings.empty())
            continue;
        // The file is named after the probe's own id, so that each day's measurement of one
        // device has one file.
        // The probe's ids may say "measured" themselves ("amd-epyc-measured-host"): once is enough.
        QString base = fileSafe(measured.id);
        base.remove(QRegularExpression(QStringLiteral("(^|-)measured(?=-|$)")));
        base.prepend(QStringLiteral("measured-"));
        const QString date = measuredDate(measured);
        if (!base.endsWith(date))
            base += QLatin1Char('-') + date;
        const QString path = dir.filePath(base + QStringLiteral(".json"));
        if (!haveDir) {
            saved.errors.append(QCoreApplication::translate("roofscope::ui::ProbeImport",
                                                            "cannot create the folder %1")
                                    .arg(catalogDir));
            continue;
        }
        const Status status = writeCeilingsFile(path.toStdString(), {entry});
        if (status)
            saved.files.back() = path;
        else
            saved.errors.append(QString::fromStdString(status.error().toString()));
    }
    return saved;
}

} // namespace roofscope::ui
