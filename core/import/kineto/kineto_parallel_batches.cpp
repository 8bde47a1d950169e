#include "core/import/kineto/kineto_parallel_batches.h"

#include "core/import/kineto/kineto_batch_parser.h"
#include "core/import/kineto/kineto_segment_merge.h"

#include <simdjson.h>

#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace roofscope::detail {

namespace {

struct Job {
    std::vector<char> text;        // the batch, then padding, when copied
    const char* inPlace = nullptr; // else the batch where it lies
    std::size_t length = 0;
    std::uint64_t streamOffset = 0, endOffset = 0, fileOffset = 0;
    bool unscanned = false; // cut without scanning: its array must end at its last byte
    TraceEvents events;     // the batch's own, merged into the whole trace's
    SkipCounts skips;
    Status status;
    bool done = false; // guarded by State::mutex
};

} // namespace

struct ParallelBatches::State {
    TraceEvents& whole;
    std::string fileName;
    AfterMerge afterMerge;
    SegmentMerger merger;
    std::size_t maxInFlight;

    std::mutex mutex;
    std::condition_variable queued, finished;
    std::deque<Job*> pending;                // not yet taken by a worker
    std::deque<std::unique_ptr<Job>> flight; // every unmerged job, in stream order
    std::vector<std::unique_ptr<Job>> spare; // merged jobs, their buffers kept for reuse
    bool stopping = false;
    Status failure; // the first failure merged; nothing is merged after it
    std::vector<std::thread> workers;

    State(TraceEvents& w, std::string file, unsigned threads, AfterMerge after)
        : whole(w), fileName(std::move(file)), afterMerge(std::move(after)),
          maxInFlight(std::size_t(3) * threads) {}

    void work() {
        TraceEvents unused; // the parser needs a target before its first job
        KinetoBatchParser parser(unused, fileName);
        for (;;) {
            Job* job = nullptr;
            {
                std::unique_lock lock(mutex);
                queued.wait(lock, [&] { return stopping || !pending.empty(); });
                if (stopping)
                    return;
                job = pending.front();
                pending.pop_front();
            }
            parser.retarget(job->events);
            job->status = job->inPlace
                              ? parser.parse(job->inPlace, job->length,
                                             job->length + simdjson::SIMDJSON_PADDING,
                                             job->streamOffset, job->unscanned)
                              : parser.parse(job->text.data(), job->length, job->text.size(),
                                             job->streamOffset, job->unscanned);
            job->skips = parser.skips();
            {
                std::lock_guard lock(mutex);
                job->done = true;
            }
            finished.notify_all();
        }
    }

    // Merges the oldest job, waiting for it when `wait`; false when it is not done (or there is
    // none).
    bool mergeFront(bool wait) {
        std::unique_ptr<Job> job;
        {
            std::unique_lock lock(mutex);
            if (flight.empty())
                return false;
            if (wait)
                finished.wait(lock, [&] { return flight.front()->done; });
            else if (!flight.front()->done)
                return false;
            job = std::move(flight.front());
            flight.pop_front();
        }
        if (failure.ok()) {
            if (!job->status.ok()) {
                failure = job->status;
            } else {
                merger.append(whole, job->events, job->skips);
                failure = afterMerge(job->endOffset, job->fileOffset);
            }
        }
        job->status = {};
        job->done = false;
        spare.push_back(std::move(job));
        return true;
    }

    // Merges what is done, then waits while too many are in flight; a job ready to fill, or
    // the first failure merged.
    Result<std::unique_ptr<Job>> nextJob();
    // Hands `job` to the workers: its text copied already when `inPlace` is null.
    void queue(std::unique_ptr<Job> job, const char* inPlace, std::size_t length,
               std::uint64_t streamOffset, std::uint64_t endOffset, std::uint64_t fileOffset,
               bool unscanned);
};

Result<std::unique_ptr<Job>> ParallelBatches::State::nextJob() {
    while (mergeFront(false)) {
    }
    while (flight.size() >= maxInFlight)
        mergeFront(true);
    if (!failure.ok())
        return failure.error();
    if (spare.empty())
        return std::make_unique<Job>();
    std::unique_ptr<Job> job = std::move(spare.back());
    spare.pop_back();
    return job;
}

void ParallelBatches::State::queue(std::unique_ptr<Job> job, const char* inPlace,
                                   std::size_t length, std::uint64_t streamOffset,
                                   std::uint64_t endOffset, std::uint64_t fileOffset,
                                   bool unscanned) {
    job->inPlace = inPlace;
    job->unscanned = unscanned;
    job->length = length;
    job->streamOffset = streamOffset;
    job->endOffset = endOffset;
    job->fileOffset = fileOffset;
    {
        std::lock_guard lock(mutex);
        pending.push_back(job.get());
        flight.push_back(std::move(job));
    }
    queued.notify_one();
}

ParallelBatches::ParallelBatches(TraceEvents& whole, const std::string& fileName, unsigned threads,
                                 AfterMerge afterMerge)
    : state_(
          std::make_unique<State>(whole, fileName, std::max(1u, threads), std::move(afterMerge))) {
    for (unsigned t = 0; t < std::max(1u, threads); ++t)
        state_->workers.emplace_back([s = state_.get()] { s->work(); });
}

ParallelBatches::~ParallelBatches() {
    {
        std::lock_guard lock(state_->mutex);
        state_->stopping = true;
    }
    state_->queued.notify_all();
    for (auto& t : state_->workers)
        t.join();
}

Status ParallelBatches::submit(const char* data, std::size_t length, std::size_t capacity,
                               std::uint64_t streamOffset, std::uint64_t endOffset,
                               std::uint64_t fileOffset, bool unscanned) {
    auto next = state_->nextJob();
    if (!next.ok())
        return next.error();
    Job& job = *next.value();
    if (job.text.size() != capacity)
        job.text.assign(capacity, '\0');
    std::memcpy(job.text.data(), data, length);
    job.text[0] = '[';
    job.text[length - 1] = ']';
    state_->queue(std::move(next.value()), nullptr, length, streamOffset, endOffset, fileOffset,
                  unscanned);
    return {};
}

Status ParallelBatches::submitInPlace(const char* data, std::size_t length,
                                      std::uint64_t streamOffset, std::uint64_t endOffset,
                                      std::uint64_t fileOffset, bool unscanned) {
    auto next = state_->nextJob();
    if (!next.ok())
        return next.error();
    state_->queue(std::move(next.value()), data, length, streamOffset, endOffset, fileOffset,
                  unscanned);
    return {};
}

Status ParallelBatches::drain() {
    while (state_->mergeFront(true)) {
    }
    return state_->failure;
}

const SkipCounts& ParallelBatches::skips() const {
    return state_->merger.skips();
}

} // namespace roofscope::detail
