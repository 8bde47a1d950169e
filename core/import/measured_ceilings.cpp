#include "core/import/measured_ceilings.h"

#include "core/import/ert/ert_roofline.h"
#include "core/import/importer.h"
#include "core/import/nccl_tests/nccl_tests.h"
#include "core/import/nvbandwidth/nvbandwidth.h"
#include "core/text_file.h"
#include "core/units.h"

namespace roofscope {

Result<MeasuredCeilings> readMeasuredCeilings(const std::string& path) {
    ROOFSCOPE_TRY(importer, importerOf(path));
    const FileKind kind = importer.value()->kind;
    if (kind != FileKind::ncclTests && kind != FileKind::ertRoofline &&
        kind != FileKind::nvbandwidth)
        return makeError(std::string(importer.value()->name) +
                             ": measured ceilings come from nccl-tests output, an ERT "
                             "roofline.json or nvbandwidth output",
                         inFile(path));
    MeasuredCeilings out;
    ROOFSCOPE_TRY(text, readTextFile(path));
    if (kind == FileKind::ncclTests) {
        ROOFSCOPE_TRY(run, parseNcclTests(text.value(), path));
        ROOFSCOPE_TRY(ceiling, ncclBusBandwidthCeiling(run.value(), path));
        out.tool = "nccl-tests";
        if (!run.value().devices.empty())
            out.deviceName = run.value().devices.front();
        const auto link = ncclLinkKind(run.value());
        out.ceilings.links[link.value_or(Link::intra_node)] = std::move(ceiling).value();
        if (!link)
            out.notes.push_back("the output names no hosts: one host (intra_node) assumed");
        return out;
    }
    if (kind == FileKind::ertRoofline) {
        ROOFSCOPE_TRY(device, parseErtRoofline(text.value(), path, "ert"));
        out.tool = "ERT";
        out.ceilings = std::move(device.value().ceilings);
        return out;
    }
    ROOFSCOPE_TRY(ceilings, parseNvbandwidth(text.value(), path));
    out.tool = "nvbandwidth";
    out.ceilings = std::move(ceilings).value();
    const auto names = nvbandwidthDeviceNames(text.value());
    if (!names.empty())
        out.deviceName = names.front();
    if (names.size() > 1)
        for (const auto& name : names)
            if (name != out.deviceName) {
                out.notes.push_back("the output lists GPUs of more than one kind; the first, " +
                                    out.deviceName + ", names the device");
                break;
            }
    return out;
}

Status applyMeasuredCeilings(Session& session, const std::string& deviceId,
                             const Ceilings& measured) {
    Device* device = nullptr;
    for (auto& d : session.devices)
        if (d.id == deviceId)
            device = &d;
    if (!device)
        return makeError("the session has no device '" + deviceId + "'");
    for (const auto& [key, c] : measured.compute)
        device->ceilings.compute[key] = c;
    for (const auto& [level, c] : measured.memory)
        device->ceilings.memory[level] = c;
    for (const auto& [link, c] : measured.links)
        device->ceilings.links[link] = c;
    return {};
}

std::string ceilingsLine(const Ceilings& ceilings) {
    std::string out;
    const auto add = [&](std::string what, double value, Dimension dimension) {
        out += (out.empty() ? "" : ", ") + what + " " + formatSi(value, dimension);
    };
    for (const auto& [level, c] : ceilings.memory)
        add(std::string(toString(level)), c.value, Dimension::bytesPerS);
    for (const auto& [link, c] : ceilings.links)
        add(std::string(toString(link)), c.value, Dimension::bytesPerS);
    for (const auto& [key, c] : ceilings.compute)
        add(std::string(toString(key.precision)) + " " + std::string(toString(key.unit)), c.value,
            Dimension::flopsPerS);
    return out;
}

} // namespace roofscope
