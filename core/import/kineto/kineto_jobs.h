#pragma once
// Which of the trace files given together are the ranks of one job. Files opened together are
// often not: the same model traced on two GPUs to compare them, two runs of one job. Merged, they
// would make a fake job whose ranks run on one device's roofs, so files become one job only when
// each says it is a distinct rank of the same world size on the same model of device.

#include "core/import/kineto/kineto_load.h"

#include <string>
#include <vector>

namespace roofscope {

struct TraceJobs {
    // In the order of each job's first file; within a job, the files in the order given. Each
    // job's warnings are its files' own, in that order.
    std::vector<MultiRankTrace> jobs;
    // How the files were opened, in words, when more than one was given ("" for one file):
    // "2 files opened as one job: ranks 0 and 1 of 128", or the runs they became and why.
    std::string said;
};

// A file joins the first job of its world size (at least 2) and device name that lacks its rank
// (in [0, world size)); any other file is a run of its own. Never merges two files that claim
// the same rank, and never files of different devices or world sizes.
TraceJobs splitIntoJobs(MultiRankTrace files);

} // namespace roofscope
