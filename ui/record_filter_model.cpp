#include "ui/record_filter_model.h"

#include "ui/record_table_model.h"

#include <algorithm>
#include <cmath>

namespace roofscope::ui {
namespace {

std::optional<int> asKey(auto value) {
    return value ? std::optional<int>(static_cast<int>(*value)) : std::nullopt;
}

bool absent(const QVariant& v) {
    if (v.typeId() == QMetaType::Double)
        return std::isnan(v.toDouble());
    return v.typeId() == QMetaType::QString && v.toString().isEmpty();
}

} // namespace

RecordFilterModel::RecordFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(RecordTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void RecordFilterModel::changeFilter() {
#if QT_VERSION >= QT_VERSION_CHECK(6, 9, 0)
    beginFilterChange();
    endFilterChange(QSortFilterProxyModel::Direction::Rows);
#else
    invalidateRowsFilter();
#endif
}

void RecordFilterModel::setNameFilter(const QString& text) {
    if (text == name_)
        return;
    name_ = text;
    changeFilter();
}

void RecordFilterModel::setCategory(std::optional<Category> category) {
    category_ = asKey(category);
    changeFilter();
}

void RecordFilterModel::setPhase(std::optional<Phase> phase) {
    phase_ = asKey(phase);
    changeFilter();
}

void RecordFilterModel::setRank(std::optional<int> rank) {
    rank_ = rank;
    changeFilter();
}

void RecordFilterModel::setBottleneck(std::optional<Bottleneck> bottleneck) {
    bottleneck_ = asKey(bottleneck);
    changeFilter();
}

void RecordFilterModel::setDatasets(std::optional<std::vector<int>> datasets) {
    datasets_ = std::move(datasets);
    changeFilter();
}

bool RecordFilterModel::keyMatches(int sourceRow, int column, std::optional<int> wanted) const {
    if (!wanted)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, column);
    return index.data(RecordTableModel::KeyRole).toInt() == *wanted;
}

bool RecordFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (sourceParent.isValid())
        return false;
    if (!name_.isEmpty()) {
        // The label shown or the full name it stands for (its tip): a search for a kernel's
        // template finds it under its short name.
        const QModelIndex index = sourceModel()->index(sourceRow, RecordTableModel::Name);
        if (!index.data().toString().contains(name_, Qt::CaseInsensitive) &&
            !index.data(Qt::ToolTipRole).toString().contains(name_, Qt::CaseInsensitive))
            return false;
    }
    if (datasets_) {
        const int dataset = sourceModel()
                                ->index(sourceRow, 0)
                                .data(RecordTableModel::RefRole)
                                .value<RecordRef>()
                                .dataset;
        if (std::find(datasets_->begin(), datasets_->end(), dataset) == datasets_->end())
            return false;
    }
    return keyMatches(sourceRow, RecordTableModel::CategoryColumn, category_) &&
           keyMatches(sourceRow, RecordTableModel::PhaseColumn, phase_) &&
           keyMatches(sourceRow, RecordTableModel::Rank, rank_) &&
           keyMatches(sourceRow, RecordTableModel::BottleneckColumn, bottleneck_);
}

void RecordFilterModel::setSourceModel(QAbstractItemModel* source) {
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    sortKeys_.clear();
    sortKeysColumn_ = -1;
    // Before the reset reaches the proxy, which sorts again on modelReset.
    if (source)
        connect(source, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
            sortKeys_.clear();
            sortKeysColumn_ = -1;
        });
    QSortFilterProxyModel::setSourceModel(source);
}

const std::vector<RecordFilterModel::SortKey>& RecordFilterModel::sortKeys() const {
    const int column = sortColumn();
    const QAbstractItemModel* source = sourceModel();
    const int rows = source ? source->rowCount() : 0;
    if (sortKeysColumn_ == column && static_cast<int>(sortKeys_.size()) == rows)
        return sortKeys_;
    sortKeys_.assign(static_cast<std::size_t>(rows), {});
    for (int r = 0; r < rows; ++r) {
        const QVariant v = source->index(r, column).data(sortRole());
        SortKey& k = sortKeys_[static_cast<std::size_t>(r)];
        k.absent = absent(v);
        k.number = v.typeId() == QMetaType::Double;
        if (k.number)
            k.value = v.toDouble();
        else
            k.text = v.toString();
    }
    sortKeysColumn_ = column;
    return sortKeys_;
}

bool RecordFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const auto& keys = sortKeys();
    const auto l = static_cast<std::size_t>(left.row()), r = static_cast<std::size_t>(right.row());
    if (left.column() != sortKeysColumn_ || l >= keys.size() || r >= keys.size())
        return false; // not the sort this model was asked for
    const SortKey& a = keys[l];
    const SortKey& b = keys[r];
    if (a.absent || b.absent) {
        // Descending order puts the "lesser" rows last, ascending the "greater" ones. Ties are
        // false both ways, so that the stable sort keeps them in record order.
        if (a.absent == b.absent)
            return false;
        return sortOrder() == Qt::DescendingOrder ? a.absent : b.absent;
    }
    if (a.number)
        return a.value < b.value;
    return a.text.compare(b.text, Qt::CaseInsensitive) < 0;
}

} // namespace roofscope::ui
