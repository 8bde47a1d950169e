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
        const QString name =
            sourceModel()->index(sourceRow, RecordTableModel::Name).data().toString();
        if (!name.contains(name_, Qt::CaseInsensitive))
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

bool RecordFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    const bool aAbsent = absent(a), bAbsent = absent(b);
    if (aAbsent || bAbsent) {
        // Descending order puts the "lesser" rows last, ascending the "greater" ones. Ties are
        // false both ways, so that the stable sort keeps them in record order.
        if (aAbsent == bAbsent)
            return false;
        return sortOrder() == Qt::DescendingOrder ? aAbsent : bAbsent;
    }
    if (a.typeId() == QMetaType::Double)
        return a.toDouble() < b.toDouble();
    return a.toString().compare(b.toString(), Qt::CaseInsensitive) < 0;
}

} // namespace roofscope::ui
