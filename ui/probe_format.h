#pragma once
// How the probe dialog words the probe's plan and results: targets ("gpu0+gpu1" -> "GPU 0 + GPU 1")
// and measured values in readable units ("3.95 TB/s", "fp16 tensor 612 TFLOP/s").

#include "core/probe_events.h"

#include <QString>

#include <vector>

namespace roofscope::ui {

// "CPU", "GPU 0", "GPU 0 + GPU 1", "Cluster"; an unknown target as it is spelled.
QString targetTitle(const std::string& target);

// Which ceiling a result is: "fp16 tensor", "fp32", "DRAM", "L2", "PCIe H2D", "NVLink/P2P".
QString ceilingLabel(const ProbeEvent& result);

// The value with its unit, e.g. "3.95 TB/s" or "612 TFLOP/s".
QString resultValue(const ProbeEvent& result);

// The results of one benchmark on one line: the value alone when there is one, else
// "label value" joined by " · ".
QString resultsSummary(const std::vector<ProbeEvent>& results);

// "1 benchmark", "3 benchmarks": English plurals without a loaded translation ("%n" would
// print "3 benchmark(s)").
QString countOf(qsizetype n, const QString& singular, const QString& plural);

// How a value was measured, for a tooltip: method, samples, spread, clock.
QString resultDetails(const ProbeEvent& result);

} // namespace roofscope::ui
