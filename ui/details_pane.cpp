#include "ui/details_pane.h"

#include "core/record_insight.h"
#include "core/units.h"

#include <QTextBrowser>
#include <QVBoxLayout>

#include <cmath>

namespace roofscope::ui {
namespace {

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString si(double value, Dimension dimension) {
    return std::isnan(value) ? QStringLiteral("\u2013")
                             : QString::fromStdString(formatSi(value, dimension));
}

QString percent(double fraction) {
    return si(fraction, Dimension::ratio);
}

// "10 GB (measured)" or "absent".
QString measure(const Measure& m, Dimension dimension) {
    if (!m.known())
        return DetailsPane::tr("absent");
    return QStringLiteral("%1 <i>(%2)</i>").arg(si(m.value, dimension), text(toString(m.origin)));
}

QString keyName(const ComputeKey& key) {
    return text(toString(key.precision)) + QLatin1Char(' ') + text(toString(key.unit));
}

QString levelName(MemoryLevel level) {
    return text(toString(level)).toUpper();
}

QString row(const QString& name, const QString& value) {
    return QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(name, value);
}

QString section(const QString& title, const QString& rows) {
    return QStringLiteral("<h4>%1</h4><table cellspacing=\"2\">%2</table>").arg(title, rows);
}

// One sentence per lift, carrying the numbers that justify it.
QString liftText(Lift lift, const RecordInsight& in) {
    const RooflinePoint& p = *in.point;
    const QString level = levelName(in.level);
    const QString computeName = in.computeKey ? keyName(*in.computeKey) : QString();
    const QString computeRoof =
        in.compute ? si(in.compute->value, Dimension::flopsPerS) : QString();
    switch (lift) {
    case Lift::checkFlopCount:
        return DetailsPane::tr("Above its roof (%1 of %2 on %3): check the FLOP count (is it "
                               "estimated?) and the precision; it may have run on faster units "
                               "than recorded.")
            .arg(percent(p.fractionOfRoof), computeRoof, computeName);
    case Lift::raiseIntensity:
        return DetailsPane::tr("Memory-bound at %1 of the %2 roof (intensity %3, ridge %4): raise "
                               "the intensity by fusing it with its neighbours, keeping operands "
                               "in cache, or lowering the precision to move fewer bytes.")
            .arg(percent(p.fractionOfRoof), level, si(p.intensity, Dimension::intensity),
                 si(p.ridge, Dimension::intensity));
    case Lift::improveBandwidthUse:
        return DetailsPane::tr("It uses only %1 of the %2 bandwidth: look at the access pattern "
                               "(strided or uncoalesced reads), small transfers and launch "
                               "overhead.")
            .arg(percent(p.fractionOfRoof), level);
    case Lift::useTensorUnits:
        return DetailsPane::tr("Compute-bound on %1 (%2) while %3 reaches %4: use tensor cores "
                               "(TF32 or mixed precision, shapes in multiples of 8).")
            .arg(computeName, computeRoof, keyName(*in.fasterKey),
                 si(in.faster->value, Dimension::flopsPerS));
    case Lift::lowerPrecision:
        return DetailsPane::tr("Compute-bound on %1 (%2) while %3 reaches %4: lower the "
                               "precision where accuracy allows.")
            .arg(computeName, computeRoof, keyName(*in.fasterKey),
                 si(in.faster->value, Dimension::flopsPerS));
    case Lift::improveComputeUse:
        return DetailsPane::tr("It reaches only %1 of its compute roof: check occupancy, tile "
                               "sizes and the overhead of many small launches.")
            .arg(percent(p.fractionOfRoof));
    case Lift::reduceCommunication:
        return DetailsPane::tr("Communication bounds it (t_P %1): overlap it with compute, use a "
                               "faster link or send fewer bytes.")
            .arg(si(in.md->commS, Dimension::time));
    case Lift::nearRoof:
        return DetailsPane::tr("At %1 of the fastest roof it can use: only less work or a faster "
                               "device will lift it.")
            .arg(percent(p.fractionOfRoof));
    }
    return {};
}

} // namespace

QString recordDetailsHtml(const Session& session, RecordRef ref) {
    const Dataset& dataset = session.datasets[std::size_t(ref.dataset)];
    const OpRecord& r = dataset.records[std::size_t(ref.record)];
    const Device* device = session.findDevice(dataset.context.deviceId);
    const MemoryLevel level = session.view.memoryLevel;
    const RecordInsight in = recordInsight(r, device, level, session.view.link);

    QString html =
        QStringLiteral("<h3>%1</h3><p>%2 · %3 · %4%5 · rank %6</p>")
            .arg(QString::fromStdString(r.name).toHtmlEscaped(),
                 QString::fromStdString(dataset.context.label).toHtmlEscaped(),
                 text(toString(r.category)), text(toString(r.phase)),
                 QStringLiteral(" · ") + text(toString(r.precision)) +
                     (r.usesTensorUnits ? DetailsPane::tr(" on tensor units") : QString()),
                 QString::number(r.rank));

    QString numbers = row(DetailsPane::tr("FLOPs"), measure(r.flops, Dimension::flops));
    // Why the FLOPs are absent (and the remedy), or what their estimate assumed.
    if (!r.flopsNote.empty())
        numbers += row(r.flops.known() ? DetailsPane::tr("Assumed") : DetailsPane::tr("Why"),
                       QString::fromStdString(r.flopsNote).toHtmlEscaped());
    if (r.outsideSteps)
        numbers += row(DetailsPane::tr("Step"),
                       DetailsPane::tr("none: launched outside every traced step, so not part "
                                       "of the iteration"));
    for (const auto& [lvl, m] : r.bytes)
        numbers +=
            row(DetailsPane::tr("%1 bytes").arg(levelName(lvl)), measure(m, Dimension::bytes));
    if (r.bytes.empty())
        numbers += row(DetailsPane::tr("Bytes"), DetailsPane::tr("absent"));
    for (const auto& [link, m] : r.commBytes)
        numbers += row(DetailsPane::tr("Sent over %1").arg(text(toString(link))),
                       measure(m, Dimension::bytes));
    numbers += row(DetailsPane::tr("Time"), measure(r.timeS, Dimension::time));
    numbers +=
        row(DetailsPane::tr("Count"), r.count == 1 ? DetailsPane::tr("1 launch")
                                                   : DetailsPane::tr("%1 launches").arg(r.count));
    numbers += row(DetailsPane::tr("Intensity (%1)").arg(levelName(level)),
                   si(in.intensity, Dimension::intensity));
    numbers += row(DetailsPane::tr("Achieved"), si(in.achievedFlopsPerS, Dimension::flopsPerS));
    html += section(DetailsPane::tr("Numbers"), numbers);

    if (!device) {
        html +=
            QStringLiteral("<p>%1</p>")
                .arg(DetailsPane::tr("No roofs: the session has no device “%1”.")
                         .arg(QString::fromStdString(dataset.context.deviceId).toHtmlEscaped()));
        return html;
    }
    QString bound;
    auto ceilingText = [](const Ceiling& c, Dimension d) {
        return QStringLiteral("%1 <i>(%2)</i>")
            .arg(si(c.value, d), text(toString(c.provenance.kind)));
    };
    bound += row(DetailsPane::tr("Compute ceiling"),
                 in.compute ? keyName(*in.computeKey) + QStringLiteral(" ") +
                                  ceilingText(*in.compute, Dimension::flopsPerS)
                            : DetailsPane::tr("none for %1").arg(text(toString(r.precision))));
    bound += row(DetailsPane::tr("Memory ceiling"),
                 in.memory ? levelName(level) + QStringLiteral(" ") +
                                 ceilingText(*in.memory, Dimension::bytesPerS)
                           : DetailsPane::tr("none at %1").arg(levelName(level)));
    if (in.point) {
        const RooflinePoint& p = *in.point;
        bound += row(DetailsPane::tr("Ridge"), si(p.ridge, Dimension::intensity));
        bound +=
            row(DetailsPane::tr("Attainable"), si(p.attainableFlopsPerS, Dimension::flopsPerS));
        bound += row(DetailsPane::tr("Of roof"),
                     percent(p.fractionOfRoof) + QStringLiteral(", ") +
                         (p.aboveRoof     ? DetailsPane::tr("above the roof")
                          : p.memoryBound ? DetailsPane::tr("memory-bound")
                                          : DetailsPane::tr("compute-bound")));
    } else {
        bound +=
            row(DetailsPane::tr("Roofline"), QString::fromStdString(in.pointError).toHtmlEscaped());
    }
    html += section(
        DetailsPane::tr("Against %1").arg(QString::fromStdString(device->name).toHtmlEscaped()),
        bound);

    QString md;
    if (in.md) {
        md += row(DetailsPane::tr("t_F"), si(in.md->computeS, Dimension::time));
        md += row(DetailsPane::tr("t_M"), si(in.md->memoryS, Dimension::time));
        md += row(DetailsPane::tr("t_P"), si(in.md->commS, Dimension::time));
        md += row(DetailsPane::tr("Bound"), si(in.md->boundS, Dimension::time));
        md += row(DetailsPane::tr("Bottleneck"), text(toString(in.md->bottleneck)));
        if (in.md->efficiency)
            md += row(DetailsPane::tr("Bound / time"), percent(*in.md->efficiency));
    } else {
        md += row(DetailsPane::tr("Bound"), QString::fromStdString(in.mdError).toHtmlEscaped());
    }
    html += section(DetailsPane::tr("MD-Roofline (link %1)").arg(text(toString(session.view.link))),
                    md);

    QStringList lifts;
    for (const Lift lift : in.lifts)
        lifts.append(QStringLiteral("<li>%1</li>").arg(liftText(lift, in)));
    html += QStringLiteral("<h4>%1</h4>").arg(DetailsPane::tr("What would lift it"));
    html += lifts.isEmpty() ? QStringLiteral("<p>%1</p>")
                                  .arg(DetailsPane::tr("Nothing to suggest from these numbers."))
                            : QStringLiteral("<ul>%1</ul>").arg(lifts.join(QString()));
    return html;
}

DetailsPane::DetailsPane(QWidget* parent) : QWidget(parent), browser_(new QTextBrowser(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(browser_);
    browser_->setObjectName(QStringLiteral("detailsText"));
    browser_->setOpenLinks(false);
    showRecord({}, std::nullopt);
}

void DetailsPane::showRecord(const Session& session, std::optional<RecordRef> ref) {
    const bool valid =
        ref && ref->dataset >= 0 && ref->record >= 0 &&
        std::size_t(ref->dataset) < session.datasets.size() &&
        std::size_t(ref->record) < session.datasets[std::size_t(ref->dataset)].records.size();
    browser_->setHtml(valid ? recordDetailsHtml(session, *ref)
                            : QStringLiteral("<p><i>%1</i></p>")
                                  .arg(tr("Select a point or a row to see its numbers.")));
}

QString DetailsPane::text() const {
    return browser_->toPlainText();
}

} // namespace roofscope::ui
