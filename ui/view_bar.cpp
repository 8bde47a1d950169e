#include "ui/view_bar.h"

#include "core/analysis/view_tables.h"
#include "core/plot_points.h"
#include "ui/views/view_chart.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>

namespace roofscope::ui {
namespace {

template <class E> void fill(QComboBox* combo, const std::vector<std::pair<E, QString>>& items) {
    for (const auto& [value, text] : items)
        combo->addItem(text, QString::fromUtf8(toString(value).data()));
}

template <class E> void select(QComboBox* combo, E value) {
    const int i = combo->findData(QString::fromUtf8(toString(value).data()));
    if (i >= 0)
        combo->setCurrentIndex(i);
}

template <class E> E chosen(const QComboBox* combo, E fallback) {
    return parseEnum<E>(combo->currentData().toString().toStdString()).value_or(fallback);
}

// Every value of the enum under its own name: precisions and levels read as they are written.
template <class E> std::vector<std::pair<E, QString>> named() {
    std::vector<std::pair<E, QString>> out;
    for (const auto& entry : enumNames<E>())
        out.emplace_back(entry.value,
                         QString::fromUtf8(entry.name.data(), static_cast<int>(entry.name.size())));
    return out;
}

} // namespace

ViewBar::ViewBar(QWidget* parent) : QToolBar(tr("View"), parent) {
    setObjectName(QStringLiteral("viewBar"));
    setMovable(false);
    view_ = addCombo(
        tr("View"), QStringLiteral("viewKind"),
        tr("Roofline: each op against its device's roofs. Hierarchical: each op at every memory "
           "level it has bytes for. MD-Roofline: compute, memory and communication planes and "
           "the iteration by phase. Comparison: run A against run B, or projected onto another "
           "device. Placement: per-device rooflines and what-if moves. Matrix and cost: "
           "repeats of each configuration, and time against price"));
    for (const auto& entry : enumNames<ViewKind>())
        if (isExportableView(entry.value))
            view_->addItem(
                viewTitle(entry.value),
                QString::fromUtf8(entry.name.data(), static_cast<int>(entry.name.size())));
    colorBy_ =
        addCombo(tr("Colour by"), QStringLiteral("colorBy"), tr("What the colour of a point says"));
    fill<ColorBy>(colorBy_, {{ColorBy::dataset, tr("Dataset")},
                             {ColorBy::device, tr("Device")},
                             {ColorBy::stack, tr("Software stack")},
                             {ColorBy::rank, tr("Rank")},
                             {ColorBy::category, tr("Category")}});
    precision_ = addCombo(tr("Roofs"), QStringLiteral("precision"),
                          tr("Precision whose compute roofs are drawn besides those the points "
                             "use"));
    fill<Precision>(precision_, named<Precision>());
    level_ = addCombo(tr("Bytes at"), QStringLiteral("memoryLevel"),
                      tr("Memory level whose bytes give the arithmetic intensity"));
    fill<MemoryLevel>(level_, named<MemoryLevel>());
    points_ = addCombo(tr("Points"), QStringLiteral("pointStyle"),
                       tr("Markers show each op's category by shape; dots and the density image "
                          "keep millions of points fluid. Automatic picks by their number."));
    fill<PointStyle>(points_, {{PointStyle::automatic, tr("Automatic")},
                               {PointStyle::markers, tr("Markers")},
                               {PointStyle::dots, tr("Dots")},
                               {PointStyle::density, tr("Density")}});
    addSeparator();
    logX_ = addAction(tr("Log X"));
    logX_->setObjectName(QStringLiteral("logX"));
    logX_->setCheckable(true);
    logX_->setToolTip(tr("Logarithmic intensity axis (off: linear from zero)"));
    logY_ = addAction(tr("Log Y"));
    logY_->setObjectName(QStringLiteral("logY"));
    logY_->setCheckable(true);
    logY_->setToolTip(tr("Logarithmic performance axis (off: linear from zero)"));

    auto edit = [this](bool refit) {
        if (!showing_)
            emit edited(refit);
    };
    for (QComboBox* combo : {colorBy_, precision_, points_})
        connect(combo, &QComboBox::currentIndexChanged, this, [edit] { edit(false); });
    for (QComboBox* combo : {view_, level_})
        connect(combo, &QComboBox::currentIndexChanged, this, [edit] { edit(true); });
    for (QAction* action : {logX_, logY_})
        connect(action, &QAction::toggled, this, [edit] { edit(true); });
}

QComboBox* ViewBar::addCombo(const QString& label, const QString& objectName,
                             const QString& toolTip) {
    auto* text = new QLabel(label + QStringLiteral(" "), this);
    text->setContentsMargins(8, 0, 0, 0);
    auto* combo = new QComboBox(this);
    combo->setObjectName(objectName);
    combo->setToolTip(toolTip);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    text->setBuddy(combo);
    addWidget(text);
    addWidget(combo);
    return combo;
}

void ViewBar::showView(const ViewSettings& view) {
    showing_ = true;
    // A view that cannot be drawn (from a newer file) is drawn as the roofline.
    select(view_, isExportableView(view.view) ? view.view : ViewKind::roofline);
    // Colours, point style and log axes are the roofline views'; the analysis views draw their
    // own way, but keep the roof precision and memory level.
    const bool roofline = isRooflineView(view.view) || !isExportableView(view.view);
    for (QWidget* w : std::initializer_list<QWidget*>{colorBy_, points_})
        w->setEnabled(roofline);
    logX_->setEnabled(roofline);
    logY_->setEnabled(roofline);
    select(colorBy_, view.colorBy);
    select(precision_, view.precision);
    select(level_, view.memoryLevel);
    select(points_, view.pointStyle);
    logX_->setChecked(view.logX);
    logY_->setChecked(view.logY);
    showing_ = false;
}

void ViewBar::applyTo(ViewSettings& view) const {
    view.view = chosen(view_, ViewKind::roofline);
    view.colorBy = chosen(colorBy_, ColorBy::dataset);
    view.precision = chosen(precision_, Precision::fp16);
    view.memoryLevel = chosen(level_, MemoryLevel::dram);
    view.pointStyle = chosen(points_, PointStyle::automatic);
    view.logX = logX_->isChecked();
    view.logY = logY_->isChecked();
}

} // namespace roofscope::ui
