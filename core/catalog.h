#pragma once
// The devices Roofscope knows: built-in spec entries, the user's own entries and measured
// ceilings. A later layer overrides an earlier one by id, and every entry remembers where it came
// from so that the UI and the command line can say which one is in use.

#include "core/device.h"
#include "core/error.h"

#include <string>
#include <vector>

namespace roofscope {

enum class CatalogLayer { builtin, user, measured };

struct CatalogEntry {
    Device device;
    CatalogLayer layer = CatalogLayer::builtin;
    std::string origin;                  // file the entry was read from
    std::vector<std::string> overridden; // origins of entries this one replaced, oldest first
};

class Catalog {
  public:
    // Adds devices read from `origin`. An id already present is replaced when `layer` is the
    // same or later than the existing entry's, and the replaced origin is remembered.
    void add(const std::vector<Device>& devices, CatalogLayer layer, const std::string& origin);

    const std::vector<CatalogEntry>& entries() const { return entries_; }
    const CatalogEntry* find(std::string_view id) const;

    // The entry whose name, id or alias equals `reportedName` exactly, ignoring case and
    // surrounding blanks; nullptr when none does. Never guesses a nearest match: a wrong device
    // would silently put every roof in the wrong place.
    const CatalogEntry* findByName(std::string_view reportedName) const;

  private:
    std::vector<CatalogEntry> entries_;
};

std::string_view toString(CatalogLayer layer);

// Whether any of the device's ceilings was measured rather than read from a datasheet.
bool hasMeasuredCeilings(const Device& device);

} // namespace roofscope
