#pragma once
// Turns CUDA runtime and cuBLAS status codes into Errors that name the call and where it was made:
// "cudaMalloc (gpu/cuda/memory_sweep.cpp:88): out of memory". The ROOFSCOPE_*_TRY macros return
// that Error from the enclosing function, whose return type must be Result<T> or Status; they
// never throw and never end the process. (NCCL's codes are checked in nccl_collectives.cpp, the
// one file that may see nccl.h.)

#include "core/error.h"

#include <cublas_api.h>
#include <cuda_runtime_api.h>

#include <optional>
#include <string>
#include <string_view>

namespace roofscope::probe {

// "cudaMalloc (gpu/cuda/x.cpp:123)": the function named by `callText` (the stringized call, cut
// at its first '(') and the source position, shortened to start at "gpu/".
inline std::string callSite(std::string_view callText, std::string_view file, int line) {
    const auto paren = callText.find('(');
    std::string_view call = callText.substr(0, paren);
    while (!call.empty() && (call.back() == ' ' || call.back() == '\n'))
        call.remove_suffix(1);
    const auto gpu = file.rfind("gpu/");
    if (gpu != std::string_view::npos)
        file.remove_prefix(gpu);
    return std::string(call) + " (" + std::string(file) + ":" + std::to_string(line) + ")";
}

// nullopt on success. A failed call's error is also cleared from the runtime's last-error slot so
// that the next benchmark does not inherit it (sticky errors such as a kernel fault stay, and
// every later call reports them, which is what should happen).
inline std::optional<Error> failure(cudaError_t status, std::string_view callText,
                                    std::string_view file, int line) {
    if (status == cudaSuccess)
        return std::nullopt;
    (void)cudaGetLastError();
    return makeError(callSite(callText, file, line) + ": " + cudaGetErrorString(status));
}

inline std::optional<Error> failure(cublasStatus_t status, std::string_view callText,
                                    std::string_view file, int line) {
    if (status == CUBLAS_STATUS_SUCCESS)
        return std::nullopt;
    return makeError(callSite(callText, file, line) + ": " + cublasGetStatusString(status));
}

} // namespace roofscope::probe

// Returns an Error from the enclosing function when a cudaError_t- or cublasStatus_t-returning
// call fails.
#define ROOFSCOPE_CUDA_TRY(call)                                                                   \
    do {                                                                                           \
        if (auto roofscope_failure_ =                                                              \
                ::roofscope::probe::failure((call), #call, __FILE__, __LINE__))                    \
            return *roofscope_failure_;                                                            \
    } while (0)
