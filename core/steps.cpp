// The timeline breakdown: one sweep over the sorted interval ends, with a count of open
// intervals per lane; each stretch between two consecutive ends goes to the first lane open in
// the order compute, communication, copies.

#include "core/steps.h"

#include "core/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>

namespace roofscope {

TimelineBreakdown breakDown(std::span<const GpuInterval> intervals) {
    TimelineBreakdown out;
    if (intervals.empty())
        return out;
    struct Edge {
        std::int64_t ns;
        int delta; // +1 opens, -1 closes
        GpuLane lane;
    };
    std::vector<Edge> edges;
    edges.reserve(intervals.size() * 2);
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    double kernelNs = 0;
    for (const GpuInterval& i : intervals) {
        const std::int64_t end = std::max(i.endNs, i.startNs);
        edges.push_back({i.startNs, +1, i.lane});
        edges.push_back({end, -1, i.lane});
        first = std::min(first, i.startNs);
        last = std::max(last, end);
        kernelNs += static_cast<double>(end - i.startNs);
    }
    std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) { return a.ns < b.ns; });
    std::array<std::int64_t, 3> open{};
    std::array<double, 3> exposedNs{};
    double busyNs = 0;
    std::int64_t previous = edges.front().ns;
    for (const Edge& e : edges) {
        const double stretch = static_cast<double>(e.ns - previous);
        if (stretch > 0) {
            for (std::size_t lane = 0; lane < open.size(); ++lane)
                if (open[lane] > 0) {
                    exposedNs[lane] += stretch;
                    busyNs += stretch;
                    break;
                }
        }
        open[static_cast<std::size_t>(e.lane)] += e.delta;
        previous = e.ns;
    }
    out.spanS = static_cast<double>(last - first) * 1e-9;
    out.gpuBusyS = busyNs * 1e-9;
    out.kernelTimeS = kernelNs * 1e-9;
    out.computationS = exposedNs[0] * 1e-9;
    out.exposedCommS = exposedNs[1] * 1e-9;
    out.exposedMemcpyS = exposedNs[2] * 1e-9;
    out.idleS = std::max(0.0, out.spanS - out.gpuBusyS);
    return out;
}

Iteration iterationOf(std::span<const Step> steps) {
    Iteration out;
    // Per step name, the slowest rank's span, in order of first appearance.
    std::map<std::string, std::size_t> index;
    std::vector<double> spans;
    for (const Step& s : steps) {
        if (!s.complete)
            continue;
        out.marked = out.marked || s.marked;
        const auto [it, inserted] = index.try_emplace(s.name, spans.size());
        if (inserted)
            spans.push_back(s.gpu.spanS);
        else
            spans[it->second] = std::max(spans[it->second], s.gpu.spanS);
    }
    out.count = static_cast<int>(spans.size());
    if (spans.empty()) {
        out.stderrS = std::numeric_limits<double>::quiet_NaN();
        return out;
    }
    double sum = 0;
    for (const double s : spans)
        sum += s;
    out.meanS = sum / static_cast<double>(spans.size());
    if (spans.size() < 2) {
        out.stderrS = std::numeric_limits<double>::quiet_NaN();
        return out;
    }
    double squares = 0;
    for (const double s : spans)
        squares += (s - out.meanS) * (s - out.meanS);
    const double n = static_cast<double>(spans.size());
    out.stderrS = std::sqrt(squares / (n - 1)) / std::sqrt(n);
    return out;
}

std::string describeIteration(std::span<const Step> steps) {
    if (steps.empty())
        return "";
    const Iteration it = iterationOf(steps);
    const auto time = [](double s) { return formatSi(s, Dimension::time); };
    std::string out = time(it.meanS);
    if (!it.marked)
        return out + ", the whole trace (it marks no steps)";
    if (it.count == 1) {
        for (const Step& s : steps)
            if (s.complete)
                return out + ", one step (" + s.name + ")";
    }
    if (std::isfinite(it.stderrS))
        out += " \u00b1 " + time(it.stderrS);
    return out + ", mean of " + std::to_string(it.count) + " steps";
}

std::string describeStep(const Step& s) {
    const auto time = [](double v) { return formatSi(v, Dimension::time); };
    return s.name + ": span " + time(s.gpu.spanS) + ", GPU busy " + time(s.gpu.gpuBusyS) +
           " (compute " + time(s.gpu.computationS) + ", exposed communication " +
           time(s.gpu.exposedCommS) + ", exposed copies " + time(s.gpu.exposedMemcpyS) +
           "), idle " + time(s.gpu.idleS) + ", " + std::to_string(s.launches) + " launches" +
           (s.complete ? "" : " (incomplete: left out of the iteration)");
}

} // namespace roofscope
