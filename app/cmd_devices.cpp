// roofscope devices [--json] [--systems]
#include "app/cli.h"
#include "app/options.h"
#include "core/catalog_loader.h"
#include "core/ceilings_file.h"
#include "core/systems.h"
#include "core/units.h"

#include <cstdio>
#include <iomanip>
#include <ostream>

namespace roofscope::app {
namespace {

OptionTable optionTable(bool& json, bool& systems) {
    return {"devices",
            "Usage: roofscope devices [--json] [--systems]\n\n"
            "Lists every device Roofscope knows: the built-in spec catalog, then the user's "
            "entries\nfrom the user catalog folder, which override built-in ones with the same "
            "id.\n\n",
            11,
            {{{"--json"},
              "",
              "print the catalog as a roofscope-ceilings document (readable back as a ceilings "
              "file)",
              flag(json)},
             {{"--systems"},
              "",
              "list the systems catalog instead: the nodes and cloud instances, their GPUs, "
              "the bus bandwidth per GPU within and across nodes, and the dated on-demand "
              "price per GPU-hour (the ids 'export --system' takes)",
              flag(systems)}},
            "",
            false};
}

std::string peakText(const Device& d, Precision p, bool tensor) {
    const auto c = d.ceilings.computeFor(p, tensor);
    if (!c || (tensor && !d.ceilings.compute.count({p, ComputeUnit::tensor})))
        return "-";
    return formatSi(c->value, Dimension::flopsPerS);
}

std::string ceilingText(const std::optional<Ceiling>& c) {
    return c ? formatSi(c->value, Dimension::bytesPerS) : std::string("-");
}

void listSystems(std::ostream& out) {
    out << std::left << std::setw(26) << "ID" << std::setw(40) << "NAME" << std::setw(6) << "KIND"
        << std::setw(26) << "GPU" << std::setw(6) << "GPUS" << std::setw(13) << "INTRA-NODE"
        << std::setw(13) << "INTER-NODE"
        << "USD/GPU-HOUR\n";
    for (const System& s : builtinSystems()) {
        std::string price = "-";
        if (const auto perGpu = s.usdPerGpuHour()) {
            char text[64];
            std::snprintf(text, sizeof text, "%.2f (%s)", *perGpu, s.price->date.c_str());
            price = text;
        }
        out << std::left << std::setw(26) << s.id << std::setw(40) << s.name.substr(0, 39)
            << std::setw(6) << toString(s.kind) << std::setw(26) << s.deviceId.substr(0, 25)
            << std::setw(6) << s.gpusPerNode << std::setw(13) << ceilingText(s.intraNode)
            << std::setw(13) << ceilingText(s.interNode) << price << "\n";
    }
    out << builtinSystems().size()
        << " systems; bandwidth is nccl-tests bus bandwidth per GPU, each figure's source in "
           "resources/systems/systems.json\n";
}

} // namespace

int runDevices(const std::vector<std::string>& args, CommandIo io) {
    bool json = false, systems = false;
    std::vector<std::string> none;
    if (const auto code = parseCommandLine(optionTable(json, systems), args, none, io))
        return *code;
    if (systems) {
        listSystems(io.out);
        return kExitOk;
    }
    std::vector<std::string> warnings;
    const Catalog catalog = loadCatalog(&warnings);
    for (const auto& w : warnings)
        io.err << "warning: " << w << "\n";
    if (json) {
        std::vector<Device> devices;
        for (const auto& e : catalog.entries())
            devices.push_back(e.device);
        io.out << serializeCeilings(devices);
        return kExitOk;
    }
    io.out << std::left << std::setw(30) << "ID" << std::setw(44) << "NAME" << std::setw(6)
           << "KIND" << std::setw(16) << "FP16 TENSOR" << std::setw(16) << "FP32" << std::setw(14)
           << "DRAM"
           << "SOURCE\n";
    for (const auto& e : catalog.entries()) {
        const Device& d = e.device;
        const auto dram = d.ceilings.memoryFor(MemoryLevel::dram);
        io.out << std::left << std::setw(30) << d.id << std::setw(44) << d.name.substr(0, 43)
               << std::setw(6) << toString(d.kind) << std::setw(16)
               << peakText(d, Precision::fp16, true) << std::setw(16)
               << peakText(d, Precision::fp32, false) << std::setw(14)
               << (dram ? formatSi(dram->value, Dimension::bytesPerS) : std::string("-"))
               << toString(e.layer)
               << (e.layer == CatalogLayer::builtin ? std::string() : " " + e.origin) << "\n";
    }
    io.out << catalog.entries().size() << " devices; user catalog: " << userCatalogDir() << "\n";
    return kExitOk;
}

} // namespace roofscope::app
