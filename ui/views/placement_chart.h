#pragma once
// The placement view (after DLS, Park et al. 2022): one roofline per device involved (the
// dataset's devices and the moves' targets), each op drawn on the device the plan runs it on
// (moved ops at their predicted FLOP/s on the target, as hollow markers), and the old step
// against the new one as stacked bars of time per device, transfers the moves cause and the
// run's measured copies, with the change in %. Numbers come from core's planPlacement
// (analysis/placement.h); this class only draws. Hovering an op's point or a bar segment says
// what it is; clicking an op's point selects its record.

#include "core/analysis/placement.h"
#include "ui/views/view_chart.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace roofscope::ui {

class PlacementChart : public ViewChart {
    Q_OBJECT
  public:
    explicit PlacementChart(QWidget* parent = nullptr);

    // Draws the dataset shownDataset(session) picks under view.placement.moves, view.memoryLevel
    // and view.link.
    void setSession(const Session& session) override;

    // What is drawn, for tests and exports.
    const std::vector<std::string>& deviceIds() const { return deviceIds_; } // one rect each
    QCPAxisRect* deviceRect(const std::string& id) const; // nullptr when not drawn
    QCPAxisRect* barRect() const { return barRect_; }
    int pointsOn(const std::string& id) const;    // every op drawn on the device's rect
    int predictedOn(const std::string& id) const; // of which moved there (hollow, predicted)
    // The stacked segments of the old (measured) and new (predicted) step bars by name: device
    // names, "memcpy (measured)", "transfers (moves)"; seconds.
    const std::map<QString, std::pair<double, double>>& segments() const { return segments_; }
    double oldStepS() const { return oldStepS_; }
    double newStepS() const { return newStepS_; }
    QString changeLabel() const;                  // the new step's label: total and change in %
    int undrawnCount() const { return undrawn_; } // ops without FLOPs, time or bytes

  private:
    void clearChart();
    void drawDevice(int column, const Device& device, const Session& session,
                    const PlacementPlan& plan, QCPLayoutGrid* grid);
    void addPointKey(QCPAxisRect* rect);
    void drawSteps(const PlacementPlan& plan, const Session& session);
    // Leaves room right of the longer step bar for the longer total, at the strip's width as laid
    // out now (at each replot: the width differs between the window and an export).
    void fitStepTotals();

    std::vector<std::string> deviceIds_;
    std::map<std::string, QCPAxisRect*> rects_;
    std::map<std::string, int> points_, predicted_;
    std::map<QString, std::pair<double, double>> segments_;
    QCPAxisRect* barRect_ = nullptr;
    QCPItemText* change_ = nullptr;
    double oldStepS_ = 0, newStepS_ = 0;
    int undrawn_ = 0;
    std::set<Category> drawnCategories_;
};

} // namespace roofscope::ui
