#pragma once
// The table of whichever analysis view a session shows: one entry point for the explorer's
// table, the exporter and the command line.

#include "core/analysis/view_table.h"
#include "core/session.h"

namespace roofscope {

// Views with a chart and a table: the roofline views plus md_roofline, comparison, placement,
// matrix, cost and time_based.
bool isExportableView(ViewKind view);

// The table of session.view.view (mdTable, comparisonTable, placementTable, matrixTable or
// costTable); an empty table for the roofline views, whose points core's plotPoints gives.
ViewTable viewTable(const Session& session);

} // namespace roofscope
