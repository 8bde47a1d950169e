// RooflinePlot's points: each record's point as core computes it (core/plot_points.h), a
// large dataset's in slices on several cores, then put in drawing order (by group, then
// category) by a counting sort of indices.
#include "ui/roofline_plot.h"

#include "core/on_threads.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

namespace roofscope::ui {

// Names to small ids, in the order they were first met: a dense dataset holds millions of
// launches of a few thousand kernels. Open addressing on the names' hashes, names compared only
// where the hashes are equal; std::unordered_map's chains and modulo were a quarter of
// setSession's time on the points.
class RooflinePlot::NameIds {
  public:
    // The id of `name`: its own when it was met before, else the next one.
    int idOf(std::string_view name) {
        // Launches of one kernel often come one after another.
        if (!names_.empty() && name == names_[static_cast<std::size_t>(last_)])
            return last_;
        if (2 * (names_.size() + 1) > slots_.size())
            grow();
        const std::uint64_t hash = std::hash<std::string_view>{}(name);
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t at = hash & mask;; at = (at + 1) & mask) {
            Slot& slot = slots_[at];
            if (slot.id < 0) {
                slot = {hash, static_cast<int>(names_.size())};
                names_.push_back(name);
                return last_ = slot.id;
            }
            if (slot.hash == hash && names_[static_cast<std::size_t>(slot.id)] == name)
                return last_ = slot.id;
        }
    }
    // The names by id.
    const std::vector<std::string_view>& names() const { return names_; }

  private:
    struct Slot {
        std::uint64_t hash = 0;
        int id = -1; // -1: empty
    };
    void grow() {
        std::vector<Slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
        old.swap(slots_);
        const std::size_t mask = slots_.size() - 1;
        for (const Slot& slot : old) {
            if (slot.id < 0)
                continue;
            std::size_t at = slot.hash & mask;
            while (slots_[at].id >= 0)
                at = (at + 1) & mask;
            slots_[at] = slot;
        }
    }
    std::vector<Slot> slots_; // a power of two, at most half full
    std::vector<std::string_view> names_;
    int last_ = 0;
};

// What one slice of a dataset's records gave, besides its points (written into drawn_ from the
// slice's first record on): the hierarchical view's points at other levels and what the plot
// counts.
struct RooflinePlot::Slice {
    std::size_t count = 0; // points written
    std::vector<PlotPoint> otherLevels;
    // Launches of one kernel share its name: the slice's names in order of first appearance,
    // which its points' name indexes until drawDataset maps them to names_.
    NameIds names;
    int undrawable = 0;
    PlotLeftOut leftOut;
    double xLow = std::numeric_limits<double>::infinity(), xHigh = 0;
    double yLow = std::numeric_limits<double>::infinity(), yHigh = 0;
};

void RooflinePlot::drawDataset(const Dataset& dataset, int datasetIndex, const Device* device,
                               const ViewSettings& view, PointGroups& groups,
                               std::vector<PlotPoint>& otherLevels, PrecisionFlags& precisions) {
    // Only computes the points here; drawPoints() draws them in the style their number calls for.
    // The plot draws core's points, as exports write them (core/plot_points.h), one record at a
    // time: all of a dense session's points at once would double what it holds. Millions of
    // records are read from memory faster by several cores than by one, so a large dataset is
    // cut into slices computed side by side, each writing its points where its records start.
    // Each record is read once: its precision, its time and its point in the same pass.
    const std::vector<OpRecord>& records = dataset.records;
    const std::size_t base = drawn_.size();
    drawn_.resize(base + records.size());
    // The measured time summed in blocks of records in order, and the blocks in order, so that
    // the total does not depend on how many slices the records were cut into.
    constexpr std::size_t kBlock = 4096;
    std::vector<double> blockTimeS((records.size() + kBlock - 1) / kBlock, 0.0);
    std::vector<PrecisionFlags> slicePrecisions;
    auto compute = [&](std::size_t begin, std::size_t end, Slice& out, PrecisionFlags& used) {
        std::vector<PlotPoint> points; // one record's, reused
        for (std::size_t i = begin; i < end; ++i) {
            const OpRecord& record = records[i];
            used |= PrecisionFlags{1} << static_cast<unsigned>(record.precision);
            if (record.timeS.known() && record.timeS.value > 0)
                blockTimeS[i / kBlock] += record.timeS.value;
            points.clear();
            recordPlotPoints(record, {datasetIndex, static_cast<int>(i)}, device, view, points);
            const auto point = std::find_if(points.begin(), points.end(), [&](const PlotPoint& p) {
                return p.level == view.memoryLevel;
            });
            // Without a point at the view's level there is nothing to link other levels to.
            if (point == points.end()) {
                ++out.undrawable;
                countShown(out.leftOut, record, undrawableReason(record, view.memoryLevel));
                continue;
            }
            countShown(out.leftOut, record, std::nullopt);
            for (const PlotPoint& p : points)
                if (p.level != view.memoryLevel)
                    out.otherLevels.push_back(p);
            const double x = point->intensity, y = point->achievedFlopsPerS;
            const std::size_t at = base + begin + out.count++;
            // Drawn points have a measured time (recordPlotPoints asks for one).
            drawn_[at] = {x,
                          y,
                          datasetIndex,
                          static_cast<int>(i),
                          out.names.idOf(record.name),
                          0,
                          record.category,
                          point->aboveRoof,
                          static_cast<float>(point->fractionOfRoof),
                          record.timeS.value};
            out.xLow = std::min(out.xLow, x);
            out.xHigh = std::max(out.xHigh, x);
            out.yLow = std::min(out.yLow, y);
            out.yHigh = std::max(out.yHigh, y);
        }
    };
    const std::size_t threads = threadsFor(records.size(), kThreadedRecords, kMaxThreads);
    std::vector<Slice> slices(threads);
    slicePrecisions.assign(threads, 0);
    // Whole blocks to each slice, so that no block's time is summed by two threads.
    const std::size_t per =
        ((records.size() + threads - 1) / threads + kBlock - 1) / kBlock * kBlock;
    auto sliceBegin = [&](std::size_t t) { return std::min(records.size(), t * per); };
    onThreads(threads, [&](std::size_t t) {
        compute(sliceBegin(t), sliceBegin(t + 1), slices[t], slicePrecisions[t]);
    });
    double timeS = 0;
    for (const double t : blockTimeS)
        timeS += t;
    datasetTimeS_[static_cast<std::size_t>(datasetIndex)] = timeS;
    for (const PrecisionFlags used : slicePrecisions)
        precisions |= used;
    // Each slice's points close up behind the previous slice's, in record order.
    std::size_t end = base;
    for (std::size_t t = 0; t < threads; ++t) {
        const std::size_t from = base + sliceBegin(t), n = slices[t].count;
        if (from != end) {
            std::copy_n(drawn_.begin() + std::ptrdiff_t(from), n,
                        drawn_.begin() + std::ptrdiff_t(end));
        }
        end += n;
    }
    drawn_.resize(end);
    // Names are numbered per dataset in record order, as one pass would have met them: the
    // dataset's names follow those of the datasets before it in names_.
    const int firstName = static_cast<int>(names_.size());
    NameIds datasetNames;
    std::vector<int> nameOf;
    std::size_t at = base;
    for (Slice& slice : slices) {
        nameOf.clear();
        for (const std::string_view name : slice.names.names()) {
            const int id = datasetNames.idOf(name);
            if (static_cast<std::size_t>(id) == names_.size() - static_cast<std::size_t>(firstName))
                names_.push_back(
                    QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
            nameOf.push_back(firstName + id);
        }
        undrawable_ += slice.undrawable;
        mergeLeftOut(leftOut_, slice.leftOut);
        if (slice.count > 0) {
            extend(slice.xLow, slice.yLow);
            extend(slice.xHigh, slice.yHigh);
            pointHighX_ = std::max(pointHighX_, slice.xHigh);
        }
        for (const std::size_t last = at + slice.count; at < last; ++at) {
            DrawnPoint& p = drawn_[at];
            p.name = nameOf[static_cast<std::size_t>(p.name)];
            // In record order: groups are numbered in the order their first point asks.
            p.group = groups.groupOf(datasetIndex, p.category);
            aboveRoof_ += p.aboveRoof ? 1 : 0;
            if (p.aboveRoof)
                above_.push_back(static_cast<int>(at));
        }
        points_ += static_cast<int>(slice.count);
        otherLevels.insert(otherLevels.end(), slice.otherLevels.begin(), slice.otherLevels.end());
    }
}

void RooflinePlot::arrangePoints(const std::vector<PointGroup>& groups) {
    const std::size_t categories = enumNames<Category>().size();
    const std::size_t keys = groups.size() * categories;
    const auto key = [categories](const DrawnPoint& p) {
        return static_cast<std::size_t>(p.group) * categories +
               static_cast<std::size_t>(p.category);
    };
    // A counting sort of indices, which is stable (record order within a run is the order
    // markers are drawn in) and linear; the points stay where they are: sorting millions of
    // them took most of setSession. drawn_ is cut into chunks counted and then scattered side by
    // side, each chunk from its own offsets; a scatter writes one sequential stream per run, and
    // computes the axis-space coordinates as it goes rather than gathering them afterwards from
    // a copy in drawn_'s order.
    const std::size_t n = drawn_.size();
    const std::size_t threads = threadsFor(n, kThreadedRecords, kMaxThreads);
    auto chunkBegin = [&](std::size_t t) { return n / threads * t + std::min(t, n % threads); };
    std::vector<std::vector<std::size_t>> at(threads, std::vector<std::size_t>(keys, 0));
    onThreads(threads, [&](std::size_t t) {
        for (std::size_t i = chunkBegin(t); i < chunkBegin(t + 1); ++i)
            ++at[t][key(drawn_[i])];
    });
    // Each chunk's first position for each key: after every earlier key's points, then after
    // the earlier chunks' points of the same key.
    std::vector<std::size_t> keyBegin(keys + 1, 0);
    for (std::size_t k = 0; k < keys; ++k) {
        std::size_t sum = keyBegin[k];
        for (std::size_t t = 0; t < threads; ++t)
            sum += std::exchange(at[t][k], sum);
        keyBegin[k + 1] = sum;
    }
    groups_.clear();
    runs_.clear();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        groups_.push_back({groups[g], keyBegin[g * categories], keyBegin[(g + 1) * categories]});
        for (std::size_t c = 0; c < categories; ++c) {
            const std::size_t k = g * categories + c;
            if (keyBegin[k + 1] > keyBegin[k])
                runs_.push_back(
                    {keyBegin[k], keyBegin[k + 1], static_cast<int>(g), static_cast<Category>(c)});
        }
    }
    order_.resize(n);
    ax_.resize(n);
    ay_.resize(n);
    onThreads(threads, [&](std::size_t t) {
        std::vector<std::size_t>& next = at[t];
        for (std::size_t i = chunkBegin(t); i < chunkBegin(t + 1); ++i) {
            const DrawnPoint& p = drawn_[i];
            const std::size_t s = next[key(p)]++;
            order_[s] = static_cast<int>(i);
            ax_[s] = axisX(p.x);
            ay_[s] = axisY(p.y);
        }
    });
}

} // namespace roofscope::ui
