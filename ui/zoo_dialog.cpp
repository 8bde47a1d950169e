#include "ui/zoo_dialog.h"

#include "core/zoo/model_zoo.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>
#include <QVBoxLayout>

namespace roofscope::ui {
namespace {

QString qs(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

ZooDialog::ZooDialog(const Catalog& catalog, QWidget* parent) : QDialog(parent), catalog_(catalog) {
    setObjectName(QStringLiteral("zooDialog"));
    setWindowTitle(tr("Add Model from the Zoo"));
    model_ = new QComboBox(this);
    model_->setObjectName(QStringLiteral("zooModel"));
    for (const ModelInfo& m : zooModels())
        model_->addItem(QStringLiteral("%1 — %2").arg(qs(m.name), qs(m.description)), qs(m.name));
    devices_ = new QListWidget(this);
    devices_->setObjectName(QStringLiteral("zooDevices"));
    for (const auto& entry : catalog.entries()) {
        auto* item = new QListWidgetItem(
            QString::fromStdString(entry.device.name.empty() ? entry.device.id : entry.device.name),
            devices_);
        item->setData(Qt::UserRole, QString::fromStdString(entry.device.id));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    batch_ = new QSpinBox(this);
    batch_->setObjectName(QStringLiteral("zooBatch"));
    batch_->setRange(0, 1 << 20);
    batch_->setSpecialValueText(tr("model's default"));
    precision_ = new QComboBox(this);
    precision_->setObjectName(QStringLiteral("zooPrecision"));
    for (const Precision p : {Precision::bf16, Precision::fp16, Precision::fp32})
        precision_->addItem(qs(toString(p)), qs(toString(p)));
    mode_ = new QComboBox(this);
    mode_->setObjectName(QStringLiteral("zooMode"));
    for (const RunMode m : {RunMode::training, RunMode::inference})
        mode_->addItem(qs(toString(m)), qs(toString(m)));
    dataParallel_ = new QSpinBox(this);
    dataParallel_->setObjectName(QStringLiteral("zooDataParallel"));
    dataParallel_->setRange(1, 1 << 16);
    dataParallel_->setToolTip(tr("Ranks sharing the gradient all-reduce; 1 = no communication"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Model:"), model_);
    form->addRow(tr("&Devices:"), devices_);
    form->addRow(tr("&Batch per device:"), batch_);
    form->addRow(tr("&Precision:"), precision_);
    form->addRow(tr("M&ode:"), mode_);
    form->addRow(tr("Data-&parallel ranks:"), dataParallel_);
    auto* hint = new QLabel(tr("Every layer's FLOPs and bytes are counted from its shapes and its "
                               "time is its MD-Roofline bound on each device: an ideal run to "
                               "set measured runs against."),
                            this);
    hint->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(520, 520);
}

Result<ZooDialog::Built> ZooDialog::build() const {
    ModelOptions options;
    options.batch = batch_->value();
    options.precision = parseEnum<Precision>(precision_->currentData().toString().toStdString())
                            .value_or(Precision::bf16);
    options.mode =
        parseRunMode(mode_->currentData().toString().toStdString()).value_or(RunMode::training);
    options.dataParallel = dataParallel_->value();
    const std::string name = model_->currentData().toString().toStdString();
    ROOFSCOPE_TRY(workload, buildModel(name, options));
    Built built;
    for (int i = 0; i < devices_->count(); ++i) {
        const QListWidgetItem* item = devices_->item(i);
        if (item->checkState() != Qt::Checked)
            continue;
        const CatalogEntry* entry =
            catalog_.find(item->data(Qt::UserRole).toString().toStdString());
        if (!entry)
            continue;
        auto dataset = boundOnDevice(workload.value(), entry->device);
        if (!dataset)
            return makeError(name + " on " + entry->device.id + ": " + dataset.error().message);
        dataset.value().context.tags.push_back("zoo");
        built.devices.push_back(entry->device);
        built.datasets.push_back(std::move(dataset).value());
    }
    if (built.datasets.empty())
        return makeError("tick at least one device to bound " + name + " on");
    return built;
}

} // namespace roofscope::ui
