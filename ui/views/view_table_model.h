#pragma once
// A view's table (core's ViewTable) for a QTableView beside its chart: read-only, numbers shown
// with SI prefixes and units, sorted by their values through SortRole.

#include "core/analysis/view_table.h"

#include <QAbstractTableModel>

namespace roofscope::ui {

class ViewTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    // The raw value under this role: a double for numbers, a QString for text, an invalid
    // QVariant for an empty cell; what a QSortFilterProxyModel should sort by.
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit ViewTableModel(QObject* parent = nullptr);

    void setTable(const ViewTable& table);
    const ViewTable& table() const { return table_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    ViewTable table_;
};

// A cell as the table shows it: "12.3 ms" for 0.0123 with unit "s", "−34.0 %" for -34 with unit
// "%", "1.52×" for 1.52 with unit "x", the text itself for text, "" for an empty cell or NaN.
QString formatViewCell(const ViewCell& cell, const std::string& unit);

} // namespace roofscope::ui
