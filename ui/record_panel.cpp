#include "ui/record_panel.h"

#include "ui/record_filter_model.h"
#include "ui/record_table_model.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace roofscope::ui {
namespace {

template <class E> QComboBox* enumCombo(QWidget* parent, const QString& all, const char* name) {
    auto* combo = new QComboBox(parent);
    combo->setObjectName(QString::fromLatin1(name));
    combo->addItem(all);
    for (const auto& entry : enumNames<E>())
        combo->addItem(QString::fromUtf8(entry.name.data(), qsizetype(entry.name.size())),
                       static_cast<int>(entry.value));
    return combo;
}

template <class E> std::optional<E> chosen(const QComboBox* combo) {
    const QVariant data = combo->currentData();
    return data.isValid() ? std::optional<E>(static_cast<E>(data.toInt())) : std::nullopt;
}

} // namespace

RecordPanel::RecordPanel(QWidget* parent)
    : QWidget(parent), model_(new RecordTableModel(this)), filter_(new RecordFilterModel(this)),
      table_(new QTableView(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QWidget(this);
    buildFilterBar(bar);
    layout->addWidget(bar);
    layout->addWidget(table_);

    filter_->setSourceModel(model_);
    table_->setObjectName(QStringLiteral("recordTable"));
    table_->setModel(filter_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->setTextElideMode(Qt::ElideMiddle);
    table_->setWordWrap(false);
    // Fixed row heights keep a table of a million launches as fast as one of ten.
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSortingEnabled(true);
    table_->sortByColumn(RecordTableModel::Time, Qt::DescendingOrder);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (!quiet_)
            emit recordSelected(selectedRecord());
    });
}

void RecordPanel::buildFilterBar(QWidget* bar) {
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(4, 2, 4, 0);
    nameEdit_ = new QLineEdit(bar);
    nameEdit_->setObjectName(QStringLiteral("nameFilter"));
    nameEdit_->setPlaceholderText(tr("Filter by name…"));
    nameEdit_->setClearButtonEnabled(true);
    // With the side panes open the bar is narrow; the filter stays wide enough to read.
    nameEdit_->setMinimumWidth(110);
    category_ = enumCombo<Category>(bar, tr("All categories"), "categoryFilter");
    phase_ = enumCombo<Phase>(bar, tr("All phases"), "phaseFilter");
    bottleneck_ = enumCombo<Bottleneck>(bar, tr("Any bottleneck"), "bottleneckFilter");
    rank_ = new QComboBox(bar);
    rank_->setObjectName(QStringLiteral("rankFilter"));
    rank_->addItem(tr("All ranks"));
    device_ = new QComboBox(bar);
    device_->setObjectName(QStringLiteral("deviceFilter"));
    device_->addItem(tr("All devices"));
    grouping_ = new QComboBox(bar);
    grouping_->setObjectName(QStringLiteral("groupBy"));
    grouping_->addItem(tr("kernel"), static_cast<int>(Grouping::kernel));
    grouping_->addItem(tr("op"), static_cast<int>(Grouping::op));
    grouping_->addItem(tr("launch"), static_cast<int>(Grouping::launch));
    grouping_->setToolTip(tr("How the launches of loaded traces become records"));
    grouping_->setEnabled(false);
    count_ = new QLabel(bar);
    count_->setObjectName(QStringLiteral("recordCount"));

    row->addWidget(nameEdit_, 2);
    for (QComboBox* combo : {device_, category_, phase_, rank_, bottleneck_}) {
        // Narrow when the window is: a bar as wide as its longest entries would hold the centre
        // of the window so wide that the datasets dock opens too narrow for its names.
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(9);
        row->addWidget(combo, 1);
        connect(combo, &QComboBox::currentIndexChanged, this, &RecordPanel::applyFilters);
    }
    row->addWidget(new QLabel(tr("Group by"), bar));
    row->addWidget(grouping_);
    row->addWidget(count_, 1, Qt::AlignRight);
    connect(nameEdit_, &QLineEdit::textChanged, this, &RecordPanel::applyFilters);
    connect(grouping_, &QComboBox::currentIndexChanged, this,
            [this] { emit groupingChanged(grouping()); });
}

void RecordPanel::applyFilters() {
    // The selection survives a filter change when its row is still shown; the plot keeps its
    // highlight either way, so the change is not the user's selection.
    const auto selected = selectedRecord();
    quiet_ = true;
    filter_->setNameFilter(nameEdit_->text());
    filter_->setCategory(chosen<Category>(category_));
    filter_->setPhase(chosen<Phase>(phase_));
    filter_->setBottleneck(chosen<Bottleneck>(bottleneck_));
    const QVariant rank = rank_->currentData();
    filter_->setRank(rank.isValid() ? std::optional<int>(rank.toInt()) : std::nullopt);
    const QVariant device = device_->currentData();
    std::optional<std::vector<int>> datasets;
    if (device.isValid()) {
        datasets.emplace();
        for (std::size_t i = 0; i < datasetDevices_.size(); ++i)
            if (QString::fromStdString(datasetDevices_[i]) == device.toString())
                datasets->push_back(static_cast<int>(i));
    }
    filter_->setDatasets(std::move(datasets));
    quiet_ = false;
    selectRecord(selected);
    updateCount();
}

void RecordPanel::setSession(const Session& session) {
    quiet_ = true;
    model_->setSession(session);
    std::set<int> ranks;
    for (const auto& d : session.datasets)
        for (const auto& r : d.records)
            ranks.insert(r.rank);
    const QVariant current = rank_->currentData();
    {
        const QSignalBlocker block(rank_);
        rank_->clear();
        rank_->addItem(tr("All ranks"));
        for (int r : ranks)
            rank_->addItem(tr("rank %1").arg(r), r);
        rank_->setCurrentIndex(std::max(0, rank_->findData(current)));
    }
    // Devices of the datasets, by name; a dataset on no known device is listed by its id.
    datasetDevices_.clear();
    std::set<std::pair<std::string, std::string>> devices; // (name, id)
    for (const auto& d : session.datasets) {
        datasetDevices_.push_back(d.context.deviceId);
        const Device* device = session.findDevice(d.context.deviceId);
        devices.emplace(device                       ? device->name
                        : d.context.deviceId.empty() ? tr("no device").toStdString()
                                                     : d.context.deviceId,
                        d.context.deviceId);
    }
    const QVariant currentDevice = device_->currentData();
    {
        const QSignalBlocker block(device_);
        device_->clear();
        device_->addItem(tr("All devices"));
        for (const auto& [name, id] : devices)
            device_->addItem(QString::fromStdString(name), QString::fromStdString(id));
        device_->setCurrentIndex(std::max(0, device_->findData(currentDevice)));
    }
    quiet_ = false;
    applyFilters();
    table_->resizeColumnsToContents();
    table_->setColumnWidth(RecordTableModel::Name,
                           std::min(table_->columnWidth(RecordTableModel::Name), 360));
}

void RecordPanel::selectRecord(std::optional<RecordRef> ref) {
    quiet_ = true;
    const int row = ref ? model_->rowOf(*ref) : -1;
    const QModelIndex index =
        row >= 0 ? filter_->mapFromSource(model_->index(row, 0)) : QModelIndex();
    if (index.isValid()) {
        table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                             QItemSelectionModel::Rows);
        table_->scrollTo(index, QAbstractItemView::PositionAtCenter);
    } else {
        table_->clearSelection();
    }
    quiet_ = false;
}

std::optional<RecordRef> RecordPanel::selectedRecord() const {
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return std::nullopt;
    return rows.front().data(RecordTableModel::RefRole).value<RecordRef>();
}

void RecordPanel::setGroupingEnabled(bool enabled) {
    grouping_->setEnabled(enabled);
}

Grouping RecordPanel::grouping() const {
    return static_cast<Grouping>(grouping_->currentData().toInt());
}

void RecordPanel::updateCount() {
    count_->setText(tr("%1 of %2 records").arg(filter_->rowCount()).arg(model_->rowCount()));
}

} // namespace roofscope::ui
