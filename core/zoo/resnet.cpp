// ResNet-50 (He et al. 2016, torchvision's v1.5 layout with the stride on the 3x3 conv) and the
// ResNet-50-FPN backbone of Mask R-CNN (He et al. 2017; Lin et al. 2017, torchvision's
// maskrcnn_resnet50_fpn).
#include "core/zoo/models.h"

namespace roofscope::zoo {
namespace {

Shape bottleneck(LayerBuilder& b, const std::string& name, const Shape& input, std::int64_t width,
                 std::int64_t stride) {
    Shape y = b.conv2d(name + ".conv1", input, width, 1, 1, 0);
    b.batchNorm(name + ".bn1", y);
    b.relu(name + ".relu1", y);
    y = b.conv2d(name + ".conv2", y, width, 3, stride, 1);
    b.batchNorm(name + ".bn2", y);
    b.relu(name + ".relu2", y);
    y = b.conv2d(name + ".conv3", y, width * 4, 1, 1, 0);
    b.batchNorm(name + ".bn3", y);
    if (stride != 1 || input[1] != width * 4) {
        const Shape shortcut = b.conv2d(name + ".downsample.conv", input, width * 4, 1, stride, 0);
        b.batchNorm(name + ".downsample.bn", shortcut);
    }
    b.add(name + ".add", y, y);
    b.relu(name + ".relu3", y);
    return y;
}

// Stem and the four stages; returns the outputs of stages 2..5 (C2..C5).
std::vector<Shape> trunk(LayerBuilder& b, const Shape& image) {
    Shape x = b.conv2d("conv1", image, 64, 7, 2, 3);
    b.batchNorm("bn1", x);
    b.relu("relu", x);
    x = b.maxPool2d("maxpool", x, 3, 2, 1);
    const int blocks[] = {3, 4, 6, 3};
    const std::int64_t widths[] = {64, 128, 256, 512};
    std::vector<Shape> stages;
    for (int s = 0; s < 4; ++s) {
        for (int i = 0; i < blocks[s]; ++i) {
            const std::int64_t stride = (s > 0 && i == 0) ? 2 : 1;
            x = bottleneck(b, "layer" + std::to_string(s + 1) + "." + std::to_string(i), x,
                           widths[s], stride);
        }
        stages.push_back(x);
    }
    return stages;
}

std::int64_t roundUp(std::int64_t value, std::int64_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

} // namespace

Result<ForwardPass> resnet50Forward(const ModelOptions& o) {
    LayerBuilder b(o.precision);
    const auto stages = trunk(b, {o.batch, 3, o.imageSize, o.imageSize});
    const Shape pooled = b.globalAvgPool("avgpool", stages.back());
    b.linear("fc", pooled, 1000);
    return finish(b, "ResNet-50, " + std::to_string(o.imageSize) + "x" +
                         std::to_string(o.imageSize) + " images, 1000 classes");
}

Result<ForwardPass> maskrcnnBackboneForward(const ModelOptions& o) {
    // Detectron2/torchvision resize the short side to 800 and the long side to at most 1333,
    // then pad both to a multiple of 32: an 800 x 1344 canvas for a 4:3 or wider image.
    const std::int64_t height = roundUp(o.imageSize, 32);
    const std::int64_t width = roundUp(o.imageSize * 1333 / 800, 32);
    LayerBuilder b(o.precision);
    const auto c = trunk(b, {o.batch, 3, height, width});
    // FPN: 1x1 lateral convs to 256 channels, top-down nearest upsampling and addition, then a
    // 3x3 output conv per level; P6 by stride-2 subsampling of P5 (max_pool2d k=1 s=2).
    std::vector<Shape> lateral(4);
    for (int i = 3; i >= 0; --i)
        lateral[i] = b.conv2d("fpn.inner" + std::to_string(i + 2), c[i], 256, 1, 1, 0, true);
    for (int i = 2; i >= 0; --i) {
        const Shape up =
            b.upsampleNearest2x("fpn.upsample" + std::to_string(i + 3), lateral[i + 1]);
        b.add("fpn.merge" + std::to_string(i + 2), lateral[i], up);
    }
    Shape p5;
    for (int i = 0; i < 4; ++i) {
        const Shape p =
            b.conv2d("fpn.layer" + std::to_string(i + 2), lateral[i], 256, 3, 1, 1, true);
        if (i == 3)
            p5 = p;
    }
    b.maxPool2d("fpn.p6", p5, 1, 2, 0);
    return finish(b, "Mask R-CNN ResNet-50-FPN backbone, " + std::to_string(height) + "x" +
                         std::to_string(width) + " canvas");
}

} // namespace roofscope::zoo
