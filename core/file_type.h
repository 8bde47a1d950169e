#pragma once
// Opening an input that must be a regular file. Reading a FIFO blocks until a writer comes and a
// character device such as /dev/zero never ends, so the document and the trace readers both
// take regular files only, and say what the path is when it is something else.

#include "core/error.h"

#include <string>
#include <sys/stat.h>
#include <sys/types.h>

namespace roofscope {

// "a directory", "a FIFO (named pipe)", "a character device", "a block device", "a socket",
// or "not a regular file" for anything else; `mode` is a stat() st_mode.
const char* nonRegularFileKind(mode_t mode);

// A read-only, close-on-exec, blocking descriptor of the regular file `path`, and its stat in
// `st`; the caller owns the descriptor. Never waits on a FIFO. Errors name the file: "cannot
// open: <reason>", "is a FIFO (named pipe), not a regular file", ...
Result<int> openRegularFile(const std::string& path, struct stat& st);

} // namespace roofscope
