#pragma once
// The record table below the plot with the bar that filters it: a name filter, category, phase,
// rank and bottleneck choosers, and how loaded traces group their launches into records.

#include "core/import/kineto/kineto_analysis.h"
#include "core/session.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace roofscope::ui {

class RecordFilterModel;
class RecordTableModel;

class RecordPanel : public QWidget {
    Q_OBJECT
  public:
    explicit RecordPanel(QWidget* parent = nullptr);

    // Refills the table; the filters stay as chosen (a rank that is gone falls back to "all").
    void setSession(const Session& session);

    // Selects the record's row and scrolls to it without emitting recordSelected; nullopt or a
    // record hidden by the filters clears the selection.
    void selectRecord(std::optional<RecordRef> ref);
    std::optional<RecordRef> selectedRecord() const;

    // The grouping chooser only means something while a trace's launches are in memory.
    void setGroupingEnabled(bool enabled);
    Grouping grouping() const;

    QTableView* table() const { return table_; }
    RecordTableModel* model() const { return model_; }
    RecordFilterModel* filter() const { return filter_; }

  signals:
    // The user selected a row (nullopt: the selection was cleared).
    void recordSelected(std::optional<roofscope::RecordRef> ref);
    void groupingChanged(roofscope::Grouping grouping);

  private:
    void buildFilterBar(QWidget* bar);
    void applyFilters();
    void updateCount();

    RecordTableModel* model_ = nullptr;
    RecordFilterModel* filter_ = nullptr;
    QTableView* table_ = nullptr;
    QLineEdit* nameEdit_ = nullptr;
    QComboBox* category_ = nullptr;
    QComboBox* phase_ = nullptr;
    QComboBox* rank_ = nullptr;
    QComboBox* device_ = nullptr;
    std::vector<std::string> datasetDevices_; // device id of each session dataset
    QComboBox* bottleneck_ = nullptr;
    QComboBox* grouping_ = nullptr;
    QLabel* count_ = nullptr;
    bool quiet_ = false; // true while the program, not the user, changes the selection
};

} // namespace roofscope::ui
