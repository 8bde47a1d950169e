#include "core/import/xplane/hlo_gemm_config.h"

#include <nlohmann/json.hpp>

#include <charconv>

namespace roofscope {
namespace {

// A list of dimension numbers, each a JSON number or a decimal string; nullopt when it is
// anything else.
std::optional<std::vector<std::int64_t>> numbers(const nlohmann::json& parent, const char* key) {
    const auto it = parent.find(key);
    if (it == parent.end())
        return std::vector<std::int64_t>{};
    if (!it->is_array() || it->size() > 64)
        return std::nullopt;
    std::vector<std::int64_t> out;
    for (const auto& v : *it) {
        std::int64_t n = -1;
        if (v.is_number_integer()) {
            n = v.get<std::int64_t>();
        } else if (v.is_string()) {
            const std::string& s = v.get_ref<const std::string&>();
            const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
            if (ec != std::errc() || p != s.data() + s.size())
                return std::nullopt;
        } else {
            return std::nullopt;
        }
        if (n < 0 || n >= 64)
            return std::nullopt;
        out.push_back(n);
    }
    return out;
}

} // namespace

std::optional<HloDotDims> gemmDotDimensions(std::string_view backendConfig) {
    if (backendConfig.empty() || backendConfig.front() != '{')
        return std::nullopt;
    const auto doc = nlohmann::json::parse(backendConfig, nullptr, /*allow_exceptions=*/false);
    if (!doc.is_object())
        return std::nullopt;
    const auto gemm = doc.find("gemm_backend_config");
    if (gemm == doc.end() || !gemm->is_object())
        return std::nullopt;
    const auto dims = gemm->find("dot_dimension_numbers");
    if (dims == gemm->end() || !dims->is_object())
        return std::nullopt;
    const auto lc = numbers(*dims, "lhs_contracting_dimensions");
    const auto rc = numbers(*dims, "rhs_contracting_dimensions");
    const auto lb = numbers(*dims, "lhs_batch_dimensions");
    const auto rb = numbers(*dims, "rhs_batch_dimensions");
    if (!lc || !rc || !lb || !rb || lc->empty() || lc->size() != rc->size() ||
        lb->size() != rb->size())
        return std::nullopt;
    HloDotDims out;
    out.lhsContracting = *lc;
    out.rhsContracting = *rc;
    out.lhsBatch = *lb;
    out.rhsBatch = *rb;
    return out;
}

} // namespace roofscope
