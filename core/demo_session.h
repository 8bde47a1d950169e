#pragma once
// The built-in demo: one BERT-large encoder layer (forward, batch 8, sequence 512, fp16 with
// tensor cores for the GEMMs) bounded on an A100 and on an H100 from the catalog. Every FLOP and
// byte is an analytic count (see demo_session.cpp) and every time is the op's MD-Roofline bound
// on that device, so the records are marked `estimated` and the datasets tagged "analytic".

#include "catalog.h"
#include "error.h"
#include "session.h"

namespace roofscope {

inline constexpr std::string_view kDemoDeviceA = "nvidia-a100-sxm4-80gb";
inline constexpr std::string_view kDemoDeviceB = "nvidia-h100-sxm5-80gb";

// Errors when the catalog lacks either demo device or a ceiling the ops need.
Result<Session> makeDemoSession(const Catalog& catalog);

} // namespace roofscope
