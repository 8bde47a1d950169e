#pragma once
// Views, hiding and comparisons name datasets by label, so no two datasets of a session may
// share one.

#include "core/session.h"

#include <string>

namespace roofscope {

// `label` when no dataset of `session` but the one at index `except` (-1: none) has it, else
// "label (2)", "label (3)", ...: the first that is free.
std::string uniqueDatasetLabel(const Session& session, const std::string& label, int except = -1);

} // namespace roofscope
