#pragma once
// The session document (*.roofscope, format "roofscope-session"): devices, datasets with their
// records, and view settings. Schema: docs/file-formats.md.

#include "core/error.h"
#include "core/session.h"

#include <string>

namespace roofscope {

// 2: each analysis view's settings in a group of "view" ("compare", "md", "placement");
// version 1 files, with those keys flat in "view", are read as well.
inline constexpr int kSessionFormatVersion = 2;

// `version` (when given) receives the file's format version, which may be older than the
// newest this build writes.
Result<Session> parseSession(std::string_view text, const std::string& file,
                             int* version = nullptr);
Result<Session> readSessionFile(const std::string& path);

// Stable text for equal sessions; parseSession(serializeSession(s)) == s.
std::string serializeSession(const Session& session);
// Atomic: see writeFileAtomically. A session that parseSession would refuse is not written: the
// error names the JSON pointer of the offending value and the file is left as it was.
Status writeSessionFile(const std::string& path, const Session& session);

} // namespace roofscope
