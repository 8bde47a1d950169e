// roofscope-bench redraw: what a replot of RooflinePlot costs with dense clouds (DESIGN.md: ≤ 60 ms
// for 1,000,000 points offscreen; 10,000,000 points through the density view).
//
// Measurement: a shown 1000×700 RooflinePlot on the offscreen platform; each frame first pans the
// x axis by 1 % (alternately left and right, as a drag does) so that nothing drawn before can be
// reused, then replot(rpImmediateRefresh), which draws every layer into the paint buffers and
// repaints the widget. The median of --repeats frames is printed, after one warm-up frame.
// setSession (computing the points, sorting them for the graphs, the picking grid) is printed
// too, once, and so is the record table's setSession on the same records (the rows the window
// makes beside the plot after every load); hover is RooflinePlot::recordAt with the mouse on
// points of the cloud.

#include "bench/dense_session.h"
#include "ui/record_table_model.h"
#include "ui/roofline_plot.h"

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace roofscope::bench {
namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

double msSince(const QElapsedTimer& t) {
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

std::vector<long long> parseSizes(const std::string& list) {
    std::vector<long long> sizes;
    for (std::size_t at = 0; at < list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        sizes.push_back(std::atoll(list.substr(at, comma - at).c_str()));
        at = comma + 1;
    }
    return sizes;
}

} // namespace

int redrawBench(int argc, char** argv) {
    std::string sizes = "10000,100000,1000000,10000000", pngDir, style;
    int repeats = 5;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--sizes" && i + 1 < argc)
            sizes = argv[++i];
        else if (a == "--repeats" && i + 1 < argc)
            repeats = std::max(1, std::atoi(argv[++i]));
        else if (a == "--png" && i + 1 < argc)
            pngDir = argv[++i];
        else if (a == "--style" && i + 1 < argc)
            style = argv[++i];
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 2;
        }
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int qtArgc = 1;
    QApplication app(qtArgc, argv);

    for (const long long n : parseSizes(sizes)) {
        ui::RooflinePlot plot;
        plot.resize(1000, 700);
        plot.show();
        if (style == "markers")
            plot.setPointStyle(ui::RooflinePlot::PointStyle::markers);
        else if (style == "dots")
            plot.setPointStyle(ui::RooflinePlot::PointStyle::dots);
        else if (style == "density")
            plot.setPointStyle(ui::RooflinePlot::PointStyle::density);
        QElapsedTimer timer;
        {
            const Session session = denseSession(n);
            timer.start();
            plot.setSession(session);
            std::printf("setSession %lld points: %.1f ms\n", n, msSince(timer));
            // The window's other view of every record: the table's rows.
            ui::RecordTableModel table;
            timer.start();
            table.setSession(session);
            std::printf("table %lld rows: %.1f ms\n", n, msSince(timer));
        } // the plot keeps what it draws; the records go
        plot.replot(QCustomPlot::rpImmediateRefresh); // warm-up
        const QCPRange x = plot.xAxis->range();
        std::vector<double> frames;
        for (int r = 0; r < repeats; ++r) {
            const double f = r % 2 == 0 ? 1.01 : 1.0;
            plot.xAxis->setRange(x.lower * f, x.upper * f);
            timer.start();
            plot.replot(QCustomPlot::rpImmediateRefresh);
            frames.push_back(msSince(timer));
        }
        const bool density = plot.drawnStyle() == ui::RooflinePlot::PointStyle::density;
        std::printf("%s %lld points: %.1f ms\n", density ? "density" : "redraw", n, median(frames));
        // Hover: the point under the mouse, with the mouse on points of the cloud (where the
        // most candidates lie near it), for 200 random records.
        std::mt19937 rng(7);
        std::uniform_int_distribution<int> record(0, static_cast<int>(n / 2) - 1);
        const QRect rect = plot.axisRect()->rect();
        std::vector<double> hovers;
        for (int h = 0; h < 200; ++h) {
            const auto c = plot.recordCoords({0, record(rng)});
            if (!c)
                continue;
            const QPointF at(plot.xAxis->coordToPixel(c->x()), plot.yAxis->coordToPixel(c->y()));
            if (!rect.contains(at.toPoint()))
                continue;
            timer.start();
            (void)plot.recordAt(at);
            hovers.push_back(msSince(timer));
        }
        if (!hovers.empty())
            std::printf("hover %lld points: %.3f ms (median), %.3f ms (max)\n", n, median(hovers),
                        *std::max_element(hovers.begin(), hovers.end()));
        if (!pngDir.empty()) {
            plot.xAxis->setRange(x);
            const std::string file = pngDir + "/redraw-" + std::to_string(n) + ".png";
            plot.savePng(QString::fromStdString(file), 1000, 700);
        }
        std::fflush(stdout);
    }
    return 0;
}

} // namespace roofscope::bench
