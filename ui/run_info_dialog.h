#pragma once
// What the user knows about a run that its files do not say: the device it ran on (a trace may
// name none, or one the catalog lacks) and the system around it (core/systems.h: its collective
// ceilings), the model, the software stack (framework, CUDA, driver, cuDNN, NCCL), free tags and
// which repeat of its configuration it is.
// The comparison and matrix views group and match runs by these, so a stack the trace did not
// record (or recorded wrongly) can be set here.

#include "core/dataset.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace roofscope::ui {

// A device the run can be given: the session's and the catalog's.
struct RunDevice {
    std::string id;
    std::string name;
    std::string system; // the system it is in now (Device::system), "" for none
};

class RunInfoDialog : public QDialog {
    Q_OBJECT
  public:
    // Shows `context`'s device (among `devices`, or "none"), its system, model, stack, tags and
    // repeat for editing.
    explicit RunInfoDialog(const DatasetContext& context, std::vector<RunDevice> devices = {},
                           QWidget* parent = nullptr);

    // `context` with the fields as edited: the device chosen ("" for none), text trimmed, tags
    // split at commas with empty ones dropped, everything else (label, sources, rank, colour)
    // as it was.
    DatasetContext edited(DatasetContext context) const;
    // The system chosen for the chosen device (systems.h id), "" when it is in none.
    std::string system() const;

  private:
    void fillSystems();
    void describeSystem();

    std::vector<RunDevice> devices_;
    QComboBox* device_ = nullptr;
    QComboBox* system_ = nullptr;
    QLabel* systemInfo_ = nullptr;
    QLineEdit* model_ = nullptr;
    QLineEdit* framework_ = nullptr;
    QLineEdit* cuda_ = nullptr;
    QLineEdit* driver_ = nullptr;
    QLineEdit* cudnn_ = nullptr;
    QLineEdit* nccl_ = nullptr;
    QLineEdit* tags_ = nullptr;
    QSpinBox* repeat_ = nullptr;
};

} // namespace roofscope::ui
