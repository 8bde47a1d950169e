#include "demo_session.h"

#include "md_roofline.h"

namespace roofscope {
namespace {

// BERT-large (Devlin et al. 2019): hidden 1024, 16 heads of 64, feed-forward 4096.
constexpr double kHidden = 1024, kHeads = 16, kHeadDim = 64, kFfn = 4096;
constexpr double kBatch = 8, kSeq = 512, kTokens = kBatch * kSeq;
constexpr double kHalf = 2; // bytes per fp16 element

OpRecord op(std::string name, Category category, Precision precision, bool tensor, double flops,
            double elementsMoved) {
    OpRecord r;
    r.name = std::move(name);
    r.category = category;
    r.phase = Phase::forward;
    r.precision = precision;
    r.usesTensorUnits = tensor;
    r.flops = Measure::estimated(flops);
    r.bytes[MemoryLevel::dram] = Measure::estimated(elementsMoved * kHalf);
    return r;
}

// GEMM [m x k] * [k x n]: 2mnk FLOPs (a multiply-add is two), and at least the two operands and
// the result cross DRAM once.
OpRecord gemm(std::string name, double m, double n, double k, double batch = 1) {
    return op(std::move(name), Category::gemm, Precision::fp16, true, 2 * m * n * k * batch,
              batch * (m * k + k * n + m * n));
}

std::vector<OpRecord> encoderLayer() {
    const double scores = kBatch * kHeads * kSeq * kSeq; // attention matrix elements
    const double act = kTokens * kHidden;
    // Elementwise and normalisation kernels compute in fp32 registers on fp16 data (PyTorch
    // upcasts), so their roof is the fp32 vector peak. FLOPs per element: softmax 5 (max,
    // subtract, exp, sum, divide); layer norm 8 (mean, variance, normalise, scale, shift) plus
    // the residual add; tanh-GELU 8.
    return {
        gemm("qkv_projection", kTokens, 3 * kHidden, kHidden),
        gemm("attention_scores (QK^T)", kSeq, kSeq, kHeadDim, kBatch * kHeads),
        op("attention_softmax", Category::elementwise, Precision::fp32, false, 5 * scores,
           2 * scores),
        gemm("attention_context (PV)", kSeq, kHeadDim, kSeq, kBatch * kHeads),
        gemm("attention_output_projection", kTokens, kHidden, kHidden),
        op("residual_layernorm_1", Category::norm, Precision::fp32, false, 9 * act, 3 * act),
        gemm("ffn_up", kTokens, kFfn, kHidden),
        op("gelu", Category::elementwise, Precision::fp32, false, 8 * kTokens * kFfn,
           2 * kTokens * kFfn),
        gemm("ffn_down", kTokens, kHidden, kFfn),
        op("residual_layernorm_2", Category::norm, Precision::fp32, false, 9 * act, 3 * act),
    };
}

Result<Dataset> boundOn(const Device& device) {
    Dataset d;
    d.context.deviceId = device.id;
    d.context.model = "BERT-large";
    d.context.label = "BERT-large fwd · " + device.name;
    d.context.tags = {"analytic bound", "demo", "batch 8", "seq 512", "fp16"};
    for (OpRecord r : encoderLayer()) {
        r.deviceId = device.id;
        const auto bound = mdBoundFor(r, device.ceilings, MdOptions{});
        if (!bound)
            return makeError(device.name + ": " + bound.error().message);
        r.timeS = Measure::estimated(bound.value().boundS);
        d.records.push_back(std::move(r));
    }
    return d;
}

} // namespace

Result<Session> makeDemoSession(const Catalog& catalog) {
    Session session;
    for (const auto id : {kDemoDeviceA, kDemoDeviceB}) {
        const CatalogEntry* entry = catalog.find(id);
        if (!entry)
            return makeError("the device catalog has no '" + std::string(id) +
                             "', which the demo needs");
        auto dataset = boundOn(entry->device);
        if (!dataset)
            return dataset.error();
        session.devices.push_back(entry->device);
        session.datasets.push_back(std::move(dataset).value());
        session.view.shownDevices.push_back(entry->device.id);
    }
    session.view.precision = Precision::fp16;
    return session;
}

} // namespace roofscope
