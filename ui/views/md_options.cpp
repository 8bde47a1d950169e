// The MD-Roofline view's strip: the rank shown, the cluster's ceilings, and the link whose
// bandwidth is the communication roof (APB).
#include "ui/views/view_options.h"

#include "core/analysis/shown_dataset.h"

#include <QComboBox>

#include <set>

namespace roofscope::ui {
namespace {

class MdOptions : public ViewOptions {
  public:
    using ViewOptions::ViewOptions;

    void load(const Session& session, const Catalog*) override {
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
        selectData(rank_, v.md.rank);
        rank_->setToolTip(tr("One rank against its own device, or all ranks against the "
                             "cluster's ceilings"));
        cluster_ = addCombo(tr("  Cluster ceilings "), QStringLiteral("clusterRule"));
        cluster_->addItem(tr("Slowest rank"), fromView(toString(ClusterRule::slowest)));
        cluster_->addItem(tr("Mean of ranks"), fromView(toString(ClusterRule::mean)));
        selectData(cluster_, fromView(toString(v.md.clusterRule)));
        link_ = addCombo(tr("  APB from "), QStringLiteral("mdLink"));
        const std::pair<Link, QString> links[] = {{Link::intra_node, tr("Intra-node collectives")},
                                                  {Link::inter_node, tr("Inter-node collectives")},
                                                  {Link::p2p, tr("Peer-to-peer")},
                                                  {Link::pcie_h2d, tr("PCIe host to device")},
                                                  {Link::pcie_d2h, tr("PCIe device to host")}};
        for (const auto& [link, text] : links)
            link_->addItem(text, fromView(toString(link)));
        selectData(link_, fromView(toString(v.link)));
        link_->setToolTip(tr("The link ceiling whose bandwidth is APB, the communication roof"));
    }

    void store(Session& session) const override {
        ViewSettings& v = session.view;
        v.md.rank = rank_->currentData().toInt();
        v.md.clusterRule = parseEnum<ClusterRule>(cluster_->currentData().toString().toStdString())
                               .value_or(ClusterRule::slowest);
        v.link = parseEnum<Link>(link_->currentData().toString().toStdString())
                     .value_or(Link::intra_node);
    }

  private:
    QComboBox* rank_ = nullptr;
    QComboBox* cluster_ = nullptr;
    QComboBox* link_ = nullptr;
};

} // namespace

ViewOptions* makeMdOptions(QWidget* parent) {
    return new MdOptions(parent);
}

} // namespace roofscope::ui
