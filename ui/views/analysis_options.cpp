// AnalysisPane's options strip: one set of controls per view, rebuilt when the session is shown.
#include "ui/views/analysis_pane.h"

#include "core/analysis/shown_dataset.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include <set>

namespace roofscope::ui {
namespace {

QString qs(std::string_view text) {
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

} // namespace

QComboBox* AnalysisPane::addCombo(const QString& label, const QString& objectName) {
    auto* text = new QLabel(label, options_);
    auto* combo = new QComboBox(options_);
    combo->setObjectName(objectName);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    text->setBuddy(combo);
    optionsLayout_->addWidget(text);
    optionsLayout_->addWidget(combo);
    connect(combo, &QComboBox::currentIndexChanged, this, &AnalysisPane::edited);
    return combo;
}

void AnalysisPane::addDeviceItems(QComboBox* combo, const Session& session, const QString& prefix,
                                  const QString& suffix) {
    for (const auto& device : session.devices)
        combo->addItem(deviceName(session, device.id) + suffix,
                       prefix + QString::fromStdString(device.id));
    if (!catalog_)
        return;
    bool separated = false;
    for (const auto& entry : catalog_->entries()) {
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

void AnalysisPane::rebuildOptions(const Session& session) {
    while (QLayoutItem* item = optionsLayout_->takeAt(0)) {
        // Deleted later, since the strip is rebuilt from inside a signal of one of its widgets;
        // out of the pane now, so that nothing (a test's findChild included) finds it again.
        if (QWidget* w = item->widget()) {
            w->hide();
            w->setParent(nullptr);
            w->deleteLater();
        }
        delete item;
    }
    baseline_ = target_ = rank_ = cluster_ = link_ = nullptr;
    moveCategory_ = moveDevice_ = priceDevice_ = nullptr;
    price_ = nullptr;
    switch (kind_) {
    case ViewKind::comparison:
        addComparisonOptions(session);
        break;
    case ViewKind::md_roofline:
        addMdOptions(session);
        break;
    case ViewKind::placement:
        addPlacementOptions(session);
        break;
    case ViewKind::matrix:
    case ViewKind::cost:
        addPriceOptions(session);
        break;
    default:
        break;
    }
    optionsLayout_->addStretch(1);
    options_->setVisible(optionsLayout_->count() > 1);
}

void AnalysisPane::addComparisonOptions(const Session& session) {
    const ViewSettings& v = session.view;
    baseline_ = addCombo(tr("Run A "), QStringLiteral("compareBaseline"));
    target_ = addCombo(tr("  against "), QStringLiteral("compareTarget"));
    baseline_->addItem(tr("First dataset"), QString());
    target_->addItem(tr("Second dataset"), QStringLiteral("dataset:"));
    for (const auto& d : session.datasets) {
        const QString label = QString::fromStdString(d.context.label);
        baseline_->addItem(label, label);
        target_->addItem(label, QStringLiteral("dataset:") + label);
    }
    addDeviceItems(target_, session, QStringLiteral("device:"), tr(" (projected)"));
    selectData(baseline_, QString::fromStdString(v.compareBaseline));
    selectData(target_, v.projectDevice.empty()
                            ? QStringLiteral("dataset:") + QString::fromStdString(v.compareTarget)
                            : QStringLiteral("device:") + QString::fromStdString(v.projectDevice));
    baseline_->setToolTip(tr("The run whose ops are compared (the baseline)"));
    target_->setToolTip(tr("A second run of the same model, matched op by op, or a device that "
                           "run A is projected onto from each op's bound there"));
}

void AnalysisPane::addMdOptions(const Session& session) {
    const ViewSettings& v = session.view;
    rank_ = addCombo(tr("Rank "), QStringLiteral("mdRank"));
    rank_->addItem(tr("All ranks"), -1);
    std::set<int> ranks;
    // The dataset the MD view shows (core's rule), so the ranks listed are the ones it has.
    if (const int shown = shownDataset(session); shown >= 0)
        for (const auto& r : session.datasets[static_cast<std::size_t>(shown)].records)
            ranks.insert(r.rank);
    for (const int r : ranks)
        rank_->addItem(tr("Rank %1").arg(r), r);
    selectData(rank_, v.mdRank);
    rank_->setToolTip(tr("One rank against its own device, or all ranks against the cluster's "
                         "ceilings"));
    cluster_ = addCombo(tr("  Cluster ceilings "), QStringLiteral("clusterRule"));
    cluster_->addItem(tr("Slowest rank"), qs(toString(ClusterRule::slowest)));
    cluster_->addItem(tr("Mean of ranks"), qs(toString(ClusterRule::mean)));
    selectData(cluster_, qs(toString(v.clusterRule)));
    link_ = addCombo(tr("  APB from "), QStringLiteral("mdLink"));
    const std::pair<Link, QString> links[] = {{Link::intra_node, tr("Intra-node collectives")},
                                              {Link::inter_node, tr("Inter-node collectives")},
                                              {Link::p2p, tr("Peer-to-peer")},
                                              {Link::pcie_h2d, tr("PCIe host to device")},
                                              {Link::pcie_d2h, tr("PCIe device to host")}};
    for (const auto& [link, text] : links)
        link_->addItem(text, qs(toString(link)));
    selectData(link_, qs(toString(v.link)));
    link_->setToolTip(tr("The link ceiling whose bandwidth is APB, the communication roof"));
}

void AnalysisPane::addPlacementOptions(const Session& session) {
    moveCategory_ = addCombo(tr("Move "), QStringLiteral("moveCategory"));
    for (const auto& entry : enumNames<Category>())
        moveCategory_->addItem(qs(entry.name), qs(entry.name));
    moveDevice_ = addCombo(tr(" to "), QStringLiteral("moveDevice"));
    addDeviceItems(moveDevice_, session, QString());
    // Choosing what to move is not yet a move: the button makes it one.
    disconnect(moveCategory_, nullptr, this, nullptr);
    disconnect(moveDevice_, nullptr, this, nullptr);
    auto* add = new QPushButton(tr("Move"), options_);
    add->setObjectName(QStringLiteral("addMove"));
    add->setEnabled(moveDevice_->count() > 0);
    connect(add, &QPushButton::clicked, this, [this] {
        const auto category =
            parseEnum<Category>(moveCategory_->currentData().toString().toStdString());
        if (!category || moveDevice_->currentIndex() < 0)
            return;
        moves_.push_back({*category, moveDevice_->currentData().toString().toStdString()});
        edited();
    });
    optionsLayout_->addWidget(add);
    QStringList moved;
    for (const auto& m : moves_)
        moved << QStringLiteral("%1 → %2").arg(qs(toString(m.category)),
                                               deviceName(session, m.deviceId));
    auto* list =
        new QLabel(moved.isEmpty() ? tr("  No moves: the placement as measured")
                                   : QStringLiteral("  ") + moved.join(QStringLiteral("; ")),
                   options_);
    list->setObjectName(QStringLiteral("movesList"));
    optionsLayout_->addWidget(list);
    auto* clear = new QPushButton(tr("Clear Moves"), options_);
    clear->setObjectName(QStringLiteral("clearMoves"));
    clear->setEnabled(!moves_.empty());
    connect(clear, &QPushButton::clicked, this, [this] {
        moves_.clear();
        edited();
    });
    optionsLayout_->addWidget(clear);
}

void AnalysisPane::addPriceOptions(const Session& session) {
    priceDevice_ = addCombo(tr("Price per hour of "), QStringLiteral("priceDevice"));
    disconnect(priceDevice_, nullptr, this, nullptr);
    for (const auto& device : session.devices)
        priceDevice_->addItem(deviceName(session, device.id), QString::fromStdString(device.id));
    price_ = new QDoubleSpinBox(options_);
    price_->setObjectName(QStringLiteral("price"));
    price_->setRange(0, 1e6);
    price_->setDecimals(3);
    price_->setSpecialValueText(tr("none"));
    price_->setToolTip(tr("What one hour of this device costs, in any currency; none leaves it "
                          "out of the cost view"));
    optionsLayout_->addWidget(price_);
    const auto showPrice = [this] {
        const auto it = prices_.find(priceDevice_->currentData().toString().toStdString());
        const QSignalBlocker block(price_);
        price_->setValue(it == prices_.end() ? 0 : it->second);
    };
    connect(priceDevice_, &QComboBox::currentIndexChanged, this, showPrice);
    showPrice();
    connect(price_, &QDoubleSpinBox::editingFinished, this, [this] {
        const std::string id = priceDevice_->currentData().toString().toStdString();
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
        edited();
    });
}

void AnalysisPane::applyTo(Session& session) const {
    ViewSettings& v = session.view;
    if (baseline_)
        v.compareBaseline = baseline_->currentData().toString().toStdString();
    if (target_) {
        const QString data = target_->currentData().toString();
        const bool device = data.startsWith(QStringLiteral("device:"));
        const std::string rest = data.mid(data.indexOf(QLatin1Char(':')) + 1).toStdString();
        v.projectDevice = device ? rest : std::string();
        v.compareTarget = device ? std::string() : rest;
    }
    if (rank_)
        v.mdRank = rank_->currentData().toInt();
    if (cluster_)
        v.clusterRule = parseEnum<ClusterRule>(cluster_->currentData().toString().toStdString())
                            .value_or(ClusterRule::slowest);
    if (link_)
        v.link = parseEnum<Link>(link_->currentData().toString().toStdString())
                     .value_or(Link::intra_node);
    v.moves = moves_;
    session.pricesPerHour = prices_;
    // A target chosen from the catalog joins the session, which must hold every device it names.
    std::vector<std::string> named;
    for (const auto& m : v.moves)
        named.push_back(m.deviceId);
    if (!v.projectDevice.empty())
        named.push_back(v.projectDevice);
    for (const auto& id : named) {
        if (session.findDevice(id) || !catalog_)
            continue;
        if (const CatalogEntry* entry = catalog_->find(id))
            session.devices.push_back(entry->device);
    }
}

} // namespace roofscope::ui
