#include "core/import/kineto/launch_record.h"

namespace roofscope {

OpRecord toOpRecord(const LaunchRecord& r, std::string name) {
    OpRecord out;
    out.name = std::move(name);
    out.category = r.category;
    out.phase = r.phase;
    out.rank = r.rank;
    out.stream = r.stream;
    out.precision = r.precision;
    out.usesTensorUnits = r.usesTensorUnits;
    out.flops = r.flops;
    out.bytes = r.bytes.toMap();
    out.commBytes = r.commBytes.toMap();
    out.timeS = r.timeS;
    out.outsideSteps = r.outsideSteps;
    out.flopsNote = r.flopsNote.str();
    out.collective = r.collective;
    out.groupSize = r.groupSize;
    return out;
}

} // namespace roofscope
