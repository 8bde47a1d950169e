#include "gpu/probe/spec_floor.h"

#include "core/catalog.h"
#include "core/catalog_loader.h"
#include "core/ceilings_file.h"
#include "core/units.h"

#include <algorithm>
#include <cstdio>

namespace roofscope::probe {
namespace {

// NVML's clocks-event reason bits (nvml.h, nvmlClocksEventReason*); 0x1, GPU idle, explains
// nothing about a run that just ended.
struct ReasonBit {
    std::uint64_t bit;
    const char* words;
};
constexpr ReasonBit kReasons[] = {
    {0x2, "an application clock setting"}, {0x4, "the software power cap"},
    {0x8, "a hardware slowdown"},          {0x10, "sync boost"},
    {0x20, "software thermal slowdown"},   {0x40, "hardware thermal slowdown"},
    {0x80, "the hardware power brake"},    {0x100, "a display clock setting"}};
constexpr std::uint64_t kThermalBits = 0x20 | 0x40;

std::string fixed(double value, int decimals) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

Dimension dimensionOf(const CeilingWhat& what) {
    return std::holds_alternative<ComputeKey>(what) ? Dimension::flopsPerS : Dimension::bytesPerS;
}

void append(std::string& text, const std::string& part) {
    if (!text.empty())
        text += "; ";
    text += part;
}

} // namespace

SpecFloor specFloor(const CeilingWhat& what) {
    if (const auto* key = std::get_if<ComputeKey>(&what))
        return key->unit == ComputeUnit::tensor ? SpecFloor{0.6, false} : SpecFloor{0.8, true};
    if (std::holds_alternative<MemoryLevel>(what))
        return {0.8, false};
    return {0.7, false};
}

std::string shortfallCauses(const RunConditions& c, const CeilingWhat& what) {
    std::string causes;
    if (c.clockLimits) {
        std::string named;
        for (const ReasonBit& r : kReasons)
            if (*c.clockLimits & r.bit)
                named += (named.empty() ? "" : ", ") + std::string(r.words);
        if (!named.empty()) {
            std::string part = "clock limited by " + named;
            if ((*c.clockLimits & kThermalBits) && c.temperatureC)
                part += " at " + fixed(*c.temperatureC, 0) + " °C";
            append(causes, part);
        }
    }
    if (c.powerW && c.powerLimitW && *c.powerLimitW > 0 && *c.powerW >= 0.95 * *c.powerLimitW)
        append(causes, "power " + fixed(*c.powerW, 0) + " W at its " + fixed(*c.powerLimitW, 0) +
                           " W limit");
    if (!specFloor(what).scalesWithClock && c.smClockMHz && c.maxSmClockMHz &&
        *c.maxSmClockMHz > 0 && *c.smClockMHz < 0.9 * *c.maxSmClockMHz)
        append(causes, "SM clock " + fixed(*c.smClockMHz, 0) + " MHz, " +
                           fixed(100 * *c.smClockMHz / *c.maxSmClockMHz, 0) + " % of its " +
                           fixed(*c.maxSmClockMHz, 0) + " MHz maximum");
    const auto* link = std::get_if<Link>(&what);
    if (link && (*link == Link::pcie_h2d || *link == Link::pcie_d2h)) {
        const bool slowGen =
            c.pcieGeneration && c.pcieMaxGeneration && *c.pcieGeneration < *c.pcieMaxGeneration;
        const bool narrow = c.pcieWidth && c.pcieMaxWidth && *c.pcieWidth < *c.pcieMaxWidth;
        if (slowGen || narrow)
            append(causes, "PCIe link at Gen" + std::to_string(*c.pcieGeneration) + " x" +
                               std::to_string(c.pcieWidth.value_or(0)) + ", the GPU supports Gen" +
                               std::to_string(*c.pcieMaxGeneration) + " x" +
                               std::to_string(c.pcieMaxWidth.value_or(0)));
    }
    return causes;
}

SpecCheck checkAgainstSpec(const Measured& m, double spec) {
    SpecCheck check;
    check.spec = spec;
    check.floor = specFloor(m.what);
    double scale = 1;
    const auto maxClock = m.conditions.maxSmClockMHz;
    if (check.floor.scalesWithClock && m.clockMHz > 0 && maxClock && *maxClock > 0)
        scale = std::min(1.0, m.clockMHz / *maxClock);
    check.expected = spec * scale;
    check.ratio = check.expected > 0 ? m.value / check.expected : 0;
    check.belowFloor = check.ratio < check.floor.fraction;
    check.overSpec = m.value > kOverSpecLimit * spec;

    const Dimension unit = dimensionOf(m.what);
    const std::string name = ceilingName(m.what) + " " + formatSi(m.value, unit);
    if (check.overSpec) {
        check.text = name + " is " + fixed(m.value / spec, 2) + "x the datasheet's " +
                     formatSi(spec, unit) + ", more than " + fixed(kOverSpecLimit, 2) +
                     "x: the benchmark counts more work than it does, or times it wrong";
    } else if (check.belowFloor) {
        check.causes = shortfallCauses(m.conditions, m.what);
        std::string reference = "the datasheet's " + formatSi(spec, unit);
        if (scale < 1)
            reference += " scaled to the run's " + fixed(m.clockMHz, 0) + " of " +
                         fixed(*maxClock, 0) + " MHz (" + formatSi(check.expected, unit) + ")";
        check.text = name + " is " + fixed(check.ratio, 2) + "x " + reference + ", under the " +
                     fixed(check.floor.fraction, 1) + "x floor: " +
                     (check.causes.empty()
                          ? "the device reported no clock, power, thermal or link limit, so the "
                            "benchmark itself falls short (it does less work than it counts, or "
                            "issues it slower than the unit runs)"
                          : "held back by the device: " + check.causes);
    }
    return check;
}

std::optional<double> specValue(const Device& spec, const CeilingWhat& what) {
    const Ceilings& c = spec.ceilings;
    if (const auto* key = std::get_if<ComputeKey>(&what)) {
        if (auto it = c.compute.find(*key); it != c.compute.end())
            return it->second.value;
    } else if (const auto* level = std::get_if<MemoryLevel>(&what)) {
        if (auto it = c.memory.find(*level); it != c.memory.end())
            return it->second.value;
    } else if (auto it = c.links.find(std::get<Link>(what)); it != c.links.end()) {
        return it->second.value;
    }
    return std::nullopt;
}

std::string ceilingName(const CeilingWhat& what) {
    if (const auto* key = std::get_if<ComputeKey>(&what))
        return std::string(toString(key->precision)) + " " + std::string(toString(key->unit));
    if (const auto* level = std::get_if<MemoryLevel>(&what))
        return std::string(toString(*level));
    return std::string(toString(std::get<Link>(what)));
}

std::optional<Device> builtinSpecDevice(const std::string& name) {
    static const Catalog catalog = [] {
        Catalog c;
        for (const BuiltinDocument& d : builtinDeviceDocuments())
            if (auto devices = parseCeilings(d.text, ":/devices/" + std::string(d.name)))
                c.add(devices.value(), CatalogLayer::builtin, std::string(d.name));
        return c;
    }();
    if (const CatalogEntry* entry = catalog.findByName(name))
        return entry->device;
    return std::nullopt;
}

} // namespace roofscope::probe
