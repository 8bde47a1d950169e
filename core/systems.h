#pragma once
// The systems catalog: the machines people train on (HGX/DGX nodes, AMD platforms, the cloud
// instances built from them) with what a device entry cannot say, the bandwidth of collectives
// within a node and across nodes, and what an hour of the machine costs. Built in from
// resources/systems/systems.json (format "roofscope-systems"); every number has its source.

#include "core/ceilings.h"
#include "core/device.h"
#include "core/error.h"
#include "core/session.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

inline constexpr int kSystemsFormatVersion = 1;

enum class SystemKind { node, cloud };

// On-demand price of the whole machine.
struct SystemPrice {
    double usdPerHour = 0;
    std::string region;    // e.g. "us-east-1"
    std::string date;      // when the price held, "YYYY-MM" or "YYYY-MM-DD"
    std::string sourceUrl; // where it was read
    std::string note;

    bool operator==(const SystemPrice&) const = default;
};

struct System {
    std::string id;   // stable, lower-case, e.g. "aws-p5.48xlarge"
    std::string name; // e.g. "AWS p5.48xlarge"
    SystemKind kind = SystemKind::node;
    std::string vendor;
    std::string deviceId; // the catalog id of its GPUs
    int gpusPerNode = 0;
    std::string basedOn; // the node design it uses (a node's id), "" when none is listed
    // Bus bandwidth per GPU in the nccl-tests busbw sense, per direction, B/s: collectives whose
    // group fits in one node (intra) and those that span nodes (inter, the NICs per GPU).
    std::optional<Ceiling> intraNode;
    std::optional<Ceiling> interNode;
    std::optional<SystemPrice> price;
    std::string notes;

    // USD per GPU-hour (price / gpusPerNode); nullopt without a price.
    std::optional<double> usdPerGpuHour() const;

    bool operator==(const System&) const = default;
};

std::string_view toString(SystemKind kind);

// The systems of a document. `file` only names the source in errors, which give the JSON pointer
// of the field at fault. Refuses a document without its format and version, an id given twice,
// a GPU count under 1, a price without a date or source, a ceiling without a source.
Result<std::vector<System>> parseSystems(std::string_view text, const std::string& file);

// The built-in systems (resources/systems/*.json, compiled in; catalog_loader.h's
// builtinSystemDocuments), parsed once. A broken built-in document is a build defect that
// test_systems reports; here it yields no systems.
const std::vector<System>& builtinSystems();

const System* findSystem(std::span<const System> systems, std::string_view id);

// The system a trace on `deviceId` most likely ran on, so that its collectives have ceilings
// before anything is measured: the vendor's node design for that GPU (kind node), else the
// first system listing it; nullptr when none does. The user can pick another.
const System* suggestSystem(std::span<const System> systems, std::string_view deviceId);

// The systems listing `deviceId`, nodes first, in catalog order.
std::vector<const System*> systemsFor(std::span<const System> systems, std::string_view deviceId);

// `device` in `system`: its intra_node and inter_node link ceilings become the system's, unless
// the device's own were measured (a measured ceiling outranks a spec), and Device::system names
// it. The provenance keeps the system's source and says which system the figure is of.
Device withSystem(const Device& device, const System& system);

// `device` in no system: the link ceilings a system gave it go, its own stay; system cleared.
Device withoutSystem(const Device& device);

// Every device of `session` that a dataset runs on put in system `id` of `systems` (withSystem),
// or in none when `id` is "none" (withoutSystem): `roofscope export --system`. Errors when `id`
// is unknown, and when no dataset runs on the system's GPU (naming the systems of the devices
// that are used), since a system's links are those of its own GPUs.
Status putSessionInSystem(Session& session, std::span<const System> systems, std::string_view id);

// The cheapest sourced on-demand price per GPU-hour among the cloud systems of `deviceId`, and
// the system it is of; nullopt when none has a price.
struct GpuHourPrice {
    double usdPerGpuHour = 0;
    const System* system = nullptr;
};
std::optional<GpuHourPrice> cheapestGpuHour(std::span<const System> systems,
                                            std::string_view deviceId);

// What an hour of `device` costs when the user has not said: its system's price per GPU-hour
// when Device::system is a priced cloud instance, else cheapestGpuHour over `systems`.
std::optional<GpuHourPrice> defaultGpuHour(std::span<const System> systems, const Device& device);

} // namespace roofscope
