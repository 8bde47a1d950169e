#include "ui/axis_format.h"

#include <QRegularExpression>

namespace roofscope::ui {

namespace {

// The axis title carries the unit; ticks keep only the prefix: "100 T" reads as 100 TFLOP/s.
// Durations keep their unit, as "25.0 m" does not read as 25 ms: "25 ms", "1.5 s".
QString tickLabel(double tick, Dimension dimension, int significant) {
    QString label = QString::fromStdString(formatSi(tick, dimension, significant));
    if (dimension == Dimension::time) {
        // "50.0 ms" -> "50 ms", "2.50 ms" -> "2.5 ms": the ticks' steps need no trailing zeros.
        static const QRegularExpression zeros(QStringLiteral("(\\.\\d*?)0+(?=\\s)"));
        label.replace(zeros, QStringLiteral("\\1"));
        label.replace(QRegularExpression(QStringLiteral("\\.(?=\\s)")), QString());
        return label.trimmed();
    }
    const QString symbol = QString::fromUtf8(unitSymbol(dimension).data(),
                                             static_cast<int>(unitSymbol(dimension).size()));
    if (!symbol.isEmpty() && label.endsWith(symbol))
        label.chop(symbol.size());
    return label.trimmed();
}

} // namespace

QString SiLogTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    // Ticks sit on powers of ten: one significant digit reads "100 T" and "0.01".
    return tickLabel(tick, dimension_, 1);
}

QString SiLinearTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    // The ticker steps by 1, 2, 2.5 or 5 times a power of ten: three digits show every step.
    // Ticks are whole multiples of the step, so the origin is exactly zero.
    return tick == 0 ? QStringLiteral("0") : tickLabel(tick, dimension_, 3);
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

void setLinearAxis(QCPAxis* axis, Dimension dimension, const QString& title) {
    axis->setScaleType(QCPAxis::stLinear);
    auto ticker = QSharedPointer<SiLinearTicker>::create(dimension);
    ticker->setTickCount(6);
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("g"));
    axis->setLabel(title);
    axis->grid()->setSubGridVisible(false);
}

} // namespace roofscope::ui
