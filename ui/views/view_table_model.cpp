#include "ui/views/view_table_model.h"

#include "core/units.h"

#include <cmath>
#include <optional>

namespace roofscope::ui {
namespace {

std::optional<Dimension> dimensionOf(const std::string& unit) {
    for (const Dimension d :
         {Dimension::time, Dimension::bytes, Dimension::flops, Dimension::bytesPerS,
          Dimension::flopsPerS, Dimension::frequency, Dimension::intensity})
        if (unitSymbol(d) == unit)
            return d;
    return std::nullopt;
}

} // namespace

QString formatViewCell(const ViewCell& cell, const std::string& unit) {
    if (const auto* text = std::get_if<std::string>(&cell))
        return QString::fromStdString(*text);
    const auto* value = std::get_if<double>(&cell);
    if (!value || std::isnan(*value))
        return {};
    const double v = *value;
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    QString shown;
    if (unit == "%")
        shown = QString::number(v, 'f', 1) + QStringLiteral(" %");
    else if (unit == "x")
        shown = QString::number(v, 'f', 2) + QStringLiteral("×");
    else if (const auto dimension = dimensionOf(unit))
        shown = QString::fromStdString(formatSi(v, *dimension));
    else
        shown = QString::number(v, 'g', 4) +
                (unit.empty() ? QString() : QLatin1Char(' ') + QString::fromStdString(unit));
    // A real minus sign: a hyphen reads as a dash in a column of numbers.
    if (shown.startsWith(QLatin1Char('-')))
        shown.replace(0, 1, QStringLiteral("−"));
    return shown;
}

ViewTableModel::ViewTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ViewTableModel::setTable(const ViewTable& table) {
    beginResetModel();
    table_ = table;
    endResetModel();
}

int ViewTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(table_.rows.size());
}

int ViewTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(table_.columns.size());
}

QVariant ViewTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& row = table_.rows[static_cast<std::size_t>(index.row())];
    const auto column = static_cast<std::size_t>(index.column());
    static const ViewCell empty;
    const ViewCell& cell = column < row.size() ? row[column] : empty;
    switch (role) {
    case Qt::DisplayRole:
        return formatViewCell(cell, table_.columns[column].unit);
    case Qt::ToolTipRole:
        if (const auto* v = std::get_if<double>(&cell))
            return QString::number(*v, 'g', 17);
        return {};
    case Qt::TextAlignmentRole:
        return std::holds_alternative<double>(cell) ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                    : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole:
        if (const auto* v = std::get_if<double>(&cell))
            return *v;
        if (const auto* s = std::get_if<std::string>(&cell))
            return QString::fromStdString(*s);
        return {};
    default:
        return {};
    }
}

QVariant ViewTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 ||
        section >= static_cast<int>(table_.columns.size()))
        return QAbstractTableModel::headerData(section, orientation, role);
    const ViewColumn& c = table_.columns[static_cast<std::size_t>(section)];
    if (role == Qt::DisplayRole)
        return QString::fromStdString(c.title.empty() ? c.key : c.title);
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(c.key) +
               (c.unit.empty() ? QString()
                               : QStringLiteral(" [%1]").arg(QString::fromStdString(c.unit)));
    return {};
}

} // namespace roofscope::ui
