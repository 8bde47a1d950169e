#include "ui/run_info_dialog.h"

#include "core/systems.h"
#include "core/units.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace roofscope::ui {
namespace {

QLineEdit* field(QWidget* parent, const QString& name, const std::string& text,
                 const QString& placeholder) {
    auto* edit = new QLineEdit(QString::fromStdString(text), parent);
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

std::string trimmed(const QLineEdit* edit) {
    return edit->text().trimmed().toStdString();
}

} // namespace

RunInfoDialog::RunInfoDialog(const DatasetContext& c, std::vector<RunDevice> devices,
                             QWidget* parent)
    : QDialog(parent), devices_(std::move(devices)) {
    setObjectName(QStringLiteral("runInfoDialog"));
    setWindowTitle(tr("Run Details — %1").arg(QString::fromStdString(c.label)));
    device_ = new QComboBox(this);
    device_->setObjectName(QStringLiteral("device"));
    device_->addItem(tr("none: no roofs"), QString());
    bool listed = c.deviceId.empty();
    for (const RunDevice& d : devices_) {
        device_->addItem(QString::fromStdString(d.name), QString::fromStdString(d.id));
        listed = listed || d.id == c.deviceId;
    }
    if (!listed) // a device the session names but no longer holds stays choosable
        device_->addItem(QString::fromStdString(c.deviceId), QString::fromStdString(c.deviceId));
    device_->setCurrentIndex(device_->findData(QString::fromStdString(c.deviceId)));
    system_ = new QComboBox(this);
    system_->setObjectName(QStringLiteral("system"));
    systemInfo_ = new QLabel(this);
    systemInfo_->setObjectName(QStringLiteral("systemInfo"));
    systemInfo_->setWordWrap(true);
    fillSystems();
    connect(device_, &QComboBox::currentIndexChanged, this, [this] { fillSystems(); });
    connect(system_, &QComboBox::currentIndexChanged, this, [this] { describeSystem(); });
    model_ = field(this, QStringLiteral("model"), c.model, tr("e.g. BERT-large"));
    framework_ =
        field(this, QStringLiteral("framework"), c.stack.framework, tr("e.g. PyTorch 2.3.1"));
    cuda_ = field(this, QStringLiteral("cuda"), c.stack.cuda, tr("e.g. 12.4"));
    driver_ = field(this, QStringLiteral("driver"), c.stack.driver, tr("e.g. 550.54.15"));
    cudnn_ = field(this, QStringLiteral("cudnn"), c.stack.cudnn, tr("e.g. 9.1.0"));
    nccl_ = field(this, QStringLiteral("nccl"), c.stack.nccl, tr("e.g. 2.21.5"));
    QStringList tags;
    for (const auto& t : c.tags)
        tags << QString::fromStdString(t);
    tags_ = new QLineEdit(tags.join(QStringLiteral(", ")), this);
    tags_->setObjectName(QStringLiteral("tags"));
    tags_->setPlaceholderText(tr("comma-separated, e.g. amp, container 24.05"));
    repeat_ = new QSpinBox(this);
    repeat_->setObjectName(QStringLiteral("repeat"));
    repeat_->setRange(0, 1000000);
    repeat_->setValue(c.repeat);

    auto* form = new QFormLayout;
    form->addRow(tr("D&evice:"), device_);
    form->addRow(tr("S&ystem:"), system_);
    form->addRow(QString(), systemInfo_);
    form->addRow(tr("&Model:"), model_);
    form->addRow(tr("&Framework:"), framework_);
    form->addRow(tr("&CUDA:"), cuda_);
    form->addRow(tr("&Driver:"), driver_);
    form->addRow(tr("cu&DNN:"), cudnn_);
    form->addRow(tr("&NCCL:"), nccl_);
    form->addRow(tr("&Tags:"), tags_);
    form->addRow(tr("&Repeat:"), repeat_);
    auto* hint = new QLabel(tr("Runs of one model on one device with one software stack are "
                               "repeats of a configuration: the matrix view shows their mean and "
                               "standard error, and the comparison view matches their ops."),
                            this);
    hint->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(460, sizeHint().height());
}

void RunInfoDialog::fillSystems() {
    const std::string id = device_->currentData().toString().toStdString();
    std::string current;
    for (const RunDevice& d : devices_)
        if (d.id == id)
            current = d.system;
    const QSignalBlocker block(system_);
    system_->clear();
    system_->addItem(tr("none (the device's own link ceilings)"), QString());
    for (const System* s : systemsFor(builtinSystems(), id))
        system_->addItem(QString::fromStdString(s->name), QString::fromStdString(s->id));
    system_->setCurrentIndex(std::max(0, system_->findData(QString::fromStdString(current))));
    system_->setEnabled(system_->count() > 1);
    describeSystem();
}

void RunInfoDialog::describeSystem() {
    const System* s = findSystem(builtinSystems(), system().c_str());
    if (!s) {
        systemInfo_->setText(system_->count() > 1 ? tr("Collectives keep the device's own "
                                                       "link ceilings.")
                                                  : tr("The systems catalog lists no machine "
                                                       "with this device."));
        return;
    }
    const auto bw = [](const std::optional<Ceiling>& c) {
        return c ? QString::fromStdString(formatSi(c->value, Dimension::bytesPerS)) : tr("unknown");
    };
    QString text = tr("%1 GPUs a node; collectives within a node %2, across nodes %3 (bus "
                      "bandwidth per GPU, spec)")
                       .arg(s->gpusPerNode)
                       .arg(bw(s->intraNode), bw(s->interNode));
    if (s->price)
        text += tr("; %1 USD an hour on demand (%2, %3)")
                    .arg(s->price->usdPerHour, 0, 'f', 2)
                    .arg(QString::fromStdString(s->price->region),
                         QString::fromStdString(s->price->date));
    systemInfo_->setText(text + QLatin1Char('.'));
}

std::string RunInfoDialog::system() const {
    return system_->currentData().toString().toStdString();
}

DatasetContext RunInfoDialog::edited(DatasetContext c) const {
    c.deviceId = device_->currentData().toString().toStdString();
    c.model = trimmed(model_);
    c.stack.framework = trimmed(framework_);
    c.stack.cuda = trimmed(cuda_);
    c.stack.driver = trimmed(driver_);
    c.stack.cudnn = trimmed(cudnn_);
    c.stack.nccl = trimmed(nccl_);
    c.tags.clear();
    for (const QString& tag : tags_->text().split(QLatin1Char(',')))
        if (!tag.trimmed().isEmpty())
            c.tags.push_back(tag.trimmed().toStdString());
    c.repeat = repeat_->value();
    return c;
}

} // namespace roofscope::ui
