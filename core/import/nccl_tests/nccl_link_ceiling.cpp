#include "core/import/nccl_tests/nccl_link_ceiling.h"

#include "core/import/nccl_tests/nccl_tests.h"
#include "core/text_file.h"

namespace roofscope {

Result<LinkCeilingImport> readNcclLinkCeiling(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    ROOFSCOPE_TRY(run, parseNcclTests(text.value(), path));
    ROOFSCOPE_TRY(ceiling, ncclBusBandwidthCeiling(run.value(), path));
    LinkCeilingImport out;
    const auto link = ncclLinkKind(run.value());
    out.link = link.value_or(Link::intra_node);
    out.linkAssumed = !link;
    out.ceiling = std::move(ceiling).value();
    return out;
}

Status applyLinkCeiling(Session& session, const std::string& deviceId,
                        const LinkCeilingImport& imported) {
    for (auto& device : session.devices)
        if (device.id == deviceId) {
            device.ceilings.links[imported.link] = imported.ceiling;
            return {};
        }
    return makeError("the session has no device '" + deviceId + "'");
}

} // namespace roofscope
