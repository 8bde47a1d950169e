#pragma once
// Everything a user sees, saved as one *.roofscope document (see session_file.h).

#include "core/dataset.h"
#include "core/device.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct RecordRef {
    int dataset = 0; // index into Session::datasets
    int record = 0;  // index into Dataset::records

    bool operator==(const RecordRef&) const = default;
};

// A what-if of the placement view: every op of `category` runs on device `deviceId` instead.
struct PlacementMove {
    Category category = Category::other;
    std::string deviceId;

    bool operator==(const PlacementMove&) const = default;
};

// The comparison view: run A (the baseline) and run B by dataset label; empty picks the first
// and second visible datasets. With `projectDevice` set, A is re-projected onto that device's
// ceilings instead of being matched against a run B.
struct CompareSettings {
    std::string baseline;
    std::string target;
    std::string projectDevice;
    bool operator==(const CompareSettings&) const = default;
};

// The MD-Roofline view: the rank shown (-1: all ranks, bounded by the cluster ceilings that
// `clusterRule` takes from the ranks' devices).
struct MdSettings {
    int rank = -1;
    ClusterRule clusterRule = ClusterRule::slowest;
    bool operator==(const MdSettings&) const = default;
};

// The placement view: categories moved to other devices, applied in order (a later move of the
// same category wins).
struct PlacementSettings {
    std::vector<PlacementMove> moves;
    bool operator==(const PlacementSettings&) const = default;
};

// What the window shows: the fields every view reads, then one group per analysis view that has
// settings of its own (each group is loaded and stored by that view's options strip,
// ui/views/view_options.h, and is one object of the session file's "view").
struct ViewSettings {
    ViewKind view = ViewKind::roofline;
    ColorBy colorBy = ColorBy::dataset;
    PointStyle pointStyle = PointStyle::automatic;
    Precision precision = Precision::fp16; // ceiling family drawn for the roofs
    MemoryLevel memoryLevel = MemoryLevel::dram;
    // The link whose ceiling is the communication roof of the MD, comparison and placement views.
    Link link = Link::intra_node;
    bool logX = true;
    bool logY = true;
    // Visible range; all four zero means "fit to the data".
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0;
    std::vector<std::string> hiddenDatasets; // dataset labels the user unticked
    std::vector<std::string> shownDevices;   // device ids whose roofs are drawn
    std::vector<RecordRef> selection;

    CompareSettings compare;
    MdSettings md;
    PlacementSettings placement;

    bool operator==(const ViewSettings&) const = default;
};

struct Session {
    std::vector<Device> devices; // catalog entries in use and measured devices
    std::vector<Dataset> datasets;
    ViewSettings view;
    // Price of one device-hour by device id, in the user's currency; devices without one have
    // no cost in the matrix and cost views.
    std::map<std::string, double> pricesPerHour;

    bool operator==(const Session&) const = default;

    const Device* findDevice(std::string_view id) const {
        for (const auto& d : devices)
            if (d.id == id)
                return &d;
        return nullptr;
    }
};

} // namespace roofscope
