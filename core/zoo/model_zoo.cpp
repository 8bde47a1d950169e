#include "core/zoo/model_zoo.h"

#include "core/collectives.h"
#include "core/estimate/optimizer_step.h"
#include "core/zoo/models.h"

#include <algorithm>
#include <array>

namespace roofscope {
namespace {

using Builder = Result<zoo::ForwardPass> (*)(const ModelOptions&);

struct Entry {
    ModelInfo info;
    Builder forward;
    int defaultSeq;   // 0 for non-sequence models
    int defaultImage; // 0 for non-vision models
};

// Default batches are per device and of the order MLPerf Training submissions use.
constexpr std::array kModels{
    Entry{
        {"resnet50", "ResNet-50 image classification, 224x224", 256}, zoo::resnet50Forward, 0, 224},
    Entry{{"bert-large", "BERT-large encoder, sequence 512", 32}, zoo::bertLargeForward, 512, 0},
    Entry{{"gpt", "GPT/LLaMA-style decoder (default LLaMA-7B shape), sequence 2048", 4},
          zoo::decoderForward,
          2048,
          0},
    Entry{{"dlrm", "DLRM recommendation model, Criteo Kaggle configuration", 2048},
          zoo::dlrmForward,
          0,
          0},
    Entry{{"maskrcnn-backbone", "Mask R-CNN ResNet-50-FPN backbone, 800x1344 canvas", 2},
          zoo::maskrcnnBackboneForward,
          0,
          800},
};

std::array<ModelInfo, kModels.size()> makeInfos() {
    std::array<ModelInfo, kModels.size()> infos{};
    for (std::size_t i = 0; i < kModels.size(); ++i)
        infos[i] = kModels[i].info;
    return infos;
}
const std::array<ModelInfo, kModels.size()> kInfos = makeInfos();

int elementBytes(Precision p) {
    return (p == Precision::fp16 || p == Precision::bf16) ? 2 : (p == Precision::fp64 ? 8 : 4);
}

// Backward of one forward layer. Roofscope convention, after the usual "backward = 2 x forward"
// rule of thumb made explicit per kind:
// - gemm, conv: two products of the forward's size (gradient of the input and of the weight), so
//   2x FLOPs and 2x bytes; attention 2.5x FLOPs (flop_counter's sdpa backward) and 2x bytes;
// - embedding: a scatter-add of the output gradient into the looked-up rows: one add per
//   forward output element, the rows read and written and the gradient read, 2x bytes;
// - pointwise, norm, reduction: derivative and chain-rule product per element, 2x FLOPs; the
//   output gradient and the saved input read, the input gradient written: 1.5x bytes.
ZooLayer backwardOf(const ZooLayer& f) {
    ZooLayer b = f;
    b.name = f.name + ".backward";
    b.phase = Phase::backward;
    b.params = 0;
    b.activationBytes = 0;
    switch (f.category) {
    case Category::gemm:
    case Category::conv:
        b.flops = 2 * f.flops;
        b.bytes = 2 * f.bytes;
        break;
    case Category::attention:
        // flop_counter's sdpa backward, 2bhs^2(3d + 2d) against the forward's 2bhs^2(2d): the
        // kernels recompute QK^T besides the four products of the gradients.
        b.flops = 2.5 * f.flops;
        b.bytes = 2 * f.bytes;
        break;
    case Category::embedding:
        b.bytes = 2 * f.bytes;
        b.flops = f.activationBytes / elementBytes(f.precision);
        break;
    default:
        b.flops = 2 * f.flops;
        b.bytes = 1.5 * f.bytes;
        break;
    }
    b.formula = "backward of " + f.name + " (Roofscope convention, see model_zoo.cpp)";
    return b;
}

} // namespace

std::string_view toString(RunMode mode) {
    return mode == RunMode::training ? "training" : "inference";
}

std::optional<RunMode> parseRunMode(std::string_view text) {
    if (text == "training" || text == "train")
        return RunMode::training;
    if (text == "inference" || text == "infer")
        return RunMode::inference;
    return std::nullopt;
}

double ModelWorkload::totalFlops() const {
    double sum = 0;
    for (const auto& l : layers)
        sum += l.flops;
    return sum;
}

double ModelWorkload::totalBytes() const {
    double sum = 0;
    for (const auto& l : layers)
        sum += l.bytes;
    return sum;
}

double ModelWorkload::totalParams() const {
    double sum = 0;
    for (const auto& l : layers)
        sum += l.params;
    return sum;
}

std::span<const ModelInfo> zooModels() {
    return kInfos;
}

namespace zoo {
Result<ForwardPass> finish(LayerBuilder& builder, std::string description) {
    if (builder.error())
        return *builder.error();
    return ForwardPass{std::move(description), std::move(builder.layers())};
}
} // namespace zoo

Result<ModelWorkload> buildModel(std::string_view name, const ModelOptions& requested) {
    const auto entry = std::find_if(kModels.begin(), kModels.end(),
                                    [&](const Entry& e) { return e.info.name == name; });
    if (entry == kModels.end()) {
        std::string known;
        for (const auto& e : kModels)
            known += (known.empty() ? "" : ", ") + std::string(e.info.name);
        return makeError("unknown model '" + std::string(name) + "' (known: " + known + ")");
    }
    ModelOptions o = requested;
    if (o.batch == 0)
        o.batch = entry->info.defaultBatch;
    if (o.seqLen == 0)
        o.seqLen = entry->defaultSeq;
    if (o.imageSize == 0)
        o.imageSize = entry->defaultImage;
    if (o.batch < 1 || o.seqLen < 0 || o.imageSize < 0 || o.dataParallel < 1)
        return makeError("batch and data-parallel ranks must be at least 1");
    if (entry->defaultSeq > 0 && o.seqLen < 1)
        return makeError("sequence length must be at least 1");
    if (entry->defaultImage > 0 && o.imageSize < 32)
        return makeError("image size must be at least 32 pixels");
    if (o.precision != Precision::fp32 && o.precision != Precision::fp16 &&
        o.precision != Precision::bf16)
        return makeError("the zoo builds fp32, fp16 or bf16 models, not " +
                         std::string(roofscope::toString(o.precision)));

    ROOFSCOPE_TRY(forward, entry->forward(o));
    ModelWorkload w;
    w.model = std::string(name);
    w.description = forward.value().description + ", batch " + std::to_string(o.batch) + ", " +
                    std::string(roofscope::toString(o.precision)) + ", " +
                    std::string(toString(o.mode));
    w.options = o;
    w.layers = std::move(forward.value().layers);
    if (o.mode == RunMode::inference)
        return w;

    const double params = w.totalParams();
    const std::size_t forwardCount = w.layers.size();
    for (std::size_t i = forwardCount; i-- > 0;)
        w.layers.push_back(backwardOf(w.layers[i]));
    if (o.dataParallel > 1) {
        // One all-reduce of every gradient (DDP buckets them; the total is what the link
        // carries). No FLOPs or DRAM bytes are counted for it: the reduction's arithmetic is
        // negligible and its traffic is bounded by the link, which is what t_P measures.
        ROOFSCOPE_TRY(factor, busBandwidthFactor(Collective::all_reduce, o.dataParallel));
        ZooLayer sync;
        sync.name = "gradient_allreduce";
        sync.category = Category::collective;
        sync.phase = Phase::communication;
        sync.precision = o.precision;
        sync.collective = Collective::all_reduce;
        sync.commBytes = params * elementBytes(o.precision) * factor.value();
        sync.formula = "all_reduce of every gradient: S = params x element size, sent S x 2(n-1)/n";
        w.layers.push_back(std::move(sync));
    }
    // AdamW with fp32 master weights and moments, the mixed-precision default.
    OpEstimate step = optimizerStep(OptimizerKind::adamw, params, elementBytes(o.precision), 4);
    ZooLayer opt;
    opt.name = "optimizer.adamw";
    opt.category = Category::optimizer;
    opt.phase = Phase::optimizer;
    opt.precision = Precision::fp32;
    opt.flops = step.flops;
    opt.bytes = step.bytes();
    opt.formula = step.formula;
    w.layers.push_back(std::move(opt));
    return w;
}

OpRecord layerRecord(const ZooLayer& layer, const ModelWorkload& workload, const Device& device,
                     const MdOptions& options) {
    OpRecord r;
    r.name = layer.name;
    r.category = layer.category;
    r.phase = layer.phase;
    r.deviceId = device.id;
    r.precision = layer.precision;
    r.usesTensorUnits = layer.tensorUnits;
    r.flops = Measure::estimated(layer.flops);
    r.bytes[options.level] = Measure::estimated(layer.bytes);
    if (layer.commBytes > 0)
        r.commBytes[options.link] = Measure::estimated(layer.commBytes);
    r.collective = layer.collective;
    if (layer.collective)
        r.groupSize = workload.options.dataParallel;
    return r;
}

Result<Dataset> boundOnDevice(const ModelWorkload& workload, const Device& device,
                              const MdOptions& options) {
    Dataset d;
    d.context.deviceId = device.id;
    d.context.model = workload.model;
    d.context.label = workload.model + " · " + device.name;
    d.context.worldSize = workload.options.dataParallel;
    d.context.tags = {"analytic bound", std::string(toString(workload.options.mode)),
                      std::string(roofscope::toString(workload.options.precision)),
                      "batch " + std::to_string(workload.options.batch)};
    for (const auto& layer : workload.layers) {
        OpRecord r = layerRecord(layer, workload, device, options);
        const auto bound = mdBoundFor(r, device.ceilings, options);
        if (!bound)
            return makeError(device.name + ": " + bound.error().message);
        r.timeS = Measure::estimated(bound.value().boundS);
        d.records.push_back(std::move(r));
    }
    return d;
}

} // namespace roofscope
