#include "ui/report_style.h"

#include <qcustomplot.h>

namespace roofscope::ui {

QFont reportFont(int pixels) {
    QFont font;
    font.setFamilies({QStringLiteral("Helvetica"), QStringLiteral("Arial"),
                      QStringLiteral("Nimbus Sans"), QStringLiteral("Liberation Sans"),
                      QStringLiteral("DejaVu Sans")});
    font.setStyleHint(QFont::SansSerif);
    font.setPixelSize(pixels);
    return font;
}

void applyReportFonts(QCustomPlot& plot) {
    for (QCPAxisRect* rect : plot.axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            axis->setLabelFont(reportFont(15));
            axis->setTickLabelFont(reportFont(13));
        }
        // Legends placed inside an axis rect are in its inset layout, not in the plot's layout.
        for (int i = 0; i < rect->insetLayout()->elementCount(); ++i)
            if (auto* legend = qobject_cast<QCPLegend*>(rect->insetLayout()->elementAt(i)))
                legend->setFont(reportFont(11));
    }
    for (QCPLayoutElement* element : plot.plotLayout()->elements(true)) {
        if (auto* legend = qobject_cast<QCPLegend*>(element))
            legend->setFont(reportFont(11));
        else if (auto* text = qobject_cast<QCPTextElement*>(element))
            text->setFont(reportFont(text->font().bold() ? 15 : 13));
    }
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot.item(i)))
            text->setFont(reportFont(11));
}

} // namespace roofscope::ui
