#include "ui/step_timeline_plot.h"

#include "ui/axis_format.h"
#include "ui/palette.h"
#include "ui/views/md_chart.h"

#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace roofscope::ui {

namespace {

constexpr double kBarHalfHeight = 0.38; // of a lane
constexpr int kLanePixels = 18;         // the least height a lane gets before the rows scroll
constexpr double kPickPixels = 3;       // how far along time a hover or click reaches

} // namespace

// The slices as bars, drawn straight from the timeline: a QCPBars or an item per launch would
// cost a QObject each, and a step has tens of thousands.
class TimelineBars : public QCPAbstractPlottable {
  public:
    TimelineBars(StepTimelinePlot* plot)
        : QCPAbstractPlottable(plot->xAxis, plot->yAxis), plot_(plot) {
        setAntialiased(false);
    }

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
    QCPRange getKeyRange(bool& found, QCP::SignDomain) const override {
        found = !plot_->timeline_.slices.empty();
        return QCPRange(0, std::max(plot_->timeline_.spanS, 1e-9));
    }
    QCPRange getValueRange(bool& found, QCP::SignDomain, const QCPRange&) const override {
        found = !plot_->timeline_.lanes.empty();
        return QCPRange(-0.5, static_cast<double>(plot_->timeline_.lanes.size()) - 0.5);
    }
    void drawLegendIcon(QCPPainter*, const QRectF&) const override {}

    int drawn = 0;

  protected:
    void draw(QCPPainter* painter) override {
        drawn = 0;
        const StepTimeline& t = plot_->timeline_;
        const QCPAxis* x = keyAxis();
        const QCPAxis* y = valueAxis();
        const double lo = x->range().lower, hi = x->range().upper;
        painter->setPen(Qt::NoPen);
        std::size_t laneStart = 0;
        for (std::size_t lane = 0; lane < t.lanes.size(); ++lane) {
            std::size_t laneEnd = laneStart;
            while (laneEnd < t.slices.size() && t.slices[laneEnd].lane == static_cast<int>(lane))
                ++laneEnd;
            const double top = y->coordToPixel(static_cast<double>(lane) - kBarHalfHeight);
            const double bottom = y->coordToPixel(static_cast<double>(lane) + kBarHalfHeight);
            const double y0 = std::min(top, bottom), h = std::abs(bottom - top);
            // Slices that start before the view but reach into it began at most the lane's
            // longest slice earlier.
            auto it = std::lower_bound(
                t.slices.begin() + static_cast<std::ptrdiff_t>(laneStart),
                t.slices.begin() + static_cast<std::ptrdiff_t>(laneEnd), lo - t.longestS[lane],
                [](const TimelineSlice& s, double v) { return s.startS < v; });
            double lastColumn = -1e18;
            QRgb lastColor = 0;
            for (;
                 it != t.slices.begin() + static_cast<std::ptrdiff_t>(laneEnd) && it->startS <= hi;
                 ++it) {
                if (it->endS < lo)
                    continue;
                const auto i = static_cast<std::size_t>(it - t.slices.begin());
                const double x0 = x->coordToPixel(it->startS), x1 = x->coordToPixel(it->endS);
                const QRgb color = plot_->colors_[i];
                if (x1 - x0 < 1) {
                    // Sub-pixel launches of one colour share their pixel column.
                    const double column = std::floor(x0);
                    if (column == lastColumn && color == lastColor)
                        continue;
                    lastColumn = column;
                    lastColor = color;
                    painter->fillRect(QRectF(column, y0, 1, h), QColor::fromRgb(color));
                } else {
                    lastColumn = -1e18;
                    painter->fillRect(QRectF(x0, y0, x1 - x0, h), QColor::fromRgb(color));
                }
                ++drawn;
            }
            laneStart = laneEnd;
        }
        // Each outline over a white one, so that it shows on bars of any colour (black included).
        outline(painter, plot_->hovered_, QPen(Qt::white, 3.5));
        outline(painter, plot_->hovered_, QPen(QColor(213, 94, 0), 2, Qt::DashLine));
        outline(painter, plot_->selected_, QPen(Qt::white, 4.5));
        outline(painter, plot_->selected_, QPen(QColor(20, 20, 20), 2.5));
    }

  private:
    void outline(QCPPainter* painter, std::optional<int> record, const QPen& pen) {
        if (!record)
            return;
        const StepTimeline& t = plot_->timeline_;
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        for (const TimelineSlice& s : t.slices) {
            if (s.record != *record)
                continue;
            double x0 = keyAxis()->coordToPixel(s.startS), x1 = keyAxis()->coordToPixel(s.endS);
            if (x1 - x0 < 3) { // a short launch still shows where it is
                const double mid = (x0 + x1) / 2;
                x0 = mid - 1.5;
                x1 = mid + 1.5;
            }
            const double top = valueAxis()->coordToPixel(s.lane - kBarHalfHeight - 0.08);
            const double bottom = valueAxis()->coordToPixel(s.lane + kBarHalfHeight + 0.08);
            painter->drawRect(
                QRectF(QPointF(x0, std::min(top, bottom)), QPointF(x1, std::max(top, bottom))));
        }
    }

    StepTimelinePlot* plot_;
};

QColor timelineKeyColor(int key, TimelineColoring coloring) {
    if (key < 0)
        return QColor(Qt::gray);
    return coloring == TimelineColoring::bottleneck
               ? MdChart::bottleneckColor(static_cast<Bottleneck>(key))
               : categoryColor(static_cast<Category>(key));
}

StepTimelinePlot::StepTimelinePlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("stepTimelinePlot"));
    bars_ = new TimelineBars(this);
    setLinearAxis(xAxis, Dimension::time, QString());
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    yAxis->setTickLength(0, 0);
    yAxis->setSubTicks(false);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    yAxis->setTicker(ticker);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeZoom(Qt::Horizontal);
    axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    axisRect()->setAutoMargins(QCP::msLeft | QCP::msBottom);
    axisRect()->setMargins(QMargins(0, 6, 12, 0));
    setMouseTracking(true);
    setMinimumHeight(90);
    // Time never runs before the step or past its end: the view stays on the step.
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& r) {
                const double span = std::max(timeline_.spanS, 1e-9);
                QCPRange bounded = r;
                if (bounded.size() > span * 1.02)
                    bounded = QCPRange(-span * 0.01, span * 1.01);
                else if (bounded.lower < -span * 0.01)
                    bounded = QCPRange(-span * 0.01, -span * 0.01 + r.size());
                else if (bounded.upper > span * 1.01)
                    bounded = QCPRange(span * 1.01 - r.size(), span * 1.01);
                if (bounded != r)
                    xAxis->setRange(bounded);
            });
}

void StepTimelinePlot::setColors(std::vector<QRgb> colors,
                                 std::unordered_map<int, std::string> what) {
    colors_ = std::move(colors);
    colors_.resize(timeline_.slices.size(), qRgb(160, 160, 160));
    what_ = std::move(what);
    replot(rpQueuedReplot);
}

void StepTimelinePlot::setTimeline(StepTimeline timeline) {
    timeline_ = std::move(timeline);
    colors_.assign(timeline_.slices.size(), qRgb(160, 160, 160));
    what_.clear();
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(yAxis->ticker());
    ticker->clear();
    for (std::size_t lane = 0; lane < timeline_.lanes.size(); ++lane)
        ticker->addTick(static_cast<double>(lane),
                        QString::fromStdString(laneText(timeline_, static_cast<int>(lane))));
    if (selected_ && slicesOfRecord(timeline_, *selected_).empty())
        selected_.reset();
    hovered_.reset();
    resetView();
}

void StepTimelinePlot::resetView() {
    xAxis->setRange(-timeline_.spanS * 0.01, std::max(timeline_.spanS, 1e-9) * 1.01);
    fitLanes(0);
    replot(rpQueuedReplot);
}

void StepTimelinePlot::fitLanes(double first) {
    // Lanes keep a readable height: the rows that do not fit scroll (a vertical drag, or the
    // panel's scroll bar).
    const int rows = height() - 40; // less the time axis
    const int fit = std::max(1, rows / kLanePixels);
    const int lanes = std::max(1, static_cast<int>(timeline_.lanes.size()));
    const int shown = std::min(lanes, fit);
    const double top = std::clamp(std::round(first), 0.0, static_cast<double>(lanes - shown));
    yAxis->setRange(top - 0.5, top + shown - 0.5);
}

void StepTimelinePlot::resizeEvent(QResizeEvent* event) {
    QCustomPlot::resizeEvent(event);
    fitLanes(yAxis->range().lower + 0.5);
}

void StepTimelinePlot::setSelectedRecord(std::optional<int> record) {
    selected_ = record;
    if (record) {
        const auto slices = slicesOfRecord(timeline_, *record);
        const QCPRange view = xAxis->range();
        const bool inView = std::any_of(slices.begin(), slices.end(), [&](std::size_t i) {
            return timeline_.slices[i].endS >= view.lower &&
                   timeline_.slices[i].startS <= view.upper;
        });
        if (!slices.empty() && !inView) {
            const TimelineSlice& s = timeline_.slices[slices.front()];
            const double mid = (s.startS + s.endS) / 2;
            xAxis->setRange(mid - view.size() / 2, mid + view.size() / 2);
        }
        if (!slices.empty()) {
            const double lane = timeline_.slices[slices.front()].lane;
            const QCPRange rows = yAxis->range();
            if (lane < rows.lower || lane > rows.upper) {
                const double last = static_cast<double>(timeline_.lanes.size()) - rows.size();
                const double top = std::clamp(lane, 0.0, std::max(0.0, std::round(last)));
                yAxis->setRange(top - 0.5, top - 0.5 + rows.size());
            }
        }
    }
    replot(rpQueuedReplot);
}

void StepTimelinePlot::setHoveredRecord(std::optional<int> record) {
    if (hovered_ == record)
        return;
    hovered_ = record;
    replot(rpQueuedReplot);
}

std::optional<std::size_t> StepTimelinePlot::sliceAtPixel(const QPointF& pixel) const {
    if (timeline_.slices.empty() || !axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    const double laneCoord = yAxis->pixelToCoord(pixel.y());
    const int lane = static_cast<int>(std::lround(laneCoord));
    if (std::abs(laneCoord - lane) > kBarHalfHeight + 0.08)
        return std::nullopt;
    const double t = xAxis->pixelToCoord(pixel.x());
    const double tolerance = std::abs(xAxis->pixelToCoord(pixel.x() + kPickPixels) - t);
    return sliceAt(timeline_, lane, t, tolerance);
}

QPointF StepTimelinePlot::slicePixel(std::size_t slice) const {
    const TimelineSlice& s = timeline_.slices.at(slice);
    return {xAxis->coordToPixel((s.startS + s.endS) / 2), yAxis->coordToPixel(s.lane)};
}

QString StepTimelinePlot::toolTipAt(const QPointF& pixel) const {
    const auto slice = sliceAtPixel(pixel);
    if (!slice)
        return {};
    const auto it = what_.find(timeline_.slices[*slice].record);
    return QString::fromStdString(
        describeSlice(timeline_, *slice, it == what_.end() ? std::string_view() : it->second));
}

int StepTimelinePlot::drawnBars() const {
    return bars_->drawn;
}

void StepTimelinePlot::hover(std::optional<int> record) {
    setHoveredRecord(record);
    if (hoverEmitted_ != record) {
        hoverEmitted_ = record;
        emit recordHovered(record);
    }
}

void StepTimelinePlot::mousePressEvent(QMouseEvent* event) {
    pressPos_ = event->position();
    QCustomPlot::mousePressEvent(event);
}

void StepTimelinePlot::mouseReleaseEvent(QMouseEvent* event) {
    QCustomPlot::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || (event->position() - pressPos_).manhattanLength() > 3)
        return;
    if (const auto slice = sliceAtPixel(event->position()))
        emit recordClicked(timeline_.slices[*slice].record);
}

void StepTimelinePlot::mouseMoveEvent(QMouseEvent* event) {
    QCustomPlot::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton)
        return;
    const auto slice = sliceAtPixel(event->position());
    if (slice)
        QToolTip::showText(event->globalPosition().toPoint(), toolTipAt(event->position()), this);
    else
        QToolTip::hideText();
    hover(slice ? std::optional<int>(timeline_.slices[*slice].record) : std::nullopt);
}

void StepTimelinePlot::mouseDoubleClickEvent(QMouseEvent* event) {
    QCustomPlot::mouseDoubleClickEvent(event);
    resetView();
}

void StepTimelinePlot::leaveEvent(QEvent* event) {
    QCustomPlot::leaveEvent(event);
    hover(std::nullopt);
}

} // namespace roofscope::ui
