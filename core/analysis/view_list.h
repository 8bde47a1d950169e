#pragma once
// The one list of views: what each is called, what `roofscope export --view` calls it and says
// of it, whether it can be drawn and exported, whether traces are separate runs in it, and which
// core table holds its numbers. The explorer's half of each entry (its chart and its options
// strip) is ui/views/view_list.h, kept in the same order. A new view is one row here and one
// there (docs/architecture.md).

#include "core/analysis/view_table.h"
#include "core/session.h"

#include <span>
#include <string_view>

namespace roofscope {

struct ViewDescription {
    ViewKind kind;
    std::string_view title;   // as the window and the image titles say it
    std::string_view cliName; // --view NAME (parseEnum<ViewKind> reads it too)
    // `roofscope export --help`'s words for it after the name, e.g. "(MD-Roofline: ...)"; empty
    // for a view that cannot be exported.
    std::string_view help;
    // Traces given for this view are one run (dataset) each instead of the ranks of one run.
    bool runsPerTrace;
    // The view's table; null for the roofline views (their points are core's plotPoints) and
    // for a view with nothing to export.
    ViewTable (*table)(const Session& session);
    bool exportable; // has a chart and a table: the view bar offers it, export writes it
    // The `roofscope export` options that only this view and others read, blank-separated
    // ("--baseline --target ..."); the options every view reads (--level, --device, ...) are not
    // listed.
    std::string_view options = {};
};

// Every view, in the order the view bar and the help list them.
std::span<const ViewDescription> viewDescriptions();
const ViewDescription& describeView(ViewKind view);

// "roofline, hierarchical, md, compare, placement, matrix or cost": the exportable views' names.
std::string exportableViewNames();

// Whether `option` (e.g. "--move") is one that some views read and `view` does not; `readers`
// then receives those views' --view names ("placement").
bool optionIgnoredBy(ViewKind view, std::string_view option, std::string* readers);

} // namespace roofscope
