#include "ui/views/view_options.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

namespace roofscope::ui {

ViewOptions::ViewOptions(QWidget* parent) : QWidget(parent), layout_(new QHBoxLayout(this)) {
    layout_->setContentsMargins(0, 0, 0, 0);
    // The controls keep their size at the left; the stretch takes the rest of the width.
    layout_->addStretch(1);
}

QComboBox* ViewOptions::addCombo(const QString& label, const QString& objectName, bool announces) {
    auto* text = new QLabel(label, this);
    auto* combo = new QComboBox(this);
    combo->setObjectName(objectName);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    text->setBuddy(combo);
    addWidget(text);
    addWidget(combo);
    if (announces)
        connect(combo, &QComboBox::currentIndexChanged, this, &ViewOptions::edited);
    return combo;
}

void ViewOptions::addWidget(QWidget* widget) {
    layout_->insertWidget(layout_->count() - 1, widget);
}

void ViewOptions::addDeviceItems(QComboBox* combo, const Session& session, const Catalog* catalog,
                                 const QString& prefix, const QString& suffix) {
    for (const auto& device : session.devices)
        combo->addItem(deviceName(session, device.id) + suffix,
                       prefix + QString::fromStdString(device.id));
    if (!catalog)
        return;
    bool separated = false;
    for (const auto& entry : catalog->entries()) {
        const Device& device = entry.device;
        if (session.findDevice(device.id))
            continue;
        if (!separated) {
            combo->insertSeparator(combo->count());
            separated = true;
        }
        combo->addItem(QString::fromStdString(device.name.empty() ? device.id : device.name) +
                           suffix + tr(" · catalog"),
                       prefix + QString::fromStdString(device.id));
    }
}

QString fromView(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QString deviceName(const Session& session, const std::string& id) {
    const Device* d = session.findDevice(id);
    return d && !d->name.empty() ? QString::fromStdString(d->name) : QString::fromStdString(id);
}

void selectData(QComboBox* combo, const QVariant& data) {
    const int i = combo->findData(data);
    combo->setCurrentIndex(i >= 0 ? i : 0);
}

} // namespace roofscope::ui
