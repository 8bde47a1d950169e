#include "ui/dataset_tree_model.h"

#include "core/units.h"
#include "ui/palette.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QIcon>
#include <QPalette>
#include <QStyle>

#include <algorithm>

namespace roofscope::ui {
namespace {

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString levelName(MemoryLevel level) {
    return text(toString(level)).toUpper(); // DRAM, L2, HOST: as datasheets write them
}

// "989 TFLOP/s · spec" with the datasheet or the measuring tool in the tooltip.
void describe(const Ceiling& ceiling, Dimension dimension, QString* value, QString* toolTip) {
    const auto& p = ceiling.provenance;
    *value = QString::fromStdString(formatSi(ceiling.value, dimension)) + QStringLiteral(" · ") +
             text(toString(p.kind));
    QStringList lines;
    for (const std::string& s : {p.sourceUrl, p.tool, p.method, p.date, p.note})
        if (!s.empty())
            lines.append(QString::fromStdString(s));
    *toolTip = lines.join(QLatin1Char('\n'));
}

// Where a dataset's source file is, or an empty string when it is nowhere. Sources are kept as
// the user gave them: absolute from the file dialogs and drops, relative to the working
// directory of the run that loaded them from a command line, or relative to the session file in
// a hand-written one; so a relative source is looked for beside the session, then here.
QString findSource(const QString& source, const QString& sessionFolder) {
    const QFileInfo info(source);
    if (info.isAbsolute())
        return info.exists() ? source : QString();
    if (!sessionFolder.isEmpty()) {
        const QString beside = QDir(sessionFolder).filePath(source);
        if (QFileInfo::exists(beside))
            return beside;
    }
    return info.exists() ? info.absoluteFilePath() : QString();
}

// What the tooltip names for a missing source: where it was looked for first.
QString expectedPath(const QString& source, const QString& sessionFolder) {
    if (QFileInfo(source).isAbsolute() || sessionFolder.isEmpty())
        return source;
    return QDir::cleanPath(QDir(sessionFolder).filePath(source));
}

QVariant warningIcon() {
    // Only a QApplication has a style; a model used without widgets shows no icon.
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        return {};
    return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

} // namespace

DatasetTreeModel::DatasetTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

int DatasetTreeModel::add(Node node) {
    const int id = static_cast<int>(nodes_.size());
    auto& siblings = node.parent < 0 ? roots_ : nodes_[std::size_t(node.parent)].children;
    node.row = static_cast<int>(siblings.size());
    siblings.push_back(id);
    nodes_.push_back(std::move(node));
    return id;
}

void DatasetTreeModel::setSession(const Session& session, const QString& sessionFolder) {
    beginResetModel();
    nodes_.clear();
    roots_.clear();
    datasetNodes_.clear();
    add({.kind = Kind::group, .name = tr("Datasets")});
    add({.kind = Kind::group, .name = tr("Devices")});
    for (std::size_t i = 0; i < session.datasets.size(); ++i)
        addDataset(session, static_cast<int>(i), sessionFolder);
    for (const Device& device : session.devices)
        addDevice(device);
    nodes_[0].value = QString::number(session.datasets.size());
    nodes_[1].value = QString::number(session.devices.size());
    endResetModel();
}

void DatasetTreeModel::addDataset(const Session& session, int index, const QString& sessionFolder) {
    const Dataset& d = session.datasets[static_cast<std::size_t>(index)];
    const auto& hidden = session.view.hiddenDatasets;
    Node node{.kind = Kind::dataset, .parent = 0, .dataset = index};
    node.name = QString::fromStdString(d.context.label);
    node.value = d.records.size() == 1 ? tr("1 record") : tr("%1 records").arg(d.records.size());
    node.color = datasetColor(d, index);
    node.checked = std::find(hidden.begin(), hidden.end(), d.context.label) == hidden.end();
    node.toolTip = tr("Untick to hide it in the plot and the table; double-click to rename");
    const int id = add(std::move(node));
    datasetNodes_.push_back(id);

    const Device* device = session.findDevice(d.context.deviceId);
    const QString deviceName =
        device ? QString::fromStdString(device->name)
        : d.context.deviceId.empty()
            ? tr("unknown (no roofs)")
            : tr("%1 (not in the session)").arg(QString::fromStdString(d.context.deviceId));
    add({.kind = Kind::detail,
         .parent = id,
         .dataset = index,
         .name = tr("Device"),
         .value = deviceName});
    add({.kind = Kind::detail,
         .parent = id,
         .dataset = index,
         .name = tr("Rank"),
         .value = tr("%1 of world size %2").arg(d.context.rank).arg(d.context.worldSize)});
    if (!d.steps.empty()) {
        // A long run marks thousands of steps: the first few say what they are, a tooltip
        // taller than the screen says nothing, and wording them all held the window still.
        QStringList steps;
        const std::size_t listed = std::min(d.steps.size(), kListedSteps);
        for (std::size_t i = 0; i < listed; ++i)
            steps.append(QString::fromStdString(describeStep(d.steps[i])));
        if (d.steps.size() > listed)
            steps.append(tr("… and %n more", nullptr, static_cast<int>(d.steps.size() - listed)));
        add({.kind = Kind::detail,
             .parent = id,
             .dataset = index,
             .name = tr("Iteration"),
             .value = QString::fromStdString(describeIteration(d.steps)),
             .toolTip = tr("The views show one iteration: the mean span of the complete "
                           "steps; records sum over them.\n") +
                        steps.join(QLatin1Char('\n'))});
    }
    QStringList missing;
    for (const std::string& source : d.context.sources) {
        const QString path = QString::fromStdString(source);
        Node detail{.kind = Kind::detail,
                    .parent = id,
                    .dataset = index,
                    .name = tr("Source"),
                    .value = QFileInfo(path).fileName(),
                    .toolTip = path};
        if (findSource(path, sessionFolder).isEmpty()) {
            detail.sourceMissing = true;
            detail.toolTip = tr("Source file missing: %1").arg(expectedPath(path, sessionFolder));
            missing.append(detail.toolTip);
        }
        add(std::move(detail));
    }
    if (!missing.isEmpty()) {
        Node& datasetNode = nodes_[std::size_t(id)];
        datasetNode.sourceMissing = true;
        // The records are in the session; only what needs the trace again is lost.
        datasetNode.toolTip += QLatin1Char('\n') + missing.join(QLatin1Char('\n')) +
                               QLatin1Char('\n') +
                               tr("The records are in the session; regrouping needs the trace.");
    }
}

void DatasetTreeModel::addDevice(const Device& device) {
    bool spec = false, measured = false;
    auto note = [&](const Ceiling& c) {
        (c.provenance.kind == ProvenanceKind::spec ? spec : measured) = true;
    };
    Node node{.kind = Kind::device, .parent = 1};
    node.name = QString::fromStdString(device.name.empty() ? device.id : device.name);
    node.toolTip = QString::fromStdString(device.id);
    const int id = add(std::move(node));
    for (const auto& [key, ceiling] : device.ceilings.compute) {
        Node c{.kind = Kind::ceiling, .parent = id};
        c.name = text(toString(key.precision)) + QLatin1Char(' ') + text(toString(key.unit));
        describe(ceiling, Dimension::flopsPerS, &c.value, &c.toolTip);
        add(std::move(c));
        note(ceiling);
    }
    for (const auto& [level, ceiling] : device.ceilings.memory) {
        Node c{.kind = Kind::ceiling, .parent = id, .name = levelName(level)};
        describe(ceiling, Dimension::bytesPerS, &c.value, &c.toolTip);
        add(std::move(c));
        note(ceiling);
    }
    for (const auto& [link, ceiling] : device.ceilings.links) {
        Node c{.kind = Kind::ceiling, .parent = id, .name = text(toString(link))};
        describe(ceiling, Dimension::bytesPerS, &c.value, &c.toolTip);
        add(std::move(c));
        note(ceiling);
    }
    nodes_[std::size_t(id)].value = spec && measured ? tr("spec and measured")
                                    : measured       ? tr("measured")
                                    : spec           ? tr("spec")
                                                     : tr("no ceilings");
}

const DatasetTreeModel::Node* DatasetTreeModel::nodeOf(const QModelIndex& index) const {
    if (!index.isValid() || index.internalId() >= nodes_.size())
        return nullptr;
    return &nodes_[index.internalId()];
}

QModelIndex DatasetTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    const Node* p = nodeOf(parent);
    if (parent.isValid() && (!p || parent.column() != 0))
        return {};
    const auto& children = p ? p->children : roots_;
    if (row >= static_cast<int>(children.size()))
        return {};
    return createIndex(row, column, quintptr(children[std::size_t(row)]));
}

QModelIndex DatasetTreeModel::parent(const QModelIndex& child) const {
    const Node* n = nodeOf(child);
    if (!n || n->parent < 0)
        return {};
    return createIndex(nodes_[std::size_t(n->parent)].row, 0, quintptr(n->parent));
}

int DatasetTreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return static_cast<int>(roots_.size());
    const Node* p = nodeOf(parent);
    return p && parent.column() == 0 ? static_cast<int>(p->children.size()) : 0;
}

int DatasetTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QModelIndex DatasetTreeModel::datasetIndex(int dataset) const {
    if (dataset < 0 || dataset >= static_cast<int>(datasetNodes_.size()))
        return {};
    const int id = datasetNodes_[std::size_t(dataset)];
    return createIndex(nodes_[std::size_t(id)].row, 0, quintptr(id));
}

QModelIndex DatasetTreeModel::datasetsRoot() const {
    return roots_.empty() ? QModelIndex() : index(0, 0);
}

QModelIndex DatasetTreeModel::devicesRoot() const {
    return roots_.size() < 2 ? QModelIndex() : index(1, 0);
}

QVariant DatasetTreeModel::data(const QModelIndex& index, int role) const {
    const Node* n = nodeOf(index);
    if (!n)
        return {};
    const bool first = index.column() == NameColumn;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return first ? n->name : n->value;
    case Qt::ToolTipRole:
        return n->toolTip.isEmpty() ? QVariant() : n->toolTip;
    case Qt::CheckStateRole:
        return n->kind == Kind::dataset && first
                   ? QVariant(n->checked ? Qt::Checked : Qt::Unchecked)
                   : QVariant();
    case Qt::DecorationRole:
        if (n->kind == Kind::dataset && first)
            return n->color;
        return n->sourceMissing && !first ? warningIcon() : QVariant();
    case Qt::FontRole:
        if (n->sourceMissing && n->kind == Kind::detail) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::ForegroundRole:
        return n->sourceMissing && n->kind == Kind::detail
                   ? QVariant(QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text))
                   : QVariant();
    case DatasetRole:
        return n->dataset;
    case SourceMissingRole:
        return n->sourceMissing;
    default:
        return {};
    }
}

bool DatasetTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    const Node* n = nodeOf(index);
    if (!n || n->kind != Kind::dataset || index.column() != NameColumn)
        return false;
    Node& node = nodes_[index.internalId()];
    if (role == Qt::CheckStateRole) {
        const bool checked = value.value<Qt::CheckState>() == Qt::Checked;
        if (checked == node.checked)
            return true;
        node.checked = checked;
        emit dataChanged(index, index, {Qt::CheckStateRole});
        emit visibilityChanged(node.dataset, checked);
        return true;
    }
    if (role == Qt::EditRole) {
        const QString label = value.toString().trimmed();
        // An empty label would leave the run unnamed in the legend and the table.
        if (label.isEmpty())
            return false;
        if (label == node.name)
            return true;
        node.name = label;
        emit dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole});
        emit renamed(node.dataset, label);
        return true;
    }
    if (role == Qt::DecorationRole) {
        const QColor color = value.value<QColor>();
        if (!color.isValid())
            return false;
        node.color = color;
        emit dataChanged(index, index, {Qt::DecorationRole});
        emit colorChanged(node.dataset, color);
        return true;
    }
    return false;
}

Qt::ItemFlags DatasetTreeModel::flags(const QModelIndex& index) const {
    const Node* n = nodeOf(index);
    if (!n)
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (n->kind == Kind::dataset && index.column() == NameColumn)
        f |= Qt::ItemIsUserCheckable | Qt::ItemIsEditable;
    if (n->children.empty())
        f |= Qt::ItemNeverHasChildren;
    return f;
}

QVariant DatasetTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Name") : section == ValueColumn ? tr("Value") : QVariant();
}

} // namespace roofscope::ui
