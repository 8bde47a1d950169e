#include "view_chart.h"

namespace roofscope::ui {

void ViewChart::showEmpty(const QString& reason) {
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

QString viewTitle(ViewKind view) {
    switch (view) {
    case ViewKind::roofline:
        return QObject::tr("Roofline");
    case ViewKind::hierarchical:
        return QObject::tr("Hierarchical roofline");
    case ViewKind::md_roofline:
        return QObject::tr("MD-Roofline");
    case ViewKind::time_based:
        return QObject::tr("Time-based roofline");
    case ViewKind::comparison:
        return QObject::tr("Comparison");
    case ViewKind::placement:
        return QObject::tr("Placement");
    case ViewKind::matrix:
        return QObject::tr("Configuration matrix");
    case ViewKind::cost:
        return QObject::tr("Time and cost");
    }
    return {};
}

} // namespace roofscope::ui
