// roofscope export INPUT... -o OUT [--view V] [view options] [--device ID] [--width W]
//                  [--height H] [--dpi D] [--group G] [--each]
#include "app/cmd_export.h"

#include "app/cli.h"
#include "app/cmd_summarize.h"
#include "app/gui_module.h"
#include "app/options.h"
#include "core/analysis/view_list.h"
#include "core/analysis/view_tables.h"
#include "core/catalog_loader.h"
#include "core/export/export_table.h"
#include "core/plot_points.h"
#include "core/systems.h"
#include "core/units.h"

#include <climits>
#include <ostream>

namespace roofscope::app {
namespace {

struct Args {
    ExportInputs inputs;
    std::string output;
    std::optional<ViewKind> view;
    ViewOptions viewOptions;
    std::string deviceId;
    std::string systemId;
    ExportOptions options;
    // --view timeline: not a view of the session but the step timeline of a trace.
    bool timeline = false;
    std::string step; // empty: the step nearest the mean span
    std::optional<TimelineColoring> coloring;
};

// "KEY=REST" split at the first '=', both sides non-empty.
std::optional<std::pair<std::string, std::string>> keyValue(const std::string& v) {
    const auto eq = v.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
        return std::nullopt;
    return std::pair{v.substr(0, eq), v.substr(eq + 1)};
}

// The --view help: every exportable view of core's list with what it shows, one a line.
std::string viewHelp() {
    std::string help;
    for (const auto& view : viewDescriptions())
        if (view.exportable)
            help.append(help.empty() ? "" : ";\n")
                .append(view.cliName)
                .append(" ")
                .append(view.help);
    return help + ";\ntimeline one step's launches on their streams over time, one row per "
                  "launch in a table (traces only; --step, --color-by)";
}

OptionTable optionTable(Args& a) {
    ViewOptions& o = a.viewOptions;
    std::vector<Option> options{
        {{"-o", "--output"},
         "OUT",
         "the file to write (replaced atomically)",
         nonEmpty(a.output, "-o needs the file to write")},
        {{"--view"},
         "V",
         viewHelp(),
         [&a](const std::string& v) {
             if (v == "timeline") {
                 a.timeline = true;
                 a.inputs.keepTraces = true;
                 return std::string();
             }
             const auto view = parseEnum<ViewKind>(v);
             if (!view || !describeView(*view).exportable)
                 return "--view needs " + exportableViewNames() + " or timeline";
             a.view = view;
             return std::string();
         }},
        {{"--step"},
         "NAME",
         "timeline: the step to draw, as the trace names it (ProfilerStep#6; default: the step "
         "whose span is nearest the mean)",
         nonEmpty(a.step, "--step needs a step name")},
        {{"--color-by"},
         "C",
         "timeline: colour the launches by category (default) or bottleneck",
         [&a](const std::string& v) {
             if (v == "category")
                 a.coloring = TimelineColoring::category;
             else if (v == "bottleneck")
                 a.coloring = TimelineColoring::bottleneck;
             else
                 return std::string("--color-by needs category or bottleneck");
             return std::string();
         }},
        {{"--baseline"},
         "LABEL",
         "compare: run A, by dataset label (default: the first dataset)",
         nonEmpty(o.baseline, "--baseline needs a dataset label")},
        {{"--target"},
         "LABEL",
         "compare: run B (default: the second dataset)",
         nonEmpty(o.target, "--target needs a dataset label")},
        {{"--project-onto"},
         "ID",
         "compare: project run A onto this device instead of matching a run B",
         nonEmpty(o.projectOnto, "--project-onto needs a device id")},
        {{"--move"},
         "CAT=ID",
         "placement: run every op of category CAT (gemm, embedding, optimizer, norm, ...) on "
         "device ID; repeat for several categories",
         [&o](const std::string& v) {
             const auto kv = keyValue(v);
             if (!kv)
                 return std::string("--move needs CATEGORY=DEVICE");
             o.moves.push_back(*kv);
             return std::string();
         }},
        {{"--price"},
         "ID=P",
         "matrix, cost: price of one hour of device ID (any currency)",
         [&o](const std::string& v) {
             const auto kv = keyValue(v);
             if (!kv)
                 return std::string("--price needs DEVICE=PRICE");
             const auto price = parseNumber(kv->second);
             if (!price || price.value() < 0)
                 return "--price " + v + ": the price must be a number of at least 0";
             o.prices.emplace_back(kv->first, price.value());
             return std::string();
         }},
        {{"--rank"},
         "N|all",
         "md: one rank against its device, or all against the cluster (default)",
         [&o](const std::string& v) {
             if (v == "all") {
                 o.rank = -1;
                 return std::string();
             }
             const auto n = parseWhole<int>(v);
             if (!n || *n < 0)
                 return std::string("--rank needs a rank (0, 1, ...) or 'all'");
             o.rank = *n;
             return std::string();
         }},
        {{"--cluster"},
         "R",
         "md: the cluster's ceilings from the slowest rank (default) or the mean",
         enumValue(o.cluster, "--cluster needs slowest or mean")},
        {{"--link"},
         "L",
         "md, compare, placement: the link whose bandwidth bounds communication (intra_node "
         "default, inter_node, p2p, pcie_h2d, pcie_d2h)",
         enumValue(o.link, "--link needs intra_node, inter_node, p2p, pcie_h2d or pcie_d2h")},
        {{"--level"},
         "L",
         "the memory level whose bytes count (dram default, l1, l2, l3, host)",
         enumValue(o.level, "--level needs l1, l2, l3, dram or host")},
        {{"--ceilings", "--link-ceiling"},
         "FILE[@ID]",
         "measured ceilings set on device ID (default: the GPU the file names, else every "
         "device a dataset runs on): nccl-tests output, its peak bus bandwidth as the intra-node "
         "(one host) or inter-node link, the APB of md; an ERT roofline.json, each memory "
         "level's bandwidth (the L1 and L2 roofs of hierarchical) and its peak FLOP rate; "
         "nvbandwidth output, the PCIe and peer-to-peer links",
         [&o](const std::string& v) {
             if (v.empty())
                 return std::string("--ceilings needs an nccl-tests, ERT or nvbandwidth file");
             const auto at = v.rfind('@');
             if (at != std::string::npos && at > 0)
                 o.ceilingFiles.emplace_back(v.substr(0, at), v.substr(at + 1));
             else
                 o.ceilingFiles.emplace_back(v, std::string());
             return std::string();
         }},
        {{"--each"},
         "",
         "each trace is a run of its own, even the ranks of one job",
         flag(a.inputs.eachTraceADataset)},
        {{"--device"},
         "ID",
         "catalog device whose roofs bound the records (default: the one the traces name); with "
         "a session, every dataset is drawn against it",
         nonEmpty(a.deviceId, "--device needs a device id")},
        {{"--system"},
         "ID",
         "the node or cloud instance the run's GPUs were in (see 'roofscope devices "
         "--systems'; default: the GPU vendor's node); its bus bandwidth bounds collectives. "
         "'none' for no system",
         nonEmpty(a.systemId, "--system needs a system id")},
        {{"--width"},
         "W",
         "figure width in CSS pixels, 1/96 inch (default 1000)",
         wholeNumber(a.options.width, "--width needs a width in pixels", INT_MIN)},
        {{"--height"},
         "H",
         "figure height in CSS pixels (default 625)",
         wholeNumber(a.options.height, "--height needs a height in pixels", INT_MIN)},
        {{"--dpi"},
         "D",
         "PNG pixels per inch (default 144); fonts keep their size in the figure, the image gets "
         "sharper",
         wholeNumber(a.options.dpi, "--dpi needs a number of dots per inch", INT_MIN)},
        {{"--group"},
         "G",
         "traces: kernel (default), op or launch, as in 'roofscope summarize'",
         [&a](const std::string& v) {
             for (const Grouping g : {Grouping::kernel, Grouping::op, Grouping::launch})
                 if (v == groupingName(g)) {
                     a.inputs.grouping = g;
                     return std::string();
                 }
             return std::string("--group needs kernel, op or launch");
         }},
    };
    return {
        "export",
        "Usage: roofscope export INPUT... -o OUT [options]\n\n"
        "Draws a view of a session (*.roofscope), of PyTorch profiler (Kineto) traces, plain or\n"
        "gzipped, or of Nsight Compute CSV exports, without a display. Traces that are distinct\n"
        "ranks of one world size on one device are one dataset, other traces one each (with\n"
        "--each, or for the compare, matrix and cost views, always one each); an Nsight Compute\n"
        "export is a dataset of its own, its L1, L2 and DRAM bytes drawn by hierarchical; a\n"
        "session and traces together add the traces to the session. OUT's extension picks the\n"
        "format:\n"
        "  .png          raster image, width x height x dpi/96 pixels\n"
        "  .pdf, .svg    vector image, width/96 x height/96 inches\n"
        "  .csv, .json   the numbers drawn. Roofline views: one row per point (dataset, record,\n"
        "                category, phase, rank, memory level, intensity, FLOP/s, time, FLOPs,\n"
        "                bytes, roof, % of roof, bottleneck, above-roof flag; the JSON, schema\n"
        "                roofscope.points/1, adds the devices' ceilings with their provenance).\n"
        "                Other views: the view's table (JSON schema roofscope.<view>/1)\n"
        "Tables need only this program; images need the explorer's module (roofscope-gui.so).\n\n",
        20, std::move(options),
        "\nExit status: 0 written, 1 an input or the output failed (the message names the file\n"
        "and position), 2 the command line was wrong.\n"};
}

// Parses into `a`; returns an exit code when the command is done (help or a usage error).
std::optional<int> parse(const std::vector<std::string>& args, Args& a, CommandIo io) {
    const OptionTable table = optionTable(a);
    if (const auto code = parseCommandLine(table, args, a.inputs.paths, io))
        return code;
    const auto wrong = [&](const std::string& why) {
        return usageError(io, "export", helpText(table), why);
    };
    if (a.inputs.paths.empty())
        return wrong("no input given");
    // Runs to compare are separate datasets by nature.
    if (a.view && describeView(*a.view).runsPerTrace)
        a.inputs.eachTraceADataset = true;
    if (a.output.empty())
        return wrong("no output given (-o OUT)");
    if (!a.timeline && (!a.step.empty() || a.coloring))
        io.err << "warning: --step and --color-by are read by the timeline view only\n";
    if (!exportFormatForPath(a.output)) {
        std::string names;
        for (const auto name : exportFormatNames())
            names.append(names.empty() ? "" : ", ").append(name);
        return wrong("cannot tell the format of '" + a.output + "': the extension must be one of " +
                     names);
    }
    if (const std::string why = validateExportOptions(a.options); !why.empty())
        return wrong(why);
    return std::nullopt;
}

} // namespace

int runExport(const std::vector<std::string>& args, CommandIo io) {
    Args a;
    if (const auto code = parse(args, a, io))
        return *code;
    const ExportFormat format = *exportFormatForPath(a.output);

    std::vector<std::string> catalogWarnings;
    const Catalog catalog = loadCatalog(&catalogWarnings);
    for (const auto& w : catalogWarnings)
        io.err << "warning: " << w << "\n";
    if (!a.deviceId.empty()) {
        a.inputs.device = catalog.find(a.deviceId);
        if (!a.inputs.device)
            a.inputs.device = catalog.findByName(a.deviceId);
        if (!a.inputs.device) {
            io.err << "roofscope export: unknown device '" << a.deviceId
                   << "' (see 'roofscope devices' for the ids)\n";
            return kExitUsage;
        }
    }

    auto loaded = loadExportInputs(a.inputs, catalog);
    if (!loaded) {
        io.err << "roofscope export: " << loaded.error().toString() << "\n";
        return kExitFailure;
    }
    for (const auto& w : loaded.value().warnings)
        io.err << "warning: " << w << "\n";
    Session& session = loaded.value().session;
    if (!a.systemId.empty())
        if (const Status placed = putSessionInSystem(session, builtinSystems(), a.systemId);
            !placed) {
            io.err << "roofscope export: --system: " << placed.error().toString() << "\n";
            return kExitUsage;
        }
    if (a.view) {
        session.view.view = *a.view;
    } else if (!isExportableView(session.view.view)) {
        io.err << "warning: the session's " << toString(session.view.view)
               << " view cannot be exported; exporting the roofline\n";
        session.view.view = ViewKind::roofline;
    }
    // An option the drawn view does not read is most likely meant for another view.
    for (const auto& arg : args) {
        if (a.timeline)
            break;
        std::string readers;
        if (arg.starts_with("--") && optionIgnoredBy(session.view.view, arg, &readers))
            io.err << "warning: " << arg << " does nothing in the "
                   << describeView(session.view.view).cliName << " view (it is read by " << readers
                   << ")\n";
    }
    if (const Status applied = applyViewOptions(session, a.viewOptions, catalog); !applied) {
        io.err << "roofscope export: " << applied.error().toString() << "\n";
        return kExitUsage;
    }

    if (a.timeline) { // after the options: --level and --system colour its bottlenecks
        TimelineRequest request{
            a.output,          format,   a.step, a.coloring.value_or(TimelineColoring::category),
            a.inputs.grouping, a.options};
        return exportTimeline(loaded.value(), request, io);
    }

    // Fitted to the data, as the explorer opens a session: a range saved long ago can hide
    // every point of a session whose records changed.
    session.view.xMin = session.view.xMax = session.view.yMin = session.view.yMax = 0;
    Status written;
    if (isImageFormat(format)) {
        // Only images need Qt's painters, which live in the explorer's module.
        const auto module = loadGuiModule();
        written = module ? module.value()->exportImage(session, a.output, format, a.options)
                         : Status(module.error());
    } else {
        written = exportTable(session, a.output, format);
    }
    if (!written) {
        io.err << "roofscope export: " << written.error().toString() << "\n";
        return kExitFailure;
    }
    if (!isRooflineView(session.view.view)) {
        const ViewTable table = viewTable(session);
        io.out << "wrote " << a.output << ": " << toString(session.view.view) << " view, "
               << table.rows.size() << " row(s)\n";
        for (const auto& note : table.notes)
            io.out << "  " << note << "\n";
        return kExitOk;
    }
    const PlotPoints points = plotPoints(session);
    io.out << "wrote " << a.output << ": " << points.points.size() << " point(s)";
    io.out << "\n";
    if (const std::string leftOut = leftOutText(points.leftOut); !leftOut.empty())
        io.out << "  " << leftOut << "\n";
    return kExitOk;
}

} // namespace roofscope::app
