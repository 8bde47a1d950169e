// The MD-Roofline chart's lower half: the iteration split by phase, measured against the MD
// bound, one pair of stacked bars per rank with the straggler marked; hovering a segment says its
// phase and time.
#include "ui/views/md_chart.h"

#include "ui/axis_format.h"
#include "ui/views/chart_frame.h"
#include "ui/views/md_chart_text.h"

#include <algorithm>
#include <cstdio>

namespace roofscope::ui {
namespace {

QString seconds(double s) {
    return QString::fromStdString(formatSi(s, Dimension::time));
}

} // namespace

QColor MdChart::phaseColor(Phase phase) {
    switch (phase) { // Okabe-Ito: the same phase has the same colour in every session
    case Phase::forward:
        return QColor(0x00, 0x72, 0xB2);
    case Phase::backward:
        return QColor(0x56, 0xB4, 0xE9);
    case Phase::communication:
        return QColor(0x00, 0x9E, 0x73);
    case Phase::optimizer:
        return QColor(0xCC, 0x79, 0xA7);
    case Phase::unknown:
        break;
    }
    return QColor(0x99, 0x99, 0x99);
}

void MdChart::drawBars(const MdAnalysis& md) {
    barRect_ = addBarStrip(*this, tr("Iteration by phase: measured vs MD bound")).rect;
    QCPAxis* keys = barRect_->axis(QCPAxis::atLeft);
    QCPAxis* values = barRect_->axis(QCPAxis::atBottom);

    const bool perRank = md.shownRank < 0 && md.ranks.size() > 1;
    std::vector<Phase> phases;
    for (const auto& r : md.ranks)
        for (const auto& [phase, totals] : r.iteration.phases)
            if (std::find(phases.begin(), phases.end(), phase) == phases.end())
                phases.push_back(phase);
    // Forward, backward, gradient sync, optimizer: the order of a training step.
    const Phase stepOrder[] = {Phase::forward, Phase::backward, Phase::communication,
                               Phase::optimizer, Phase::unknown};
    std::vector<Phase> ordered;
    for (const Phase p : stepOrder)
        if (std::find(phases.begin(), phases.end(), p) != phases.end())
            ordered.push_back(p);

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double key = 0, longest = 0;
    double stragglerKey = -1, stragglerValue = 0;
    std::vector<double> barKeys;
    for (const auto& r : md.ranks) {
        if (md.shownRank >= 0 && r.rank != md.shownRank)
            continue;
        const bool isStraggler = perRank && md.straggler && md.straggler->rank == r.rank;
        for (const bool bound : {false, true}) {
            PhaseBar bar;
            bar.rank = r.rank;
            bar.bound = bound;
            const QString what = bound ? tr("bound") : tr("measured");
            bar.label = perRank ? tr("rank %1 · %2").arg(r.rank).arg(what) : what;
            if (isStraggler && !bound)
                bar.label = tr("rank %1 · measured (straggler)").arg(r.rank);
            double total = 0;
            for (const auto& [phase, totals] : r.iteration.phases) {
                bar.seconds[phase] = bound ? totals.boundS : totals.measuredS;
                total += bar.seconds[phase];
            }
            ticker->addTick(key, bar.label);
            barKeys.push_back(key);
            longest = std::max(longest, total);
            if (isStraggler && !bound) {
                stragglerKey = key;
                stragglerValue = total;
            }
            bars_.push_back(std::move(bar));
            key += 1;
        }
        key += 0.5; // a gap between ranks
    }
    keys->setTicker(ticker);
    keys->setTickLength(0, 0);
    keys->setRange(-0.7, key - 0.8);

    // Inside the bars' rectangle, top right: the value range leaves room for it there.
    auto* legendBox = new QCPLegend;
    barRect_->insetLayout()->addElement(legendBox, Qt::AlignTop | Qt::AlignRight);
    legendBox->setLayer(QStringLiteral("legend"));
    legendBox->setFont(QFont(font().family(), 8));
    legendBox->setBrush(QColor(255, 255, 255, 230));
    legendBox->setRowSpacing(0);
    QCPBars* below = nullptr;
    std::vector<double> base(bars_.size(), 0.0); // where each bar's next segment starts
    for (const Phase phase : ordered) {
        auto* bars = new QCPBars(keys, values);
        bars->setName(mdPhaseName(phase));
        bars->setBrush(phaseColor(phase));
        bars->setPen(QPen(Qt::white, 0.8));
        bars->setWidth(0.8);
        bars->setStackingGap(0);
        bars->setSelectable(QCP::stNone);
        QVector<double> k, v;
        for (std::size_t i = 0; i < bars_.size(); ++i) {
            const auto it = bars_[i].seconds.find(phase);
            k.push_back(barKeys[i]);
            v.push_back(it == bars_[i].seconds.end() ? 0.0 : it->second);
        }
        bars->setData(k, v, true);
        for (std::size_t i = 0; i < bars_.size(); ++i) {
            if (v[static_cast<int>(i)] <= 0)
                continue;
            double total = 0;
            for (const auto& [p, s] : bars_[i].seconds)
                total += s;
            addBarPick(bars, k[static_cast<int>(i)], base[i], v[static_cast<int>(i)],
                       tr("%1\n%2: %3 of %4")
                           .arg(bars_[i].label, mdPhaseName(phase), seconds(v[static_cast<int>(i)]),
                                seconds(total)));
            base[i] += v[static_cast<int>(i)];
        }
        if (below)
            bars->moveAbove(below);
        below = bars;
        legendBox->addItem(new QCPPlottableLegendItem(legendBox, bars));
    }
    if (stragglerKey >= 0) {
        straggler_ = new QCPItemText(this);
        straggler_->setClipAxisRect(barRect_);
        straggler_->position->setAxes(values, keys);
        straggler_->position->setCoords(stragglerValue, stragglerKey);
        straggler_->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        straggler_->setPadding(QMargins(6, 0, 0, 0));
        straggler_->setFont(QFont(font().family(), 8, QFont::Bold));
        straggler_->setColor(QColor(0xD5, 0x5E, 0x00));
        char percent[32];
        std::snprintf(percent, sizeof percent, "%+.1f", md.straggler->slowerFraction * 100);
        straggler_->setText(tr("◀ straggler: %1, %2 % vs the median rank (%3)")
                                .arg(seconds(md.straggler->measuredS))
                                .arg(QString::fromLatin1(percent))
                                .arg(seconds(md.straggler->medianS)));
    }
    // Room right of the longest bar for the straggler's label.
    values->setRange(0, longest > 0 ? longest * (straggler_ ? 1.75 : 1.35) : 1e-3);
    plotLayout()->setRowSpacing(4);
}

} // namespace roofscope::ui
