#include "ui/views/chart_frame.h"

#include "ui/axis_format.h"

#include <QFontMetrics>

#include <algorithm>

namespace roofscope::ui {

// `text` with its lines broken between words where they would be wider than `width` pixels in
// `font`: a text element is as wide as its longest line, and one wider than the chart is cut.
QString wrapToWidth(const QString& text, const QFont& font, int width) {
    const QFontMetrics fm(font);
    QStringList out;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (fm.horizontalAdvance(line) <= width) {
            out << line;
            continue;
        }
        QString current;
        for (const QString& word : line.split(QLatin1Char(' '))) {
            const QString candidate = current.isEmpty() ? word : current + QLatin1Char(' ') + word;
            // A line does not start with the separator of the phrase it ends.
            if (!current.isEmpty() && fm.horizontalAdvance(candidate) > width &&
                word != QStringLiteral("\u00b7")) {
                out << current;
                current = word;
            } else {
                current = candidate;
            }
        }
        out << current;
    }
    return out.join(QLatin1Char('\n'));
}

bool rewrapTexts(QCustomPlot& plot) {
    bool changed = false;
    for (QCPLayoutElement* e : plot.plotLayout()->elements(false))
        if (auto* t = qobject_cast<QCPTextElement*>(e)) {
            const QVariant full = t->property("fullText");
            if (!full.isValid())
                continue;
            const QString text =
                wrapToWidth(full.toString(), t->font(), std::max(300, plot.width() - 24));
            if (text != t->text()) {
                t->setText(text);
                changed = true;
            }
        }
    // A legend in its own row: as many entries a row as fit, at most three.
    if (QCPLegend* legend = plot.legend; legend && legend->layout() == plot.plotLayout()) {
        int widest = 1;
        for (int i = 0; i < legend->itemCount(); ++i)
            if (QCPAbstractLegendItem* item = legend->item(i))
                widest = std::max(widest, item->minimumOuterSizeHint().width());
        const int room = plot.width() - legend->margins().left() - legend->margins().right();
        const int wrap =
            std::clamp((room + legend->columnSpacing()) / (widest + legend->columnSpacing()), 1, 3);
        if (wrap != legend->wrap()) {
            legend->setWrap(wrap);
            legend->setFillOrder(legend->fillOrder(), true);
            changed = true;
        }
    }
    return changed;
}

void resetChartFrame(QCustomPlot& plot, const QString& title, const QString& subtitle,
                     Qt::Alignment legendAlignment) {
    plot.clearPlottables();
    plot.clearItems();
    // Deleting the old axis rect deletes its axes and legend; QCustomPlot nulls its pointers.
    plot.plotLayout()->clear();
    plot.plotLayout()->simplify();

    const QFont headingFont(plot.font().family(), 11, QFont::Bold);
    // Wrapped to the chart's width at each replot and export (rewrapTexts).
    auto* heading = new QCPTextElement(&plot, title, headingFont);
    heading->setProperty("fullText", title);
    plot.plotLayout()->addElement(0, 0, heading);
    int row = 1;
    if (!subtitle.isEmpty()) {
        const QFont font(plot.font().family(), 8);
        auto* sub = new QCPTextElement(&plot, subtitle, font);
        sub->setProperty("fullText", subtitle);
        sub->setTextColor(QColor(90, 90, 90));
        plot.plotLayout()->addElement(row++, 0, sub);
    }
    const bool ownRow = legendAlignment == Qt::Alignment();
    if (ownRow)
        ++row; // the legend's, filled below once it exists
    auto* rect = new QCPAxisRect(&plot);
    plot.plotLayout()->addElement(row, 0, rect);
    plot.plotLayout()->setRowStretchFactor(row, 1);
    for (int r = 0; r < row; ++r)
        plot.plotLayout()->setRowStretchFactor(r, 0.001);
    plot.xAxis = rect->axis(QCPAxis::atBottom);
    plot.yAxis = rect->axis(QCPAxis::atLeft);
    plot.xAxis2 = rect->axis(QCPAxis::atTop);
    plot.yAxis2 = rect->axis(QCPAxis::atRight);
    // Plottables default to the axes of the first axis rect; keep the grids under them.
    for (QCPAxis* axis : rect->axes())
        axis->grid()->setLayer(QStringLiteral("grid"));
    plot.xAxis->grid()->setSubGridPen(QPen(QColor(230, 230, 230), 1, Qt::DotLine));
    plot.yAxis->grid()->setSubGridPen(QPen(QColor(230, 230, 230), 1, Qt::DotLine));

    plot.legend = new QCPLegend;
    if (ownRow) {
        plot.plotLayout()->addElement(row - 1, 0, plot.legend);
        plot.legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        // Three entries a row at most (fewer on a narrow chart, rewrapTexts): a row of every
        // entry is wider than a laptop's window, and QCustomPlot cuts the entries that do not fit.
        plot.legend->setWrap(3);
        plot.legend->setMargins(QMargins(6, 2, 6, 2));
        plot.legend->setBorderPen(Qt::NoPen);
    } else {
        rect->insetLayout()->addElement(plot.legend, legendAlignment);
    }
    rect->insetLayout()->setMargins(QMargins(8, 8, 8, 8));
    plot.legend->setLayer(QStringLiteral("legend"));
    plot.legend->setFont(QFont(plot.font().family(), 8));
    plot.legend->setBrush(QColor(255, 255, 255, 220));
    if (!ownRow)
        plot.legend->setBorderPen(QPen(QColor(180, 180, 180)));
    plot.legend->setVisible(true);
}

BarStrip addBarStrip(QCustomPlot& plot, const QString& title) {
    auto* bottom = new QCPLayoutGrid;
    plot.plotLayout()->addElement(1, 0, bottom);
    bottom->addElement(
        0, 0, new QCPTextElement(&plot, title, QFont(plot.font().family(), 9, QFont::Bold)));
    auto* rect = new QCPAxisRect(&plot);
    bottom->addElement(1, 0, rect);
    QCPAxis* keys = rect->axis(QCPAxis::atLeft);
    setLinearAxis(rect->axis(QCPAxis::atBottom), Dimension::time, QObject::tr("Time"));
    keys->setRangeReversed(true); // the first key on top
    keys->grid()->setVisible(false);
    rect->setRangeDrag(Qt::Horizontal);
    rect->setRangeZoom(Qt::Horizontal);
    return {bottom, rect};
}

QCPGraph* addLegendEntry(QCustomPlot& plot, const QString& name, const QPen& pen,
                         const QCPScatterStyle& scatter) {
    QCPGraph* g = plot.addGraph();
    g->setName(name);
    g->setPen(pen);
    g->setLineStyle(scatter.isNone() ? QCPGraph::lsLine : QCPGraph::lsNone);
    g->setScatterStyle(scatter);
    g->setSelectable(QCP::stNone);
    return g;
}

QCPItemText* addAnchoredLabel(QCustomPlot& plot, const QString& text, double x, double y,
                              const QColor& color) {
    auto* label = new QCPItemText(&plot);
    label->setText(text);
    label->setProperty("anchorX", x);
    label->setProperty("anchorY", y);
    label->setFont(QFont(plot.font().family(), 8));
    label->setColor(color);
    label->setBrush(QColor(255, 255, 255, 215));
    label->setPen(QPen(QColor(205, 205, 205)));
    label->setPadding(QMargins(3, 1, 3, 1));
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    label->setClipToAxisRect(false);
    label->position->setCoords(x, y);
    return label;
}

void placeAnchoredLabels(QCustomPlot& plot, const std::vector<QCPItemText*>& labels, bool above) {
    if (!plot.xAxis || !plot.yAxis)
        return;
    const auto anchor = [&plot](QCPItemText* t) {
        return QPointF(plot.xAxis->coordToPixel(t->property("anchorX").toDouble()),
                       plot.yAxis->coordToPixel(t->property("anchorY").toDouble()));
    };
    // What a label must not cover: the legend and the chart's other words (roof labels).
    std::vector<QRectF> obstacles;
    if (plot.legend && plot.legend->visible() && plot.legend->itemCount() > 0)
        obstacles.push_back(QRectF(plot.legend->outerRect()));
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto* other = qobject_cast<QCPItemText*>(plot.item(i));
            other && other->visible() &&
            std::find(labels.begin(), labels.end(), other) == labels.end())
            obstacles.push_back(
                QRectF(other->topLeft->pixelPosition(), other->bottomRight->pixelPosition())
                    .normalized());
    std::vector<QCPItemText*> order = labels;
    std::sort(order.begin(), order.end(),
              [&](QCPItemText* x, QCPItemText* y) { return anchor(x).y() < anchor(y).y(); });
    const QRect area = plot.xAxis->axisRect()->rect();
    double lastBottom = -1e9;
    for (QCPItemText* t : order) {
        const QFontMetrics metrics(t->font());
        const double h =
            metrics.height() * static_cast<double>(t->text().count('\n')) + metrics.height() + 4;
        double w = 0;
        for (const QString& line : t->text().split('\n'))
            w = std::max<double>(w, metrics.horizontalAdvance(line) + 8);
        QPointF p = anchor(t);
        if (above)
            p.ry() -= h / 2 + 4;
        double y = std::min(std::max(p.y(), lastBottom + h / 2), area.bottom() - h / 2);
        bool left = p.x() + 10 + w > area.right();
        const auto rectAt = [&](bool toLeft, double atY) {
            const double x0 = toLeft ? p.x() - 10 - w : p.x() + 10;
            return QRectF(x0, atY - h / 2, w, h);
        };
        const auto clashes = [&](const QRectF& r) {
            return std::find_if(obstacles.begin(), obstacles.end(),
                                [&](const QRectF& o) { return o.intersects(r); });
        };
        // The other side of the point, if this side covers something and that one does not;
        // else below what it covers, while the plot has room.
        if (clashes(rectAt(left, y)) != obstacles.end()) {
            const bool other = !left;
            const QRectF flipped = rectAt(other, y);
            if (clashes(flipped) == obstacles.end() && flipped.left() >= area.left() &&
                flipped.right() <= area.right()) {
                left = other;
            } else {
                // Below what it covers while the plot has room, else above it.
                for (int tries = 0; tries < 6; ++tries) {
                    const auto hit = clashes(rectAt(left, y));
                    if (hit == obstacles.end())
                        break;
                    if (hit->bottom() + h + 2 <= area.bottom())
                        y = hit->bottom() + h / 2 + 2;
                    else if (hit->top() - h - 2 >= area.top())
                        y = hit->top() - h / 2 - 2;
                    else
                        break;
                }
            }
        }
        lastBottom = y + h / 2;
        obstacles.push_back(rectAt(left, y));
        t->setPositionAlignment((left ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        t->position->setPixelPosition(QPointF(p.x() + (left ? -10 : 10), y));
    }
}

QString elide(const QString& text, int maxChars) {
    if (text.size() <= maxChars)
        return text;
    return text.left(maxChars - 1) + QChar(0x2026);
}

} // namespace roofscope::ui
