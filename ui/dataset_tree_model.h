#pragma once
// The session's datasets and devices as a tree: each dataset with a check box (shown in the plot
// and the table or not), its label (editable in place), its colour as a swatch and what it came
// from; each device with its ceilings and where they came from. The model never changes the
// session itself: edits are announced by signals and the window applies them.
// A session embeds its records, so a dataset whose trace files are gone still works; the tree
// says so (a warning icon, an italic grey source, "Source file missing: PATH") because
// regrouping and reloading need the files.

#include "core/session.h"

#include <QAbstractItemModel>
#include <QColor>

#include <vector>

namespace roofscope::ui {

class DatasetTreeModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    enum Column { NameColumn, ValueColumn, ColumnCount };
    // Steps the Iteration row's tooltip lists one by one; the rest it counts.
    static constexpr std::size_t kListedSteps = 24;
    enum Role {
        // The dataset index (int) of a dataset row or of its details; -1 elsewhere.
        DatasetRole = Qt::UserRole + 1,
        // On a dataset row: whether any of its source files is missing; on a source row: whether
        // that file is. False elsewhere.
        SourceMissingRole,
    };

    explicit DatasetTreeModel(QObject* parent = nullptr);

    // `sessionFolder`: the folder of the session's file, against which relative sources are
    // looked up first (then the working directory); empty for a session without a file.
    void setSession(const Session& session, const QString& sessionFolder = {});

    // The row of dataset `dataset` (column 0), or invalid.
    QModelIndex datasetIndex(int dataset) const;
    QModelIndex devicesRoot() const;
    QModelIndex datasetsRoot() const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  signals:
    void visibilityChanged(int dataset, bool visible);
    void renamed(int dataset, const QString& label);
    void colorChanged(int dataset, const QColor& color);

  private:
    enum class Kind { group, dataset, detail, device, ceiling };
    struct Node {
        Kind kind = Kind::group;
        int parent = -1; // node index; -1 for the two groups
        int row = 0;     // among its parent's children
        int dataset = -1;
        // Initialised here so that designated initializers may leave them out.
        QString name{}, value{}, toolTip{};
        QColor color{};
        bool checked = true;
        bool sourceMissing = false;
        std::vector<int> children{};
    };
    int add(Node node);
    void addDataset(const Session& session, int index, const QString& sessionFolder);
    void addDevice(const Device& device);
    const Node* nodeOf(const QModelIndex& index) const;

    std::vector<Node> nodes_;
    std::vector<int> roots_;
    std::vector<int> datasetNodes_; // dataset index -> node index
};

} // namespace roofscope::ui
