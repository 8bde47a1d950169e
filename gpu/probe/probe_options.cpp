#include "gpu/probe/probe_options.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace roofscope::probe {
namespace {

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        if (comma > start)
            items.push_back(text.substr(start, comma - start));
        start = comma + 1;
    }
    return items;
}

Error usage(std::string message) {
    return makeError(std::move(message) + " (see --help)");
}

} // namespace

std::string probeUsage() {
    return "usage: roofscope-probe [--cpu] [--gpu N[,N...]|all] [--only KEYS] [--skip KEYS]\n"
           "                       [--quick|--thorough] [--time-limit SECONDS] [-o FILE]\n"
           "                       [--list] [--version]\n"
           "\n"
           "Measures the ceilings of this machine (compute rates, memory and link bandwidths) and\n"
           "writes them as a roofscope-ceilings JSON file. Progress goes to stdout as JSON lines\n"
           "(roofscope.probe-events/1), messages to stderr. Without --cpu or --gpu it probes the\n"
           "CPU and every GPU. Under mpirun/srun it probes every rank's device and the "
           "collectives\n"
           "between them, and rank 0 writes one file for the cluster.\n"
           "\n"
           "  --cpu               probe the CPU\n"
           "  --gpu N|all         probe CUDA device N (or several, comma-separated, or all)\n"
           "  --only KEYS         run only these benchmarks (comma-separated keys, see --list)\n"
           "  --skip KEYS         do not run these benchmarks\n"
           "  --quick             small sizes and few samples: seconds per benchmark\n"
           "  --thorough          more sizes and samples, for a report\n"
           "  --time-limit S      stop starting benchmarks after S seconds; the rest are skipped\n"
           "  -o, --output FILE   write the ceilings file (atomically)\n"
           "  --list              print the plan as a hello event and exit\n"
           "\n"
           "Exit status: 0 every benchmark gave its result; 1 failure; 2 usage error; 3 a GPU was\n"
           "asked for but none is usable (the CPU part still ran); 4 partial results; 130\n"
           "cancelled by SIGINT/SIGTERM (what was measured is still written).\n";
}

Result<ProbeOptions> parseProbeOptions(const std::vector<std::string>& args) {
    ProbeOptions o;
    bool quick = false, thorough = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> Result<std::string> {
            if (i + 1 >= args.size())
                return usage(a + " needs a value");
            return args[++i];
        };
        if (a == "--cpu") {
            o.cpu = true;
        } else if (a == "--gpu") {
            ROOFSCOPE_TRY(v, value());
            o.gpuRequested = true;
            if (v.value() == "all") {
                o.allGpus = true;
                continue;
            }
            for (const auto& item : splitList(v.value())) {
                int n = -1;
                const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), n);
                if (ec != std::errc() || end != item.data() + item.size() || n < 0)
                    return usage("--gpu: '" + item + "' is not a device number or 'all'");
                if (std::find(o.gpus.begin(), o.gpus.end(), n) == o.gpus.end())
                    o.gpus.push_back(n);
            }
            if (o.gpus.empty())
                return usage("--gpu: no device number given");
        } else if (a == "--only" || a == "--skip") {
            ROOFSCOPE_TRY(v, value());
            auto& list = a == "--only" ? o.only : o.skip;
            for (auto& key : splitList(v.value()))
                list.push_back(std::move(key));
        } else if (a == "--quick") {
            quick = true;
        } else if (a == "--thorough") {
            thorough = true;
        } else if (a == "--time-limit") {
            ROOFSCOPE_TRY(v, value());
            double s = 0;
            const auto& text = v.value();
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), s);
            if (ec != std::errc() || end != text.data() + text.size() || !(s > 0) ||
                !std::isfinite(s))
                return usage("--time-limit: '" + text + "' is not a positive number of seconds");
            o.timeLimitS = s;
        } else if (a == "-o" || a == "--output") {
            ROOFSCOPE_TRY(v, value());
            o.output = v.value();
        } else if (a == "--list") {
            o.list = true;
        } else if (a == "-h" || a == "--help") {
            o.help = true;
        } else if (a == "--version") {
            o.version = true;
        } else {
            return usage("unknown argument '" + a + "'");
        }
    }
    if (quick && thorough)
        return usage("--quick and --thorough exclude each other");
    o.size = quick ? Size::quick : thorough ? Size::thorough : Size::normal;
    return o;
}

bool selected(const ProbeOptions& options, const std::string& key) {
    auto in = [&key](const std::vector<std::string>& list) {
        return std::find(list.begin(), list.end(), key) != list.end();
    };
    return (options.only.empty() || in(options.only)) && !in(options.skip);
}

} // namespace roofscope::probe
