// The dialog's frame: its widgets, the plan from `roofscope-probe --list`, the choice of
// benchmarks and duration, starting and stopping. How the rows follow a run is in
// probe_dialog_rows.cpp.
#include "ui/probe_dialog.h"

#include "ui/probe_format.h"
#include "ui/probe_locate.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <set>

namespace roofscope::ui {
namespace {

constexpr int kKeyRole = Qt::UserRole;
constexpr int kTargetRole = Qt::UserRole + 1;

QString rowId(const QString& target, const QString& key) {
    return target + QLatin1Char('/') + key;
}

// GPU indices a target names: "gpu0+gpu1" -> {0, 1}; "cpu" -> {}.
// Rows with air around the progress bars; the default row is only as tall as its text.
class RoomyRows : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        QSize size = QStyledItemDelegate::sizeHint(option, index);
        size.setHeight(std::max(size.height(), option.fontMetrics.height() + 10));
        return size;
    }
};

std::set<int> gpusOf(const QString& target) {
    std::set<int> gpus;
    for (const QString& part : target.split(QLatin1Char('+'))) {
        bool ok = false;
        const int index = part.startsWith(QLatin1String("gpu")) ? part.mid(3).toInt(&ok) : -1;
        if (ok)
            gpus.insert(index);
    }
    return gpus;
}

} // namespace

ProbeDialog::ProbeDialog(QWidget* parent)
    : QDialog(parent), lister_(new ProbeRunner(this)), runner_(new ProbeRunner(this)) {
    setObjectName(QStringLiteral("probeDialog"));
    setWindowTitle(tr("Probe This Machine"));
    setModal(false);
    buildUi();
    connect(lister_, &ProbeRunner::finished, this, &ProbeDialog::listed);
    connect(runner_, &ProbeRunner::eventReceived, this, &ProbeDialog::handleEvent);
    connect(runner_, &ProbeRunner::warning, this,
            [this](const QString& message) { log(tr("warning: %1").arg(message)); });
    connect(runner_, &ProbeRunner::finished, this, &ProbeDialog::runEnded);
    refreshPlan();
}

ProbeDialog::~ProbeDialog() = default;

void ProbeDialog::buildUi() {
    intro_ = new QLabel(tr("Measures the peak compute rates and bandwidths of this machine with "
                           "roofscope-probe. The results are saved to your device catalog and "
                           "drawn as solid roofs beside the datasheet's dashed ones."),
                        this);
    intro_->setWordWrap(true);

    tree_ = new QTreeWidget(this);
    tree_->setObjectName(QStringLiteral("probeBenchmarks"));
    tree_->setColumnCount(3);
    tree_->setHeaderLabels({tr("Benchmark"), tr("Progress"), tr("Status")});
    tree_->setUniformRowHeights(true);
    tree_->setItemDelegate(new RoomyRows(tree_));
    tree_->setSelectionMode(QAbstractItemView::NoSelection);
    tree_->setFocusPolicy(Qt::NoFocus);
    tree_->header()->setStretchLastSection(true);
    tree_->header()->setSectionResizeMode(NameColumn, QHeaderView::Interactive);
    tree_->header()->setSectionResizeMode(ProgressColumn, QHeaderView::Fixed);
    tree_->header()->resizeSection(NameColumn, 300);
    tree_->header()->resizeSection(ProgressColumn, 140);
    connect(tree_, &QTreeWidget::itemChanged, this, [this] {
        if (!updatingChecks_)
            updateStartButton();
    });

    auto* durationRow = new QHBoxLayout;
    durationRow->addWidget(new QLabel(tr("Duration:"), this));
    durationGroup_ = new QButtonGroup(this);
    const struct {
        Duration value;
        QString name, label, tip;
    } choices[] = {
        {Duration::quick, QStringLiteral("quickDuration"), tr("&Quick"),
         tr("Fewer samples and smaller sweeps: a first look in about a minute")},
        {Duration::normal, QStringLiteral("normalDuration"), tr("&Normal"),
         tr("The probe's default samples and sweeps")},
        {Duration::thorough, QStringLiteral("thoroughDuration"), tr("&Thorough"),
         tr("More samples and finer sweeps: slower, with a tighter spread")},
    };
    for (const auto& choice : choices) {
        auto* button = new QRadioButton(choice.label, this);
        button->setObjectName(choice.name);
        button->setToolTip(choice.tip);
        durationGroup_->addButton(button, int(choice.value));
        durationRow->addWidget(button);
    }
    durationRow->addStretch();
    setDuration(Duration::normal);

    overall_ = new QProgressBar(this);
    overall_->setObjectName(QStringLiteral("probeOverall"));
    overall_->setRange(0, 1000);
    overall_->setValue(0);
    overall_->setFormat(QStringLiteral("%p %"));
    auto* overallRow = new QHBoxLayout;
    overallRow->addWidget(new QLabel(tr("Overall:"), this));
    overallRow->addWidget(overall_, 1);

    statusIcon_ = new QLabel(this);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("probeStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(statusIcon_, 0, Qt::AlignTop);
    statusRow->addWidget(status_, 1);

    log_ = new QPlainTextEdit(this);
    log_->setObjectName(QStringLiteral("probeLog"));
    log_->setReadOnly(true);
    log_->setPlaceholderText(tr("Warnings and messages of the probe appear here."));
    log_->setMaximumBlockCount(2000);
    log_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    log_->setMinimumHeight(fontMetrics().lineSpacing() * 5);

    auto* buttons = new QDialogButtonBox(this);
    start_ = buttons->addButton(tr("&Start"), QDialogButtonBox::ActionRole);
    start_->setObjectName(QStringLiteral("probeStart"));
    start_->setDefault(true);
    cancel_ = buttons->addButton(tr("&Cancel Run"), QDialogButtonBox::ActionRole);
    cancel_->setObjectName(QStringLiteral("probeCancel"));
    cancel_->setToolTip(tr("Stop the probe; what it measured so far is kept"));
    close_ = buttons->addButton(QDialogButtonBox::Close);
    close_->setObjectName(QStringLiteral("probeClose"));
    close_->setToolTip(tr("Closing stops a run in progress; what it measured so far is kept"));
    connect(start_, &QPushButton::clicked, this, &ProbeDialog::start);
    connect(cancel_, &QPushButton::clicked, this, &ProbeDialog::cancel);
    connect(buttons, &QDialogButtonBox::rejected, this, &ProbeDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro_);
    layout->addWidget(tree_, 3);
    layout->addLayout(durationRow);
    layout->addLayout(overallRow);
    layout->addLayout(statusRow);
    layout->addWidget(log_, 1);
    layout->addWidget(buttons);
    resize(820, 560);
    setRunning(false);
}

void ProbeDialog::refreshPlan() {
    if (isRunning() || lister_->isRunning())
        return;
    const ProbeLookup lookup = findProbe();
    probePath_ = lookup.path;
    if (probePath_.isEmpty()) {
        setStatus(probeNotFoundMessage(lookup), 2);
        updateStartButton();
        emit planListed(false);
        return;
    }
    setStatus(tr("Asking roofscope-probe which benchmarks it can run…"), 0);
    lister_->start(probePath_, {QStringLiteral("--list")});
}

void ProbeDialog::listed(const ProbeOutcome& outcome) {
    for (const QString& w : outcome.warnings)
        log(tr("warning: %1").arg(w));
    const bool ok = outcome.status == ProbeRunStatus::ok;
    if (ok) {
        fillPlan(outcome.plan, outcome.targets);
        setStatus(tr("%1 on %2. Tick what to measure, then press Start.")
                      .arg(countOf(qsizetype(plan_.size()), tr("benchmark"), tr("benchmarks")),
                           countOf(groups_.size(), tr("device"), tr("devices"))),
                  0);
    } else {
        QString text = tr("Could not list the probe's benchmarks: %1").arg(outcome.message);
        if (!outcome.stderrTail.isEmpty())
            log(outcome.stderrTail);
        setStatus(text, 2);
    }
    updateStartButton();
    emit planListed(ok);
}

void ProbeDialog::fillPlan(const std::vector<PlannedBenchmark>& plan,
                           const std::vector<ProbeTarget>& targets) {
    updatingChecks_ = true;
    targetNames_.clear();
    for (const auto& t : targets)
        if (!t.name.empty())
            targetNames_.insert(QString::fromStdString(t.target), QString::fromStdString(t.name));
    current_ = nullptr;
    rows_.clear();
    groups_.clear();
    tree_->clear();
    plan_ = plan;
    for (const auto& p : plan)
        setRowState(rowFor(p.target, p.key, p.title), Row::State::idle, {});
    tree_->expandAll();
    // Titles whole, the values get the rest.
    tree_->resizeColumnToContents(NameColumn);
    tree_->header()->resizeSection(NameColumn, tree_->header()->sectionSize(NameColumn) + 16);
    updatingChecks_ = false;
}

QTreeWidgetItem* ProbeDialog::groupFor(const std::string& target) {
    const QString t = QString::fromStdString(target);
    if (auto* group = groups_.value(t))
        return group;
    QString title = targetTitle(target);
    if (const QString name = targetNames_.value(t); !name.isEmpty())
        title += QStringLiteral(" — ") + name;
    auto* group = new QTreeWidgetItem(tree_, {title});
    group->setData(NameColumn, kTargetRole, t);
    group->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
    group->setCheckState(NameColumn, Qt::Checked);
    QFont bold = group->font(NameColumn);
    bold.setBold(true);
    group->setFont(NameColumn, bold);
    group->setFirstColumnSpanned(true);
    group->setExpanded(true);
    groups_.insert(t, group);
    return group;
}

ProbeDialog::Row& ProbeDialog::rowFor(const std::string& target, const std::string& key,
                                      const std::string& title) {
    const QString t = QString::fromStdString(target), k = QString::fromStdString(key);
    auto [it, inserted] = rows_.try_emplace(rowId(t, k));
    Row& row = it->second;
    if (!inserted)
        return row;
    QTreeWidgetItem* group = groupFor(target);
    row.item = new QTreeWidgetItem(group, {QString::fromStdString(title.empty() ? key : title)});
    row.item->setData(NameColumn, kKeyRole, k);
    row.item->setData(NameColumn, kTargetRole, t);
    row.item->setToolTip(NameColumn, k);
    row.item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    row.item->setCheckState(NameColumn, Qt::Checked);
    // The bar sits in a margin so that it reads as a bar, not as a filled cell.
    auto* holder = new QWidget;
    auto* layout = new QHBoxLayout(holder);
    layout->setContentsMargins(2, 0, 12, 0);
    row.bar = new QProgressBar(holder);
    row.bar->setRange(0, 100);
    row.bar->setTextVisible(false);
    row.bar->setMaximumHeight(12);
    layout->addWidget(row.bar);
    tree_->setItemWidget(row.item, ProgressColumn, holder);
    return row;
}

QTreeWidgetItem* ProbeDialog::benchmarkItem(const QString& target, const QString& key) const {
    const auto it = rows_.find(rowId(target, key));
    return it == rows_.end() ? nullptr : it->second.item;
}

void ProbeDialog::setBenchmarkChecked(const QString& target, const QString& key, bool checked) {
    if (QTreeWidgetItem* item = benchmarkItem(target, key))
        item->setCheckState(NameColumn, checked ? Qt::Checked : Qt::Unchecked);
}

void ProbeDialog::setDuration(Duration duration) {
    if (auto* button = durationGroup_->button(int(duration)))
        button->setChecked(true);
}

ProbeDialog::Duration ProbeDialog::duration() const {
    const int id = durationGroup_->checkedId();
    return id < 0 ? Duration::normal : Duration(id);
}

QStringList ProbeDialog::probeArguments() const {
    QStringList args;
    if (duration() == Duration::quick)
        args << QStringLiteral("--quick");
    else if (duration() == Duration::thorough)
        args << QStringLiteral("--thorough");
    // The probe selects by benchmark key and by device, not by the pair: a key ticked on one GPU
    // runs on every selected device. The rows show what actually ran.
    QStringList allKeys, keys;
    bool cpuPlanned = false, cpuWanted = false;
    std::set<int> gpusPlanned, gpusWanted;
    for (const auto& p : plan_) {
        const QString key = QString::fromStdString(p.key),
                      target = QString::fromStdString(p.target);
        if (!allKeys.contains(key))
            allKeys.append(key);
        const std::set<int> gpus = gpusOf(target);
        cpuPlanned |= target == QLatin1String("cpu");
        gpusPlanned.insert(gpus.begin(), gpus.end());
        const QTreeWidgetItem* item = benchmarkItem(target, key);
        if (!item || item->checkState(NameColumn) != Qt::Checked)
            continue;
        if (!keys.contains(key))
            keys.append(key);
        cpuWanted |= target == QLatin1String("cpu");
        gpusWanted.insert(gpus.begin(), gpus.end());
    }
    const bool allDevices = cpuWanted == cpuPlanned && gpusWanted == gpusPlanned;
    if (!allDevices) {
        if (cpuWanted)
            args << QStringLiteral("--cpu");
        if (gpusWanted.size() == 1 && gpusPlanned.size() > 1)
            args << QStringLiteral("--gpu") << QString::number(*gpusWanted.begin());
        else if (!gpusWanted.empty())
            args << QStringLiteral("--gpu") << QStringLiteral("all");
    }
    if (keys.size() != allKeys.size())
        args << QStringLiteral("--only") << keys.join(QLatin1Char(','));
    return args;
}

bool ProbeDialog::isRunning() const {
    return runner_->isRunning();
}

bool ProbeDialog::start() {
    if (isRunning() || probePath_.isEmpty() || plan_.empty() || lister_->isRunning())
        return false;
    if (!anyTicked())
        return false;
    outputDir_ = std::make_unique<QTemporaryDir>();
    if (!outputDir_->isValid()) {
        setStatus(
            tr("Cannot make a temporary folder for the results: %1").arg(outputDir_->errorString()),
            2);
        return false;
    }
    const QStringList args =
        probeArguments() +
        QStringList{QStringLiteral("-o"), outputDir_->filePath(QStringLiteral("ceilings.json"))};
    resetRows();
    setRunning(true);
    log(QStringLiteral("$ %1 %2").arg(QDir::toNativeSeparators(probePath_),
                                      args.join(QLatin1Char(' '))));
    setStatus(tr("Starting roofscope-probe…"), 0);
    return runner_->start(probePath_, args);
}

void ProbeDialog::cancel() {
    if (!isRunning())
        return;
    cancel_->setEnabled(false);
    setStatus(tr("Stopping the probe; it keeps what it measured…"), 0);
    runner_->cancel();
}

void ProbeDialog::reject() {
    cancel();
    QDialog::reject();
}

void ProbeDialog::setRunning(bool running) {
    cancel_->setEnabled(running);
    for (auto* button : durationGroup_->buttons())
        button->setEnabled(!running);
    // The ticks are the plan of the run under way: frozen while it runs.
    updatingChecks_ = true;
    const Qt::ItemFlags checkable = running ? Qt::ItemFlags() : Qt::ItemIsUserCheckable;
    for (QTreeWidgetItemIterator it(tree_); *it; ++it) {
        Qt::ItemFlags flags = (*it)->flags() & ~Qt::ItemIsUserCheckable;
        (*it)->setFlags(flags | checkable);
    }
    updatingChecks_ = false;
    updateStartButton();
}

bool ProbeDialog::anyTicked() const {
    for (const auto& [id, row] : rows_)
        if (row.item->checkState(NameColumn) == Qt::Checked)
            return true;
    return false;
}

void ProbeDialog::updateStartButton() {
    start_->setEnabled(!isRunning() && !probePath_.isEmpty() && anyTicked() &&
                       !lister_->isRunning());
}

void ProbeDialog::setStatus(const QString& text, int severity) {
    static const QStyle::StandardPixmap icons[] = {QStyle::SP_MessageBoxInformation,
                                                   QStyle::SP_MessageBoxWarning,
                                                   QStyle::SP_MessageBoxCritical};
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    statusIcon_->setPixmap(
        style()->standardIcon(icons[std::clamp(severity, 0, 2)], nullptr, this).pixmap(size, size));
    status_->setText(text);
}

QString ProbeDialog::statusText() const {
    return status_->text();
}

QString ProbeDialog::logText() const {
    return log_->toPlainText();
}

void ProbeDialog::log(const QString& line) {
    log_->appendPlainText(line);
}

} // namespace roofscope::ui
