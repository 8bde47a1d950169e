// The table of `roofscope summarize`: the longest records first, then totals and collectives.
#include "app/cmd_summarize.h"
#include "core/import/importer.h"
#include "core/kernel_name.h"
#include "core/stack_text.h"

#include "core/roofline.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <set>

namespace roofscope::app {
namespace {

constexpr std::size_t kNameWidth = 48;

// Kernel names are long C++ signatures whose start (the kernel) and end (template arguments
// such as the element type) both matter: keep both and cut the middle, never inside a UTF-8
// character.
std::string shortName(std::string name) {
    if (name.rfind("void ", 0) == 0)
        name.erase(0, 5);
    if (name.size() <= kNameWidth - 1)
        return name;
    auto boundary = [&](std::size_t i) {
        while (i > 0 && i < name.size() && (static_cast<unsigned char>(name[i]) & 0xC0) == 0x80)
            --i;
        return i;
    };
    const std::size_t keep = kNameWidth - 4; // one column stays blank before the next field
    const std::size_t head = boundary(keep * 2 / 3);
    const std::size_t tail = boundary(name.size() - (keep - head));
    return name.substr(0, head) + "..." + name.substr(tail);
}

// Pads by display columns, counting a UTF-8 sequence as one.
std::string padded(const std::string& text, std::size_t width) {
    std::size_t columns = 0;
    for (const unsigned char c : text)
        columns += (c & 0xC0) != 0x80;
    return text + std::string(columns < width ? width - columns : 1, ' ');
}

std::string percent(double share) {
    char out[16];
    std::snprintf(out, sizeof out, "%.1f%%", share * 100);
    return out;
}

// "rank 0 of 8"; a file that holds several ranks' records (an XPlane profile's GPUs, an Nsight
// Systems export's processes) names them: "ranks 0 and 7 of 8", "ranks 0, 1 and 2 of 4",
// "16 ranks of 16".
std::string ranksText(const FileSummary& s) {
    std::set<int> ranks;
    for (const SummaryRecord& r : s.records)
        ranks.insert(r.record.rank);
    const std::string of = " of " + std::to_string(s.worldSize);
    if (ranks.size() <= 1)
        return "rank " + std::to_string(ranks.empty() ? s.rank : *ranks.begin()) + of;
    if (ranks.size() > 6)
        return std::to_string(ranks.size()) + " ranks" + of;
    std::string text = "ranks ";
    std::size_t i = 0;
    for (const int r : ranks) {
        if (i > 0)
            text += i + 1 == ranks.size() ? " and " : ", ";
        text += std::to_string(r);
        ++i;
    }
    return text + of;
}

std::string deviceText(const FileSummary& s) {
    if (s.deviceId.empty())
        return s.deviceName.empty() ? "unknown device" : s.deviceName + " (not in the catalog)";
    if (s.deviceName.empty() || s.deviceName == s.deviceId)
        return s.deviceId;
    return s.deviceName + " (" + s.deviceId + ")";
}

// A record's name as the window labels it: by op, the op (and a helper's short kernel name); by
// kernel or launch, the kernel's short name ("FmhaFwdKernel" for a Composable Kernel launcher,
// "vectorized_elementwise_kernel<MulFunctor>"), so that long template names stay apart.
std::string nameOf(const OpRecord& r, Grouping grouping) {
    return shortName(grouping == Grouping::op ? recordLabel(r) : shortKernelName(r.name));
}

void printRecord(std::ostream& out, const OpRecord& r, Grouping grouping, double totalS) {
    const bool timed = r.timeS.known() && r.timeS.value > 0;
    const auto dram = r.bytesAt(MemoryLevel::dram);
    const double ai = r.flops.known() && dram ? intensity(r.flops.value, *dram) : NAN;
    out << padded(nameOf(r, grouping), kNameWidth) << padded(std::string(toString(r.category)), 12)
        << padded(std::string(toString(r.phase)), 14) << padded(std::to_string(r.count), 7)
        << padded(r.timeS.known() ? formatSi(r.timeS.value, Dimension::time) : "-", 11)
        << padded(timed && totalS > 0 ? percent(r.timeS.value / totalS) : "-", 8)
        << padded(timed && r.flops.known()
                      ? formatSi(r.flops.value / r.timeS.value, Dimension::flopsPerS)
                      : "-",
                  15)
        << padded(std::isfinite(ai) ? formatSi(ai, Dimension::intensity) : "-", 14);
}

// "steps: 3 (ProfilerStep#4..#6), iteration 55.1 ms ± 1.2 ms" and, per step, its busy time
// and breakdown.
void printSteps(std::ostream& out, const FileSummary& s) {
    if (s.steps.empty())
        return;
    const Iteration it = iterationOf(s.steps);
    const auto time = [](double seconds) { return formatSi(seconds, Dimension::time); };
    out << "\n";
    if (!it.marked) {
        out << "steps: none marked; the whole trace is one iteration of " << time(it.meanS) << "\n";
    } else {
        out << "steps: " << s.steps.size() << ", iteration " << time(it.meanS);
        if (std::isfinite(it.stderrS))
            out << " \u00b1 " << time(it.stderrS);
        out << " (mean span of " << it.count << " complete step" << (it.count == 1 ? "" : "s")
            << ")\n";
    }
    // A file of several ranks (an Nsight Systems export, an XPlane profile) has steps per rank.
    const bool ranks = std::any_of(s.steps.begin(), s.steps.end(),
                                   [&](const Step& x) { return x.rank != s.steps.front().rank; });
    if (ranks)
        out << padded("RANK", 6);
    out << padded("STEP", 18) << padded("LAUNCHES", 10) << padded("SPAN", 11)
        << padded("GPU BUSY", 11) << padded("KERNELS", 11) << padded("COMPUTE", 11)
        << padded("EXP. COMM", 11) << padded("EXP. COPY", 11) << "IDLE\n";
    for (const Step& step : s.steps)
        out << (ranks ? padded(std::to_string(step.rank), 6) : std::string())
            << padded(step.name, 18) << padded(std::to_string(step.launches), 10)
            << padded(time(step.gpu.spanS), 11) << padded(time(step.gpu.gpuBusyS), 11)
            << padded(time(step.gpu.kernelTimeS), 11) << padded(time(step.gpu.computationS), 11)
            << padded(time(step.gpu.exposedCommS), 11) << padded(time(step.gpu.exposedMemcpyS), 11)
            << time(step.gpu.idleS) << "\n";
    if (s.outside.launches > 0)
        out << "outside every step: " << s.outside.launches << " launches, "
            << time(s.outside.timeS) << " (not in the records' step figures)\n";
}

} // namespace

void printSummaryTable(std::ostream& out, const FileSummary& s, Grouping grouping,
                       std::size_t top) {
    const SummaryTotals t = s.totals();
    out << s.source << ": " << fileKindName(s.kind) << ", " << ranksText(s) << ", " << deviceText(s)
        << "\n";
    if (const std::string stack = describeStack(s.stack); !stack.empty())
        out << "stack: " << stack << "\n";
    if (!s.records.empty()) {
        // A file of several ranks lists each rank's records: the rank tells them apart.
        const bool ranks = std::any_of(s.records.begin(), s.records.end(), [&](const auto& r) {
            return r.record.rank != s.records.front().record.rank;
        });
        out << "\n"
            << (ranks ? padded("RANK", 6) : std::string())
            << padded("NAME (by " + std::string(groupingName(grouping)) + ")", kNameWidth)
            << padded("CATEGORY", 12) << padded("PHASE", 14) << padded("COUNT", 7)
            << padded("TIME", 11) << padded("SHARE", 8) << padded("FLOP/S", 15)
            << padded("FLOP/B DRAM", 14) << padded("BOTTLENECK", 15) << "FLOPS\n";
        const std::size_t shown = top == 0 ? s.records.size() : std::min(top, s.records.size());
        for (std::size_t i = 0; i < shown; ++i) {
            const SummaryRecord& sr = s.records[i];
            if (ranks)
                out << padded(std::to_string(sr.record.rank), 6);
            printRecord(out, sr.record, grouping, t.timeS);
            out << padded(std::string(toString(sr.bottleneck)), 15)
                << toString(sr.record.flops.origin) << "\n";
        }
        if (shown < s.records.size())
            out << "... " << s.records.size() - shown << " more (--top 0 shows all)\n";
        out << "total: " << s.records.size() << " records, " << formatSi(t.timeS, Dimension::time)
            << ", " << formatSi(t.flops, Dimension::flops) << ", "
            << formatSi(t.bytesDram, Dimension::bytes) << " DRAM, "
            << formatSi(t.commBytes, Dimension::bytes) << " communicated\n";
    }
    printSteps(out, s);
    if (!s.collectives.empty()) {
        out << "\n"
            << padded("COLLECTIVE", 16) << padded("RANKS", 7) << padded("CALLS", 7)
            << padded("BYTES", 11) << padded("TIME", 11) << padded("ALGBW", 12) << "BUSBW\n";
        for (const auto& c : s.collectives)
            out << padded(c.op ? std::string(toString(*c.op)) : "unknown", 16)
                << padded(c.groupSize > 0 ? std::to_string(c.groupSize) : "-", 7)
                << padded(std::to_string(c.count), 7)
                << padded(formatSi(c.bytes, Dimension::bytes), 11)
                << padded(formatSi(c.timeS, Dimension::time), 11)
                << padded(formatSi(c.algbwBytesPerS, Dimension::bytesPerS), 12)
                << formatSi(c.busbwBytesPerS, Dimension::bytesPerS) << "\n";
    }
    out << "\n";
}

} // namespace roofscope::app
