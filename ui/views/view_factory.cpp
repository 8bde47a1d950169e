#include "ui/views/view_list.h"

#include "core/analysis/view_list.h"
#include "ui/views/comparison_chart.h"
#include "ui/views/cost_chart.h"
#include "ui/views/matrix_chart.h"
#include "ui/views/md_chart.h"
#include "ui/views/placement_chart.h"
#include "ui/views/time_chart.h"
#include "ui/views/view_chart.h"
#include "ui/views/view_options.h"

#include <array>

namespace roofscope::ui {
namespace {

template <class Chart> ViewChart* make(QWidget* parent) {
    return new Chart(parent);
}

const std::array kViews{
    ViewUi{ViewKind::md_roofline, make<MdChart>, makeMdOptions},
    ViewUi{ViewKind::comparison, make<ComparisonChart>, makeComparisonOptions},
    ViewUi{ViewKind::placement, make<PlacementChart>, makePlacementOptions},
    ViewUi{ViewKind::matrix, make<MatrixChart>, makePriceOptions},
    ViewUi{ViewKind::cost, make<CostChart>, makePriceOptions},
    ViewUi{ViewKind::time_based, make<TimeChart>, nullptr},
};

} // namespace

std::span<const ViewUi> viewUis() {
    return kViews;
}

const ViewUi* viewUi(ViewKind view) {
    for (const auto& v : kViews)
        if (v.kind == view)
            return &v;
    return nullptr;
}

ViewChart* makeViewChart(ViewKind view, QWidget* parent) {
    const ViewUi* ui = viewUi(view);
    return ui ? ui->makeChart(parent) : nullptr;
}

QString viewTitle(ViewKind view) {
    const std::string_view title = describeView(view).title;
    return QString::fromUtf8(title.data(), static_cast<qsizetype>(title.size()));
}

} // namespace roofscope::ui
