#pragma once
// The built-in demo: BERT-large training (batch 32, sequence 512, bf16, data-parallel over 8
// GPUs, so with a gradient all-reduce) from the analytic zoo,
// bounded on an A100 and on an H100 from the catalog. Every FLOP and byte is an analytic count
// and every time the layer's MD-Roofline bound on that device, so the records are `estimated`
// and the datasets tagged "analytic bound".

#include "core/catalog.h"
#include "core/error.h"
#include "core/session.h"

namespace roofscope {

inline constexpr std::string_view kDemoDeviceA = "nvidia-a100-sxm4-80gb";
inline constexpr std::string_view kDemoDeviceB = "nvidia-h100-sxm5-80gb";
inline constexpr std::string_view kDemoModel = "bert-large";
inline constexpr int kDemoDataParallel = 8;

// Errors when the catalog lacks either demo device or a ceiling the layers need.
Result<Session> makeDemoSession(const Catalog& catalog);

} // namespace roofscope
