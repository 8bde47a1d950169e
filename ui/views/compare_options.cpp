// The comparison view's strip: run A, and run B or a device that run A is projected onto.
#include "ui/views/view_options.h"

#include <QComboBox>

namespace roofscope::ui {
namespace {

const QString kDataset = QStringLiteral("dataset:");
const QString kDevice = QStringLiteral("device:");

class CompareOptions : public ViewOptions {
  public:
    using ViewOptions::ViewOptions;

    void load(const Session& session, const Catalog* catalog) override {
        const CompareSettings& c = session.view.compare;
        baseline_ = addCombo(tr("Run A "), QStringLiteral("compareBaseline"));
        target_ = addCombo(tr("  against "), QStringLiteral("compareTarget"));
        baseline_->addItem(tr("First dataset"), QString());
        target_->addItem(tr("Second dataset"), kDataset);
        for (const auto& d : session.datasets) {
            const QString label = QString::fromStdString(d.context.label);
            baseline_->addItem(label, label);
            target_->addItem(label, kDataset + label);
        }
        addDeviceItems(target_, session, catalog, kDevice, tr(" (projected)"));
        selectData(baseline_, QString::fromStdString(c.baseline));
        selectData(target_, c.projectDevice.empty()
                                ? kDataset + QString::fromStdString(c.target)
                                : kDevice + QString::fromStdString(c.projectDevice));
        baseline_->setToolTip(tr("The run whose ops are compared (the baseline)"));
        target_->setToolTip(tr("A second run of the same model, matched op by op, or a device "
                               "that run A is projected onto from each op's bound there"));
    }

    void store(Session& session) const override {
        CompareSettings& c = session.view.compare;
        c.baseline = baseline_->currentData().toString().toStdString();
        const QString chosen = target_->currentData().toString();
        const bool device = chosen.startsWith(kDevice);
        const std::string rest = chosen.mid(chosen.indexOf(QLatin1Char(':')) + 1).toStdString();
        c.projectDevice = device ? rest : std::string();
        c.target = device ? std::string() : rest;
    }

  private:
    QComboBox* baseline_ = nullptr;
    QComboBox* target_ = nullptr;
};

} // namespace

ViewOptions* makeComparisonOptions(QWidget* parent) {
    return new CompareOptions(parent);
}

} // namespace roofscope::ui
