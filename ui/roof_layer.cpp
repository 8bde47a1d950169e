#include "ui/roof_layer.h"

namespace roofscope::ui {

QPen roofPen(const QColor& color, const RoofSegment& segment) {
    QPen pen(color, segment.kind == RoofSegment::Kind::memory ? 2.0 : 1.6);
    if (segment.provenance == ProvenanceKind::spec)
        pen.setStyle(Qt::DashLine);
    return pen;
}

QCPGraph* addRoofGraph(QCustomPlot& plot, const RoofSegment& segment, const QColor& color,
                       QCPAxis* x, QCPAxis* y) {
    QCPGraph* graph = plot.addGraph(x, y);
    graph->setData({segment.x0, segment.x1}, {segment.y0, segment.y1}, true);
    graph->setPen(roofPen(color, segment));
    graph->setSelectable(QCP::stNone);
    return graph;
}

QCPItemText* addRoofLabel(QCustomPlot& plot, const QString& text, const QColor& color) {
    auto* label = new QCPItemText(&plot);
    label->setText(text);
    label->setColor(color);
    label->setFont(QFont(plot.font().family(), 7));
    label->setClipToAxisRect(true);
    label->setBrush(QColor(255, 255, 255, 190));
    label->setPadding(QMargins(2, 0, 2, 0));
    return label;
}

} // namespace roofscope::ui
