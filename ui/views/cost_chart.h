#pragma once
// Cost against time: one point per configuration at (mean iteration time, cost per iteration)
// and the Pareto front, the configurations nothing beats in both, as a step line. Costs come
// from Session::pricesPerHour; without any price the chart says how to set one. Hovering a point
// names its configuration, mean, error, repeats and cost. The numbers are costTable's.

#include "ui/views/view_chart.h"

#include <vector>

namespace roofscope::ui {

class CostChart : public ViewChart {
    Q_OBJECT
  public:
    explicit CostChart(QWidget* parent = nullptr);

    void setSession(const Session& session) override;

    // The points, one graph per device (key: mean time in s, value: cost × costScale()), and the
    // front as a step line through its configurations by time; null when nothing is drawn.
    const std::vector<QCPGraph*>& pointGraphs() const { return points_; }
    QCPGraph* front() const { return front_; }
    // Costs per iteration are tiny (a fraction of a cent); the y axis shows them per 1, 1000 or
    // a million iterations, whichever reads best.
    double costScale() const { return costScale_; }

  protected:
    void draw(QCPPainter* painter) override;

  private:
    std::vector<QCPGraph*> points_;
    QCPGraph* front_ = nullptr;
    std::vector<QCPItemText*> labels_;
    double costScale_ = 1;
};

} // namespace roofscope::ui
