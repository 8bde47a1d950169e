#include "ceilings.h"

namespace roofscope {
namespace {
template <class Map, class Key> std::optional<Ceiling> find(const Map& map, const Key& key) {
    const auto it = map.find(key);
    if (it == map.end())
        return std::nullopt;
    return it->second;
}
} // namespace

std::optional<Ceiling> Ceilings::computeFor(Precision precision, bool preferTensor) const {
    if (preferTensor)
        if (auto tensor = find(compute, ComputeKey{precision, ComputeUnit::tensor}))
            return tensor;
    if (auto vector = find(compute, ComputeKey{precision, ComputeUnit::vector}))
        return vector;
    if (precision == Precision::fp16 || precision == Precision::bf16)
        return find(compute, ComputeKey{Precision::fp32, ComputeUnit::vector});
    return std::nullopt;
}

std::optional<Ceiling> Ceilings::memoryFor(MemoryLevel level) const {
    return find(memory, level);
}

std::optional<Ceiling> Ceilings::linkFor(Link link) const {
    return find(links, link);
}

} // namespace roofscope
