#pragma once
// A dense cloud of roofline points drawn as a density image: the points are counted into bins of
// kBinPixels × kBinPixels screen pixels over the axis rect, and each bin is shaded on a log scale
// of its count, in the group's colour. The bins are recomputed whenever the view or the size
// drawn at changes (zoom, pan, resize, an export at another size), so they always line up with
// the axes, log or linear, and count exactly the points inside the view.

#include <qcustomplot.h>

#include <cstdint>
#include <span>
#include <vector>

namespace roofscope::ui {

class RooflineDensity : public QCPAbstractPlottable {
    Q_OBJECT
  public:
    static constexpr int kBinPixels = 2;

    // The points' coordinates in axis space: log10 of the value on a log axis (`logX`,
    // `logY`), the value itself on a linear one. xs[i] and ys[i] are parallel runs of points;
    // they must outlive the layer (the plot owns them and clears its plottables before it
    // changes them).
    RooflineDensity(QCPAxis* keyAxis, QCPAxis* valueAxis, std::vector<std::span<const double>> xs,
                    std::vector<std::span<const double>> ys, const QColor& color, bool logX = true,
                    bool logY = true);

    // Points counted at the last binning (those inside the view) and how many binnings happened.
    std::int64_t binnedCount() const { return binned_; }
    int binnings() const { return binnings_; }
    // The bin counts of the last binning, row 0 at the top, and their grid size.
    const std::vector<std::uint32_t>& bins() const { return counts_; }
    QSize binGrid() const { return cached_.grid; }

    double selectTest(const QPointF& pos, bool onlySelectable,
                      QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

  protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

  private:
    struct View {
        QCPRange x, y;
        QSize grid;
        bool operator==(const View& o) const { return x == o.x && y == o.y && grid == o.grid; }
    };
    void bin(const View& view);
    void paint();

    std::vector<std::span<const double>> xs_, ys_;
    QColor color_;
    bool logX_ = true, logY_ = true;
    bool empty_ = true;
    double minX_ = 0, maxX_ = 0, minY_ = 0, maxY_ = 0; // extent in axis space
    View cached_;
    std::vector<std::uint32_t> counts_;
    QImage image_;
    std::int64_t binned_ = 0;
    int binnings_ = 0;
};

} // namespace roofscope::ui
