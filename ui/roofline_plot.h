#pragma once
// The classic roofline of a session: each shown device's roofs and ridge points, and each
// dataset's op records as points at (intensity, achieved FLOP/s). Geometry and numbers come from
// core; this class only draws. A click on a point names its record, one record can be
// highlighted, and hovering a point shows what it is.

#include "session.h"

#include <qcustomplot.h>

#include <optional>
#include <vector>

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

    // Plot coordinates (FLOP/B, FLOP/s) of a drawn record; nullopt when it is not drawn.
    std::optional<QPointF> recordCoords(RecordRef ref) const;
    // The drawn record nearest to `pixel` (widget coordinates) within `radius` pixels.
    std::optional<RecordRef> recordAt(const QPointF& pixel, double radius = 8) const;
    // What hovering the record's point shows: name, intensity, FLOP/s, time and % of roof.
    QString toolTipFor(RecordRef ref) const;

    // Rings the record's point (nullopt: none); a record that is not drawn rings nothing.
    void setHighlighted(std::optional<RecordRef> ref);
    std::optional<RecordRef> highlighted() const { return highlighted_; }
    bool highlightVisible() const;

  signals:
    // A click (press and release without dragging) landed on the record's point.
    void recordClicked(roofscope::RecordRef ref);

  protected:
    void draw(QCPPainter* painter) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

  private:
    void drawDevice(const Device& device, const QColor& color, double xMin, double xMax,
                    const std::vector<Precision>& precisions);
    void drawDataset(const Dataset& dataset, int datasetIndex, const Device* device,
                     const QColor& color, const ViewSettings& view);

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

    struct DrawnPoint {
        double x = 0, y = 0; // FLOP/B, FLOP/s
        RecordRef ref;
        QString name;
        double timeS = 0;
        double fractionOfRoof = 0; // NaN without a device roof
    };
    std::vector<DrawnPoint> drawn_;
    std::vector<std::vector<int>> drawnIndex_; // [dataset][record] -> index in drawn_, or -1
    const DrawnPoint* findDrawn(RecordRef ref) const;
    std::optional<RecordRef> highlighted_;
    QCPItemTracer* highlight_ = nullptr; // owned by the plot; recreated after clearItems
    QPointF pressPos_;
};

} // namespace roofscope::ui
