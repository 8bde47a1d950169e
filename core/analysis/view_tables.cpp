#include "core/analysis/view_tables.h"

#include "core/analysis/compare_tables.h"
#include "core/analysis/md_analysis.h"
#include "core/analysis/placement.h"
#include "core/plot_points.h"

namespace roofscope {

bool isExportableView(ViewKind view) {
    return view != ViewKind::time_based;
}

ViewTable viewTable(const Session& session) {
    switch (session.view.view) {
    case ViewKind::md_roofline:
        return mdTable(session);
    case ViewKind::comparison:
        return comparisonTable(session);
    case ViewKind::placement:
        return placementTable(session);
    case ViewKind::matrix:
        return matrixTable(session);
    case ViewKind::cost:
        return costTable(session);
    case ViewKind::roofline:
    case ViewKind::hierarchical:
    case ViewKind::time_based:
        break;
    }
    return {};
}

} // namespace roofscope
