#pragma once
// The classic roofline of a session: each shown device's roofs and ridge points, and each
// dataset's op records as points at (intensity, achieved FLOP/s). Geometry and numbers come from
// core; this class only draws. A click on a point names its record, one record can be
// highlighted, and hovering a point shows what it is.

#include "session.h"

#include <qcustomplot.h>

#include <cstdint>
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
    // With the zoom box on, a left drag draws a rectangle and zooms to it instead of panning.
    void setZoomBox(bool on);
    bool zoomBox() const;
    // Shows or hides the series of a legend entry (a click on the entry does the same); hidden
    // series are greyed in the legend until the next setSession.
    void toggleLegendItem(QCPAbstractLegendItem* item);

    // How records are drawn. `automatic` picks by the number of drawn points: markers (shape by
    // category) up to the dots threshold, one-pixel dots with adaptive sampling up to the
    // density threshold, a density image (log colour scale, binned for the view) above it.
    enum class PointStyle { automatic, markers, dots, density };
    static constexpr int kDefaultDotsAbove = 20'000;
    static constexpr int kDefaultDensityAbove = 2'000'000;
    void setPointStyle(PointStyle style);
    PointStyle pointStyle() const { return pointStyle_; }
    // The style in use: pointStyle(), or what `automatic` chose.
    PointStyle drawnStyle() const { return drawnStyle_; }
    // Point counts above which `automatic` draws dots and the density image.
    void setPointThresholds(int dotsAbove, int densityAbove);
    // Points counted into the density image(s) at their last binning (those inside the view), and
    // how many binnings happened: a zoom or pan bins again at the next draw.
    std::int64_t densityPointCount() const;
    int densityBinnings() const;

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
    // (Re)creates the plottables that show drawn_ in the style in use; roofs stay.
    void drawPoints();
    void drawMarkers();
    void drawDots(bool density);
    void buildPickGrid();

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

    // Kept lean: a dense session holds millions; names are shared through names_.
    struct DrawnPoint {
        double x = 0, y = 0; // FLOP/B, FLOP/s
        RecordRef ref;
        int name = 0; // index in names_
        Category category = Category::other;
        bool aboveRoof = false;
        double timeS = 0;
        double fractionOfRoof = 0; // NaN without a device roof
    };
    std::vector<DrawnPoint> drawn_;   // dataset order, so each dataset's points are contiguous
    std::vector<double> logX_, logY_; // log10 of drawn_'s x and y, for binning
    std::vector<QString> names_;
    struct DatasetLook {
        QString label;
        QColor color;
        std::size_t begin = 0, end = 0; // its range in drawn_
    };
    std::vector<DatasetLook> looks_;
    std::vector<QCPAbstractPlottable*> pointPlottables_; // owned by the plot
    std::vector<QCPAbstractItem*> pointItems_;
    PointStyle pointStyle_ = PointStyle::automatic;
    PointStyle drawnStyle_ = PointStyle::markers;
    int dotsAbove_ = kDefaultDotsAbove;
    int densityAbove_ = kDefaultDensityAbove;
    // Points bucketed by a uniform grid over their log10 extent, so that finding the point under
    // the mouse looks at a few cells instead of every point.
    struct PickGrid {
        double x0 = 0, y0 = 0, cellW = 1, cellH = 1; // log10 origin and cell size
        int nx = 0, ny = 0;
        std::vector<int> start; // nx*ny+1 offsets into items
        std::vector<int> items; // indices into drawn_
    } pickGrid_;
    std::vector<std::vector<int>> drawnIndex_; // [dataset][record] -> index in drawn_, or -1
    const DrawnPoint* findDrawn(RecordRef ref) const;
    std::optional<RecordRef> highlighted_;
    QCPItemTracer* highlight_ = nullptr; // owned by the plot; recreated after clearItems
    QPointF pressPos_;
};

} // namespace roofscope::ui
