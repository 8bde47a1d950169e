// PlacementChart's lower half: the old step (as measured) against the new one (with the moves) as
// stacked bars of time per device, the run's measured copies and the transfers the moves cause,
// with the change in %; hovering a segment says what it is and how long.
#include "ui/views/placement_chart.h"

#include <QFontMetrics>

#include "ui/axis_format.h"
#include "ui/palette.h"
#include "ui/views/chart_frame.h"

#include <algorithm>
#include <cstdio>

namespace roofscope::ui {
namespace {

const QColor kMemcpy(150, 150, 150);
const QColor kTransfer(0xD5, 0x5E, 0x00);

QString seconds(double s) {
    return QString::fromStdString(formatSi(s, Dimension::time));
}

QString deviceName(const Session& session, const std::string& id) {
    const Device* d = session.findDevice(id);
    return QString::fromStdString(d ? d->name : id);
}

} // namespace

void PlacementChart::drawSteps(const PlacementPlan& plan, const Session& session) {
    oldStepS_ = plan.oldStepS;
    newStepS_ = plan.newStepS;
    const BarStrip strip = addBarStrip(*this, tr("Step time: as measured vs with the moves"));
    QCPLayoutGrid* bottom = strip.grid;
    barRect_ = strip.rect;
    QCPAxis* keys = barRect_->axis(QCPAxis::atLeft);
    QCPAxis* values = barRect_->axis(QCPAxis::atBottom);
    // Few ticks: the bars may be narrow, and "25.0 m50.0 m" reads as one number.
    values->ticker()->setTickCount(4);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(0, tr("old step (measured)"));
    ticker->addTick(1, tr("new step (predicted)"));
    keys->setTicker(ticker);
    keys->setTickLength(0, 0);
    keys->setRange(-0.6, 1.6);

    // Right of the bars, in its own column: inside the rectangle it would cover the bars of a
    // narrow chart.
    // Over an empty element that takes the rest of the height: a legend given a whole row
    // spreads its items over it.
    auto* legendBox = new QCPLegend;
    auto* legendColumn = new QCPLayoutGrid;
    bottom->addElement(1, 1, legendColumn);
    legendColumn->addElement(0, 0, legendBox);
    legendColumn->addElement(1, 0, new QCPLayoutElement(this));
    legendColumn->setRowStretchFactors({0.001, 1.0});
    bottom->setColumnStretchFactors({1.0, 0.001});
    legendBox->setMargins(QMargins(8, 0, 0, 0));
    legendBox->setLayer(QStringLiteral("legend"));
    legendBox->setFont(QFont(font().family(), 8));
    legendBox->setBrush(QColor(255, 255, 255, 230));
    legendBox->setRowSpacing(0);

    QCPBars* below = nullptr;
    double baseBefore = 0, baseAfter = 0; // where the next segment of each bar starts
    auto segment = [&](const QString& name, const QColor& color, double before, double after,
                       Qt::BrushStyle style = Qt::SolidPattern) {
        segments_[name] = {before, after};
        auto* bars = new QCPBars(keys, values);
        bars->setName(name);
        bars->setBrush(QBrush(color, style));
        bars->setPen(QPen(style == Qt::SolidPattern ? Qt::white : color, 0.8));
        bars->setWidth(0.6);
        bars->setStackingGap(0);
        bars->setSelectable(QCP::stNone);
        bars->setData({0, 1}, {before, after}, true);
        if (before > 0)
            addBarPick(bars, 0, baseBefore, before,
                       tr("%1\nold step (measured): %2 of %3")
                           .arg(name, seconds(before), seconds(plan.oldStepS)));
        if (after > 0)
            addBarPick(bars, 1, baseAfter, after,
                       tr("%1\nnew step (predicted): %2 of %3")
                           .arg(name, seconds(after), seconds(plan.newStepS)));
        baseBefore += before;
        baseAfter += after;
        if (below)
            bars->moveAbove(below);
        below = bars;
        legendBox->addItem(new QCPPlottableLegendItem(legendBox, bars));
    };
    int colorIndex = 0;
    for (const auto& id : plan.devices) {
        const QColor color = paletteColor(colorIndex++);
        segment(deviceName(session, id), color, plan.busyBeforeS.at(id), plan.busyAfterS.at(id));
    }
    segment(tr("memcpy (measured)"), kMemcpy, plan.memcpyS, plan.memcpyS);
    segment(tr("transfers (moves, upper bound)"), kTransfer, 0, plan.transferS, Qt::BDiagPattern);

    auto total = [&](double key, double value, const QString& text) {
        auto* label = new QCPItemText(this);
        label->setClipAxisRect(barRect_);
        label->position->setAxes(values, keys);
        label->position->setCoords(value, key);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(6, 0, 0, 0));
        label->setFont(QFont(font().family(), 8, QFont::Bold));
        label->setText(text);
        return label;
    };
    total(0, plan.oldStepS, seconds(plan.oldStepS));
    QString change;
    if (plan.oldStepS > 0) {
        char percent[32];
        std::snprintf(percent, sizeof percent, "%+.1f %%",
                      (plan.newStepS / plan.oldStepS - 1) * 100);
        change = QString::fromLatin1(percent);
    }
    QString text = change.isEmpty() ? seconds(plan.newStepS)
                                    : tr("%1 (%2)").arg(seconds(plan.newStepS), change);
    if (plan.unprojected > 0)
        text += tr(", %n op(s) not projected", nullptr, plan.unprojected);
    else if (!plan.outcomes.empty() && plan.moved == 0)
        text += tr(", nothing moved (see the notes)");
    change_ = total(1, plan.newStepS, text);
    fitStepTotals();
}

void PlacementChart::fitStepTotals() {
    const double longest = std::max(oldStepS_, newStepS_);
    const QFontMetrics fm(change_->font());
    const double textPx =
        std::max(fm.horizontalAdvance(change_->text()), fm.horizontalAdvance(seconds(oldStepS_))) +
        change_->padding().left() + 8.0;
    const double stripPx = barRect_->width() > 100 ? barRect_->width() : width() * 0.45;
    const double share = std::clamp(textPx / std::max(stripPx, 1.0), 0.2, 0.7);
    barRect_->axis(QCPAxis::atBottom)->setRange(0, longest > 0 ? longest / (1 - share) : 1e-3);
}

} // namespace roofscope::ui
