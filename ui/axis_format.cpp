#include "axis_format.h"

namespace roofscope::ui {

QString SiLogTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    // Ticks sit on powers of ten: one significant digit reads "100 T" and "0.01".
    QString label = QString::fromStdString(formatSi(tick, dimension_, 1));
    // The axis title carries the unit; ticks keep only the prefix: "100 T" reads as 100 TFLOP/s.
    const QString symbol = QString::fromUtf8(unitSymbol(dimension_).data(),
                                             static_cast<int>(unitSymbol(dimension_).size()));
    if (!symbol.isEmpty() && label.endsWith(symbol))
        label.chop(symbol.size());
    return label.trimmed();
}

void setLogAxis(QCPAxis* axis, Dimension dimension, const QString& title) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<SiLogTicker>::create(dimension);
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("g"));
    axis->setLabel(title);
    axis->grid()->setSubGridVisible(true);
}

} // namespace roofscope::ui
