#pragma once
// The MD-Roofline view (Miao et al., ISCC 2022): three linked planes side by side, A = F/M
// against FLOP/s, O = P/M and C = P/F against communication B/s, each with its roof and its
// ridge; every op drawn in each plane where its coordinates are finite and positive, coloured by
// its bottleneck where the plane's premise holds for it and grey where it does not (O applies
// left of the A ridge, C at or right of it). Over them, the aggregates analyseMd sums (the
// iteration as a star, its phases as diamonds, each labelled): compute ops rarely communicate and
// collectives do no FLOPs, so in the O and C planes often only the aggregates have a place.
// Under the planes, per rank: the step on the GPU timeline (compute, exposed communication, exposed
// copies, idle), its communication split into what compute hid and what it exposed, the kernel
// time by phase with the unknown work apart, and the MD bound by phase; the straggler marked.
// Numbers come from core's analyseMd (analysis/md_analysis.h); this class only draws. Hovering a
// point names the op (or the aggregate), its time, bound and coordinates; clicking an op's point
// selects its record.

#include "core/analysis/md_analysis.h"
#include "ui/views/view_chart.h"

#include <map>
#include <vector>

namespace roofscope::ui {

class MdChart : public ViewChart {
    Q_OBJECT
  public:
    explicit MdChart(QWidget* parent = nullptr);

    // Draws the dataset shownDataset(session) picks, at view.memoryLevel and view.link, for
    // view.md.rank under view.md.clusterRule.
    void setSession(const Session& session) override;

    // What is drawn, for tests and exports.
    QCPAxisRect* planeRect(MdPlane plane) const; // nullptr when not drawn
    QCPAxisRect* barRect() const { return barRect_; }
    int pointCount(MdPlane plane) const;
    int greyCount(MdPlane plane) const; // points whose plane premise does not hold
    double ridgeX(MdPlane plane) const; // NaN when no ridge is drawn
    enum class BarKind { step, communication, measured, bound };
    struct Segment {
        QString name; // "forward", "exposed communication", "unknown work", ...
        QColor color;
        double seconds = 0;
    };
    struct PhaseBar {
        QString label; // "rank 3 · measured", "bound", ...
        int rank = 0;
        BarKind kind = BarKind::measured;
        bool bound = false;              // kind == bound
        std::map<Phase, double> seconds; // measured and bound bars: the phases' segments
        std::vector<Segment> segments;   // every bar: its stacked segments, left to right
    };
    const std::vector<PhaseBar>& bars() const { return bars_; }
    QString stragglerLabel() const; // empty when no straggler is marked
    // An aggregate (MdAnalysis::aggregates) as drawn in one plane.
    struct AggregateMarker {
        QString label; // the text beside the marker; empty when unlabelled (other ranks)
        bool iteration = false;
        bool grey = false; // the plane's premise does not hold for it
        double x = 0, y = 0;
    };
    const std::vector<AggregateMarker>& aggregateMarkers(MdPlane plane) const;
    // The words shown instead of the O and C planes when no op communicates; empty otherwise.
    QString commNotice() const { return commNotice_; }

    static QColor phaseColor(Phase phase);
    static QColor bottleneckColor(Bottleneck bottleneck);

  private:
    void clearChart();
    QCPAxisRect* addPlane(QCPLayoutGrid* grid, int column, MdPlane plane);
    void drawPlane(MdPlane plane, const MdAnalysis& md, const Dataset& dataset);
    void drawBars(const MdAnalysis& md);
    // The bottleneck colours of the A plane's points, in a row under the planes.
    void addColourKey(const MdAnalysis& md);

    std::map<MdPlane, QCPAxisRect*> planes_;
    // Each plane's title, which also names its ridge: a label along the ridge line crossed the
    // labels of the aggregates and sat under the A plane's colour key.
    std::map<MdPlane, QCPTextElement*> planeTitles_;
    std::map<MdPlane, int> points_, grey_;
    std::map<MdPlane, double> ridges_;
    std::map<MdPlane, std::vector<AggregateMarker>> aggregates_;
    QCPAxisRect* barRect_ = nullptr;
    QCPItemText* straggler_ = nullptr;
    std::vector<PhaseBar> bars_;
    QString commNotice_;
};

} // namespace roofscope::ui
