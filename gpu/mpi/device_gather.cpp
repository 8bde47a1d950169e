// gatherDevices: each rank's devices travel to rank 0 as the JSON text of the ceilings file's
// device objects, so that nothing but core's own reader and writer defines their form.

#include "core/device_json.h"
#include "gpu/mpi/mpi_call.h"

#include <climits>
#include <cstdint>
#include <numeric>

namespace roofscope::probe {

namespace {

std::string serialize(const std::vector<Device>& devices) {
    json::Json array = json::Json::array();
    for (const auto& d : devices)
        array.push_back(json::toJson(d));
    // A name read from the system may hold invalid UTF-8: replace it rather than throw.
    return array.dump(-1, ' ', false, json::Json::error_handler_t::replace);
}

Result<std::vector<Device>> parse(const std::string& text, int rank) {
    const std::string source = "devices of rank " + std::to_string(rank);
    auto parsed = json::parseJsonText(text, source, "a JSON array of devices");
    if (!parsed.ok())
        return parsed.error();
    const json::Json& array = parsed.value();
    if (!array.is_array())
        return makeError(source + ": expected a JSON array of devices");
    std::vector<Device> devices;
    try {
        for (std::size_t i = 0; i < array.size(); ++i)
            devices.push_back(json::deviceFromJson(array[i], json::child("", i)));
    } catch (const json::FieldError& e) {
        return makeError(source + ": at " + e.path + ": " + e.message);
    } catch (const std::exception& e) {
        return makeError(source + ": " + e.what());
    }
    return devices;
}

} // namespace

Result<std::vector<std::vector<Device>>> gatherDevices(const MpiSession& session,
                                                       const std::vector<Device>& mine) {
    using detail::mpiError;
    if (!session.active())
        return std::vector<std::vector<Device>>{mine};

    std::string text;
    std::optional<Error> failed;
    try {
        text = serialize(mine);
    } catch (const std::exception& e) {
        failed = makeError(std::string("cannot write this rank's devices as JSON: ") + e.what());
    }
    if (!failed && text.size() > INT_MAX)
        failed = makeError("this rank's devices take more than 2 GiB of JSON");
    if (auto e = detail::agreeOnFailure(session, failed))
        return *e;

    // Every rank learns every length, so that all of them see the same total and refuse the
    // gather together when it would not fit MPI's int displacements.
    const int length = static_cast<int>(text.size());
    std::vector<int> lengths(static_cast<std::size_t>(session.size));
    if (auto e =
            mpiError(MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD),
                     "MPI_Allgather"))
        return *e;
    const std::int64_t total = std::accumulate(lengths.begin(), lengths.end(), std::int64_t{0});
    if (total > INT_MAX)
        return makeError("the devices of all ranks take more than 2 GiB of JSON");

    std::vector<int> offsets(lengths.size(), 0);
    std::string all;
    if (session.rank == 0) {
        std::exclusive_scan(lengths.begin(), lengths.end(), offsets.begin(), 0);
        all.resize(static_cast<std::size_t>(total));
    }
    if (auto e = mpiError(MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(),
                                      offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD),
                          "MPI_Gatherv"))
        return *e;
    if (session.rank != 0)
        return std::vector<std::vector<Device>>{};

    std::vector<std::vector<Device>> perRank;
    for (int r = 0; r < session.size; ++r) {
        const auto i = static_cast<std::size_t>(r);
        auto devices = parse(
            all.substr(static_cast<std::size_t>(offsets[i]), static_cast<std::size_t>(lengths[i])),
            r);
        if (!devices.ok())
            return devices.error();
        perRank.push_back(std::move(devices.value()));
    }
    return perRank;
}

} // namespace roofscope::probe
