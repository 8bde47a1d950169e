#pragma once
// Internal to the zoo: each model's forward pass. `options` has its defaults filled in.

#include "core/zoo/layer_builder.h"

namespace roofscope::zoo {

struct ForwardPass {
    std::string description;
    std::vector<ZooLayer> layers;
};

Result<ForwardPass> resnet50Forward(const ModelOptions& options);
Result<ForwardPass> maskrcnnBackboneForward(const ModelOptions& options);
Result<ForwardPass> bertLargeForward(const ModelOptions& options);
Result<ForwardPass> decoderForward(const ModelOptions& options);
Result<ForwardPass> dlrmForward(const ModelOptions& options);

// Ends a builder: its layers, or its first error.
Result<ForwardPass> finish(LayerBuilder& builder, std::string description);

} // namespace roofscope::zoo
