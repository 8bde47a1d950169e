#pragma once
// What the record table shows: rows whose name contains the typed text (any case), whose
// dataset is among the chosen ones (those on one device) and whose category, phase, rank and
// bottleneck match the chosen ones. Sorts numbers as numbers, with
// absent quantities last whichever way the column is sorted: a missing time is not a small one.

#include "core/enums.h"

#include <QSortFilterProxyModel>

#include <optional>
#include <vector>

namespace roofscope::ui {

class RecordFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
  public:
    explicit RecordFilterModel(QObject* parent = nullptr);

    void setNameFilter(const QString& text);
    // nullopt: any.
    void setCategory(std::optional<Category> category);
    void setPhase(std::optional<Phase> phase);
    void setRank(std::optional<int> rank);
    void setBottleneck(std::optional<Bottleneck> bottleneck);
    // Indices of the session's datasets whose rows are shown; nullopt: all.
    void setDatasets(std::optional<std::vector<int>> datasets);

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

  public:
    void setSourceModel(QAbstractItemModel* source) override;

  private:
    // Key (RecordTableModel::KeyRole) of `column` in the source row must equal `wanted`.
    bool keyMatches(int sourceRow, int column, std::optional<int> wanted) const;
    void changeFilter();

    // The sort column's values by source row, read once per sort: a sort of every launch of a
    // large trace asks lessThan tens of millions of times, each through two QVariants.
    // The source model only ever resets, which empties it.
    struct SortKey {
        bool absent = true;
        bool number = false;
        double value = 0;
        QString text;
    };
    const std::vector<SortKey>& sortKeys() const;
    mutable std::vector<SortKey> sortKeys_;
    mutable int sortKeysColumn_ = -1;

    QString name_;
    std::optional<int> category_, phase_, rank_, bottleneck_;
    std::optional<std::vector<int>> datasets_;
};

} // namespace roofscope::ui
