#include "core/analysis/view_list.h"

#include "core/analysis/compare_tables.h"
#include "core/analysis/md_analysis.h"
#include "core/analysis/placement.h"
#include "core/analysis/time_based.h"
#include "core/text_words.h"

#include <array>

namespace roofscope {
namespace {

constexpr std::array kViews{
    ViewDescription{ViewKind::roofline, "Roofline", "roofline", "(default)", false, nullptr, true},
    ViewDescription{ViewKind::hierarchical, "Hierarchical roofline", "hierarchical",
                    "(one point per memory level)", false, nullptr, true},
    ViewDescription{ViewKind::md_roofline, "MD-Roofline", "md",
                    "(MD-Roofline: the A, O and C planes and the iteration by phase)", false,
                    mdTable, true, "--rank --cluster --link"},
    ViewDescription{ViewKind::comparison, "Comparison", "compare",
                    "(run A against run B, or A projected onto another device)", true,
                    comparisonTable, true, "--baseline --target --project-onto --link"},
    ViewDescription{ViewKind::placement, "Placement", "placement",
                    "(per-device rooflines and the what-if of --move)", false, placementTable, true,
                    "--move --link"},
    ViewDescription{ViewKind::matrix, "Configuration matrix", "matrix",
                    "(iteration time per model x device x stack, mean +- standard error over "
                    "repeats)",
                    true, matrixTable, true, "--price"},
    ViewDescription{ViewKind::cost, "Time and cost", "cost",
                    "(time against cost per iteration, Pareto)", true, costTable, true, "--price"},
    ViewDescription{ViewKind::time_based, "Time-based roofline", "time",
                    "(each op's time per launch against its FLOPs and bytes, the roofs as times, "
                    "the launch floor)",
                    false, timeBasedTable, true},
};

} // namespace

std::span<const ViewDescription> viewDescriptions() {
    return kViews;
}

const ViewDescription& describeView(ViewKind view) {
    for (const auto& v : kViews)
        if (v.kind == view)
            return v;
    return kViews.front();
}

std::string exportableViewNames() {
    std::vector<std::string_view> names;
    for (const auto& v : kViews)
        if (v.exportable)
            names.push_back(v.cliName);
    return joinWords(names, " or ");
}

namespace {

bool lists(std::string_view options, std::string_view option) {
    for (const Word& w : splitWords(options))
        if (w.text == option)
            return true;
    return false;
}

} // namespace

bool optionIgnoredBy(ViewKind view, std::string_view option, std::string* readers) {
    std::vector<std::string_view> names;
    for (const auto& v : kViews)
        if (lists(v.options, option))
            names.push_back(v.cliName);
    if (names.empty() || lists(describeView(view).options, option))
        return false;
    if (readers)
        *readers = joinWords(names, " and ");
    return true;
}

} // namespace roofscope
