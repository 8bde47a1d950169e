// roofscope devices [--json]
#include "app/cli.h"
#include "app/options.h"
#include "core/catalog_loader.h"
#include "core/ceilings_file.h"
#include "core/units.h"

#include <iomanip>
#include <ostream>

namespace roofscope::app {
namespace {

OptionTable optionTable(bool& json) {
    return {"devices",
            "Usage: roofscope devices [--json]\n\n"
            "Lists every device Roofscope knows: the built-in spec catalog, then the user's "
            "entries\nfrom the user catalog folder, which override built-in ones with the same "
            "id.\n\n",
            11,
            {{{"--json"},
              "",
              "print the catalog as a roofscope-ceilings document (readable back as a ceilings "
              "file)",
              flag(json)}},
            "",
            false};
}

std::string peakText(const Device& d, Precision p, bool tensor) {
    const auto c = d.ceilings.computeFor(p, tensor);
    if (!c || (tensor && !d.ceilings.compute.count({p, ComputeUnit::tensor})))
        return "-";
    return formatSi(c->value, Dimension::flopsPerS);
}

} // namespace

int runDevices(const std::vector<std::string>& args, CommandIo io) {
    bool json = false;
    std::vector<std::string> none;
    if (const auto code = parseCommandLine(optionTable(json), args, none, io))
        return *code;
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
