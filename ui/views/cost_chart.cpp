#include "ui/views/cost_chart.h"

#include "core/analysis/compare_tables.h"
#include "core/analysis/repeat_stats.h"
#include "ui/axis_format.h"
#include "ui/palette.h"
#include "ui/views/chart_frame.h"
#include "ui/views/configuration_tip.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace roofscope::ui {

CostChart::CostChart(QWidget* parent) : ViewChart(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // In the window as in an export (draw): where a label fits depends on the layout.
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        if (xAxis && !labels_.empty()) {
            updateLayout();
            placeAnchoredLabels(*this, labels_, true);
        }
    });
}

void CostChart::setSession(const Session& session) {
    points_.clear();
    labels_.clear();
    front_ = nullptr;
    clearPicks();
    const RepeatStats stats = repeatStats(session);
    std::vector<int> costed;
    for (std::size_t i = 0; i < stats.configurations.size(); ++i)
        if (!std::isnan(stats.configurations[i].costPerIteration))
            costed.push_back(static_cast<int>(i));
    if (stats.configurations.empty()) {
        showEmpty(tr("No datasets: the cost view compares configurations of runs"));
        return;
    }
    if (costed.empty()) {
        showEmpty(tr("Set a price per device-hour for a device to compare cost per iteration"));
        return;
    }
    table_ = costTable(session, stats);
    emptyReason_.clear();
    double maxCost = 0, tLow = std::numeric_limits<double>::infinity(), tHigh = 0;
    for (const int i : costed) {
        const Configuration& k = stats.configurations[static_cast<std::size_t>(i)];
        maxCost = std::max(maxCost, k.costPerIteration);
        tLow = std::min(tLow, k.meanS);
        tHigh = std::max(tHigh, k.meanS);
    }
    costScale_ = costScaleFor(maxCost);
    const QString per = tr("Cost %1").arg(costPerText(costScale_));
    const int unpriced = static_cast<int>(stats.configurations.size() - costed.size());
    // Defaults are USD from the systems catalog; a user's prices are in their own currency.
    int defaults = 0;
    QStringList sources;
    for (const int i : costed)
        if (const System* sys = stats.configurations[static_cast<std::size_t>(i)].priceSystem) {
            ++defaults;
            const QString source = QStringLiteral("%1, %2").arg(
                QString::fromStdString(sys->name), QString::fromStdString(sys->price->date));
            if (!sources.contains(source))
                sources.push_back(source);
        }
    const QString currency = defaults == int(costed.size()) ? QStringLiteral("USD")
                             : defaults == 0                ? tr("price units")
                                                            : tr("price units; defaults USD");
    resetChartFrame(
        *this, tr("Cost against time per iteration"),
        tr("Price per device-hour × devices × mean iteration time; line: Pareto "
           "front (nothing is both faster and cheaper)") +
            (unpriced > 0
                 ? tr(" · %n configuration(s) without a price not drawn", nullptr, unpriced)
                 : QString()) +
            (sources.isEmpty() ? QString()
                               : tr("\nDefault prices: on demand per GPU-hour, %1 (set your own "
                                    "under Prices)")
                                     .arg(sources.join(QStringLiteral("; ")))),
        Qt::AlignTop | Qt::AlignRight);
    setLinearAxis(xAxis, Dimension::time, tr("Mean iteration time"));
    yAxis->setLabel(QStringLiteral("%1 (%2)").arg(per, currency));
    yAxis->setNumberFormat(QStringLiteral("g"));

    // The front first, under the points.
    front_ = addGraph();
    QVector<QCPGraphData> line;
    for (const int i : stats.paretoFront) {
        const Configuration& k = stats.configurations[static_cast<std::size_t>(i)];
        line.push_back({k.meanS, k.costPerIteration * costScale_});
    }
    front_->data()->set(line, true);
    front_->setLineStyle(QCPGraph::lsStepLeft);
    front_->setPen(QPen(QColor(60, 60, 60), 1.5, Qt::DashLine));
    front_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(60, 60, 60), 1.5), Qt::NoBrush, 15));
    front_->setName(tr("Pareto front"));
    front_->setSelectable(QCP::stNone);

    std::map<std::string, QCPGraph*> byDevice;
    for (const int i : costed) {
        const Configuration& k = stats.configurations[static_cast<std::size_t>(i)];
        QCPGraph*& g = byDevice[k.deviceId];
        if (!g) {
            const QColor c = paletteColor(static_cast<int>(byDevice.size()) - 1);
            g = addGraph();
            g->setLineStyle(QCPGraph::lsNone);
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c.darker(120), c, 10));
            const Device* d = session.findDevice(k.deviceId);
            g->setName(QString::fromStdString(d ? d->name : k.deviceId));
            g->setSelectable(QCP::stNone);
            points_.push_back(g);
        }
        const double y = k.costPerIteration * costScale_;
        g->addData(k.meanS, y);
        addPick(xAxis, yAxis, k.meanS, y, configurationTip(session, k, costScale_), std::nullopt,
                g);
        QString text = QString::fromStdString(configurationLabel(session, k));
        if (!k.model.empty())
            text = QString::fromStdString(k.model) + QStringLiteral(" · ") + text;
        labels_.push_back(addAnchoredLabel(*this, elide(text, 60), k.meanS, y, QColor(40, 40, 40)));
    }
    // Padded so that labels and the front's end fit; costs start at zero for an honest scale.
    const double span = std::max(tHigh - tLow, tHigh * 0.2);
    xAxis->setRange(std::max(0.0, tLow - span * 0.25), tHigh + span * 0.6);
    yAxis->setRange(0, maxCost * costScale_ * 1.3);
    replot(rpQueuedReplot);
}

void CostChart::draw(QCPPainter* painter) {
    if (xAxis && !labels_.empty()) {
        updateLayout();
        placeAnchoredLabels(*this, labels_, true);
    }
    ViewChart::draw(painter);
}

} // namespace roofscope::ui
