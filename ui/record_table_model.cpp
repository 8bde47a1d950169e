#include "ui/record_table_model.h"

#include "core/kernel_name.h"
#include "core/on_threads.h"
#include "core/record_numbers.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope::ui {
namespace {

constexpr double kAbsent = std::numeric_limits<double>::quiet_NaN();
const QString kDash = QStringLiteral("\u2013");

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString formatted(double value, Dimension dimension) {
    return std::isnan(value) ? kDash : QString::fromStdString(formatSi(value, dimension));
}

Dimension dimensionOf(int column) {
    switch (column) {
    case RecordTableModel::Time:
        return Dimension::time;
    case RecordTableModel::TimeShare:
    case RecordTableModel::PercentOfRoof:
        return Dimension::ratio;
    case RecordTableModel::Flops:
        return Dimension::flops;
    case RecordTableModel::DramBytes:
        return Dimension::bytes;
    case RecordTableModel::Intensity:
        return Dimension::intensity;
    case RecordTableModel::FlopsPerS:
        return Dimension::flopsPerS;
    default:
        return Dimension::count;
    }
}

} // namespace

RecordTableModel::RecordTableModel(QObject* parent) : QAbstractTableModel(parent) {}

RecordTableModel::Row RecordTableModel::makeRow(const Session& session, RecordRef ref,
                                                DatasetRows& shared) {
    const Dataset& dataset = session.datasets[static_cast<std::size_t>(ref.dataset)];
    const OpRecord& r = dataset.records[static_cast<std::size_t>(ref.record)];
    const double datasetTimeS = shared.timeS;
    Row row;
    row.ref = ref;
    // Shared QStrings: one per distinct name, not one per launch.
    auto [name, added] = shared.names.try_emplace(r.name);
    if (added)
        name->second = QString::fromStdString(r.name);
    row.name = name->second;
    auto [label, newLabel] = shared.labels.try_emplace({r.name, r.op});
    if (newLabel)
        label->second = QString::fromStdString(recordLabel(r));
    row.label = label->second;
    row.dataset = shared.label;
    row.category = r.category;
    row.phase = r.phase;
    row.rank = r.rank;
    row.count = r.count;
    row.flopsOrigin = r.flops.origin;
    const RecordNumbers n = recordNumbers(r, shared.device, MemoryLevel::dram, session.view.link);
    row.time = n.timeS;
    row.share = n.timeS > 0 && datasetTimeS > 0 ? n.timeS / datasetTimeS : kAbsent;
    row.flops = n.flops;
    row.dramBytes = n.bytes;
    row.intensity = n.intensity;
    row.flopsPerS = n.flopsPerS;
    row.fractionOfRoof = n.fractionOfRoof;
    row.bottleneck = n.bottleneck;
    return row;
}

void RecordTableModel::setSession(const Session& session) {
    beginResetModel();
    rows_.clear();
    firstRowOfDataset_.clear();
    // Every row's place first, then the rows of a large dataset made on several cores, each
    // slice with its own shared names: a trace grouped by launch has millions of rows.
    std::size_t rows = 0;
    std::vector<bool> shown;
    for (const auto& dataset : session.datasets) {
        firstRowOfDataset_.push_back(rows);
        // A dataset the user unticked leaves the table as it leaves the plot; rowOf() finds
        // none of its records since the rows at its offset belong to the next dataset.
        const auto& hidden = session.view.hiddenDatasets;
        shown.push_back(std::find(hidden.begin(), hidden.end(), dataset.context.label) ==
                        hidden.end());
        rows += shown.back() ? dataset.records.size() : 0;
    }
    rows_.resize(rows);
    for (std::size_t d = 0; d < session.datasets.size(); ++d) {
        if (!shown[d])
            continue;
        const Dataset& dataset = session.datasets[d];
        const auto& records = dataset.records;
        double total = 0;
        for (const auto& r : records)
            if (r.timeS.known() && r.timeS.value > 0)
                total += r.timeS.value;
        const QString label = QString::fromStdString(dataset.context.label);
        const Device* device = session.findDevice(dataset.context.deviceId);
        auto fill = [&](std::size_t begin, std::size_t end) {
            DatasetRows shared{label, device, total, {}, {}};
            for (std::size_t i = begin; i < end; ++i)
                rows_[firstRowOfDataset_[d] + i] =
                    makeRow(session, {static_cast<int>(d), static_cast<int>(i)}, shared);
        };
        const std::size_t threads = threadsFor(records.size(), kThreadedRows, kMaxThreads);
        const std::size_t per = (records.size() + threads - 1) / threads;
        onThreads(threads, [&](std::size_t t) {
            fill(std::min(records.size(), t * per), std::min(records.size(), (t + 1) * per));
        });
    }
    endResetModel();
}

int RecordTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QModelIndex RecordTableModel::index(int row, int column, const QModelIndex& parent) const {
    if (parent.isValid() || row < 0 || column < 0 || row >= static_cast<int>(rows_.size()) ||
        column >= ColumnCount)
        return {};
    return createIndex(row, column);
}

int RecordTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

int RecordTableModel::rowOf(RecordRef ref) const {
    if (ref.dataset < 0 || ref.record < 0 ||
        static_cast<std::size_t>(ref.dataset) >= firstRowOfDataset_.size())
        return -1;
    const std::size_t row =
        firstRowOfDataset_[static_cast<std::size_t>(ref.dataset)] + std::size_t(ref.record);
    return row < rows_.size() && rows_[row].ref == ref ? static_cast<int>(row) : -1;
}

double RecordTableModel::number(const Row& row, int column) const {
    switch (column) {
    case Rank:
        return row.rank;
    case Count:
        return static_cast<double>(row.count);
    case Time:
        return row.time;
    case TimeShare:
        return row.share;
    case Flops:
        return row.flops;
    case DramBytes:
        return row.dramBytes;
    case Intensity:
        return row.intensity;
    case FlopsPerS:
        return row.flopsPerS;
    case PercentOfRoof:
        return row.fractionOfRoof;
    default:
        return kAbsent;
    }
}

QVariant RecordTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    if (role == RefRole)
        return QVariant::fromValue(row.ref);
    if (role == KeyRole) {
        switch (column) {
        case CategoryColumn:
            return static_cast<int>(row.category);
        case PhaseColumn:
            return static_cast<int>(row.phase);
        case Rank:
            return row.rank;
        case BottleneckColumn:
            return row.bottleneck ? static_cast<int>(*row.bottleneck) : -1;
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return column >= Rank && column <= PercentOfRoof
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole)
        return {};
    const bool sort = role == SortRole;
    switch (column) {
    case Name:
        if (role == Qt::ToolTipRole)
            return row.name == row.label ? row.name : row.label + QStringLiteral("\n") + row.name;
        return row.label;
    case DatasetLabel:
        return row.dataset;
    case CategoryColumn:
        return text(toString(row.category));
    case PhaseColumn:
        return text(toString(row.phase));
    case BottleneckColumn:
        return row.bottleneck ? text(toString(*row.bottleneck)) : (sort ? QString() : kDash);
    case FlopsOrigin:
        return text(toString(row.flopsOrigin));
    case Rank:
        return sort ? QVariant(number(row, column)) : QVariant(row.rank);
    case Count:
        return sort ? QVariant(number(row, column)) : QVariant(row.count);
    default:
        return sort ? QVariant(number(row, column))
                    : QVariant(formatted(number(row, column), dimensionOf(column)));
    }
}

QVariant RecordTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const kHeaders[ColumnCount] = {QT_TR_NOOP("Name"),
                                                      QT_TR_NOOP("Dataset"),
                                                      QT_TR_NOOP("Category"),
                                                      QT_TR_NOOP("Phase"),
                                                      QT_TR_NOOP("Rank"),
                                                      QT_TR_NOOP("Count"),
                                                      QT_TR_NOOP("Time"),
                                                      QT_TR_NOOP("Share of time"),
                                                      QT_TR_NOOP("FLOPs"),
                                                      QT_TR_NOOP("DRAM bytes"),
                                                      QT_TR_NOOP("Intensity (DRAM)"),
                                                      QT_TR_NOOP("FLOP/s"),
                                                      QT_TR_NOOP("% of roof"),
                                                      QT_TR_NOOP("Bottleneck"),
                                                      QT_TR_NOOP("FLOPs from")};
    return tr(kHeaders[section]);
}

} // namespace roofscope::ui
