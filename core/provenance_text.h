#pragma once
// Where a ceiling's number comes from, in words: the one text every command and view prints.

#include "core/ceilings.h"
#include "core/device.h"

#include <string>

namespace roofscope {

enum class ProvenanceDetail {
    // A few words for notes: "spec, https://…" or "measured by nccl-tests 2.13.8 (all_reduce_perf
    // busbw, 2024-05-17); note".
    brief,
    // Everything `roofscope info` lists: "measured by roofscope-probe 0.1.0 (cuBLASLt GEMM),
    // 2026-11-30T10:00:00Z, 20 samples, spread 0.012".
    full,
};

std::string provenanceText(const Provenance& provenance,
                           ProvenanceDetail detail = ProvenanceDetail::brief);

// A device and every ceiling with its full provenance, as `roofscope info` lists them: a line
// "  id  name (kind, vendor)" and one indented line per ceiling.
std::string deviceCeilingsText(const Device& device);

} // namespace roofscope
