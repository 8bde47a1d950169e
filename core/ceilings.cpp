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

namespace {
// 16-bit work off the tensor units computes in fp32 registers (ceilings.h); integer, boolean
// and mixed work (`other`: a cast, an index computation, a comparison) runs on the vector ALUs,
// whose integer lanes issue at the fp32 rate or half of it: the fp32 vector roof is the nearest
// roof either has.
bool onFp32Vector(Precision precision) {
    return precision == Precision::fp16 || precision == Precision::bf16 ||
           precision == Precision::other;
}
} // namespace

std::optional<ComputeKey> Ceilings::computeKeyFor(Precision precision, bool preferTensor) const {
    if (preferTensor && compute.contains({precision, ComputeUnit::tensor}))
        return ComputeKey{precision, ComputeUnit::tensor};
    const ComputeKey fp32{Precision::fp32, ComputeUnit::vector};
    if (onFp32Vector(precision) && compute.contains(fp32))
        return fp32;
    if (compute.contains({precision, ComputeUnit::vector}))
        return ComputeKey{precision, ComputeUnit::vector};
    return std::nullopt;
}

std::optional<Ceiling> Ceilings::computeFor(Precision precision, bool preferTensor) const {
    const Ceiling* c = computeCeiling(precision, preferTensor);
    return c ? std::optional<Ceiling>(*c) : std::nullopt;
}

const Ceiling* Ceilings::computeCeiling(Precision precision, bool preferTensor) const {
    // computeKeyFor's order, one lookup per candidate.
    if (preferTensor)
        if (const auto it = compute.find({precision, ComputeUnit::tensor}); it != compute.end())
            return &it->second;
    if (onFp32Vector(precision))
        if (const auto it = compute.find({Precision::fp32, ComputeUnit::vector});
            it != compute.end())
            return &it->second;
    if (const auto it = compute.find({precision, ComputeUnit::vector}); it != compute.end())
        return &it->second;
    return nullptr;
}

const Ceiling* Ceilings::memoryCeiling(MemoryLevel level) const {
    const auto it = memory.find(level);
    return it == memory.end() ? nullptr : &it->second;
}

std::optional<Ceiling> Ceilings::memoryFor(MemoryLevel level) const {
    return find(memory, level);
}

std::optional<Ceiling> Ceilings::linkFor(Link link) const {
    return find(links, link);
}

} // namespace roofscope
