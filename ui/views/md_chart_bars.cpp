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
    const BarStrip strip = addBarStrip(*this, tr("Step and iteration: overlap, kernel time by "
                                                 "phase, MD bound"));
    barRect_ = strip.rect;
    QCPAxis* keys = barRect_->axis(QCPAxis::atLeft);
    QCPAxis* values = barRect_->axis(QCPAxis::atBottom);

    const bool perRank = md.shownRank < 0 && md.ranks.size() > 1;
    // Forward, backward, gradient sync, optimizer: the order of a training step.
    const Phase stepOrder[] = {Phase::forward, Phase::backward, Phase::communication,
                               Phase::optimizer, Phase::unknown};
    const QColor commColor = phaseColor(Phase::communication);
    const QColor hiddenColor(0xA8, 0xDD, 0xCB);
    const QColor computeColor(0x6B, 0x6B, 0x6B);
    const QColor copyColor(0xE6, 0x9F, 0x00);
    const QColor idleColor(0xE4, 0xE4, 0xE4);
    const QColor unknownColor(0xC8, 0xC8, 0xC8);

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double key = 0, longest = 0;
    double stragglerKey = -1, stragglerValue = 0;
    std::vector<double> barKeys;
    const auto add = [&](PhaseBar bar) {
        double total = 0;
        for (const Segment& s : bar.segments)
            total += s.seconds;
        ticker->addTick(key, bar.label);
        barKeys.push_back(key);
        longest = std::max(longest, total);
        bars_.push_back(std::move(bar));
        key += 1;
        return total;
    };
    for (const auto& r : md.ranks) {
        if (md.shownRank >= 0 && r.rank != md.shownRank)
            continue;
        const bool isStraggler = perRank && md.straggler && md.straggler->rank == r.rank;
        const QString prefix = perRank ? tr("rank %1 · ").arg(r.rank) : QString();
        if (r.overlap) {
            const MdStepOverlap& o = *r.overlap;
            PhaseBar step;
            step.rank = r.rank;
            step.kind = BarKind::step;
            step.label = prefix + tr("step (timeline)");
            step.segments = {{tr("compute"), computeColor, o.computeS},
                             {tr("exposed communication"), commColor, o.exposedCommS},
                             {tr("exposed copies"), copyColor, o.exposedMemcpyS},
                             {tr("idle"), idleColor, o.idleS}};
            add(std::move(step));
            if (o.commS > 0) {
                PhaseBar comm;
                comm.rank = r.rank;
                comm.kind = BarKind::communication;
                comm.label = prefix + tr("communication");
                comm.segments = {{tr("hidden behind compute"), hiddenColor, o.hiddenCommS},
                                 {tr("exposed communication"), commColor, o.exposedCommS}};
                add(std::move(comm));
            }
        }
        for (const bool bound : {false, true}) {
            PhaseBar bar;
            bar.rank = r.rank;
            bar.bound = bound;
            bar.kind = bound ? BarKind::bound : BarKind::measured;
            bar.label = prefix + (bound ? tr("MD bound") : tr("kernel time by phase"));
            if (isStraggler && !bound)
                bar.label += tr(" (straggler)");
            for (const Phase phase : stepOrder) {
                const auto it = r.iteration.phases.find(phase);
                if (it == r.iteration.phases.end())
                    continue;
                const double v = bound ? it->second.boundS : it->second.measuredS;
                if (v <= 0)
                    continue;
                bar.seconds[phase] = v;
                bar.segments.push_back({mdPhaseName(phase), phaseColor(phase), v});
            }
            if (!bound && r.iteration.unknownS > 0)
                bar.segments.push_back({tr("unknown work"), unknownColor, r.iteration.unknownS});
            const double total = add(std::move(bar));
            if (isStraggler && !bound) {
                stragglerKey = barKeys.back();
                stragglerValue = total;
            }
        }
        key += 0.5; // a gap between ranks
    }
    keys->setTicker(ticker);
    keys->setTickLength(0, 0);
    keys->setRangeReversed(true); // the step first, at the top
    keys->setRange(-0.7, key - 0.8);

    // Beside the bars, not over them.
    auto* legendBox = new QCPLegend;
    strip.grid->addElement(1, 1, legendBox);
    strip.grid->setColumnStretchFactor(1, 0.001);
    legendBox->setLayer(QStringLiteral("legend"));
    legendBox->setFont(QFont(font().family(), 7));
    legendBox->setIconSize(12, 8);
    legendBox->setRowSpacing(-3);
    legendBox->setBorderPen(Qt::NoPen);
    // One stacked series per segment name, in order of first appearance.
    std::vector<std::pair<QString, QColor>> names;
    for (const PhaseBar& bar : bars_)
        for (const Segment& s : bar.segments)
            if (std::none_of(names.begin(), names.end(),
                             [&](const auto& n) { return n.first == s.name; }))
                names.emplace_back(s.name, s.color);
    QCPBars* below = nullptr;
    std::vector<double> base(bars_.size(), 0.0); // where each bar's next segment starts
    for (const auto& [name, color] : names) {
        auto* series = new QCPBars(keys, values);
        series->setName(name);
        QBrush brush(color);
        if (name == tr("unknown work"))
            brush = QBrush(QColor(0x88, 0x88, 0x88), Qt::BDiagPattern);
        series->setBrush(brush);
        series->setPen(
            QPen(name == tr("unknown work") ? unknownColor.darker(130) : Qt::white, 0.8));
        series->setWidth(0.8);
        series->setStackingGap(0);
        series->setSelectable(QCP::stNone);
        QVector<double> k, v;
        for (std::size_t i = 0; i < bars_.size(); ++i) {
            double length = 0;
            for (const Segment& s : bars_[i].segments)
                if (s.name == name)
                    length = s.seconds;
            k.push_back(barKeys[i]);
            v.push_back(length);
        }
        series->setData(k, v, true);
        for (std::size_t i = 0; i < bars_.size(); ++i) {
            const double length = v[static_cast<int>(i)];
            if (length <= 0)
                continue;
            double total = 0;
            for (const Segment& s : bars_[i].segments)
                total += s.seconds;
            addBarPick(series, k[static_cast<int>(i)], base[i], length,
                       tr("%1\n%2: %3 of %4 (%5 %)")
                           .arg(bars_[i].label, name, seconds(length), seconds(total))
                           .arg(total > 0 ? 100 * length / total : 0, 0, 'f', 1));
            base[i] += length;
        }
        if (below)
            series->moveAbove(below);
        below = series;
        legendBox->addItem(new QCPPlottableLegendItem(legendBox, series));
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
    values->setRange(0, longest > 0 ? longest * (straggler_ ? 1.75 : 1.05) : 1e-3);
    plotLayout()->setRowSpacing(4);
}

} // namespace roofscope::ui
