#pragma once
// Shared by the analysis-chart suites: a chart laid out on screen at a given size. Hovering and
// clicking are tested in pixels, which exist only once the chart has its real layout.

#include "ui/views/view_chart.h"

#include <QSize>
#include <QtTest>

namespace roofscope::testing {

// Draws `session` in `chart`, shown at `size` and replotted; false when the window was never
// exposed.
[[nodiscard]] inline bool showChart(ui::ViewChart& chart, const Session& session, QSize size) {
    chart.resize(size);
    chart.setSession(session);
    chart.show();
    if (!QTest::qWaitForWindowExposed(&chart))
        return false;
    chart.replot();
    return true;
}

} // namespace roofscope::testing
