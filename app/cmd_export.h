#pragma once
// `roofscope export`: the session to export, built from the inputs (cmd_export_load.cpp), then
// written by ui::exportSession (cmd_export.cpp parses the command line).

#include "catalog.h"
#include "error.h"
#include "import/kineto_analysis.h"
#include "session.h"

#include <string>
#include <vector>

namespace roofscope::app {

struct ExportInputs {
    std::vector<std::string> paths;       // sessions and traces as given
    const CatalogEntry* device = nullptr; // --device; nullptr: the one each input names
    Grouping grouping = Grouping::kernel;
};

struct LoadedExport {
    Session session;
    std::vector<std::string> warnings;
};

// One session (*.roofscope by content) and/or Kineto traces; the traces together are one
// dataset, one rank per file, added to the session's datasets. With --device the traces are
// bounded by that device and a session shows only its roofs and bounds every dataset by it.
// Errors name the file and the position of the problem.
Result<LoadedExport> loadExportInputs(const ExportInputs& inputs, const Catalog& catalog);

} // namespace roofscope::app
