#pragma once
// Internal to gpu/mpi: this machine's host name, for a rank that never touches MPI (a plain
// roofscope-probe, or a build without MPI). Header-only so that both builds share it.

#include <string>

#include <unistd.h>

namespace roofscope::probe::detail {

// gethostname(), or "localhost" when it fails; never empty.
inline std::string hostName() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0 || name[0] == '\0')
        return "localhost";
    return name;
}

} // namespace roofscope::probe::detail
