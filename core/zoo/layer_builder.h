#pragma once
// Internal to the zoo: builds a model's forward layers by feeding ATen-shaped inputs to the op
// estimators, so that the zoo and the trace importer count FLOPs and bytes the same way.

#include "core/estimate/op_estimate.h"
#include "core/zoo/model_zoo.h"

#include <optional>

namespace roofscope::zoo {

class LayerBuilder {
  public:
    explicit LayerBuilder(Precision precision);

    // Shapes are PyTorch's: NCHW for images, [batch, seq, hidden] for sequences.
    Shape conv2d(const std::string& name, const Shape& input, std::int64_t outChannels,
                 std::int64_t kernel, std::int64_t stride, std::int64_t padding, bool bias = false);
    void batchNorm(const std::string& name, const Shape& input);
    void relu(const std::string& name, const Shape& input);
    void add(const std::string& name, const Shape& a, const Shape& b);
    Shape maxPool2d(const std::string& name, const Shape& input, std::int64_t kernel,
                    std::int64_t stride, std::int64_t padding);
    Shape globalAvgPool(const std::string& name, const Shape& input);
    // y = x W^T + b over the last dimension.
    Shape linear(const std::string& name, const Shape& input, std::int64_t outFeatures,
                 bool bias = true);
    void layerNorm(const std::string& name, const Shape& input);
    void rmsNorm(const std::string& name, const Shape& input);
    void gelu(const std::string& name, const Shape& input);
    void silu(const std::string& name, const Shape& input);
    void mul(const std::string& name, const Shape& a, const Shape& b);
    void softmax(const std::string& name, const Shape& input);
    // Scaled dot-product attention over q [b, h, s, d] and k/v [b, kvh, s, d].
    void attention(const std::string& name, const Shape& q, const Shape& kv, bool causal);
    // Looks up rows of a [rows, dim] table for `lookups` indices; returns [lookups, dim].
    Shape embedding(const std::string& name, std::int64_t rows, std::int64_t dim,
                    const Shape& indices);
    // Sums `perBag` rows per bag into [bags, dim].
    Shape embeddingBag(const std::string& name, std::int64_t rows, std::int64_t dim,
                       std::int64_t bags, std::int64_t perBag);
    void bmm(const std::string& name, const Shape& a, const Shape& b);
    Shape upsampleNearest2x(const std::string& name, const Shape& input);

    std::vector<ZooLayer>& layers() { return layers_; }
    // The first estimator error, if any: a shape the builder got wrong, never user input.
    const std::optional<Error>& error() const { return error_; }

  private:
    OpInput tensor(const Shape& shape) const;
    static OpInput concrete(const std::string& value, const std::string& type = "Scalar");
    static OpInput intList(const std::vector<std::int64_t>& values);
    void push(const std::string& name, std::string_view op, OpInputs inputs, double params,
              const Shape& output);
    void pushManual(ZooLayer layer);

    Precision precision_;
    std::string dtype_;
    int elementBytes_;
    std::vector<ZooLayer> layers_;
    std::optional<Error> error_;
};

} // namespace roofscope::zoo
