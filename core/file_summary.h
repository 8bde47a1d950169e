#pragma once
// What `roofscope info FILE` prints: the kind of document and what it holds, in plain text.

#include "core/error.h"

#include <string>

namespace roofscope {

// Recognises the document by its content (not its name) and describes it: for a session, its
// devices, datasets, records and total time; for a ceilings file, every ceiling with its
// provenance. Errors name the file and position; an unrecognised file is an error that says
// which kinds are understood.
Result<std::string> summarizeFile(const std::string& path);

} // namespace roofscope
