#include "core/zoo/layer_builder.h"

namespace roofscope::zoo {
namespace {

std::string dtypeFor(Precision p) {
    switch (p) {
    case Precision::fp16:
        return "c10::Half";
    case Precision::bf16:
        return "c10::BFloat16";
    case Precision::fp64:
        return "double";
    default:
        return "float";
    }
}

int bytesFor(Precision p) {
    switch (p) {
    case Precision::fp16:
    case Precision::bf16:
        return 2;
    case Precision::fp64:
        return 8;
    default:
        return 4;
    }
}

std::int64_t convOut(std::int64_t in, std::int64_t kernel, std::int64_t stride,
                     std::int64_t padding) {
    return (in + 2 * padding - kernel) / stride + 1;
}

} // namespace

LayerBuilder::LayerBuilder(Precision precision)
    : precision_(precision), dtype_(dtypeFor(precision)), elementBytes_(bytesFor(precision)) {}

OpInput LayerBuilder::tensor(const Shape& shape) const {
    OpInput in;
    in.shapes = {shape};
    in.type = dtype_;
    return in;
}

OpInput LayerBuilder::concrete(const std::string& value, const std::string& type) {
    OpInput in;
    in.type = type;
    in.concrete = value;
    return in;
}

OpInput LayerBuilder::intList(const std::vector<std::int64_t>& values) {
    std::string text = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        text += (i ? ", " : "") + std::to_string(values[i]);
    return concrete(text + "]", "int[]");
}

void LayerBuilder::push(const std::string& name, std::string_view op, OpInputs inputs,
                        double params, const Shape& output) {
    if (error_)
        return;
    const auto estimate = estimateOp(op, inputs);
    if (!estimate) {
        error_ = makeError(name + " (" + std::string(op) + "): " + estimate.error().message);
        return;
    }
    const OpEstimate& e = estimate.value();
    ZooLayer layer;
    layer.name = name;
    layer.category = e.category;
    layer.precision = e.precision;
    layer.tensorUnits = e.tensorUnits;
    layer.flops = e.flops;
    layer.bytes = e.bytes();
    layer.params = params;
    layer.activationBytes = static_cast<double>(elementCount(output)) * elementBytes_;
    layer.formula = e.formula;
    layers_.push_back(std::move(layer));
}

void LayerBuilder::pushManual(ZooLayer layer) {
    if (error_)
        return;
    layers_.push_back(std::move(layer));
}

Shape LayerBuilder::conv2d(const std::string& name, const Shape& input, std::int64_t outChannels,
                           std::int64_t kernel, std::int64_t stride, std::int64_t padding,
                           bool bias) {
    const Shape weight{outChannels, input[1], kernel, kernel};
    const Shape output{input[0], outChannels, convOut(input[2], kernel, stride, padding),
                       convOut(input[3], kernel, stride, padding)};
    OpInputs in;
    // aten::convolution(input, weight, bias, stride, padding, dilation, transposed,
    //                   output_padding, groups)
    in.args = {tensor(input),
               tensor(weight),
               bias ? tensor({outChannels}) : concrete("", ""),
               intList({stride, stride}),
               intList({padding, padding}),
               intList({1, 1}),
               concrete("False"),
               intList({0, 0}),
               concrete("1", "int")};
    const double params =
        static_cast<double>(elementCount(weight)) + (bias ? static_cast<double>(outChannels) : 0.0);
    push(name, "aten::convolution", std::move(in), params, output);
    return output;
}

void LayerBuilder::batchNorm(const std::string& name, const Shape& input) {
    const std::int64_t c = input[1];
    OpInputs in;
    // aten::native_batch_norm(input, weight, bias, running_mean, running_var, training,
    //                         momentum, eps)
    in.args = {tensor(input), tensor({c}),      tensor({c}),     tensor({c}),
               tensor({c}),   concrete("True"), concrete("0.1"), concrete("1e-05")};
    push(name, "aten::native_batch_norm", std::move(in), 2.0 * static_cast<double>(c), input);
}

void LayerBuilder::relu(const std::string& name, const Shape& input) {
    push(name, "aten::relu", OpInputs{{tensor(input)}}, 0, input);
}

void LayerBuilder::add(const std::string& name, const Shape& a, const Shape& b) {
    push(name, "aten::add", OpInputs{{tensor(a), tensor(b), concrete("1")}}, 0, a);
}

Shape LayerBuilder::maxPool2d(const std::string& name, const Shape& input, std::int64_t kernel,
                              std::int64_t stride, std::int64_t padding) {
    const Shape output{input[0], input[1], convOut(input[2], kernel, stride, padding),
                       convOut(input[3], kernel, stride, padding)};
    // Roofscope convention: k*k - 1 comparisons per output element; the input is read once and
    // the output written once.
    ZooLayer layer;
    layer.name = name;
    layer.category = Category::reduction;
    layer.precision = precision_;
    layer.flops =
        static_cast<double>(elementCount(output)) * static_cast<double>(kernel * kernel - 1);
    layer.bytes = static_cast<double>(elementCount(input) + elementCount(output)) * elementBytes_;
    layer.activationBytes = static_cast<double>(elementCount(output)) * elementBytes_;
    layer.formula = "max_pool2d: (k*k - 1) comparisons per output element";
    pushManual(std::move(layer));
    return output;
}

Shape LayerBuilder::globalAvgPool(const std::string& name, const Shape& input) {
    const Shape output{input[0], input[1]};
    // One add per input element (the division per output element is negligible).
    ZooLayer layer;
    layer.name = name;
    layer.category = Category::reduction;
    layer.precision = precision_;
    layer.flops = static_cast<double>(elementCount(input));
    layer.bytes = static_cast<double>(elementCount(input) + elementCount(output)) * elementBytes_;
    layer.activationBytes = static_cast<double>(elementCount(output)) * elementBytes_;
    layer.formula = "adaptive_avg_pool2d(1): one add per input element";
    pushManual(std::move(layer));
    return output;
}

Shape LayerBuilder::linear(const std::string& name, const Shape& input, std::int64_t outFeatures,
                           bool bias) {
    const std::int64_t inFeatures = input.back();
    Shape output = input;
    output.back() = outFeatures;
    OpInputs in;
    // aten::linear(input, weight, bias)
    in.args = {tensor(input), tensor({outFeatures, inFeatures}),
               bias ? tensor({outFeatures}) : concrete("", "")};
    const double params = static_cast<double>(outFeatures) * static_cast<double>(inFeatures) +
                          (bias ? static_cast<double>(outFeatures) : 0);
    push(name, "aten::linear", std::move(in), params, output);
    return output;
}

void LayerBuilder::layerNorm(const std::string& name, const Shape& input) {
    const std::int64_t n = input.back();
    OpInputs in;
    // aten::native_layer_norm(input, normalized_shape, weight, bias, eps)
    in.args = {tensor(input), intList({n}), tensor({n}), tensor({n}), concrete("1e-05")};
    push(name, "aten::native_layer_norm", std::move(in), 2.0 * static_cast<double>(n), input);
}

void LayerBuilder::rmsNorm(const std::string& name, const Shape& input) {
    const std::int64_t n = input.back();
    OpInputs in;
    // aten::rms_norm(input, normalized_shape, weight, eps)
    in.args = {tensor(input), intList({n}), tensor({n}), concrete("1e-06")};
    push(name, "aten::rms_norm", std::move(in), static_cast<double>(n), input);
}

void LayerBuilder::gelu(const std::string& name, const Shape& input) {
    push(name, "aten::gelu", OpInputs{{tensor(input), concrete("tanh", "str")}}, 0, input);
}

void LayerBuilder::silu(const std::string& name, const Shape& input) {
    push(name, "aten::silu", OpInputs{{tensor(input)}}, 0, input);
}

void LayerBuilder::mul(const std::string& name, const Shape& a, const Shape& b) {
    push(name, "aten::mul", OpInputs{{tensor(a), tensor(b)}}, 0, a);
}

void LayerBuilder::softmax(const std::string& name, const Shape& input) {
    // aten::_softmax(input, dim, half_to_float)
    push(name, "aten::_softmax",
         OpInputs{{tensor(input), concrete("-1", "int"), concrete("False")}}, 0, input);
}

void LayerBuilder::attention(const std::string& name, const Shape& q, const Shape& kv,
                             bool causal) {
    OpInputs in;
    // aten::_scaled_dot_product_flash_attention(query, key, value, dropout_p, is_causal,
    //                                           return_debug_mask, scale)
    in.args = {tensor(q),
               tensor(kv),
               tensor(kv),
               concrete("0."),
               concrete(causal ? "True" : "False"),
               concrete("False"),
               concrete("", "")};
    push(name, "aten::_scaled_dot_product_flash_attention", std::move(in), 0, q);
}

Shape LayerBuilder::embedding(const std::string& name, std::int64_t rows, std::int64_t dim,
                              const Shape& indices) {
    OpInput idx;
    idx.shapes = {indices};
    idx.type = "long int";
    Shape output = indices;
    output.push_back(dim);
    // aten::embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse)
    push(name, "aten::embedding",
         OpInputs{{tensor({rows, dim}), idx, concrete("-1", "int"), concrete("False"),
                   concrete("False")}},
         static_cast<double>(rows) * static_cast<double>(dim), output);
    return output;
}

Shape LayerBuilder::embeddingBag(const std::string& name, std::int64_t rows, std::int64_t dim,
                                 std::int64_t bags, std::int64_t perBag) {
    OpInput idx;
    idx.shapes = {{bags * perBag}};
    idx.type = "long int";
    OpInput offsets;
    offsets.shapes = {{bags}};
    offsets.type = "long int";
    const Shape output{bags, dim};
    // aten::embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode (0 = sum), sparse,
    //                     per_sample_weights, include_last_offset, padding_idx)
    push(name, "aten::embedding_bag",
         OpInputs{{tensor({rows, dim}), idx, offsets, concrete("False"), concrete("0", "int"),
                   concrete("False"), concrete("", ""), concrete("False"), concrete("", "")}},
         static_cast<double>(rows) * static_cast<double>(dim), output);
    return output;
}

Shape LayerBuilder::upsampleNearest2x(const std::string& name, const Shape& input) {
    const Shape output{input[0], input[1], input[2] * 2, input[3] * 2};
    // A copy: no arithmetic, the input read once and the 4x larger output written once.
    ZooLayer layer;
    layer.name = name;
    layer.category = Category::elementwise;
    layer.precision = precision_;
    layer.bytes = static_cast<double>(elementCount(input) + elementCount(output)) * elementBytes_;
    layer.activationBytes = static_cast<double>(elementCount(output)) * elementBytes_;
    layer.formula = "upsample_nearest2d x2: copy, no FLOPs";
    pushManual(std::move(layer));
    return output;
}

void LayerBuilder::bmm(const std::string& name, const Shape& a, const Shape& b) {
    push(name, "aten::bmm", OpInputs{{tensor(a), tensor(b)}}, 0, Shape{a[0], a[1], b[2]});
}

} // namespace roofscope::zoo
