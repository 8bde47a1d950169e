#pragma once
// Everything a user sees, saved as one *.roofscope document (see session_file.h).

#include "dataset.h"
#include "device.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct RecordRef {
    int dataset = 0; // index into Session::datasets
    int record = 0;  // index into Dataset::records

    bool operator==(const RecordRef&) const = default;
};

struct ViewSettings {
    ViewKind view = ViewKind::roofline;
    ColorBy colorBy = ColorBy::dataset;
    PointStyle pointStyle = PointStyle::automatic;
    Precision precision = Precision::fp16; // ceiling family drawn for the roofs
    MemoryLevel memoryLevel = MemoryLevel::dram;
    Link link = Link::intra_node;
    bool logX = true;
    bool logY = true;
    // Visible range; all four zero means "fit to the data".
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0;
    std::vector<std::string> hiddenDatasets; // dataset labels the user unticked
    std::vector<std::string> shownDevices;   // device ids whose roofs are drawn
    std::vector<RecordRef> selection;

    bool operator==(const ViewSettings&) const = default;
};

struct Session {
    std::vector<Device> devices; // catalog entries in use and measured devices
    std::vector<Dataset> datasets;
    ViewSettings view;

    bool operator==(const Session&) const = default;

    const Device* findDevice(std::string_view id) const {
        for (const auto& d : devices)
            if (d.id == id)
                return &d;
        return nullptr;
    }
};

} // namespace roofscope
