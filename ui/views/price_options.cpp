// The matrix and cost views' strip: the price of one hour of each device of the session.
#include "ui/views/view_options.h"

#include <QComboBox>
#include <QDoubleSpinBox>

namespace roofscope::ui {
namespace {

class PriceOptions : public ViewOptions {
  public:
    using ViewOptions::ViewOptions;

    void load(const Session& session, const Catalog*) override {
        prices_ = session.pricesPerHour;
        device_ = addCombo(tr("Price per hour of "), QStringLiteral("priceDevice"), false);
        for (const auto& device : session.devices)
            device_->addItem(deviceName(session, device.id), QString::fromStdString(device.id));
        price_ = new QDoubleSpinBox(this);
        price_->setObjectName(QStringLiteral("price"));
        price_->setRange(0, 1e6);
        price_->setDecimals(3);
        price_->setSpecialValueText(tr("none"));
        price_->setToolTip(tr("What one hour of this device costs, in any currency; none leaves "
                              "it out of the cost view"));
        addWidget(price_);
        const auto showPrice = [this] {
            const auto it = prices_.find(device_->currentData().toString().toStdString());
            const QSignalBlocker block(price_);
            price_->setValue(it == prices_.end() ? 0 : it->second);
        };
        connect(device_, &QComboBox::currentIndexChanged, this, showPrice);
        showPrice();
        connect(price_, &QDoubleSpinBox::editingFinished, this, [this] {
            const std::string id = device_->currentData().toString().toStdString();
            if (id.empty())
                return;
            const auto it = prices_.find(id);
            const double before = it == prices_.end() ? 0 : it->second;
            if (price_->value() == before)
                return;
            if (price_->value() > 0)
                prices_[id] = price_->value();
            else
                prices_.erase(id);
            emit edited();
        });
    }

    void store(Session& session) const override { session.pricesPerHour = prices_; }

  private:
    QComboBox* device_ = nullptr;
    QDoubleSpinBox* price_ = nullptr;
    std::map<std::string, double> prices_;
};

} // namespace

ViewOptions* makePriceOptions(QWidget* parent) {
    return new PriceOptions(parent);
}

} // namespace roofscope::ui
