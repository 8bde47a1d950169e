#include "ui/views/view_chart.h"

#include "ui/views/chart_frame.h"

#include <QMouseEvent>
#include <QStringList>
#include <QToolTip>

#include <algorithm>
#include <utility>

namespace roofscope::ui {

ViewChart::ViewChart(QWidget* parent) : QCustomPlot(parent) {
    connect(this, &QCustomPlot::beforeReplot, this, [this] { rewrapTexts(*this); });
}

void ViewChart::draw(QCPPainter* painter) {
    if (rewrapTexts(*this))
        updateLayout();
    QCustomPlot::draw(painter);
}

void ViewChart::showEmpty(const QString& reason) {
    clearPicks();
    clearPlottables();
    clearItems();
    plotLayout()->clear();
    emptyReason_ = reason;
    table_ = {};
    auto* text = new QCPTextElement(this, reason);
    text->setTextColor(palette().color(QPalette::PlaceholderText));
    // Empty rows above and below share the height, so that the reason sits in the middle.
    plotLayout()->addElement(0, 0, new QCPLayoutElement(this));
    plotLayout()->addElement(1, 0, text);
    plotLayout()->addElement(2, 0, new QCPLayoutElement(this));
    replot(rpQueuedReplot);
}

QString ViewChart::toolTipAt(QPointF at) const {
    const auto found = picksAt(picks_, at);
    // A few tips where points coincide (24 identical layers would fill the screen).
    constexpr std::size_t kMostTips = 4;
    QStringList tips;
    for (std::size_t i = 0; i < found.size() && i < kMostTips; ++i)
        tips << found[i]->tip;
    if (found.size() > kMostTips)
        tips << tr("… and %n more here", nullptr, static_cast<int>(found.size() - kMostTips));
    return tips.join(QStringLiteral("\n\n"));
}

std::optional<RecordRef> ViewChart::recordAt(QPointF at) const {
    for (const ChartPick* pick : picksAt(picks_, at))
        if (pick->ref)
            return pick->ref;
    return std::nullopt;
}

void ViewChart::addPick(QCPAxis* x, QCPAxis* y, double xValue, double yValue, QString tip,
                        std::optional<RecordRef> ref, QCPAbstractPlottable* owner) {
    picks_.push_back(
        {x, y, QCPRange(xValue, xValue), QCPRange(yValue, yValue), std::move(tip), ref, owner});
}

void ViewChart::addBarPick(QCPBars* bars, double key, double base, double value, QString tip) {
    const QCPRange keys(key - bars->width() / 2, key + bars->width() / 2);
    const QCPRange values(std::min(base, base + value), std::max(base, base + value));
    const bool upright = bars->keyAxis()->orientation() == Qt::Horizontal;
    picks_.push_back({upright ? bars->keyAxis() : bars->valueAxis(),
                      upright ? bars->valueAxis() : bars->keyAxis(), upright ? keys : values,
                      upright ? values : keys, std::move(tip), std::nullopt, bars});
}

void ViewChart::mousePressEvent(QMouseEvent* event) {
    QCustomPlot::mousePressEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    if (const auto ref = recordAt(event->position()))
        emit recordActivated(*ref);
}

void ViewChart::mouseMoveEvent(QMouseEvent* event) {
    QCustomPlot::mouseMoveEvent(event);
    // Not while dragging the view: the tip would chase the mouse.
    const QString tip = event->buttons() == Qt::NoButton ? toolTipAt(event->position()) : QString();
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
}

} // namespace roofscope::ui
