#pragma once
// The explorer's half of the one list of views (core/analysis/view_list.h has the rest): the
// chart that draws each view and the options strip above it. A view without a row here is drawn
// by RooflinePlot (the roofline views).

#include "core/enums.h"

#include <span>

class QWidget;

namespace roofscope::ui {

class ViewChart;
class ViewOptions;

struct ViewUi {
    ViewKind kind;
    ViewChart* (*makeChart)(QWidget* parent);
    ViewOptions* (*makeOptions)(QWidget* parent); // null: the view has no options strip
};

std::span<const ViewUi> viewUis();
// The row of `view`; null for the views RooflinePlot draws.
const ViewUi* viewUi(ViewKind view);

} // namespace roofscope::ui
