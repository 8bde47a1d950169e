#pragma once
// The ceilings document (*.json, format "roofscope-ceilings"): one or more devices with their
// ceilings and provenance. Written by roofscope-probe and by users; the built-in catalog is a
// set of such documents. Schema: docs/file-formats.md.

#include "core/device.h"
#include "core/error.h"

#include <string>
#include <vector>

namespace roofscope {

inline constexpr int kCeilingsFormatVersion = 1;

// Devices of a ceilings document. `file` only names the source in errors.
Result<std::vector<Device>> parseCeilings(std::string_view text, const std::string& file);
Result<std::vector<Device>> readCeilingsFile(const std::string& path);

// The document text, stable for equal input (keys sorted, two-space indent, trailing newline).
std::string serializeCeilings(const std::vector<Device>& devices);
// Atomic: see writeFileAtomically.
Status writeCeilingsFile(const std::string& path, const std::vector<Device>& devices);

} // namespace roofscope
