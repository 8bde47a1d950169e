#pragma once
// Log-axis tick labels in readable units ("100 TFLOP/s", "10 FLOP/B") instead of 1e+14.

#include "units.h"

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

// Installs a log scale with SiLogTicker labels on `axis`.
void setLogAxis(QCPAxis* axis, Dimension dimension, const QString& title);

} // namespace roofscope::ui
