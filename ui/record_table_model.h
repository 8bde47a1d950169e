#pragma once
// Every op record of a session as one table row: what it is, where it ran, how long it took and
// where it sits against its device's roof. The numbers come from core (roofline.h, md_roofline.h)
// once per setSession, so that sorting a million rows compares stored doubles.

#include "core/session.h"

#include <QAbstractTableModel>

#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

Q_DECLARE_METATYPE(roofscope::RecordRef)

namespace roofscope::ui {

class RecordTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        Name,
        DatasetLabel,
        CategoryColumn,
        PhaseColumn,
        Rank,
        Count,
        Time,
        TimeShare,
        Flops,
        DramBytes,
        Intensity,
        FlopsPerS,
        PercentOfRoof,
        BottleneckColumn,
        FlopsOrigin,
        ColumnCount
    };
    enum Role {
        // Raw value for sorting: double for numbers (NaN when absent), QString for text.
        SortRole = Qt::UserRole + 1,
        // The row's RecordRef.
        RefRole,
        // The enum or rank as int, for filtering; -1 when absent (bottleneck without a device).
        KeyRole,
    };

    explicit RecordTableModel(QObject* parent = nullptr);

    // One row per record of every dataset not in view.hiddenDatasets.
    void setSession(const Session& session);
    // From this many records of a dataset, setSession makes their rows on several threads (at
    // most kMaxThreads).
    static constexpr std::size_t kThreadedRows = 50'000;
    static constexpr std::size_t kMaxThreads = 8;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    // QAbstractTableModel's, without its two virtual calls: the proxy's sort asks for two
    // indices per comparison, tens of millions of times for a trace grouped by launch.
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The row of a record; -1 when the session has no such record.
    int rowOf(RecordRef ref) const;
    RecordRef refAt(int row) const { return rows_[static_cast<std::size_t>(row)].ref; }

  private:
    struct Row {
        RecordRef ref;
        // What the Name column shows (core's recordLabel: the op and a short kernel name) and
        // its tip says (the record's own name, with the op it ran for).
        QString label, name, dataset;
        Category category = Category::other;
        Phase phase = Phase::unknown;
        int rank = 0;
        qint64 count = 0;
        Origin flopsOrigin = Origin::absent;
        std::optional<Bottleneck> bottleneck;
        // NaN when absent, in the order of the numeric columns Time .. PercentOfRoof.
        double time = 0, share = 0, flops = 0, dramBytes = 0, intensity = 0, flopsPerS = 0,
               fractionOfRoof = 0;
    };
    // What the rows of one dataset share, made once for all of them: a trace grouped by launch
    // has millions of rows, most of them launches of a few hundred kernels.
    struct DatasetRows {
        QString label;
        const Device* device = nullptr;
        double timeS = 0; // the dataset's total
        std::unordered_map<std::string_view, QString> names;
        // Labels by (name, op): recordLabel parses the kernel name, once per distinct record.
        struct PairHash {
            std::size_t operator()(const std::pair<std::string_view, std::string_view>& p) const {
                const std::hash<std::string_view> h;
                return h(p.first) * 31 + h(p.second);
            }
        };
        std::unordered_map<std::pair<std::string_view, std::string_view>, QString, PairHash> labels;
    };
    static Row makeRow(const Session& session, RecordRef ref, DatasetRows& shared);
    double number(const Row& row, int column) const;

    std::vector<Row> rows_;
    std::vector<std::size_t> firstRowOfDataset_; // rows are in dataset, then record order
};

} // namespace roofscope::ui
