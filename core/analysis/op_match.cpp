#include "core/analysis/op_match.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <tuple>

namespace roofscope {
namespace {

// Per launch, so that a record aggregated over 10 launches matches one over 12 of the same op.
std::optional<double> perLaunch(const Measure& m, std::int64_t count) {
    if (!m.known())
        return std::nullopt;
    return m.value / static_cast<double>(std::max<std::int64_t>(count, 1));
}

bool sameFigure(std::optional<double> x, std::optional<double> y) {
    if (!x || !y)
        return !x && !y;
    return std::fabs(*x - *y) <= kSameWorkTolerance * std::max(std::fabs(*x), std::fabs(*y));
}

// One tier: `key` groups the records that may pair, `fits` decides among a group's members.
// B's members wait in order of appearance, so that the first fitting one is taken.
template <class Key>
void pairTier(const std::vector<OpRecord>& a, const std::vector<OpRecord>& b, MatchTier tier,
              const std::function<Key(const OpRecord&)>& key,
              const std::function<bool(const OpRecord&, const OpRecord&)>& fits,
              std::vector<int>& partnerOfA, std::vector<int>& partnerOfB,
              std::vector<OpPair>& pairs) {
    std::map<Key, std::vector<int>> waiting;
    for (std::size_t j = 0; j < b.size(); ++j)
        if (partnerOfB[j] < 0)
            waiting[key(b[j])].push_back(static_cast<int>(j));
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (partnerOfA[i] >= 0)
            continue;
        const auto group = waiting.find(key(a[i]));
        if (group == waiting.end())
            continue;
        auto& members = group->second;
        const auto it = std::find_if(members.begin(), members.end(), [&](int j) {
            return fits(a[i], b[static_cast<std::size_t>(j)]);
        });
        if (it == members.end())
            continue;
        partnerOfA[i] = *it;
        partnerOfB[static_cast<std::size_t>(*it)] = static_cast<int>(i);
        pairs.push_back({static_cast<int>(i), *it, tier});
        members.erase(it);
    }
}

} // namespace

std::string_view matchTierName(MatchTier tier) {
    switch (tier) {
    case MatchTier::op:
        return "op";
    case MatchTier::exact:
        return "exact";
    case MatchTier::name:
        return "name";
    case MatchTier::work:
        return "work";
    }
    return "?";
}

bool sameWorkPerLaunch(const OpRecord& a, const OpRecord& b) {
    const auto dram = [](const OpRecord& r) {
        const auto it = r.bytes.find(MemoryLevel::dram);
        return it == r.bytes.end() ? Measure{} : it->second;
    };
    return sameFigure(perLaunch(a.flops, a.count), perLaunch(b.flops, b.count)) &&
           sameFigure(perLaunch(dram(a), a.count), perLaunch(dram(b), b.count));
}

OpMatch matchOps(const std::vector<OpRecord>& a, const std::vector<OpRecord>& b) {
    std::vector<int> partnerOfA(a.size(), -1), partnerOfB(b.size(), -1);
    std::vector<OpPair> pairs;

    // Records without an op have nothing to pair by here: their key never equals another's.
    using OpKey = std::tuple<std::string, Category, Phase, std::size_t>;
    std::size_t unlinked = 0;
    pairTier<OpKey>(
        a, b, MatchTier::op,
        [&unlinked](const OpRecord& r) {
            return r.op.empty() ? OpKey{"", r.category, r.phase, ++unlinked}
                                : OpKey{r.op, r.category, r.phase, 0};
        },
        [](const OpRecord&, const OpRecord&) { return true; }, partnerOfA, partnerOfB, pairs);
    using ExactKey = std::tuple<std::string, Category, Phase, Precision>;
    pairTier<ExactKey>(
        a, b, MatchTier::exact,
        [](const OpRecord& r) {
            return ExactKey{r.name, r.category, r.phase, r.precision};
        },
        sameWorkPerLaunch, partnerOfA, partnerOfB, pairs);
    // Whatever of one name and category is left differs in work (or phase, precision): the
    // same op on changed shapes.
    using NameKey = std::tuple<std::string, Category>;
    pairTier<NameKey>(
        a, b, MatchTier::name,
        [](const OpRecord& r) {
            return NameKey{r.name, r.category};
        },
        [](const OpRecord&, const OpRecord&) { return true; }, partnerOfA, partnerOfB, pairs);
    using WorkKey = std::tuple<Category, Phase>;
    pairTier<WorkKey>(
        a, b, MatchTier::work,
        [](const OpRecord& r) {
            return WorkKey{r.category, r.phase};
        },
        sameWorkPerLaunch, partnerOfA, partnerOfB, pairs);

    OpMatch match;
    std::sort(pairs.begin(), pairs.end(),
              [](const OpPair& x, const OpPair& y) { return x.a < y.a; });
    match.pairs = std::move(pairs);
    for (std::size_t i = 0; i < a.size(); ++i)
        if (partnerOfA[i] < 0)
            match.onlyA.push_back(static_cast<int>(i));
    for (std::size_t j = 0; j < b.size(); ++j)
        if (partnerOfB[j] < 0)
            match.onlyB.push_back(static_cast<int>(j));
    return match;
}

} // namespace roofscope
