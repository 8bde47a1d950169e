#pragma once
// What the user knows about a run that its files do not say: the model, the software stack
// (framework, CUDA, driver, cuDNN, NCCL), free tags and which repeat of its configuration it is.
// The comparison and matrix views group and match runs by these, so a stack the trace did not
// record (or recorded wrongly) can be set here.

#include "core/dataset.h"

#include <QDialog>

class QLineEdit;
class QSpinBox;

namespace roofscope::ui {

class RunInfoDialog : public QDialog {
    Q_OBJECT
  public:
    // Shows `context`'s model, stack, tags and repeat for editing.
    explicit RunInfoDialog(const DatasetContext& context, QWidget* parent = nullptr);

    // `context` with the fields as edited: text trimmed, tags split at commas with empty ones
    // dropped, everything else (label, sources, device, rank, colour) as it was.
    DatasetContext edited(DatasetContext context) const;

  private:
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
