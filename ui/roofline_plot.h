#pragma once
// The classic roofline of a session: each shown device's roofs and ridge points, and each
// dataset's op records as points at (intensity, achieved FLOP/s). Geometry and numbers come from
// core; this class only draws.

#include "session.h"

#include <qcustomplot.h>

namespace roofscope::ui {

class RooflinePlot : public QCustomPlot {
    Q_OBJECT
  public:
    explicit RooflinePlot(QWidget* parent = nullptr);

    // Redraws everything from `session`: its devices listed in view.shownDevices (all devices
    // when the list is empty) and every dataset not hidden.
    void setSession(const Session& session);

    // Fits the axes to the roofs and points.
    void resetView();

    int roofSegmentCount() const { return roofSegments_; }
    int pointCount() const { return points_; }
    int aboveRoofCount() const { return aboveRoof_; }
    // Records of shown datasets that have no place on a log-log FLOP/s plot: no FLOPs (copies,
    // embedding lookups, collectives), no time, or no bytes at the memory level.
    int undrawableCount() const { return undrawable_; }

  protected:
    void draw(QCPPainter* painter) override;

  private:
    void drawDevice(const Device& device, const QColor& color, double xMin, double xMax,
                    const std::vector<Precision>& precisions);
    void drawDataset(const Dataset& dataset, const Device* device, const QColor& color,
                     const ViewSettings& view);

    int roofSegments_ = 0;
    int points_ = 0;
    int aboveRoof_ = 0;
    int undrawable_ = 0;
    void extend(double x, double y);
    void alignSlopeLabels();
    void beforeEachReplot();

    struct SlopeLabel {
        QCPItemText* label;
        double x0, y0, x1, y1;
    };
    std::vector<SlopeLabel> slopeLabels_;

    double xLow_ = 0, xHigh_ = 0, yLow_ = 0, yHigh_ = 0; // extent of roofs and points
};

} // namespace roofscope::ui
