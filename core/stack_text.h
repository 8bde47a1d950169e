#pragma once
// One line naming a software stack, as tables, legends and the command line show it.

#include "core/dataset.h"

#include <string>

namespace roofscope {

// "PyTorch 2.1.0, CUDA 12.1, driver 535.104, cuDNN 8.9, NCCL 2.18, image pytorch:24.01": the
// parts the stack knows, in that order; empty when it knows none.
std::string describeStack(const SoftwareStack& stack);

} // namespace roofscope
