// The placement view's strip: a category and a device, a button that makes them a move, the
// moves so far, and a button that clears them.
#include "ui/views/view_options.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>

namespace roofscope::ui {
namespace {

class PlacementOptions : public ViewOptions {
  public:
    using ViewOptions::ViewOptions;

    void load(const Session& session, const Catalog* catalog) override {
        moves_ = session.view.placement.moves;
        // Choosing what to move is not yet a move: the button makes it one.
        category_ = addCombo(tr("Move "), QStringLiteral("moveCategory"), false);
        for (const auto& entry : enumNames<Category>())
            category_->addItem(fromView(entry.name), fromView(entry.name));
        device_ = addCombo(tr(" to "), QStringLiteral("moveDevice"), false);
        addDeviceItems(device_, session, catalog, QString());
        auto* add = new QPushButton(tr("Move"), this);
        add->setObjectName(QStringLiteral("addMove"));
        add->setEnabled(device_->count() > 0);
        connect(add, &QPushButton::clicked, this, [this] {
            const auto category =
                parseEnum<Category>(category_->currentData().toString().toStdString());
            if (!category || device_->currentIndex() < 0)
                return;
            moves_.push_back({*category, device_->currentData().toString().toStdString()});
            emit edited();
        });
        addWidget(add);
        QStringList moved;
        for (const auto& m : moves_)
            moved << QStringLiteral("%1 → %2").arg(fromView(toString(m.category)),
                                                   deviceName(session, m.deviceId));
        auto* list =
            new QLabel(moved.isEmpty() ? tr("  No moves: the placement as measured")
                                       : QStringLiteral("  ") + moved.join(QStringLiteral("; ")),
                       this);
        list->setObjectName(QStringLiteral("movesList"));
        addWidget(list);
        auto* clear = new QPushButton(tr("Clear Moves"), this);
        clear->setObjectName(QStringLiteral("clearMoves"));
        clear->setEnabled(!moves_.empty());
        connect(clear, &QPushButton::clicked, this, [this] {
            moves_.clear();
            emit edited();
        });
        addWidget(clear);
    }

    void store(Session& session) const override { session.view.placement.moves = moves_; }

  private:
    QComboBox* category_ = nullptr;
    QComboBox* device_ = nullptr;
    std::vector<PlacementMove> moves_;
};

} // namespace

ViewOptions* makePlacementOptions(QWidget* parent) {
    return new PlacementOptions(parent);
}

} // namespace roofscope::ui
