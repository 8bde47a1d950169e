#pragma once
// From the parsed XSpace to the trace model (xplane_reader.h says what goes where). Built only
// with protobuf (ROOFSCOPE_HAVE_XPLANE); the rest of core never sees a generated type.

#include "core/error.h"
#include "core/import/xplane/xplane_reader.h"

#include <string>

namespace tensorflow::profiler {
class XSpace;
} // namespace tensorflow::profiler

namespace roofscope {

// Errors name `path`: a space without a /device:GPU:N plane.
Result<XplaneProfile> convertXspace(const tensorflow::profiler::XSpace& space,
                                    const std::string& path);

} // namespace roofscope
