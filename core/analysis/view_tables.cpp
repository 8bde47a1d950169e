#include "core/analysis/view_tables.h"

#include "core/analysis/view_list.h"

namespace roofscope {

bool isExportableView(ViewKind view) {
    return describeView(view).exportable;
}

ViewTable viewTable(const Session& session) {
    const ViewDescription& view = describeView(session.view.view);
    return view.table ? view.table(session) : ViewTable{};
}

} // namespace roofscope
