#include "ui/step_timeline_panel.h"

#include "core/import/kineto/timeline_table.h"
#include "core/units.h"
#include "ui/step_timeline_plot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>
#include <map>

namespace roofscope::ui {

namespace {

QString si(double v, Dimension d) {
    return QString::fromStdString(formatSi(v, d));
}

QString swatch(const QColor& c, const QString& text) {
    return QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
        .arg(c.name(), text.toHtmlEscaped());
}

struct Built {
    StepTimeline timeline;
    std::shared_ptr<const LaunchRecords> records;
};

} // namespace

StepTimelinePanel::StepTimelinePanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("stepTimeline"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 0);
    auto* title = new QLabel(tr("<b>Step timeline</b>"), this);
    run_ = new QComboBox(this);
    run_->setObjectName(QStringLiteral("timelineRun"));
    run_->setToolTip(tr("The run whose step is shown (runs whose trace is in memory)"));
    // Run labels are file names of 70 characters: at their full width the strip would widen the
    // window past a laptop's screen and squeeze the docks. The tip and the list say them whole.
    run_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    run_->setMinimumContentsLength(24);
    step_ = new QComboBox(this);
    step_->setObjectName(QStringLiteral("timelineStep"));
    // Sized by its longest text's length (fillSteps), not its width: a trace of thousands of
    // steps made the box measure every text, 50 ms after each load.
    step_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    step_->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    step_->setToolTip(tr("The step shown; the one nearest the mean step comes first"));
    color_ = new QComboBox(this);
    color_->setObjectName(QStringLiteral("timelineColor"));
    color_->addItem(tr("Colour: category"));
    color_->addItem(tr("Colour: bottleneck"));
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("timelineSummary"));
    key_ = new QLabel(this);
    key_->setObjectName(QStringLiteral("timelineKey"));
    key_->setTextFormat(Qt::RichText);
    // The key takes the room the choosers leave; what does not fit is cut at the right.
    key_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addWidget(title);
    bar->addWidget(run_);
    bar->addWidget(step_);
    bar->addWidget(color_);
    bar->addWidget(summary_);
    bar->addSpacing(12);
    bar->addWidget(key_, 1);
    layout->addLayout(bar);
    plot_ = new StepTimelinePlot(this);
    lanes_ = new QScrollBar(Qt::Vertical, this);
    lanes_->setObjectName(QStringLiteral("timelineLanes"));
    auto* body = new QHBoxLayout;
    body->setContentsMargins(0, 0, 0, 0);
    body->setSpacing(0);
    body->addWidget(plot_, 1);
    body->addWidget(lanes_);
    layout->addLayout(body, 1);
    connect(plot_->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this] { syncLaneBar(); });
    connect(lanes_, &QScrollBar::valueChanged, this, [this](int first) {
        const double rows = plot_->yAxis->range().size();
        plot_->yAxis->setRange(first - 0.5, first - 0.5 + rows);
        plot_->replot(QCustomPlot::rpQueuedReplot);
    });
    lanes_->hide();

    connect(run_, qOverload<int>(&QComboBox::activated), this, [this] {
        fillSteps();
        build();
    });
    connect(step_, qOverload<int>(&QComboBox::activated), this, [this] { build(); });
    connect(color_, qOverload<int>(&QComboBox::activated), this, [this] { recolor(); });
    connect(plot_, &StepTimelinePlot::recordClicked, this, [this](int record) {
        if (shownDataset_ >= 0)
            emit recordClicked(RecordRef{shownDataset_, record});
    });
    connect(plot_, &StepTimelinePlot::recordHovered, this, [this](std::optional<int> record) {
        if (shownDataset_ < 0 || !record)
            emit recordHovered(std::nullopt);
        else
            emit recordHovered(RecordRef{shownDataset_, *record});
    });
}

StepTimelinePanel::~StepTimelinePanel() = default;

void StepTimelinePanel::setSources(const Session* session, std::vector<Source> sources,
                                   Grouping grouping) {
    const bool regrouped = grouping != grouping_;
    const bool same = !regrouped && session == session_ &&
                      std::equal(sources.begin(), sources.end(), sources_.begin(), sources_.end(),
                                 [](const Source& a, const Source& b) {
                                     return a.dataset == b.dataset && a.trace == b.trace;
                                 });
    session_ = session;
    grouping_ = grouping;
    sources_ = std::move(sources);
    if (regrouped) {
        records_.reset();
        recordsOf_.reset();
    }
    fillRuns();
    // The window refreshes on every edit; a timeline that still fits its run only takes the
    // colours of the edit (a device or ceiling changes the bottlenecks).
    const bool fits =
        shownDataset_ >= 0 && records_ && shownDataset_ < int(session_->datasets.size()) &&
        records_->records ==
            session_->datasets[static_cast<std::size_t>(shownDataset_)].records.size();
    if (same && (fits || isBuilding())) {
        if (fits)
            recolor();
        return;
    }
    fillSteps();
    build();
}

void StepTimelinePanel::fillRuns() {
    const int keep = run_->currentData().isValid() ? run_->currentData().toInt() : -1;
    run_->clear();
    for (const Source& s : sources_) {
        QString label = tr("dataset %1").arg(s.dataset + 1);
        if (session_ && s.dataset >= 0 && s.dataset < int(session_->datasets.size()))
            label = QString::fromStdString(
                session_->datasets[static_cast<std::size_t>(s.dataset)].context.label);
        run_->addItem(label, s.dataset);
        run_->setItemData(run_->count() - 1, label, Qt::ToolTipRole);
    }
    const int at = run_->findData(keep);
    run_->setCurrentIndex(at >= 0 ? at : 0);
    run_->setVisible(sources_.size() > 1);
}

const StepTimelinePanel::Source* StepTimelinePanel::currentSource() const {
    if (!run_->currentData().isValid())
        return nullptr;
    const int dataset = run_->currentData().toInt();
    for (const Source& s : sources_)
        if (s.dataset == dataset)
            return &s;
    return nullptr;
}

void StepTimelinePanel::fillSteps() {
    const QString keep = step_->currentIndex() >= 0 ? steps_[step_->currentIndex()] : QString();
    step_->clear();
    steps_.clear();
    const Source* source = currentSource();
    if (!source || !source->trace)
        return;
    const std::vector<std::string> names = timelineSteps(*source->trace);
    // Each step with its span on the lowest rank; the one nearest the mean comes first (core's
    // typicalTimelineStep, as `roofscope export --view timeline` takes it). Added in one call:
    // a long trace has thousands of steps.
    const std::map<std::string, double> span = timelineStepSpans(*source->trace);
    QStringList texts;
    qsizetype longest = 0;
    for (const std::string& name : names) {
        const auto it = span.find(name);
        QString text = QString::fromStdString(name);
        steps_.append(text);
        if (it != span.end())
            text += QStringLiteral(" (%1)").arg(si(it->second, Dimension::time));
        longest = std::max(longest, text.size());
        texts.append(std::move(text));
    }
    step_->setMinimumContentsLength(static_cast<int>(std::clamp<qsizetype>(longest, 8, 40)));
    step_->addItems(texts);
    const int typical =
        std::max(0, stepIndex(QString::fromStdString(typicalTimelineStep(names, span))));
    const int at = stepIndex(keep);
    step_->setCurrentIndex(at >= 0 ? at : typical);
}

int StepTimelinePanel::stepIndex(const QString& step) const {
    const auto it = std::find(steps_.begin(), steps_.end(), step);
    return it == steps_.end() ? -1 : static_cast<int>(it - steps_.begin());
}

QStringList StepTimelinePanel::steps() const {
    return steps_;
}

bool StepTimelinePanel::showStep(const QString& step) {
    const int at = stepIndex(step);
    if (at < 0)
        return false;
    step_->setCurrentIndex(at);
    build();
    return true;
}

QString StepTimelinePanel::shownStep() const {
    return QString::fromStdString(plot_->timeline().step);
}

int StepTimelinePanel::shownDataset() const {
    return shownDataset_;
}

void StepTimelinePanel::setColoring(Coloring coloring) {
    color_->setCurrentIndex(coloring == Coloring::category ? 0 : 1);
    recolor();
}

StepTimelinePanel::Coloring StepTimelinePanel::coloring() const {
    return color_->currentIndex() == 1 ? Coloring::bottleneck : Coloring::category;
}

QString StepTimelinePanel::summary() const {
    return summary_->text();
}

void StepTimelinePanel::build() {
    const int generation = ++generation_;
    const Source* source = currentSource();
    if (!source || !source->trace || step_->currentIndex() < 0) {
        shown(generation, -1, {}, nullptr);
        return;
    }
    std::shared_ptr<const LaunchRecords> cached = recordsOf_ == source->trace ? records_ : nullptr;
    const std::string step = steps_[step_->currentIndex()].toStdString();
    const int dataset = source->dataset;
    auto trace = source->trace;
    const Grouping grouping = grouping_;
    ++building_;
    auto* watcher = new QFutureWatcher<Built>(this);
    connect(watcher, &QFutureWatcher<Built>::finished, this, [this, watcher, generation, dataset] {
        --building_;
        Built built = watcher->result();
        watcher->deleteLater();
        shown(generation, dataset, std::move(built.timeline), std::move(built.records));
    });
    watcher->setFuture(QtConcurrent::run([trace, cached, grouping, step]() {
        Built out;
        out.records = cached
                          ? cached
                          : std::make_shared<const LaunchRecords>(launchRecords(*trace, grouping));
        out.timeline = stepTimeline(*trace, *out.records, step);
        return out;
    }));
}

void StepTimelinePanel::shown(int generation, int dataset, StepTimeline timeline,
                              std::shared_ptr<const LaunchRecords> records) {
    if (generation != generation_)
        return; // a newer choice is on its way
    const Source* source = currentSource();
    if (records && source) {
        records_ = records;
        recordsOf_ = source->trace;
    }
    // The records may have been regrouped while the worker ran: a timeline that names records the
    // dataset does not have shows nothing.
    const bool fits =
        session_ && dataset >= 0 && dataset < int(session_->datasets.size()) && records &&
        records->records == session_->datasets[static_cast<std::size_t>(dataset)].records.size();
    shownDataset_ = fits ? dataset : -1;
    if (!fits)
        timeline = StepTimeline{};
    if (fits) {
        std::map<int, int> lanesOfRank;
        for (const TimelineLane& l : timeline.lanes)
            ++lanesOfRank[l.rank];
        const qsizetype lanes = static_cast<qsizetype>(timeline.lanes.size());
        const QString launches = QLocale().toString(qlonglong(timeline.slices.size()));
        const QString span = si(timeline.spanS, Dimension::time);
        summary_->setText(
            (lanes == 1 ? tr("%1 launches on 1 lane, span %2").arg(launches, span)
                        : tr("%1 launches on %2 lanes, span %3")
                              .arg(launches, QString::number(lanes), span)) +
            (lanesOfRank.size() > 1 ? tr(", %1 ranks").arg(lanesOfRank.size()) : QString()));
    } else {
        summary_->setText(source ? tr("regrouping…") : QString());
    }
    plot_->setTimeline(std::move(timeline));
    recolor();
    if (selected_ && selected_->dataset == shownDataset_)
        plot_->setSelectedRecord(selected_->record);
    emit timelineShown();
}

void StepTimelinePanel::syncLaneBar() {
    const int lanes = static_cast<int>(plot_->timeline().lanes.size());
    const QCPRange rows = plot_->yAxis->range();
    const int page = std::max(1, static_cast<int>(std::lround(rows.size())));
    const QSignalBlocker block(lanes_);
    lanes_->setRange(0, std::max(0, lanes - page));
    lanes_->setPageStep(page);
    lanes_->setValue(static_cast<int>(std::lround(rows.lower + 0.5)));
    lanes_->setVisible(lanes > page);
}

void StepTimelinePanel::recolor() {
    const StepTimeline& t = plot_->timeline();
    if (!session_ || shownDataset_ < 0) {
        key_->clear();
        plot_->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const Dataset& d = session_->datasets[static_cast<std::size_t>(shownDataset_)];
    const Device* device = session_->findDevice(d.context.deviceId);
    const bool byBottleneck = coloring() == Coloring::bottleneck;
    const TimelineColoring by =
        byBottleneck ? TimelineColoring::bottleneck : TimelineColoring::category;
    const std::vector<int> keys = timelineKeys(t, d, device, session_->view, by);
    // The MD chart's colours: a bottleneck reads the same in both.
    const auto colorOf = [by](int key) { return timelineKeyColor(key, by); };
    std::unordered_map<int, std::string> what;
    std::vector<QRgb> colors(t.slices.size());
    for (std::size_t i = 0; i < t.slices.size(); ++i) {
        colors[i] = colorOf(keys[i]).rgb();
        const int r = t.slices[i].record;
        if (!what.contains(r))
            what.emplace(r, recordText(d.records[static_cast<std::size_t>(r)]));
    }
    // Five fit beside the choosers on a laptop's screen; the tip lists them all with their time.
    QStringList parts, all;
    const std::vector<TimelineKeyTime> order = timelineKeyTimes(t, keys);
    for (const TimelineKeyTime& k : order) {
        const QString text = QString::fromStdString(timelineKeyName(k.key, by));
        if (parts.size() < 5)
            parts << swatch(colorOf(k.key), text);
        all << swatch(colorOf(k.key), text) + QStringLiteral(" ") + si(k.seconds, Dimension::time);
    }
    if (order.size() > 5)
        parts << tr("+%1 more").arg(order.size() - 5);
    key_->setText(parts.join(QStringLiteral("&nbsp;&nbsp;")));
    key_->setToolTip(tr("Launch time in the step by %1:<br>")
                         .arg(byBottleneck ? tr("bottleneck") : tr("category")) +
                     all.join(QStringLiteral("<br>")));
    plot_->setColors(std::move(colors), std::move(what));
}

void StepTimelinePanel::setSelectedRecord(std::optional<RecordRef> ref) {
    selected_ = ref;
    if (ref && ref->dataset != shownDataset_) {
        const int at = run_->findData(ref->dataset);
        if (at >= 0 && at != run_->currentIndex()) {
            run_->setCurrentIndex(at);
            fillSteps();
            build(); // outlines the record when it arrives
            return;
        }
    }
    plot_->setSelectedRecord(ref && ref->dataset == shownDataset_ ? std::optional(ref->record)
                                                                  : std::nullopt);
}

void StepTimelinePanel::setHoveredRecord(std::optional<RecordRef> ref) {
    plot_->setHoveredRecord(ref && ref->dataset == shownDataset_ ? std::optional(ref->record)
                                                                 : std::nullopt);
}

} // namespace roofscope::ui
