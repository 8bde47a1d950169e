#pragma once
// The configuration matrix: one bar per configuration (model × device × software stack), grouped
// by model, as tall as its mean iteration time, with ± one standard error over its repeats.
// Configurations with fewer than 3 repeats are hatched (Bykov et al. recommend at least 3).
// Hovering a bar names its configuration with its mean, error, repeats and cost. The numbers
// are matrixTable's.

#include "ui/views/view_chart.h"

#include <vector>

namespace roofscope::ui {

class MatrixChart : public ViewChart {
    Q_OBJECT
  public:
    explicit MatrixChart(QWidget* parent = nullptr);

    void setSession(const Session& session) override;

    // One QCPBars per device and repeat state (solid, or hatched for few repeats), each with its
    // QCPErrorBars at the same index; bar keys are configuration positions (see barKey).
    const std::vector<QCPBars*>& bars() const { return bars_; }
    const std::vector<QCPErrorBars*>& errorBars() const { return errorBars_; }
    // The x of configuration `index` (RepeatStats order): its index plus a gap per model before.
    double barKey(int index) const { return keys_.at(static_cast<std::size_t>(index)); }

  protected:
    void draw(QCPPainter* painter) override;

  private:
    std::vector<QCPBars*> bars_;
    std::vector<QCPErrorBars*> errorBars_;
    std::vector<double> keys_;
    std::vector<QCPItemText*> valueLabels_;
};

} // namespace roofscope::ui
