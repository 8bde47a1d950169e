#include "ui/probe_format.h"

#include "core/units.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace roofscope::ui {
namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("roofscope::ui::ProbeFormat", text);
}

QString memoryLabel(MemoryLevel level) {
    switch (level) {
    case MemoryLevel::l1:
        return QStringLiteral("L1");
    case MemoryLevel::l2:
        return QStringLiteral("L2");
    case MemoryLevel::l3:
        return QStringLiteral("L3");
    case MemoryLevel::dram:
        return QStringLiteral("DRAM");
    case MemoryLevel::host:
        return tr("host memory");
    }
    return {};
}

QString linkLabel(Link link) {
    switch (link) {
    case Link::pcie_h2d:
        return QStringLiteral("PCIe H2D");
    case Link::pcie_d2h:
        return QStringLiteral("PCIe D2H");
    case Link::p2p:
        return QStringLiteral("P2P");
    case Link::intra_node:
        return tr("intra-node");
    case Link::inter_node:
        return tr("inter-node");
    }
    return {};
}

} // namespace

QString targetTitle(const std::string& target) {
    const QString t = QString::fromStdString(target);
    if (t == QLatin1String("cpu"))
        return tr("CPU");
    if (t == QLatin1String("cluster"))
        return tr("Cluster");
    static const QRegularExpression gpu(QStringLiteral("^gpu(\\d+)$"));
    QStringList parts;
    for (const QString& part : t.split(QLatin1Char('+'))) {
        const auto match = gpu.match(part);
        if (!match.hasMatch())
            return t;
        parts.append(tr("GPU %1").arg(match.captured(1)));
    }
    return parts.join(QStringLiteral(" + "));
}

QString ceilingLabel(const ProbeEvent& result) {
    if (const auto* key = std::get_if<ComputeKey>(&result.what)) {
        const QString precision = QString::fromUtf8(toString(key->precision));
        return key->unit == ComputeUnit::tensor ? precision + tr(" tensor") : precision;
    }
    if (const auto* level = std::get_if<MemoryLevel>(&result.what))
        return memoryLabel(*level);
    if (const auto* link = std::get_if<Link>(&result.what))
        return linkLabel(*link);
    return {};
}

QString resultValue(const ProbeEvent& result) {
    const Dimension dimension = std::holds_alternative<ComputeKey>(result.what)
                                    ? Dimension::flopsPerS
                                    : Dimension::bytesPerS;
    return QString::fromStdString(formatSi(result.ceiling.value, dimension));
}

QString resultsSummary(const std::vector<ProbeEvent>& results) {
    if (results.size() == 1)
        return resultValue(results.front());
    QStringList parts;
    for (const ProbeEvent& r : results) {
        const QString label = ceilingLabel(r);
        parts.append(label.isEmpty() ? resultValue(r) : label + QLatin1Char(' ') + resultValue(r));
    }
    return parts.join(QStringLiteral(" · "));
}

QString countOf(qsizetype n, const QString& singular, const QString& plural) {
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

QString resultDetails(const ProbeEvent& result) {
    const Provenance& p = result.ceiling.provenance;
    QStringList lines{ceilingLabel(result) + QStringLiteral(": ") + resultValue(result)};
    if (!p.method.empty())
        lines.append(QString::fromStdString(p.method));
    QStringList facts;
    if (p.samples > 0)
        facts.append(tr("%1 samples").arg(p.samples));
    if (p.spread > 0)
        facts.append(tr("spread %1 %").arg(p.spread * 100, 0, 'g', 2));
    if (p.clockMHz > 0)
        facts.append(tr("clock %1 MHz").arg(p.clockMHz, 0, 'f', 0));
    if (!facts.isEmpty())
        lines.append(facts.join(QStringLiteral(", ")));
    return lines.join(QLatin1Char('\n'));
}

} // namespace roofscope::ui
