#include "core/ceilings.h"

namespace roofscope {
namespace {
template <class Map, class Key> std::optional<Ceiling> find(const Map& map, const Key& key) {
    const auto it = map.find(key);
    if (it == map.end())
        return std::nullopt;
    return it->second;
}
} // namespace

std::optional<ComputeKey> Ceilings::computeKeyFor(Precision precision, bool preferTensor) const {
    for (const ComputeKey key :
         {ComputeKey{precision, ComputeUnit::tensor}, ComputeKey{precision, ComputeUnit::vector}}) {
        if (key.unit == ComputeUnit::tensor && !preferTensor)
            continue;
        if (compute.contains(key))
            return key;
    }
    const ComputeKey fp32{Precision::fp32, ComputeUnit::vector};
    if ((precision == Precision::fp16 || precision == Precision::bf16) && compute.contains(fp32))
        return fp32;
    return std::nullopt;
}

std::optional<Ceiling> Ceilings::computeFor(Precision precision, bool preferTensor) const {
    const auto key = computeKeyFor(precision, preferTensor);
    return key ? std::optional<Ceiling>(compute.at(*key)) : std::nullopt;
}

std::optional<Ceiling> Ceilings::memoryFor(MemoryLevel level) const {
    return find(memory, level);
}

std::optional<Ceiling> Ceilings::linkFor(Link link) const {
    return find(links, link);
}

} // namespace roofscope
