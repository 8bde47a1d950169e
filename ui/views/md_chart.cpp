#include "ui/views/md_chart.h"

#include "core/analysis/shown_dataset.h"
#include "core/roofline.h"
#include "ui/axis_format.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace roofscope::ui {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString planeTitle(MdPlane plane) {
    switch (plane) {
    case MdPlane::a:
        return QObject::tr("A plane\ncompute vs memory");
    case MdPlane::o:
        return QObject::tr("O plane, for A < ridge\ncommunication vs memory");
    case MdPlane::c:
        break;
    }
    // Two short lines each: a title's width is its column's minimum, and one long title would
    // squeeze the other planes.
    return QObject::tr("C plane, for A ≥ ridge\ncommunication vs compute");
}

} // namespace

MdChart::MdChart(QWidget* parent) : ViewChart(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setAutoAddPlottableToLegend(false);
}

QCPAxisRect* MdChart::planeRect(MdPlane plane) const {
    const auto it = planes_.find(plane);
    return it == planes_.end() ? nullptr : it->second;
}

int MdChart::pointCount(MdPlane plane) const {
    const auto it = points_.find(plane);
    return it == points_.end() ? 0 : it->second;
}

int MdChart::greyCount(MdPlane plane) const {
    const auto it = grey_.find(plane);
    return it == grey_.end() ? 0 : it->second;
}

const std::vector<MdChart::AggregateMarker>& MdChart::aggregateMarkers(MdPlane plane) const {
    static const std::vector<AggregateMarker> none;
    const auto it = aggregates_.find(plane);
    return it == aggregates_.end() ? none : it->second;
}

double MdChart::ridgeX(MdPlane plane) const {
    const auto it = ridges_.find(plane);
    return it == ridges_.end() ? kNaN : it->second;
}

QString MdChart::stragglerLabel() const {
    return straggler_ ? straggler_->text() : QString();
}

void MdChart::clearChart() {
    clearPicks();
    clearPlottables();
    clearItems();
    plotLayout()->clear();
    planes_.clear();
    planeTitles_.clear();
    points_.clear();
    grey_.clear();
    ridges_.clear();
    aggregates_.clear();
    bars_.clear();
    barRect_ = nullptr;
    straggler_ = nullptr;
    commNotice_.clear();
    emptyReason_.clear();
    table_ = {};
}

void MdChart::setSession(const Session& session) {
    clearChart();
    const int index = shownDataset(session);
    if (index < 0) {
        showEmpty(tr("The MD-Roofline needs a dataset: none is loaded or all are hidden."));
        return;
    }
    const auto analysis = analyseMd(session, index);
    if (!analysis) {
        showEmpty(QString::fromStdString(analysis.error().message));
        return;
    }
    const MdAnalysis& md = analysis.value();
    const Dataset& dataset = session.datasets[static_cast<std::size_t>(index)];
    if (md.ops.empty()) {
        showEmpty(tr("'%1' has no op records to draw.")
                      .arg(QString::fromStdString(dataset.context.label)));
        return;
    }
    table_ = mdTable(session, md);

    // Planes on top, one row; the bars and their legend below, across the whole width.
    auto* top = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, top);
    addPlane(top, 0, MdPlane::a);
    if (md.anyCommunication) {
        addPlane(top, 1, MdPlane::o);
        addPlane(top, 2, MdPlane::c);
    } else {
        commNotice_ = tr("No op communicates: the O and C planes need communicated bytes (P),\n"
                         "e.g. the collectives of a multi-rank trace.");
        auto* notice = new QCPTextElement(this, commNotice_);
        notice->setTextColor(palette().color(QPalette::PlaceholderText));
        // Under the A plane, which then takes the whole width: a text element caps the height
        // of its row at its text, and a column beside the plane would squeeze it.
        top->addElement(2, 0, notice);
    }
    for (const auto& [plane, rect] : planes_)
        drawPlane(plane, md, dataset);
    if (md.anyCommunication) {
        // O and C share the communication axis so that one op's height reads the same in both.
        QCPAxis* o = planes_.at(MdPlane::o)->axis(QCPAxis::atLeft);
        QCPAxis* c = planes_.at(MdPlane::c)->axis(QCPAxis::atLeft);
        const QCPRange both(std::min(o->range().lower, c->range().lower),
                            std::max(o->range().upper, c->range().upper));
        o->setRange(both);
        c->setRange(both);
        connect(o, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), c,
                qOverload<const QCPRange&>(&QCPAxis::setRange));
        connect(c, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), o,
                qOverload<const QCPRange&>(&QCPAxis::setRange));
    }
    drawBars(md);
    // The bars' rows keep a readable height: two ranks' eight rows take more of the chart than
    // one rank's four.
    const double barRows = static_cast<double>(bars_.size());
    const double barStretch = std::clamp(barRows / 2, 2.0, 3.5);
    addColourKey(md);
    if (plotLayout()->rowCount() == 3)
        plotLayout()->setRowStretchFactors({3.0, 0.001, barStretch});
    else
        plotLayout()->setRowStretchFactors({3.0, barStretch});
    replot(rpQueuedReplot);
}

QCPAxisRect* MdChart::addPlane(QCPLayoutGrid* grid, int column, MdPlane plane) {
    auto* title =
        new QCPTextElement(this, planeTitle(plane), QFont(font().family(), 9, QFont::Bold));
    grid->addElement(0, column, title);
    auto* rect = new QCPAxisRect(this);
    grid->addElement(1, column, rect);
    rect->setupFullAxesBox(false);
    for (auto* axis : rect->axes())
        axis->setLayer(QStringLiteral("axes"));
    planes_[plane] = rect;
    planeTitles_[plane] = title;
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    switch (plane) {
    case MdPlane::a:
        setLogAxis(x, Dimension::intensity, tr("A = F/M (FLOP/B)"));
        setLogAxis(y, Dimension::flopsPerS, tr("Performance (FLOP/s)"));
        y->setProperty("shortLabel", tr("FLOP/s"));
        break;
    case MdPlane::o:
        setLogAxis(x, Dimension::intensity, tr("O = P/M (B/B)"));
        setLogAxis(y, Dimension::bytesPerS, tr("Communication (B/s)"));
        y->setProperty("shortLabel", tr("Comm. (B/s)"));
        break;
    case MdPlane::c:
        setLogAxis(x, Dimension::intensity, tr("C = P/F (B/FLOP)"));
        setLogAxis(y, Dimension::bytesPerS, tr("Communication (B/s)"));
        y->setProperty("shortLabel", tr("Comm. (B/s)"));
        break;
    }
    // The box's top and right axes follow the bottom and left ones, without labels.
    const std::pair<QCPAxis*, QCPAxis*> mirrors[] = {{x, rect->axis(QCPAxis::atTop)},
                                                     {y, rect->axis(QCPAxis::atRight)}};
    for (const auto& [axis, mirror] : mirrors) {
        mirror->setScaleType(QCPAxis::stLogarithmic);
        mirror->setTicker(axis->ticker());
        mirror->setTickLabels(false);
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), mirror,
                qOverload<const QCPRange&>(&QCPAxis::setRange));
    }
    rect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    rect->setRangeZoom(Qt::Horizontal | Qt::Vertical);
    return rect;
}

} // namespace roofscope::ui
