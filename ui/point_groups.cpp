#include "ui/point_groups.h"

#include "core/stack_text.h"
#include "ui/palette.h"

#include <QObject>

namespace roofscope::ui {

PointGroups::PointGroups(const Session& session, ColorBy colorBy,
                         const std::map<std::string, QColor>& deviceColors)
    : session_(session), colorBy_(colorBy), deviceColors_(deviceColors),
      datasetGroup_(session.datasets.size(), -1) {}

int PointGroups::add(const std::string& key, const QString& label, const QColor& color) {
    const auto [it, added] = byKey_.try_emplace(key, static_cast<int>(groups_.size()));
    if (added)
        groups_.push_back({label, color});
    return it->second;
}

int PointGroups::groupOf(int dataset, Category category) {
    if (colorBy_ == ColorBy::category) {
        // Asked for every point of a dense session: the key text once per category.
        const auto c = static_cast<std::size_t>(category);
        if (c < categoryGroup_.size() && categoryGroup_[c] >= 0)
            return categoryGroup_[c];
        if (c >= categoryGroup_.size())
            categoryGroup_.resize(c + 1, -1);
        const std::string name(toString(category));
        // The category's position in the vocabulary, not its order of appearance: a category
        // has one colour in every session.
        return categoryGroup_[c] = add(name, QString::fromStdString(name), categoryColor(category));
    }
    int& cached = datasetGroup_[static_cast<std::size_t>(dataset)];
    if (cached >= 0)
        return cached;
    const Dataset& d = session_.datasets[static_cast<std::size_t>(dataset)];
    const int next = static_cast<int>(groups_.size());
    switch (colorBy_) {
    case ColorBy::dataset:
        // Keyed by index: two datasets never share a group, even under one label.
        cached = add("#" + std::to_string(dataset), QString::fromStdString(d.context.label),
                     datasetColor(d, dataset));
        break;
    case ColorBy::device: {
        const Device* device = session_.findDevice(d.context.deviceId);
        const QString label = device ? QString::fromStdString(device->name)
                              : d.context.deviceId.empty()
                                  ? QObject::tr("no device")
                                  : QObject::tr("%1 (not in the session)")
                                        .arg(QString::fromStdString(d.context.deviceId));
        const auto roof = deviceColors_.find(d.context.deviceId);
        // A device without drawn roofs takes a palette colour after the drawn ones.
        const QColor color = roof != deviceColors_.end()
                                 ? roof->second
                                 : paletteColor(static_cast<int>(deviceColors_.size()) + next);
        cached = add(d.context.deviceId, label, color);
        break;
    }
    case ColorBy::stack: {
        const std::string text = describeStack(d.context.stack);
        cached =
            add(text, text.empty() ? QObject::tr("unknown stack") : QString::fromStdString(text),
                paletteColor(next));
        break;
    }
    case ColorBy::rank:
        cached = add(std::to_string(d.context.rank), QObject::tr("rank %1").arg(d.context.rank),
                     paletteColor(d.context.rank));
        break;
    case ColorBy::category:
        break;
    }
    return cached;
}

} // namespace roofscope::ui
