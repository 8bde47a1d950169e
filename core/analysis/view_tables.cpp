#include "view_tables.h"

#include "compare_tables.h"
#include "md_analysis.h"
#include "placement.h"
#include "plot_points.h"

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
