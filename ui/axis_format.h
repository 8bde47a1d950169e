#pragma once
// Axis tick labels in readable units ("100 TFLOP/s", "10 FLOP/B") instead of 1e+14.

#include "core/units.h"

#include <qcustomplot.h>

namespace roofscope::ui {

class SiLogTicker : public QCPAxisTickerLog {
  public:
    explicit SiLogTicker(Dimension dimension) : dimension_(dimension) {}

  protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

  private:
    Dimension dimension_;
};

// Linear-axis tick labels with the same SI prefixes: "250 T", "1.5 P".
class SiLinearTicker : public QCPAxisTicker {
  public:
    explicit SiLinearTicker(Dimension dimension) : dimension_(dimension) {}

  protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

  private:
    Dimension dimension_;
};

// Installs a log scale with SiLogTicker labels on `axis`.
void setLogAxis(QCPAxis* axis, Dimension dimension, const QString& title);
// Installs a linear scale with SiLinearTicker labels on `axis`.
void setLinearAxis(QCPAxis* axis, Dimension dimension, const QString& title);

} // namespace roofscope::ui
