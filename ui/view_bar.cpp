#include "view_bar.h"

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
    view_ = addCombo(tr("View"), QStringLiteral("viewKind"),
                     tr("Classic roofline, or the hierarchical roofline: each op at every memory "
                        "level it has bytes for, linked at one height"));
    fill<ViewKind>(view_, {{ViewKind::roofline, tr("Roofline")},
                           {ViewKind::hierarchical, tr("Hierarchical")}});
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
    // Views this bar cannot show yet (MD-Roofline, comparisons) are drawn as the roofline.
    select(view_,
           view.view == ViewKind::hierarchical ? ViewKind::hierarchical : ViewKind::roofline);
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
