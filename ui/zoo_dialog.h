#pragma once
// Tools > Add Model from the Zoo…: an analytic workload of a well-known model (core/zoo) bounded
// on several catalog devices at once, one dataset per device, so that one model is overlaid on
// several devices' rooflines and can be compared, matched and placed like measured runs.

#include "core/catalog.h"
#include "core/dataset.h"
#include "core/error.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QListWidget;
class QSpinBox;

namespace roofscope::ui {

class ZooDialog : public QDialog {
    Q_OBJECT
  public:
    // Lists the zoo's models and the catalog's devices (`catalog` must outlive the dialog).
    explicit ZooDialog(const Catalog& catalog, QWidget* parent = nullptr);

    // One dataset per ticked device, labelled "model · device" and tagged "zoo", every record's
    // time its MD-Roofline bound on that device; with the devices used. Errors name the model
    // and device when a device lacks a ceiling a layer needs, or when none is ticked.
    struct Built {
        std::vector<Device> devices;
        std::vector<Dataset> datasets;
    };
    Result<Built> build() const;

  private:
    const Catalog& catalog_;
    QComboBox* model_ = nullptr;
    QListWidget* devices_ = nullptr;
    QSpinBox* batch_ = nullptr;
    QComboBox* precision_ = nullptr;
    QComboBox* mode_ = nullptr;
    QSpinBox* dataParallel_ = nullptr;
};

} // namespace roofscope::ui
