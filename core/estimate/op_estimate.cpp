// Dispatch by op name over the families' registries (estimate_*.cpp). A name is looked up
// without its "aten::" prefix and without an ".overload" suffix; an in-place spelling ("relu_")
// is served by its out-of-place entry when the family says the variant exists.

#include "core/estimate/estimate_support.h"

#include <string>
#include <unordered_map>

namespace roofscope {
namespace {

using estimate::Entry;

struct Lookup {
    std::string_view name;
    const Entry* entry = nullptr;
};

const std::unordered_map<std::string_view, const Entry*>& registry() {
    static const auto table = [] {
        std::unordered_map<std::string_view, const Entry*> map;
        for (const auto family :
             {estimate::gemmEntries(), estimate::convEntries(), estimate::convBackwardEntries(),
              estimate::attentionEntries(), estimate::normEntries(), estimate::pointwiseEntries(),
              estimate::embeddingEntries(), estimate::optimizerEntries(),
              estimate::reductionEntries(), estimate::memoryEntries()})
            for (const Entry& entry : family)
                map.emplace(entry.name, &entry);
        return map;
    }();
    return table;
}

std::string_view shortName(std::string_view opName) {
    constexpr std::string_view prefix = "aten::";
    if (opName.substr(0, prefix.size()) == prefix)
        opName.remove_prefix(prefix.size());
    if (const auto dot = opName.find('.'); dot != std::string_view::npos)
        opName = opName.substr(0, dot);
    return opName;
}

Lookup find(std::string_view opName) {
    Lookup lookup{shortName(opName)};
    // Names with another namespace ("c10d::allreduce_", "fb::rms_norm") are not ATen ops.
    if (lookup.name.empty() || lookup.name.find("::") != std::string_view::npos)
        return lookup;
    const auto& map = registry();
    if (const auto it = map.find(lookup.name); it != map.end()) {
        lookup.entry = it->second;
        return lookup;
    }
    if (lookup.name.size() > 1 && lookup.name.back() == '_') {
        const auto it = map.find(lookup.name.substr(0, lookup.name.size() - 1));
        if (it != map.end() && it->second->inPlaceVariant)
            lookup.entry = it->second;
    }
    return lookup;
}

} // namespace

Result<OpEstimate> estimateOp(std::string_view opName, const OpInputs& inputs) {
    const Lookup lookup = find(opName);
    if (!lookup.entry)
        return makeError("no FLOP/byte estimator for op '" + std::string(opName) + "'");
    return lookup.entry->fn(lookup.name, inputs);
}

bool hasEstimator(std::string_view opName) {
    return find(opName).entry != nullptr;
}

bool usesOutputShape(std::string_view opName) {
    const Lookup lookup = find(opName);
    return lookup.entry && lookup.entry->usesOutputShape;
}

} // namespace roofscope
