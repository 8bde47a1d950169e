#pragma once
// The comparison view: run A against run B on one log-log roofline, an arrow from each matched
// op's point in A to its point in B (green when B is faster, red when slower) and the change of
// the ops that weigh most on the iteration; or run A against its projection onto another device
// (hollow markers: predicted, not measured). Hovering a point names its op, run, time, FLOP/s and
// intensity; clicking it selects the record. The numbers are comparisonTable's.

#include "core/analysis/comparison.h"
#include "ui/views/view_chart.h"

#include <vector>

namespace roofscope::ui {

class ComparisonChart : public ViewChart {
    Q_OBJECT
  public:
    explicit ComparisonChart(QWidget* parent = nullptr);

    void setSession(const Session& session) override;
    // The op, then what changed (Δ time, impact, speed-up), then the times and the target's
    // bottleneck; the op in B, the match and the kernels after.
    std::vector<std::string> leadingColumns() const override {
        return {"op",       "delta_s",  "impact_pct", "speedup",
                "time_a_s", "time_b_s", "change_pct", "bottleneck_b"};
    }

    // What is drawn, for tests and exports: one arrow per ComparisonPlot::arrows entry, in that
    // order; the labels of the largest-impact arrows; the graphs of run A's and run B's (or the
    // projected) points. Null or empty when nothing is drawn.
    const std::vector<QCPItemLine*>& arrows() const { return arrows_; }
    const std::vector<QCPItemText*>& changeLabels() const { return labels_; }
    QCPGraph* pointsA() const { return pointsA_; }
    QCPGraph* pointsB() const { return pointsB_; }

    static QColor fasterColor();
    static QColor slowerColor();

  protected:
    void draw(QCPPainter* painter) override;

  private:
    void drawRoofs(const Device& device, const QColor& color, const QString& who,
                   const ViewSettings& view, double xMin, double xMax, double& yMax);
    QCPGraph* drawPoints(const std::vector<ComparisonPoint>& points, const QColor& color,
                         bool hollow, const QString& name);
    void drawArrows(const Session& session, const ComparisonPlot& plot);

    std::vector<QCPItemLine*> arrows_;
    std::vector<QCPItemText*> labels_;
    // The compute roofs' labels of both devices with their roof's FLOP/s: two close roofs of
    // different devices are named one above its line, the other below its own.
    std::vector<std::pair<QCPItemText*, double>> roofLabels_;
    QCPGraph* pointsA_ = nullptr;
    QCPGraph* pointsB_ = nullptr;
    std::vector<Precision> roofPrecisions_; // those of the drawn points (ComparisonPlot)
};

} // namespace roofscope::ui
