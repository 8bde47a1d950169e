#pragma once
// The colour groups of a roofline's points under the view's "colour by" choice: one group per
// dataset, device, software stack, rank or category, each with the label the legend shows and
// the colour its points take. Devices keep the colour of their roofs, so that a point and the
// roof above it read as one; categories keep one colour whatever the session, so that a report's
// figures agree with each other.

#include "core/session.h"

#include <QColor>
#include <QString>

#include <map>
#include <string>
#include <vector>

namespace roofscope::ui {

struct PointGroup {
    QString label;
    QColor color;
};

class PointGroups {
  public:
    // `deviceColors` maps the ids of the devices whose roofs are drawn to their roof colour.
    PointGroups(const Session& session, ColorBy colorBy,
                const std::map<std::string, QColor>& deviceColors);

    // The group of a record of dataset `dataset` (an index into the session's datasets) with
    // `category`, made on first use: groups are numbered in the order they are first asked for.
    int groupOf(int dataset, Category category);
    const std::vector<PointGroup>& groups() const { return groups_; }
    ColorBy colorBy() const { return colorBy_; }

  private:
    int add(const std::string& key, const QString& label, const QColor& color);

    const Session& session_;
    ColorBy colorBy_;
    const std::map<std::string, QColor>& deviceColors_;
    std::map<std::string, int> byKey_;
    std::vector<int> datasetGroup_;  // cached per dataset when the key does not depend on records
    std::vector<int> categoryGroup_; // cached per category value under ColorBy::category
    std::vector<PointGroup> groups_;
};

} // namespace roofscope::ui
