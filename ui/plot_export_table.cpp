// The points of an export as CSV and JSON. Both print every number with the shortest text that
// reads back as the same double, so a script gets from the CSV exactly what the JSON says.
#include "ui/plot_export.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace roofscope::ui {
namespace {

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QJsonValue number(double v) {
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

// The columns, in order; values() gives one point's values in the same order.
constexpr const char* kColumns[] = {"dataset",
                                    "device",
                                    "record",
                                    "category",
                                    "phase",
                                    "precision",
                                    "rank",
                                    "memory_level",
                                    "intensity_flop_per_byte",
                                    "performance_flop_per_s",
                                    "time_s",
                                    "flops",
                                    "bytes",
                                    "roof_flop_per_s",
                                    "percent_of_roof",
                                    "bottleneck",
                                    "above_roof"};

std::vector<QJsonValue> values(const Session& session, const PlotPoint& p) {
    const Dataset& dataset = session.datasets[std::size_t(p.ref.dataset)];
    const OpRecord& r = dataset.records[std::size_t(p.ref.record)];
    return {QString::fromStdString(dataset.context.label),
            QString::fromStdString(dataset.context.deviceId),
            QString::fromStdString(r.name),
            text(toString(r.category)),
            text(toString(r.phase)),
            text(toString(r.precision)),
            r.rank,
            text(toString(p.level)),
            number(p.intensity),
            number(p.achievedFlopsPerS),
            number(p.timeS),
            number(p.flops),
            number(p.bytes),
            number(p.attainableFlopsPerS),
            number(p.fractionOfRoof * 100),
            text(toString(p.bottleneck)),
            p.aboveRoof};
}

QString csvField(const QJsonValue& v) {
    if (v.isNull())
        return {};
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest);
    QString s = v.toString();
    // Kernel names hold commas and quotes (C++ templates): RFC 4180 quoting.
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) ||
        s.contains(QLatin1Char('\n')) || s.contains(QLatin1Char('\r'))) {
        s.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        s = QLatin1Char('"') + s + QLatin1Char('"');
    }
    return s;
}

QJsonObject provenance(const Provenance& p) {
    QJsonObject o{{QStringLiteral("kind"), text(toString(p.kind))}};
    const auto add = [&o](const char* key, const std::string& value) {
        if (!value.empty())
            o.insert(QLatin1String(key), QString::fromStdString(value));
    };
    add("source_url", p.sourceUrl);
    add("tool", p.tool);
    add("method", p.method);
    add("date", p.date);
    return o;
}

QJsonObject deviceJson(const Device& d) {
    QJsonArray compute, memory, links;
    for (const auto& [key, c] : d.ceilings.compute)
        compute.append(QJsonObject{{QStringLiteral("precision"), text(toString(key.precision))},
                                   {QStringLiteral("unit"), text(toString(key.unit))},
                                   {QStringLiteral("flop_per_s"), number(c.value)},
                                   {QStringLiteral("provenance"), provenance(c.provenance)}});
    for (const auto& [level, c] : d.ceilings.memory)
        memory.append(QJsonObject{{QStringLiteral("level"), text(toString(level))},
                                  {QStringLiteral("bytes_per_s"), number(c.value)},
                                  {QStringLiteral("provenance"), provenance(c.provenance)}});
    for (const auto& [link, c] : d.ceilings.links)
        links.append(QJsonObject{{QStringLiteral("link"), text(toString(link))},
                                 {QStringLiteral("bytes_per_s"), number(c.value)},
                                 {QStringLiteral("provenance"), provenance(c.provenance)}});
    return {{QStringLiteral("id"), QString::fromStdString(d.id)},
            {QStringLiteral("name"), QString::fromStdString(d.name)},
            {QStringLiteral("kind"), text(toString(d.kind))},
            {QStringLiteral("compute"), compute},
            {QStringLiteral("memory"), memory},
            {QStringLiteral("links"), links}};
}

} // namespace

QStringList pointsCsvHeader() {
    QStringList names;
    for (const char* name : kColumns)
        names << QLatin1String(name);
    return names;
}

QByteArray pointsCsv(const Session& session, const PlotPoints& points) {
    QString out = pointsCsvHeader().join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const auto& p : points.points) {
        QStringList row;
        for (const auto& v : values(session, p))
            row << csvField(v);
        out += row.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out.toUtf8();
}

QByteArray pointsJson(const Session& session, const PlotPoints& points) {
    QJsonArray rows;
    for (const auto& p : points.points) {
        QJsonObject o;
        o.insert(QStringLiteral("dataset_index"), p.ref.dataset);
        o.insert(QStringLiteral("record_index"), p.ref.record);
        const auto v = values(session, p);
        for (std::size_t i = 0; i < v.size(); ++i)
            o.insert(QLatin1String(kColumns[i]), v[i]);
        rows.append(o);
    }
    QJsonArray datasets;
    for (const auto& d : session.datasets)
        datasets.append(
            QJsonObject{{QStringLiteral("label"), QString::fromStdString(d.context.label)},
                        {QStringLiteral("device"), QString::fromStdString(d.context.deviceId)},
                        {QStringLiteral("records"), qint64(d.records.size())}});
    QJsonArray devices;
    for (const auto& id : points.deviceIds)
        if (const Device* d = session.findDevice(id))
            devices.append(deviceJson(*d));
    const QJsonObject root{
        {QStringLiteral("schema"), QLatin1String(kPointsSchema)},
        {QStringLiteral("view"), text(toString(session.view.view))},
        {QStringLiteral("memory_level"), text(toString(session.view.memoryLevel))},
        {QStringLiteral("datasets"), datasets},
        {QStringLiteral("devices"), devices},
        {QStringLiteral("points"), rows},
        {QStringLiteral("undrawable"), points.undrawable}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace roofscope::ui
