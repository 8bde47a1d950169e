#pragma once
// The points of a roofline export as CSV and JSON (`roofscope export` and File > Export…): one
// CSV row or JSON object per point, NaN as an empty field or null, the JSON with the datasets and
// the ceilings (with provenance) of every device in points.deviceIds. Every number is written
// with the shortest text that reads back as the same double, so a script gets from the CSV
// exactly what the JSON says. The layout is the one the Qt writer gave these files before they
// moved into core (keys sorted, four-space indent), so that files do not change across versions.

#include "core/plot_points.h"
#include "core/session.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

inline constexpr std::string_view kPointsSchema = "roofscope.points/1";

// The CSV columns, in order: dataset, device, record, category, ... above_roof.
std::vector<std::string_view> pointsCsvHeader();
std::string pointsCsv(const Session& session, const PlotPoints& points);
std::string pointsJson(const Session& session, const PlotPoints& points);

} // namespace roofscope
