#pragma once
// Analytic workloads of well-known models: per layer FLOPs, bytes, parameters, activations and
// (under data parallelism) communicated bytes, for training or inference, built from the same op
// estimators the trace importer uses. On a device each layer gets its MD-Roofline bound.

#include "core/dataset.h"
#include "core/device.h"
#include "core/error.h"
#include "core/md_roofline.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace roofscope {

enum class RunMode { training, inference };
std::string_view toString(RunMode mode);
std::optional<RunMode> parseRunMode(std::string_view text);

// Shape of a GPT/LLaMA-style decoder. ffn = 0 picks 4 x hidden (GPT) or the LLaMA rule
// (2/3 of 4 x hidden, rounded up to a multiple of 256) when gatedFfn.
struct DecoderShape {
    int layers = 32;
    int hidden = 4096;
    int heads = 32;
    int kvHeads = 32; // < heads for grouped-query attention
    int ffn = 11008;
    int vocab = 32000;
    bool gatedFfn = true;  // SwiGLU with three projections (LLaMA) instead of GELU MLP (GPT)
    bool rmsNorm = true;   // RMSNorm (LLaMA) instead of LayerNorm (GPT)
    int positions = 0;     // rows of a learned position table (GPT-2: 1024); 0 = rotary (LLaMA)
    bool tiedHead = false; // the output head reuses the token embedding (GPT-2)

    // GPT-2 small (Radford et al. 2019): 124,439,808 parameters.
    static DecoderShape gpt2Small() {
        return {12, 768, 12, 12, 3072, 50257, false, false, 1024, true};
    }
};

struct ModelOptions {
    int batch = 0;     // samples per device; 0 = the model's default
    int seqLen = 0;    // tokens per sample for sequence models; 0 = the model's default
    int imageSize = 0; // square input side in pixels for vision models; 0 = the model's default
    Precision precision = Precision::bf16;
    RunMode mode = RunMode::training;
    int dataParallel = 1; // ranks sharing the gradient all-reduce; 1 = no communication
    std::optional<DecoderShape> decoder; // for "gpt"; nullopt = the default shape above
};

struct ZooLayer {
    std::string name;
    Category category = Category::other;
    Phase phase = Phase::forward;
    Precision precision = Precision::bf16;
    bool tensorUnits = false;
    double flops = 0;           // FLOP for the whole batch
    double bytes = 0;           // minimum DRAM bytes, B
    double params = 0;          // trainable parameters owned by the layer (forward rows only)
    double activationBytes = 0; // output bytes kept for the backward pass (training)
    double commBytes = 0;       // bytes each rank sends, as for busbw (S x factor)
    std::optional<Collective> collective;
    std::string formula; // how the numbers were obtained
};

struct ModelWorkload {
    std::string model;       // registry name, e.g. "bert-large"
    std::string description; // e.g. "BERT-large, 24 layers, hidden 1024, seq 512"
    ModelOptions options;    // with defaults filled in
    std::vector<ZooLayer> layers;

    double totalFlops() const;
    double totalBytes() const;
    double totalParams() const;
};

struct ModelInfo {
    std::string_view name;
    std::string_view description;
    int defaultBatch;
};

// The models the zoo can build, in a stable order.
std::span<const ModelInfo> zooModels();

// Errors for an unknown name (listing the known ones) or options out of range.
Result<ModelWorkload> buildModel(std::string_view name, const ModelOptions& options);

// One layer as an estimated OpRecord on `device` (bytes at options.level, communicated bytes on
// options.link), without a time.
OpRecord layerRecord(const ZooLayer& layer, const ModelWorkload& workload, const Device& device,
                     const MdOptions& options);

// The workload on `device`: one estimated OpRecord per layer whose time is its MD-Roofline bound,
// so every point sits on its roof. Errors when the device lacks a ceiling a layer needs.
Result<Dataset> boundOnDevice(const ModelWorkload& workload, const Device& device,
                              const MdOptions& options = {});

} // namespace roofscope
