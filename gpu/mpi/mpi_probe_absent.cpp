// The build has no MPI: every roofscope-probe is a lone rank on its own host, and there are no
// collectives between ranks to measure.

#include "gpu/mpi/host_name.h"
#include "gpu/mpi/mpi_probe.h"

namespace roofscope::probe {

Result<MpiSession> startMpi(int&, char**&) {
    MpiSession session;
    session.node = detail::hostName();
    return session;
}

void stopMpi(const MpiSession&) {}

std::vector<Benchmark> clusterBenchmarks(const MpiSession&, int) {
    return {};
}

Result<std::vector<std::vector<Device>>> gatherDevices(const MpiSession&,
                                                       const std::vector<Device>& mine) {
    return std::vector<std::vector<Device>>{mine};
}

bool agreeOnCancel(const MpiSession&, bool flag) {
    return flag;
}

} // namespace roofscope::probe
