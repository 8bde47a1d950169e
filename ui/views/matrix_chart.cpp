#include "ui/views/matrix_chart.h"

#include "core/analysis/compare_tables.h"
#include "core/analysis/repeat_stats.h"
#include "ui/axis_format.h"
#include "ui/palette.h"
#include "ui/views/chart_frame.h"
#include "ui/views/configuration_tip.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace roofscope::ui {
namespace {

constexpr double kModelGap = 0.8; // extra space between the bars of two models

// "NVIDIA H100 SXM5\nPyTorch 2.3.0\nCUDA 12.4": a tick label a bar's width can hold, the
// stack's parts on lines of their own (at most three; the table has the rest).
QString tickText(const Session& session, const Configuration& k) {
    const Device* d = session.findDevice(k.deviceId);
    QString device = QString::fromStdString(d ? d->name : k.deviceId);
    if (k.worldSize > 1)
        device += QStringLiteral(" × %1").arg(k.worldSize);
    QStringList lines{elide(device, 24)};
    const QStringList parts = QString::fromStdString(k.stack).split(QStringLiteral(", "));
    for (int i = 0; i < parts.size() && i < 2; ++i)
        lines << elide(parts[i], 24);
    if (parts.size() > 2)
        lines.back() += QStringLiteral(" …");
    if (k.stack.empty())
        lines << QObject::tr("no stack");
    return lines.join('\n');
}

QString valueText(const Configuration& k) {
    QString text = QString::fromStdString(formatSi(k.meanS, Dimension::time));
    if (!std::isnan(k.stderrS))
        text += QStringLiteral("\n± ") +
                QString::fromStdString(formatSi(k.stderrS, Dimension::time, 2));
    return text + QStringLiteral("\nn = %1").arg(k.n);
}

} // namespace

MatrixChart::MatrixChart(QWidget* parent) : ViewChart(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void MatrixChart::setSession(const Session& session) {
    bars_.clear();
    errorBars_.clear();
    keys_.clear();
    valueLabels_.clear();
    clearPicks();
    const RepeatStats stats = repeatStats(session);
    if (stats.configurations.empty()) {
        showEmpty(tr("No datasets to compare: open runs of a model on several devices or "
                     "software stacks"));
        return;
    }
    const bool anyTimed = std::any_of(stats.configurations.begin(), stats.configurations.end(),
                                      [](const Configuration& k) { return k.n > 0; });
    if (!anyTimed) {
        showEmpty(tr("No run has timed records: the matrix compares iteration times"));
        return;
    }
    table_ = matrixTable(session, stats);
    emptyReason_.clear();
    const bool anyFew = std::any_of(stats.configurations.begin(), stats.configurations.end(),
                                    [](const Configuration& k) { return k.fewRepeats; });
    resetChartFrame(*this, tr("Iteration time by configuration"),
                    tr("Mean ± standard error over repeats; the iteration time of a run is its "
                       "slowest rank's summed op time") +
                        (anyFew ? tr("\nHatched: fewer than 3 repeats (Bykov et al. recommend "
                                     "at least 3)")
                                : QString()),
                    Qt::Alignment());
    setLinearAxis(yAxis, Dimension::time, tr("Mean iteration time (s)"));
    xAxis->grid()->setVisible(false);

    // Positions: one per configuration, a gap between models; model names above their groups.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    std::map<std::string, int> deviceIndex; // colour by device, in order of appearance
    std::map<std::pair<int, bool>, std::pair<QCPBars*, QCPErrorBars*>> groups;
    std::set<std::string> legendDevices;
    double key = 0, top = 0;
    std::string model;
    double groupStart = 0;
    auto closeGroup = [&](double end) {
        auto* name = new QCPItemText(this);
        name->setText(model.empty() ? tr("(no model)") : QString::fromStdString(model));
        name->setFont(QFont(font().family(), 9, QFont::Bold));
        name->position->setTypeX(QCPItemPosition::ptPlotCoords);
        name->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        name->position->setCoords((groupStart + end) / 2, 0.0);
        name->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        name->setPadding(QMargins(0, 4, 0, 0));
    };
    for (std::size_t i = 0; i < stats.configurations.size(); ++i) {
        const Configuration& k = stats.configurations[i];
        if (i > 0 && k.model != model) {
            closeGroup(key - 1);
            key += kModelGap;
            groupStart = key;
        }
        model = k.model;
        keys_.push_back(key);
        ticker->addTick(key, tickText(session, k));
        const int device =
            deviceIndex.try_emplace(k.deviceId, static_cast<int>(deviceIndex.size())).first->second;
        if (k.n > 0) {
            auto& [bars, errors] = groups[{device, k.fewRepeats}];
            if (!bars) {
                const QColor c = paletteColor(device);
                bars = new QCPBars(xAxis, yAxis);
                bars->setWidth(0.7);
                bars->setPen(QPen(c.darker(130), 1.2));
                bars->setBrush(k.fewRepeats ? QBrush(c, Qt::BDiagPattern) : QBrush(c.lighter(115)));
                const Device* d = session.findDevice(k.deviceId);
                bars->setName(QString::fromStdString(d ? d->name : k.deviceId));
                // The legend lists each device once, and hatching once (below).
                if (k.fewRepeats || legendDevices.contains(k.deviceId))
                    bars->removeFromLegend();
                legendDevices.insert(k.deviceId);
                bars->setSelectable(QCP::stNone);
                errors = new QCPErrorBars(xAxis, yAxis);
                errors->setDataPlottable(bars);
                errors->setPen(QPen(QColor(40, 40, 40), 1.3));
                errors->setWhiskerWidth(10);
                errors->removeFromLegend();
                errors->setSelectable(QCP::stNone);
                bars_.push_back(bars);
                errorBars_.push_back(errors);
            }
            bars->addData(key, k.meanS);
            // No error without two repeats: a zero-length bar draws nothing.
            const double se = std::isnan(k.stderrS) ? 0.0 : k.stderrS;
            errors->addData(se);
            // The bar up to its whisker's top: hovering either names the configuration.
            addBarPick(bars, key, 0, k.meanS + se, configurationTip(session, k));
            top = std::max(top, k.meanS + se);
            auto* value = new QCPItemText(this);
            value->setText(valueText(k));
            value->setFont(QFont(font().family(), 7));
            value->setColor(QColor(50, 50, 50));
            value->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            value->setProperty("anchorX", key);
            value->setProperty("anchorY", k.meanS + se);
            value->position->setCoords(key, k.meanS + se);
            valueLabels_.push_back(value);
        } else {
            auto* none = new QCPItemText(this);
            none->setText(tr("no timed\nruns"));
            none->setFont(QFont(font().family(), 7, -1, true));
            none->setColor(QColor(120, 120, 120));
            none->position->setTypeX(QCPItemPosition::ptPlotCoords);
            none->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            none->position->setCoords(key, 0.95);
            none->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        }
        key += 1;
    }
    closeGroup(key - 1);
    // A device whose configurations all have few repeats still gets its colour listed.
    for (QCPBars* b : bars_)
        if (!legend->hasItemWithPlottable(b) && b->brush().style() == Qt::BDiagPattern) {
            const QString name = b->name();
            bool listed = false;
            for (QCPBars* other : bars_)
                listed = listed || (other != b && other->name() == name &&
                                    legend->hasItemWithPlottable(other));
            if (!listed)
                b->addToLegend();
        }
    if (anyFew) {
        auto* hatched = new QCPBars(xAxis, yAxis);
        hatched->setName(tr("fewer than 3 repeats"));
        hatched->setPen(QPen(QColor(90, 90, 90)));
        hatched->setBrush(QBrush(QColor(90, 90, 90), Qt::BDiagPattern));
        hatched->setSelectable(QCP::stNone);
    }
    xAxis->setTicker(ticker);
    xAxis->setTickLabelFont(QFont(font().family(), 7));
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 3);
    xAxis->setRange(-0.7, key - 0.3);
    // Room above the tallest bar for its value label and the model names.
    yAxis->setRange(0, top * 1.3);
    replot(rpQueuedReplot);
}

void MatrixChart::draw(QCPPainter* painter) {
    // A value label sits just above its whisker, a few pixels up whatever the size drawn at.
    if (xAxis && yAxis) {
        updateLayout();
        for (QCPItemText* t : valueLabels_) {
            const double x = xAxis->coordToPixel(t->property("anchorX").toDouble());
            const double y = yAxis->coordToPixel(t->property("anchorY").toDouble());
            t->position->setPixelPosition(QPointF(x, y - 4));
        }
    }
    ViewChart::draw(painter);
}

} // namespace roofscope::ui
