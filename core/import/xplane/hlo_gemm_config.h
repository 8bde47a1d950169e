#pragma once
// The dimension numbers of an XLA cuBLAS / hipBLASLt GEMM custom call (`__cublas$gemm`,
// `__cublas$lt$matmul*`), which XLA keeps in the call's backend_config, a JSON GpuBackendConfig:
// {"gemm_backend_config": {"dot_dimension_numbers": {"lhs_contracting_dimensions": ["1"],
// "rhs_contracting_dimensions": ["0"], "lhs_batch_dimensions": [], "rhs_batch_dimensions": []},
// ...}, ...} (int64 values written as strings, as protobuf's JSON mapping does).

#include "core/import/xplane/hlo_module.h"

#include <optional>
#include <string_view>

namespace roofscope {

// nullopt when `backendConfig` is not such a JSON document or has no contracting dimensions;
// at most 64 numbers per list (an HLO shape's rank limit).
std::optional<HloDotDims> gemmDotDimensions(std::string_view backendConfig);

} // namespace roofscope
