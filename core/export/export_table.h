#pragma once
// The table export of a session's view, without Qt: the roofline views' points
// (points_table.h) or an analysis view's table (core/analysis/view_table.h), as CSV or JSON.

#include "core/error.h"
#include "core/export/export_format.h"
#include "core/session.h"

#include <string>

namespace roofscope {

// The text of session.view's table in `format` (csv or json). Errors: the view has nothing to
// export, or `format` is an image format.
Result<std::string> exportTableText(const Session& session, ExportFormat format);

// Writes exportTableText atomically to `path` (a failed export leaves an existing file as it
// was). Errors name `path`.
Status exportTable(const Session& session, const std::string& path, ExportFormat format);

} // namespace roofscope
