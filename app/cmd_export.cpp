// roofscope export INPUT... -o OUT [--view V] [view options] [--device ID] [--width W]
//                  [--height H] [--dpi D] [--group G] [--each]
#include "app/cmd_export.h"

#include "app/cli.h"
#include "app/cmd_summarize.h"
#include "core/analysis/view_tables.h"
#include "core/catalog_loader.h"
#include "core/units.h"
#include "ui/plot_export.h"

#include <QApplication>

#include <memory>
#include <ostream>

namespace roofscope::app {
namespace {

constexpr const char* kHelp =
    "Usage: roofscope export INPUT... -o OUT [options]\n\n"
    "Draws a view of a session (*.roofscope) or of PyTorch profiler (Kineto) traces, plain or\n"
    "gzipped, without a display. Several traces are the ranks of one dataset (with --each, or\n"
    "for the compare, matrix and cost views, one dataset each); a session and traces together\n"
    "add the traces to the session. OUT's extension picks the format:\n"
    "  .png          raster image, width x height x dpi/96 pixels\n"
    "  .pdf, .svg    vector image, width/96 x height/96 inches\n"
    "  .csv, .json   the numbers drawn. Roofline views: one row per point (dataset, record,\n"
    "                category, phase, rank, memory level, intensity, FLOP/s, time, FLOPs,\n"
    "                bytes, roof, % of roof, bottleneck, above-roof flag; the JSON, schema\n"
    "                roofscope.points/1, adds the devices' ceilings with their provenance).\n"
    "                Other views: the view's table (JSON schema roofscope.<view>/1)\n\n"
    "  -o, --output OUT  the file to write (replaced atomically)\n"
    "  --view V          roofline (default); hierarchical (one point per memory level);\n"
    "                    md (MD-Roofline: the A, O and C planes and the iteration by phase);\n"
    "                    compare (run A against run B, or A projected onto another device);\n"
    "                    placement (per-device rooflines and the what-if of --move);\n"
    "                    matrix (iteration time per model x device x stack, mean +- standard\n"
    "                    error over repeats); cost (time against cost per iteration, Pareto)\n"
    "  --baseline LABEL  compare: run A, by dataset label (default: the first dataset)\n"
    "  --target LABEL    compare: run B (default: the second dataset)\n"
    "  --project-onto ID compare: project run A onto this device instead of matching a run B\n"
    "  --move CAT=ID     placement: run every op of category CAT (gemm, embedding, optimizer,\n"
    "                    norm, ...) on device ID; repeat for several categories\n"
    "  --price ID=P      matrix, cost: price of one hour of device ID (any currency)\n"
    "  --rank N|all      md: one rank against its device, or all against the cluster (default)\n"
    "  --cluster R       md: the cluster's ceilings from the slowest rank (default) or the mean\n"
    "  --link L          md, compare, placement: the link whose bandwidth bounds communication\n"
    "                    (intra_node default, inter_node, p2p, pcie_h2d, pcie_d2h)\n"
    "  --level L         the memory level whose bytes count (dram default, l1, l2, l3, host)\n"
    "  --link-ceiling FILE[@ID]  nccl-tests output: its peak bus bandwidth becomes the\n"
    "                    measured intra-node (one host) or inter-node link ceiling of device\n"
    "                    ID (default: every device a dataset runs on), the APB of md\n"
    "  --each            each trace is a run of its own, not one rank of a single run\n"
    "  --device ID       catalog device whose roofs bound the records (default: the one the\n"
    "                    traces name); with a session, every dataset is drawn against it\n"
    "  --width W         figure width in CSS pixels, 1/96 inch (default 1000)\n"
    "  --height H        figure height in CSS pixels (default 625)\n"
    "  --dpi D           PNG pixels per inch (default 144); fonts keep their size in the\n"
    "                    figure, the image gets sharper\n"
    "  --group G         traces: kernel (default), op or launch, as in 'roofscope summarize'\n\n"
    "Exit status: 0 written, 1 an input or the output failed (the message names the file\n"
    "and position), 2 the command line was wrong.\n";

int usageError(CommandIo io, const std::string& message) {
    return app::usageError(io, "export", kHelp, message);
}

struct Args {
    ExportInputs inputs;
    std::string output;
    std::optional<ViewKind> view;
    ViewOptions viewOptions;
    std::string deviceId;
    ui::ExportOptions options;
};

// Parses into `a`; returns an exit code when the command is done (help or a usage error).
std::optional<int> parse(const std::vector<std::string>& args, Args& a, CommandIo io) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const bool hasValue = i + 1 < args.size();
        const std::string value = hasValue ? args[i + 1] : std::string();
        const auto number = [&](int& into, const char* what) -> std::optional<int> {
            const auto n = parseWhole<int>(value);
            ++i;
            if (!n)
                return usageError(io, arg + " needs " + what);
            into = *n;
            return std::nullopt;
        };
        if (arg == "--help" || arg == "-h") {
            io.out << kHelp;
            return kExitOk;
        } else if (arg == "-o" || arg == "--output") {
            if (!hasValue)
                return usageError(io, arg + " needs the file to write");
            a.output = args[++i];
        } else if (arg == "--view") {
            const auto view = parseEnum<ViewKind>(value);
            ++i;
            if (!view || !isExportableView(*view))
                return usageError(io, "--view needs roofline, hierarchical, md, compare, "
                                      "placement, matrix or cost");
            a.view = view;
        } else if (arg == "--baseline" || arg == "--target" || arg == "--project-onto") {
            if (!hasValue || value.empty())
                return usageError(io, arg + (arg == "--project-onto" ? " needs a device id"
                                                                     : " needs a dataset label"));
            ++i;
            auto& into = arg == "--baseline" ? a.viewOptions.baseline
                         : arg == "--target" ? a.viewOptions.target
                                             : a.viewOptions.projectOnto;
            into = value;
        } else if (arg == "--move" || arg == "--price") {
            const auto eq = value.find('=');
            ++i;
            if (!hasValue || eq == std::string::npos || eq == 0 || eq + 1 == value.size())
                return usageError(
                    io, arg + (arg == "--move" ? " needs CATEGORY=DEVICE" : " needs DEVICE=PRICE"));
            const std::string key = value.substr(0, eq), rest = value.substr(eq + 1);
            if (arg == "--move") {
                a.viewOptions.moves.emplace_back(key, rest);
            } else {
                const auto price = parseNumber(rest);
                if (!price || price.value() < 0)
                    return usageError(io, "--price " + value +
                                              ": the price must be a number of at least 0");
                a.viewOptions.prices.emplace_back(key, price.value());
            }
        } else if (arg == "--rank") {
            ++i;
            if (value == "all") {
                a.viewOptions.rank = -1;
            } else {
                const auto n = parseWhole<int>(value);
                if (!n || *n < 0)
                    return usageError(io, "--rank needs a rank (0, 1, ...) or 'all'");
                a.viewOptions.rank = *n;
            }
        } else if (arg == "--cluster") {
            ++i;
            a.viewOptions.cluster = parseEnum<ClusterRule>(value);
            if (!a.viewOptions.cluster)
                return usageError(io, "--cluster needs slowest or mean");
        } else if (arg == "--link") {
            ++i;
            a.viewOptions.link = parseEnum<Link>(value);
            if (!a.viewOptions.link)
                return usageError(io, "--link needs intra_node, inter_node, p2p, pcie_h2d or "
                                      "pcie_d2h");
        } else if (arg == "--level") {
            ++i;
            a.viewOptions.level = parseEnum<MemoryLevel>(value);
            if (!a.viewOptions.level)
                return usageError(io, "--level needs l1, l2, l3, dram or host");
        } else if (arg == "--link-ceiling") {
            if (!hasValue || value.empty())
                return usageError(io, "--link-ceiling needs an nccl-tests output file");
            ++i;
            const auto at = value.rfind('@');
            if (at != std::string::npos && at > 0)
                a.viewOptions.linkFiles.emplace_back(value.substr(0, at), value.substr(at + 1));
            else
                a.viewOptions.linkFiles.emplace_back(value, std::string());
        } else if (arg == "--each") {
            a.inputs.eachTraceADataset = true;
        } else if (arg == "--device") {
            if (!hasValue)
                return usageError(io, "--device needs a device id");
            a.deviceId = args[++i];
        } else if (arg == "--width") {
            if (auto code = number(a.options.width, "a width in pixels"))
                return code;
        } else if (arg == "--height") {
            if (auto code = number(a.options.height, "a height in pixels"))
                return code;
        } else if (arg == "--dpi") {
            if (auto code = number(a.options.dpi, "a number of dots per inch"))
                return code;
        } else if (arg == "--group") {
            std::optional<Grouping> grouping;
            for (const Grouping g : {Grouping::kernel, Grouping::op, Grouping::launch})
                if (value == groupingName(g))
                    grouping = g;
            ++i;
            if (!grouping)
                return usageError(io, "--group needs kernel, op or launch");
            a.inputs.grouping = *grouping;
        } else if (arg.size() > 1 && arg.front() == '-') {
            return usageError(io, "unknown option '" + arg + "'");
        } else {
            a.inputs.paths.push_back(arg);
        }
    }
    if (a.inputs.paths.empty())
        return usageError(io, "no input given");
    // Runs to compare are separate datasets by nature.
    if (a.view && (*a.view == ViewKind::comparison || *a.view == ViewKind::matrix ||
                   *a.view == ViewKind::cost))
        a.inputs.eachTraceADataset = true;
    if (a.output.empty())
        return usageError(io, "no output given (-o OUT)");
    if (!ui::exportFormatForPath(QString::fromStdString(a.output)))
        return usageError(io, "cannot tell the format of '" + a.output +
                                  "': the extension must be one of " +
                                  ui::exportFormatNames().join(QStringLiteral(", ")).toStdString());
    if (const QString why = ui::validateExportOptions(a.options); !why.isEmpty())
        return usageError(io, why.toStdString());
    return std::nullopt;
}

// Images need a QApplication (QCustomPlot is a widget). The export never shows a window, so the
// offscreen platform serves with or without a display, and draws the same everywhere.
std::unique_ptr<QApplication> startQt() {
    static int argc = 1;
    static char name[] = "roofscope";
    static char* argv[] = {name, nullptr};
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace

int runExport(const std::vector<std::string>& args, CommandIo io) {
    Args a;
    if (const auto code = parse(args, a, io))
        return *code;
    const QString output = QString::fromStdString(a.output);
    const ui::ExportFormat format = *ui::exportFormatForPath(output);

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
    if (a.view) {
        session.view.view = *a.view;
    } else if (!isExportableView(session.view.view)) {
        io.err << "warning: the session's " << toString(session.view.view)
               << " view cannot be exported; exporting the roofline\n";
        session.view.view = ViewKind::roofline;
    }
    if (const Status applied = applyViewOptions(session, a.viewOptions, catalog); !applied) {
        io.err << "roofscope export: " << applied.error().toString() << "\n";
        return kExitUsage;
    }

    // Fitted to the data, as the explorer opens a session: a range saved long ago can hide
    // every point of a session whose records changed.
    session.view.xMin = session.view.xMax = session.view.yMin = session.view.yMax = 0;
    std::unique_ptr<QApplication> qt;
    if (ui::isImageFormat(format))
        qt = startQt();
    const Status written = ui::exportSession(session, output, format, a.options);
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
    if (points.undrawable > 0)
        io.out << ", " << points.undrawable << " record(s) without FLOPs, time or bytes left out";
    io.out << "\n";
    return kExitOk;
}

} // namespace roofscope::app
