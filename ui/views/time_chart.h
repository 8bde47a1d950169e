#pragma once
// The time-based roofline (core/analysis/time_based.h): two log-log planes side by side, each op's
// time per launch against its FLOPs per launch and against its bytes per launch, the device's
// ceilings drawn as the least time that work takes (a line t = work / ceiling each) and the
// run's shortest launch as a dashed floor. Points are coloured by bottleneck, latency-bound ones
// apart; hovering names the op, its time, work and bound; clicking selects its record. Numbers
// come from core; this class only draws.

#include "ui/views/view_chart.h"

namespace roofscope::ui {

class TimeChart : public ViewChart {
    Q_OBJECT
  public:
    explicit TimeChart(QWidget* parent = nullptr);

    void setSession(const Session& session) override;

    // What is drawn, for tests: points per plane (0: FLOPs, 1: bytes) and the roof lines.
    int pointCount(int plane) const { return plane == 0 ? flopPoints_ : bytePoints_; }
    int roofCount() const { return roofs_; }
    double floorS() const { return floorS_; }

  private:
    int flopPoints_ = 0, bytePoints_ = 0, roofs_ = 0;
    double floorS_ = 0;
};

} // namespace roofscope::ui
