#pragma once
// Finding a record or a launch by name in the kineto_analysis suites.

#include "core/import/kineto/kineto_analysis.h"

#include <string>
#include <vector>

namespace roofscope::testing {

// The first record named `name`; nullptr when none is.
inline const OpRecord* named(const std::vector<OpRecord>& records, const std::string& name) {
    for (const OpRecord& r : records)
        if (r.name == name)
            return &r;
    return nullptr;
}

// The first launch whose kernel is named `name`; nullptr when none is.
inline const Launch* launchNamed(const KinetoAnalysis& a, const std::string& name) {
    for (const Launch& l : a.launches)
        if (l.name.str() == name)
            return &l;
    return nullptr;
}

} // namespace roofscope::testing
