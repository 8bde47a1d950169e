#include "ui/views/analysis_pane.h"

#include "ui/views/view_chart.h"
#include "ui/views/view_list.h"
#include "ui/views/view_options.h"
#include "ui/views/view_table_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace roofscope::ui {

AnalysisPane::AnalysisPane(QWidget* parent)
    : QWidget(parent), options_(new QWidget(this)), optionsLayout_(new QHBoxLayout(options_)),
      splitter_(new QSplitter(Qt::Horizontal, this)), table_(new QTableView(this)),
      model_(new ViewTableModel(this)), proxy_(new QSortFilterProxyModel(this)),
      notes_(new QLabel(this)) {
    setObjectName(QStringLiteral("analysisPane"));
    options_->setObjectName(QStringLiteral("viewOptions"));
    optionsLayout_->setContentsMargins(4, 2, 4, 2);
    optionsLayout_->addStretch(1);
    table_->setObjectName(QStringLiteral("viewTable"));
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(ViewTableModel::SortRole);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    // Unsorted until the user clicks a header: each view orders its rows by what matters most
    // (the comparison by impact on the iteration, the matrix by configuration).
    table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->hide(); // until the window places it
    notes_->setObjectName(QStringLiteral("viewNotes"));
    notes_->setWordWrap(true);
    notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    notes_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    notes_->setContentsMargins(4, 4, 4, 4);
    // The findings scroll beside the chart: a long note (a provenance URL, a kernel name) must
    // not push the chart out of sight.
    auto* notesArea = new QScrollArea(this);
    notesArea->setObjectName(QStringLiteral("viewNotesArea"));
    notesArea->setWidget(notes_);
    notesArea->setWidgetResizable(true);
    notesArea->setFrameShape(QFrame::NoFrame);

    splitter_->addWidget(new QWidget(this)); // the chart's place until a view is shown
    splitter_->addWidget(notesArea);
    // The chart is what the page is for: about three quarters of the width until the user
    // drags. The table is not beside it: a comparison has 14 columns, which a side pane could
    // only show by scrolling sideways; the window puts it under the chart, at its full width.
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 1);
    splitter_->setChildrenCollapsible(false);
    connect(splitter_, &QSplitter::splitterMoved, this, [this] { userSplit_ = true; });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(options_);
    layout->addWidget(splitter_, 1);
}

void AnalysisPane::setSession(const Session& session) {
    showing_ = true;
    const ViewKind kind = session.view.view;
    if (!chart_ || kind != kind_) {
        ViewChart* chart = makeViewChart(kind, this);
        if (chart) {
            QWidget* old = splitter_->widget(0);
            splitter_->replaceWidget(0, chart);
            old->deleteLater();
            chart_ = chart;
            chart_->setObjectName(QStringLiteral("viewChart"));
            connect(chart_, &ViewChart::recordActivated, this, &AnalysisPane::recordActivated);
            kind_ = kind;
            split();
        }
    }
    if (chart_ && kind == kind_) {
        chart_->setSession(session);
        model_->setTable(chart_->table());
        // The view's leading columns first, in its order; the others as the table has them.
        QHeaderView* header = table_->horizontalHeader();
        for (int c = 0; c < header->count(); ++c)
            header->moveSection(header->visualIndex(c), c);
        int visual = 0;
        for (const std::string& key : chart_->leadingColumns()) {
            const auto& columns = chart_->table().columns;
            for (std::size_t c = 0; c < columns.size(); ++c)
                if (columns[c].key == key)
                    header->moveSection(header->visualIndex(static_cast<int>(c)), visual++);
        }
        table_->resizeColumnsToContents();
        // Kernel names run to a hundred characters: cap a column (its text wraps) so that the
        // numbers show beside it without scrolling sideways.
        const int widest = table_->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 24;
        for (int c = 0; c < model_->columnCount(); ++c)
            table_->setColumnWidth(c, std::min(table_->columnWidth(c), widest));
        QStringList lines;
        if (!chart_->emptyReason().isEmpty())
            lines << chart_->emptyReason();
        for (const auto& note : chart_->table().notes)
            lines << QString::fromStdString(note);
        notes_->setText(lines.join(QLatin1Char('\n')));
    }
    rebuildOptions(session);
    showing_ = false;
}

void AnalysisPane::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // Sizes given before the pane has its width are kept as pixels, not as shares: the notes
    // would get what is left of a guessed width. Split the real width until the user drags.
    split();
}

void AnalysisPane::split() {
    const int w = splitter_->width();
    if (!userSplit_ && w > 0)
        splitter_->setSizes({w * 3 / 4, w - w * 3 / 4});
}

QString AnalysisPane::tableTitle() const {
    const int rows = model_->rowCount();
    return tr("%1: %n row(s)", nullptr, rows).arg(viewTitle(kind_));
}

void AnalysisPane::rebuildOptions(const Session& session) {
    if (strip_) {
        // Deleted later, since the strip is rebuilt from inside a signal of one of its widgets;
        // out of the pane now, so that nothing (a test's findChild included) finds it again.
        optionsLayout_->removeWidget(strip_);
        strip_->hide();
        strip_->setParent(nullptr);
        strip_->deleteLater();
        strip_ = nullptr;
    }
    const ViewUi* view = viewUi(kind_);
    if (view && view->makeOptions) {
        strip_ = view->makeOptions(options_);
        strip_->setObjectName(QStringLiteral("viewOptionsStrip"));
        strip_->load(session, catalog_);
        connect(strip_, &ViewOptions::edited, this, &AnalysisPane::edited);
        optionsLayout_->insertWidget(0, strip_);
    }
    options_->setVisible(strip_ != nullptr);
}

void AnalysisPane::applyTo(Session& session) const {
    if (strip_)
        strip_->store(session);
    // A target chosen from the catalog joins the session, which must hold every device it names.
    const ViewSettings& v = session.view;
    std::vector<std::string> named;
    for (const auto& m : v.placement.moves)
        named.push_back(m.deviceId);
    if (!v.compare.projectDevice.empty())
        named.push_back(v.compare.projectDevice);
    for (const auto& id : named) {
        if (session.findDevice(id) || !catalog_)
            continue;
        if (const CatalogEntry* entry = catalog_->find(id))
            session.devices.push_back(entry->device);
    }
}

void AnalysisPane::edited() {
    if (!showing_)
        emit optionsEdited();
}

} // namespace roofscope::ui
