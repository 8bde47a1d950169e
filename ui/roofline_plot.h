#pragma once
// The classic or hierarchical roofline of a session: each shown device's roofs and ridge points,
// and each dataset's op records as points at (intensity, achieved FLOP/s), coloured by the view's
// choice (dataset, device, stack, rank or category), on log or linear axes. Geometry and numbers
// come from core; this class only draws. A click on a point names its record, one record can be
// highlighted, hovering a point shows what it is, and a click on a legend entry hides or shows
// what it stands for (a device's roofs, a colour group, a category).

#include "core/plot_points.h"
#include "core/session.h"
#include "ui/default_init_allocator.h"
#include "ui/point_groups.h"

#include <qcustomplot.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace roofscope::ui {

class RooflinePlot : public QCustomPlot {
    Q_OBJECT
  public:
    explicit RooflinePlot(QWidget* parent = nullptr);

    // Redraws everything from `session`: its devices listed in view.shownDevices (all devices
    // when the list is empty) and every dataset not hidden, in view.view (roofline or
    // hierarchical), view.colorBy, on the axes view.logX and view.logY ask for, over the view's
    // range when it holds one (else fitted). The point style is the plot's own (setPointStyle).
    // What the legend hid stays hidden while its label exists.
    void setSession(const Session& session);

    // Fits the axes to the roofs and points: on a log axis from a little below the lowest to a
    // little above the highest, at least three decades of FLOP/s; on a linear axis from zero.
    void resetView();
    // With the zoom box on, a left drag draws a rectangle and zooms to it instead of panning.
    void setZoomBox(bool on);
    bool zoomBox() const;
    // Shows or hides what a legend entry stands for (a click on the entry does the same): a
    // device's roofs, labels and ridges; a colour group's points; a category's points (in every
    // group). Hidden points cannot be picked or highlighted; their entry is greyed.
    void toggleLegendItem(QCPAbstractLegendItem* item);
    bool isGroupHidden(const QString& label) const { return hiddenGroups_.contains(label); }
    bool isCategoryHidden(Category category) const { return hiddenCategories_.contains(category); }
    bool isDeviceHidden(const std::string& id) const { return hiddenDevices_.contains(id); }
    // The colour groups of the drawn points, in legend order.
    std::vector<PointGroup> pointGroups() const;

    // How records are drawn. `automatic` picks by the number of drawn points: markers (shape by
    // category) up to the dots threshold, one-pixel dots with adaptive sampling up to the
    // density threshold, a density image (log colour scale, binned for the view) above it.
    using PointStyle = roofscope::PointStyle;
    // Marker diameters in pixels by share of the dataset's time: under 1 %, 1-5 %, 5-20 %, more.
    static constexpr int kMarkerSizes[] = {6, 8, 11, 15};
    static int markerSizeClass(double timeShare);
    // At most this many colour groups get a legend entry; one more entry counts the rest.
    static constexpr int kMaxLegendGroups = 12;
    // Longer legends are laid out in two columns.
    static constexpr int kLegendOneColumn = 7;
    static constexpr int kDefaultDotsAbove = 20'000;
    static constexpr int kDefaultDensityAbove = 2'000'000;
    // From this many records of a dataset, setSession computes their points on several threads
    // (at most kMaxThreads).
    static constexpr std::size_t kThreadedRecords = 50'000;
    static constexpr std::size_t kMaxThreads = 8;
    // Redraws the points in `style` unless `redraw` is false (the next setSession draws them).
    void setPointStyle(PointStyle style, bool redraw = true);
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
    // Drawn points that the legend has not hidden.
    int shownPointCount() const { return shownPoints_; }
    // Hierarchical view: the points added at the other memory levels.
    int levelPointCount() const { return static_cast<int>(levelPoints_.size()); }
    bool logX() const { return logX_; }
    bool logY() const { return logY_; }
    int aboveRoofCount() const { return aboveRoof_; }
    // Records of shown datasets that have no place on a log-log FLOP/s plot: no FLOPs (copies,
    // embedding lookups, collectives), no time, or no bytes at the memory level.
    int undrawableCount() const { return undrawable_; }
    // What the plot leaves out and why (core's leftOutText), as the line under the plot says it;
    // "" when every shown record is drawn.
    QString leftOutText() const;

    // Plot coordinates (FLOP/B, FLOP/s) of a drawn record; nullopt when it is not drawn or hidden.
    std::optional<QPointF> recordCoords(RecordRef ref) const;
    // The drawn record nearest to `pixel` (widget coordinates) within `radius` pixels.
    std::optional<RecordRef> recordAt(const QPointF& pixel, double radius = 8) const;
    // What hovering the record's point shows: name, intensity, FLOP/s, time and % of roof.
    QString toolTipFor(RecordRef ref) const;

    // Rings the record's point (nullopt: none); a record that is not drawn rings nothing.
    void setHighlighted(std::optional<RecordRef> ref);
    std::optional<RecordRef> highlighted() const { return highlighted_; }
    bool highlightVisible() const;
    // Rings the record's point dashed while it is hovered elsewhere (a bar of the step timeline);
    // nullopt rings none.
    void setHovered(std::optional<RecordRef> ref);
    std::optional<RecordRef> hovered() const { return hovered_; }
    bool hoverRingVisible() const;

  signals:
    // A click (press and release without dragging) landed on the record's point.
    void recordClicked(roofscope::RecordRef ref);
    // The mouse moved onto another record's point (nullopt: off every point).
    void recordHovered(std::optional<roofscope::RecordRef> ref);

  protected:
    void draw(QCPPainter* painter) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    // The note under the plot refills its lines to the new width.
    void resizeEvent(QResizeEvent* event) override;

  private:
    void setAxes(bool logX, bool logY);
    void drawDevice(const Device& device, const QColor& color, double xMin, double xMax,
                    const std::vector<Precision>& precisions);
    // One bit per Precision value.
    using PrecisionFlags = std::uint32_t;
    // Adds the dataset's points at the view's level, as core computes them for each record
    // (core/plot_points.h) against `device` (nullptr when it has none), appends the
    // hierarchical view's points at other levels to `otherLevels`, sets the dataset's measured
    // time in datasetTimeS_ and the precisions of its records in `precisions`.
    void drawDataset(const Dataset& dataset, int datasetIndex, const Device* device,
                     const ViewSettings& view, PointGroups& groups,
                     std::vector<PlotPoint>& otherLevels, PrecisionFlags& precisions);
    // Orders the points by group, then category (order_), so that each group's points are one
    // run; fills groups_ and the axis-space coordinates.
    void arrangePoints(const std::vector<PointGroup>& groups);
    // Links the points of `otherLevels`, in (dataset, record) order, to their record's drawn
    // point (after arrangePoints).
    void collectLevels(const std::vector<PlotPoint>& otherLevels);
    // (Re)creates the plottables that show drawn_ in the style in use, the legend entries and
    // the picking grid; roofs stay.
    void drawPoints();
    void drawMarkers();
    void drawDots(bool density);
    void drawLevels();
    void addLegendEntries();
    void buildPickGrid();
    void applyDeviceVisibility();
    // A coordinate in axis space: log10 on a log axis, itself on a linear one.
    double axisX(double x) const { return logX_ ? std::log10(x) : x; }
    double axisY(double y) const { return logY_ ? std::log10(y) : y; }

    int roofSegments_ = 0;
    int points_ = 0;
    int shownPoints_ = 0;
    int aboveRoof_ = 0;
    int undrawable_ = 0;
    PlotLeftOut leftOut_;
    QCPTextElement* leftOutLine_ = nullptr; // under the axis rect; absent when nothing is left out
    void showLeftOut();
    // Puts the legend in the corner of the axis rect that covers the fewest points; true when
    // it moved (the layout must then be updated).
    bool placeLegend();
    void extend(double x, double y);
    void alignSlopeLabels();
    void beforeEachReplot();
    bool applyViewRange(const ViewSettings& view);

    struct SlopeLabel {
        QCPItemText* label;
        double x0, y0, x1, y1;
    };
    std::vector<SlopeLabel> slopeLabels_;
    // Compute roof labels at their place over the right end of their line (x, y in plot
    // coordinates), before separateLabels moves any aside.
    struct ComputeLabel {
        QCPItemText* label;
        double x, y;
    };
    std::vector<ComputeLabel> computeLabels_;
    // Moves roof labels that would print over each other or under the legend (two devices'
    // roofs of close values): compute labels leftwards along their line, slope labels up theirs.
    void separateLabels();

    bool logX_ = true, logY_ = true;
    double xLow_ = 0, xHigh_ = 0, yLow_ = 0, yHigh_ = 0; // extent of roofs and points
    double pointHighX_ = 0, ridgeHighX_ = 0;             // for linear axes, which start at 0

    // Kept lean: a dense session holds millions; names are shared through names_.
    // Trivial, so that setSession's threads write millions of them into memory nobody zeroed.
    struct DrawnPoint {
        double x, y;         // FLOP/B, FLOP/s
        int dataset, record; // its RecordRef, which is not trivial
        RecordRef ref() const { return {dataset, record}; }
        int name;  // index in names_
        int group; // index in groups_
        Category category;
        bool aboveRoof;
        // NaN without a device roof. A float: the tooltip shows three digits, and the point
        // fits in 48 bytes, which are the memory setSession fills (and the kernel zeroes first).
        float fractionOfRoof;
        double timeS; // its share of the dataset's time is timeS / datasetTimeS_[dataset]
    };
    static_assert(sizeof(DrawnPoint) == 48);
    double timeShare(const DrawnPoint& p) const {
        return p.timeS / datasetTimeS_[static_cast<std::size_t>(p.dataset)];
    }
    std::vector<double> datasetTimeS_; // measured time of each dataset's records, seconds
    template <class T> using Buffer = std::vector<T, DefaultInitAllocator<T>>;
    // Reads the legend's hidden labels and categories into flags that isShown() reads.
    void updateHidden();
    bool isShown(const DrawnPoint& p) const;
    bool isShown(int group, Category category) const;
    class NameIds;
    struct Slice;
    std::vector<bool> categoryHidden_; // by Category value
    Buffer<DrawnPoint> drawn_;         // in dataset, then record order
    // Drawing order, by group, then category (see arrangePoints): order_[s] is the index in
    // drawn_ of the point at position s; groups' runs and ax_, ay_ are in positions.
    Buffer<int> order_;
    const DrawnPoint& drawnAt(std::size_t position) const {
        return drawn_[static_cast<std::size_t>(order_[position])];
    }
    Buffer<double> ax_, ay_; // x and y in axis space by position, for binning and picking
    // The positions of each (group, category) pair that has points, in position order.
    struct Run {
        std::size_t begin = 0, end = 0;
        int group = 0;
        Category category = Category::other;
    };
    std::vector<Run> runs_;
    std::vector<int> above_; // drawn_ indices of points above their roof
    std::vector<QString> names_;
    struct GroupLook {
        PointGroup look;
        std::size_t begin = 0, end = 0; // its run of positions (order_)
        bool hidden = false;            // by the legend: hiddenGroups_ holds its label
    };
    std::vector<GroupLook> groups_;
    std::set<QString> hiddenGroups_;
    std::set<Category> hiddenCategories_;
    std::set<std::string> hiddenDevices_;
    // Hierarchical view: each record again at the other memory levels, at the same height.
    struct LevelPoint {
        double x = 0, y = 0;
        MemoryLevel level = MemoryLevel::dram;
        int drawn = 0; // index in drawn_ of the record's point at the view's level
    };
    std::vector<LevelPoint> levelPoints_;
    // What a legend entry's plottable stands for.
    struct LegendTarget {
        enum class Kind { device, group, category, level } kind = Kind::group;
        std::string device;
        QString group;
        Category category = Category::other;
        MemoryLevel level = MemoryLevel::dram;
    };
    std::set<MemoryLevel> hiddenLevels_;
    ColorBy colorBy_ = ColorBy::dataset;
    std::map<const QCPAbstractPlottable*, LegendTarget> legendTargets_;
    struct DeviceParts {
        std::vector<QCPAbstractPlottable*> plottables;
        std::vector<QCPAbstractItem*> items;
    };
    std::map<std::string, DeviceParts> deviceParts_;
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
        Buffer<int> items;      // positions (order_) of shown points
    } pickGrid_;
    // The record's point in drawn_, which is in (dataset, record) order: a binary search, where
    // an index by record would be 4 more bytes of fresh memory for every record.
    const DrawnPoint* findDrawn(RecordRef ref) const;
    std::optional<RecordRef> highlighted_;
    QCPItemTracer* highlight_ = nullptr; // owned by the plot; recreated after clearItems
    std::optional<RecordRef> hovered_, hoverEmitted_;
    QCPItemTracer* hoverRing_ = nullptr; // as highlight_
    // Puts `tracer` (made on first use) around the record's point, or hides it.
    void ring(QCPItemTracer*& tracer, std::optional<RecordRef> ref, int size, const QPen& pen);
    QPointF pressPos_;
};

} // namespace roofscope::ui
