#include "ui/views/view_chart.h"

#include "ui/views/comparison_chart.h"
#include "ui/views/cost_chart.h"
#include "ui/views/matrix_chart.h"
#include "ui/views/md_chart.h"
#include "ui/views/placement_chart.h"

namespace roofscope::ui {

ViewChart* makeViewChart(ViewKind view, QWidget* parent) {
    switch (view) {
    case ViewKind::md_roofline:
        return new MdChart(parent);
    case ViewKind::comparison:
        return new ComparisonChart(parent);
    case ViewKind::placement:
        return new PlacementChart(parent);
    case ViewKind::matrix:
        return new MatrixChart(parent);
    case ViewKind::cost:
        return new CostChart(parent);
    case ViewKind::roofline:
    case ViewKind::hierarchical:
    case ViewKind::time_based:
        break;
    }
    return nullptr;
}

} // namespace roofscope::ui
