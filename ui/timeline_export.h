#pragma once
// The step timeline as a figure for reports and `roofscope export --view timeline`: the
// window's timeline plot (step_timeline_plot.h) with every lane shown, a title naming the run
// and the step, and a key of what the step spent its launch time on.

#include "core/error.h"
#include "core/export/export_format.h"
#include "core/import/kineto/timeline_table.h"
#include "core/session.h"

#include <QString>

namespace roofscope::ui {

// Draws `timeline`, whose records are those of session.datasets[dataset], coloured by
// `coloring` (the MD chart's colours for bottlenecks, the plot's for categories), into `path`
// as PNG, PDF or SVG at options' size, atomically. Errors name `path`.
Status exportTimeline(const Session& session, int dataset, const StepTimeline& timeline,
                      TimelineColoring coloring, const QString& path, ExportFormat format,
                      const ExportOptions& options);

} // namespace roofscope::ui
