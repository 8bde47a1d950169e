#include "core/import/kineto/kineto_jobs.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace roofscope {
namespace {

struct JobKey {
    int worldSize = 1;
    std::string device;
    std::set<int> ranks;
};

std::string fileName(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

std::string rankList(const MultiRankTrace& job) {
    std::vector<int> ranks;
    for (const auto& r : job.ranks)
        ranks.push_back(r.analysis.context.rank);
    std::sort(ranks.begin(), ranks.end());
    std::string text = ranks.size() == 1 ? "rank " : "ranks ";
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (i)
            text += i + 1 == ranks.size() ? " and " : ", ";
        text += std::to_string(ranks[i]);
    }
    return text + " of " + std::to_string(job.ranks.front().analysis.context.worldSize);
}

std::string deviceOf(const MultiRankTrace& job) {
    const std::string& name = job.ranks.front().analysis.deviceName;
    return name.empty() ? "no device named" : name;
}

std::string runText(const MultiRankTrace& job) {
    std::string files = fileName(job.ranks.front().path);
    if (job.ranks.size() > 1)
        files += " and " + std::to_string(job.ranks.size() - 1) + " more";
    return files + " (" + rankList(job) + ", " + deviceOf(job) + ")";
}

} // namespace

TraceJobs splitIntoJobs(MultiRankTrace files) {
    TraceJobs out;
    // Files, not ranks: an Nsight Systems export holds a rank per process.
    std::size_t given = 0;
    for (const auto& rank : files.ranks)
        given += rank.process <= 0 ? 1 : 0;
    std::vector<JobKey> keys;
    for (auto& rank : files.ranks) {
        const DatasetContext& c = rank.analysis.context;
        const bool distributed = c.worldSize > 1 && c.rank >= 0 && c.rank < c.worldSize;
        std::size_t job = keys.size();
        if (distributed)
            for (std::size_t j = 0; j < keys.size(); ++j)
                if (keys[j].worldSize == c.worldSize &&
                    keys[j].device == rank.analysis.deviceName && !keys[j].ranks.count(c.rank)) {
                    job = j;
                    break;
                }
        if (job == keys.size()) {
            // A file that is not a rank of a larger job is a job of its own, whatever it claims:
            // no second file may join it.
            keys.push_back({distributed ? c.worldSize : 0, rank.analysis.deviceName, {}});
            out.jobs.emplace_back();
        }
        keys[job].ranks.insert(c.rank);
        auto& warnings = out.jobs[job].warnings;
        warnings.insert(warnings.end(), rank.analysis.warnings.begin(),
                        rank.analysis.warnings.end());
        out.jobs[job].ranks.push_back(std::move(rank));
    }
    if (given < 2)
        return out;
    const std::string count = std::to_string(given) + " files opened as ";
    if (out.jobs.size() == 1) {
        out.said =
            count + "one job: " + rankList(out.jobs.front()) + ", " + deviceOf(out.jobs.front());
        return out;
    }
    out.said = count + std::to_string(out.jobs.size()) + " runs, not one job: ";
    for (std::size_t j = 0; j < out.jobs.size(); ++j)
        out.said += (j ? "; " : "") + runText(out.jobs[j]);
    out.said += " (the files of a job are distinct ranks of one world size on one model of device)";
    return out;
}

} // namespace roofscope
