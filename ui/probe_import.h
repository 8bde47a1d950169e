#pragma once
// What becomes of a probe's ceilings file: each measured device gets an id and a name of its own,
// "NVIDIA H200 (measured 2026-11-30)", so that it sits beside the datasheet entry of the same
// hardware instead of silently replacing it, and is saved into the user's catalog folder so that
// it is there at the next start.

#include "core/device.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace roofscope::ui {

// The day the device was measured (YYYY-MM-DD): the date of its first measured ceiling, else
// today.
QString measuredDate(const Device& device);

// The device as a measured entry: id "<id>-measured-<date>" and name "<name> (measured <date>)",
// unless they already say so. Idempotent.
Device asMeasuredEntry(Device device);

struct SavedMeasurement {
    std::vector<Device> devices; // as asMeasuredEntry made them, in input order
    QStringList files;           // one per device, in the same order; empty where not written
    QStringList errors;          // devices that could not be written, in words
};

// Writes each device to `catalogDir`/measured-<id>-<date>.json (created when missing), atomically;
// a measurement of the same device on the same day replaces the earlier file. Devices without any
// ceiling are left out. `devices` of the result holds every device, written or not.
SavedMeasurement saveMeasuredDevices(const std::vector<Device>& devices, const QString& catalogDir);

} // namespace roofscope::ui
