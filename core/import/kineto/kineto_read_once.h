#pragma once
// Internal to the trace reader: one read of a stream (kineto_reader.cpp), for the entry points of
// kineto_reader.h (kineto_read_file.cpp), which decide what its result is worth.

#include "core/import/kineto/kineto_reader.h"

namespace roofscope::detail {

struct KinetoRead {
    Result<TraceEvents> events; // as the read ended
    // Whether a batch was cut at a line break without scanning (kineto_line_cut.h): a failed
    // read may then be that cut's doing.
    bool cutUnscanned = false;
    // Whether the mapped file shrank while it was read (WholeText::changed()): the bytes past
    // its new end were read as zeros.
    bool textChanged = false;
};

// Reads `in` once. `unscannedCuts`: over a whole text parsed on several threads, batches may be
// cut at line breaks without scanning.
KinetoRead readKinetoOnce(ByteStream& in, const std::string& fileName,
                          const KinetoReadOptions& options, bool unscannedCuts);

} // namespace roofscope::detail
