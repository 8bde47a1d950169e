// The MD-Roofline chart: three planes with their ridges, each op in every plane where it has
// finite positive coordinates and grey where the plane's premise does not hold for it, the
// O and C planes sharing their communication axis, the phase bars (measured vs bound, one pair
// per rank with the straggler marked), the aggregates (the iteration and its phases: a labelled
// star and diamonds, grey where the plane's premise fails), and what it shows when it cannot draw.
// Numbers are worked out by hand in the comments. With ROOFSCOPE_CHART_PNG set to a folder, the
// charts are also written there as PNG to be looked at. Hovering a point or a bar names it with
// its numbers; clicking an op's point selects its record.

#include "core/demo_session.h"
#include "tests/support/shown_chart.h"
#include "ui/catalog_loader.h"
#include "ui/record_table_model.h" // Q_DECLARE_METATYPE(RecordRef)
#include "ui/views/md_chart.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::testing;
using namespace roofscope::ui;

namespace {

// fp16 tensor APF 100 TFLOP/s, APM 1 TB/s, APB 100 GB/s: ridges A 100, O 0.1, C 1e-3.
Device gpu() {
    Device d;
    d.id = "gpu-a";
    d.name = "GPU A";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {1e14, {}};
    d.ceilings.memory[MemoryLevel::dram] = {1e12, {}};
    d.ceilings.links[Link::intra_node] = {1e11, {}};
    return d;
}

OpRecord op(std::string name, Phase phase, double flops, double memory, double comm, double t,
            int rank = 0) {
    OpRecord r;
    r.name = std::move(name);
    r.phase = phase;
    r.rank = rank;
    r.category = flops == 0 ? Category::collective : Category::gemm;
    r.precision = Precision::fp16;
    r.usesTensorUnits = true;
    if (flops > 0)
        r.flops = Measure::measured(flops);
    if (memory > 0)
        r.bytes[MemoryLevel::dram] = Measure::measured(memory);
    if (comm > 0)
        r.commBytes[Link::intra_node] = Measure::measured(comm);
    r.timeS = Measure::measured(t);
    return r;
}

Session session(std::vector<OpRecord> records) {
    Session s;
    s.devices = {gpu()};
    Dataset d;
    d.context.label = "run";
    d.context.deviceId = "gpu-a";
    d.records = std::move(records);
    s.datasets = {d};
    s.view.view = ViewKind::md_roofline;
    return s;
}

// gemm  F 1e12, M 1e9, P 1e8, 20 ms, forward: A 1000 (C applies), O 0.1, C 1e-4; bound 10 ms.
// relu  F 1e9, M 1e9, no P, 2 ms, forward: A 1; nothing in O and C; bound 1 ms.
// allreduce  M 1e9, P 1e9, 15 ms, gradient sync: A 0 (not drawn), O 1 (applies), C +inf;
//            bound t_P = 10 ms.
// attn  F 1e10, M 1e9, P 1e6, 1 ms, backward: A 10 (O applies), O 1e-3, C 1e-4; bound 1 ms.
Session communicating() {
    return session({op("gemm", Phase::forward, 1e12, 1e9, 1e8, 0.02),
                    op("relu", Phase::forward, 1e9, 1e9, 0, 2e-3),
                    op("allreduce", Phase::communication, 0, 1e9, 1e9, 0.015),
                    op("attn", Phase::backward, 1e10, 1e9, 1e6, 1e-3)});
}

// Four ranks, one forward gemm (1 TFLOP, bound 10 ms) and one all-reduce (1 GB, bound 10 ms)
// each; measured totals 100, 120, 110 and 150 ms, rank 3 the straggler (150 / 115 - 1 = 30.4 %).
Session fourRanks() {
    std::vector<OpRecord> records;
    const double totals[] = {0.1, 0.12, 0.11, 0.15};
    for (int rank = 0; rank < 4; ++rank) {
        records.push_back(op("gemm", Phase::forward, 1e12, 1e9, 0, totals[rank] - 0.02, rank));
        records.push_back(op("allreduce", Phase::communication, 0, 0, 1e9, 0.02, rank));
    }
    return session(records);
}

// What BERT-style training looks like: compute ops without communication, a collective without
// FLOPs or memory bytes.
//   gemm       F 1e12, M 1e9, 20 ms, forward
//   gelu       F 1e9,  M 2e9, 4 ms, backward
//   allreduce  P 1e9, 15 ms, gradient sync: A = NaN, O = C = +inf, no place in any plane
// Iteration: F 1.001e12, M 3e9, P 1e9, 39 ms: A = 333.7 >= ridge 100 (C applies), O = 0.333,
// C = 9.99e-4; y = P / t = 1e9 / 0.039 = 25.6 GB/s in O and C, F / t = 25.7 TFLOP/s in A.
// Phases: forward (A 1000) and backward (A 0.5) have P = 0: in the A plane only.
Session collectiveOnly() {
    return session({op("gemm", Phase::forward, 1e12, 1e9, 0, 0.02),
                    op("gelu", Phase::backward, 1e9, 2e9, 0, 4e-3),
                    op("allreduce", Phase::communication, 0, 0, 1e9, 0.015)});
}

int textItemsWith(MdChart& chart, const QString& words) {
    int n = 0;
    for (int i = 0; i < chart.itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(chart.item(i)); t && t->text().contains(words))
            ++n;
    return n;
}

void savePng(MdChart& chart, const QString& name) {
    const QByteArray dir = qgetenv("ROOFSCOPE_CHART_PNG");
    if (!dir.isEmpty())
        QVERIFY(chart.savePng(QString::fromLocal8Bit(dir) + "/" + name + ".png", 1400, 900));
}

QCPBars* barsNamed(MdChart& chart, const QString& name) {
    for (int i = 0; i < chart.plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPBars*>(chart.plottable(i)); b && b->name() == name)
            return b;
    return nullptr;
}

// The pixel of (x, y) in `plane`, once `chart` is laid out.
QPointF pixelIn(MdChart& chart, MdPlane plane, double x, double y) {
    QCPAxisRect* rect = chart.planeRect(plane);
    return {rect->axis(QCPAxis::atBottom)->coordToPixel(x),
            rect->axis(QCPAxis::atLeft)->coordToPixel(y)};
}

} // namespace

class TestMdChart : public QObject {
    Q_OBJECT

  private slots:
    void threePlanes() {
        MdChart chart;
        chart.resize(1400, 900);
        chart.setSession(communicating());
        QVERIFY(chart.emptyReason().isEmpty());
        QVERIFY(chart.commNotice().isEmpty());
        QCOMPARE(chart.axisRectCount(), 4); // A, O, C and the bars
        QVERIFY(chart.planeRect(MdPlane::a) && chart.planeRect(MdPlane::o) &&
                chart.planeRect(MdPlane::c));
        // A: gemm, relu, attn; the premise always holds.
        QCOMPARE(chart.pointCount(MdPlane::a), 3);
        QCOMPARE(chart.greyCount(MdPlane::a), 0);
        // O: gemm (grey: C applies), allreduce, attn.
        QCOMPARE(chart.pointCount(MdPlane::o), 3);
        QCOMPARE(chart.greyCount(MdPlane::o), 1);
        // C: gemm, attn (grey: O applies).
        QCOMPARE(chart.pointCount(MdPlane::c), 2);
        QCOMPARE(chart.greyCount(MdPlane::c), 1);
        QCOMPARE(chart.ridgeX(MdPlane::a), 100.0);
        QCOMPARE(chart.ridgeX(MdPlane::o), 0.1);
        QCOMPARE(chart.ridgeX(MdPlane::c), 1e-3);
        // One communication axis for O and C.
        const QCPRange o = chart.planeRect(MdPlane::o)->axis(QCPAxis::atLeft)->range();
        const QCPRange c = chart.planeRect(MdPlane::c)->axis(QCPAxis::atLeft)->range();
        QCOMPARE(o.lower, c.lower);
        QCOMPARE(o.upper, c.upper);
        chart.planeRect(MdPlane::o)->axis(QCPAxis::atLeft)->setRange(1e6, 1e12);
        QCOMPARE(chart.planeRect(MdPlane::c)->axis(QCPAxis::atLeft)->range().upper, 1e12);
        QCOMPARE(chart.planeRect(MdPlane::a)->axis(QCPAxis::atBottom)->scaleType(),
                 QCPAxis::stLogarithmic);
        // 4 ops, then the iteration and its forward and backward phases.
        QCOMPARE(chart.table().rows.size(), std::size_t(7));
        QCOMPARE(chart.table().schema, std::string("roofscope.md/1"));
        savePng(chart, "md_three_planes");
    }

    void aggregatesWhereOnlyTheCollectiveCommunicates() {
        MdChart chart;
        chart.resize(1400, 900);
        chart.setSession(collectiveOnly());
        QVERIFY(chart.commNotice().isEmpty()); // the iteration communicates
        QVERIFY(chart.planeRect(MdPlane::o) && chart.planeRect(MdPlane::c));
        // No single op in O or C, yet the planes are not empty: the iteration is there.
        QCOMPARE(chart.pointCount(MdPlane::o), 0);
        QCOMPARE(chart.pointCount(MdPlane::c), 0);
        QCOMPARE(textItemsWith(chart, "no op has"), 0);
        for (const MdPlane plane : {MdPlane::o, MdPlane::c}) {
            const auto& markers = chart.aggregateMarkers(plane);
            QCOMPARE(markers.size(), std::size_t(1));
            QVERIFY(markers[0].iteration);
            QCOMPARE(markers[0].label, QStringLiteral("iteration"));
            QVERIFY(qFuzzyCompare(markers[0].y, 1e9 / 0.039));
            // The C premise holds (A 333.7 >= 100): grey in O, coloured in C.
            QCOMPARE(markers[0].grey, plane == MdPlane::o);
            // Inside the ranges drawn.
            const QCPRange x = chart.planeRect(plane)->axis(QCPAxis::atBottom)->range();
            const QCPRange y = chart.planeRect(plane)->axis(QCPAxis::atLeft)->range();
            QVERIFY(x.contains(markers[0].x) && y.contains(markers[0].y));
            QVERIFY(x.contains(chart.ridgeX(plane)));
        }
        QVERIFY(qFuzzyCompare(chart.aggregateMarkers(MdPlane::o)[0].x, 1.0 / 3));
        QVERIFY(qFuzzyCompare(chart.aggregateMarkers(MdPlane::c)[0].x, 1e9 / 1.001e12));
        // A: the iteration and both phases, labelled, none grey.
        const auto& a = chart.aggregateMarkers(MdPlane::a);
        QCOMPARE(a.size(), std::size_t(3));
        QCOMPARE(a[1].label, QStringLiteral("forward"));
        QCOMPARE(a[2].label, QStringLiteral("backward"));
        QVERIFY(std::none_of(a.begin(), a.end(), [](const auto& m) { return m.grey; }));
        QVERIFY(qFuzzyCompare(a[0].y, 1.001e12 / 0.039));
        // Labels drawn: "iteration" once per plane, the phases in A only.
        QCOMPARE(textItemsWith(chart, "iteration"), 3);
        QCOMPARE(textItemsWith(chart, "forward"), 1);
        // The key names the colours; the aggregates carry their own labels (above), not a key.
        bool key = false;
        for (int i = 0; i < chart.graphCount(); ++i)
            key = key || chart.graph(i)->name() == QStringLiteral("compute-bound");
        QVERIFY(key);
        QCOMPARE(chart.table().rows.size(), std::size_t(6)); // 3 ops, iteration, 2 phases
        savePng(chart, "md_collective_only");
    }

    void aggregatesPerRank() {
        // Four ranks: one iteration star per rank, no phase diamonds, only the straggler labelled.
        MdChart chart;
        chart.resize(1400, 900);
        chart.setSession(fourRanks());
        const auto& a = chart.aggregateMarkers(MdPlane::a);
        QCOMPARE(a.size(), std::size_t(4));
        QCOMPARE(
            std::count_if(a.begin(), a.end(), [](const auto& m) { return !m.label.isEmpty(); }), 1);
        QVERIFY(a[3].label.contains("rank 3 (straggler)"));
        // Every rank's iteration communicates: the O and C planes hold the four stars.
        QCOMPARE(chart.aggregateMarkers(MdPlane::o).size(), std::size_t(4));
        QCOMPARE(chart.aggregateMarkers(MdPlane::c).size(), std::size_t(4));
    }

    void demo() {
        // The built-in demo (BERT-large, data-parallel over 8 GPUs): its O and C planes show the
        // iteration although no layer communicates and the all-reduce has no FLOPs.
        auto demo = makeDemoSession(loadCatalog(nullptr));
        QVERIFY2(demo, demo ? "" : demo.error().message.c_str());
        Session s = demo.value();
        s.view.view = ViewKind::md_roofline;
        MdChart chart;
        chart.resize(1400, 900);
        chart.setSession(s);
        QVERIFY(chart.emptyReason().isEmpty());
        QVERIFY(chart.commNotice().isEmpty());
        QCOMPARE(textItemsWith(chart, "no op has"), 0);
        for (const MdPlane plane : {MdPlane::a, MdPlane::o, MdPlane::c}) {
            const auto& markers = chart.aggregateMarkers(plane);
            QVERIFY(std::any_of(markers.begin(), markers.end(),
                                [](const auto& m) { return m.iteration; }));
        }
        savePng(chart, "md_demo");
    }

    void phaseBars() {
        MdChart chart;
        chart.setSession(communicating());
        // Measured: forward 20 + 2 = 22 ms, gradient sync 15, backward 1. Bound: forward
        // 10 + 1 = 11 ms, gradient sync 10, backward 1.
        QCOMPARE(chart.bars().size(), std::size_t(2));
        const auto& measured = chart.bars()[0];
        const auto& bound = chart.bars()[1];
        QVERIFY(!measured.bound && bound.bound);
        QCOMPARE(measured.label, QStringLiteral("kernel time by phase"));
        QCOMPARE(bound.label, QStringLiteral("MD bound"));
        QVERIFY(qFuzzyCompare(measured.seconds.at(Phase::forward), 0.022));
        QVERIFY(qFuzzyCompare(measured.seconds.at(Phase::communication), 0.015));
        QVERIFY(qFuzzyCompare(bound.seconds.at(Phase::forward), 0.011));
        QVERIFY(qFuzzyCompare(bound.seconds.at(Phase::communication), 0.01));
        QVERIFY(qFuzzyCompare(bound.seconds.at(Phase::backward), 1e-3));
        // What is drawn: one stacked series per phase, keys 0 (measured) and 1 (bound).
        QCPBars* forward = barsNamed(chart, "forward");
        QCPBars* sync = barsNamed(chart, "gradient sync");
        QVERIFY(forward && sync);
        QVERIFY(qFuzzyCompare(forward->data()->at(0)->value, 0.022));
        QVERIFY(qFuzzyCompare(forward->data()->at(1)->value, 0.011));
        QCOMPARE(sync->barBelow(), barsNamed(chart, "backward"));
        QCOMPARE(MdChart::phaseColor(Phase::forward), forward->brush().color());
        QVERIFY(chart.stragglerLabel().isEmpty());
    }

    // With steps, the step's timeline and its communication come first: a 50 ms step of 30 ms
    // compute, 6 ms exposed communication, 1 ms exposed copies and 13 ms idle; the records' 15 ms
    // of gradient sync is 9 ms hidden behind compute and 6 ms exposed. A kernel without FLOPs or
    // bytes is unknown work: its 4 ms are a hatched segment of their own, not part of a phase.
    void stepOverlapAndUnknownWork() {
        Session s = communicating();
        Step step;
        step.name = "ProfilerStep#1";
        step.launches = 4;
        step.gpu = {0.05, 0.037, 0.052, 0.030, 0.006, 0.001, 0.013};
        s.datasets[0].steps = {step};
        OpRecord mystery = op("mystery_kernel", Phase::backward, 0, 0, 0, 0.004);
        mystery.flopsNote = "the trace recorded no input shapes: profile with record_shapes=True";
        s.datasets[0].records.push_back(mystery);
        MdChart chart;
        chart.resize(1400, 900);
        chart.setSession(s);
        QCOMPARE(chart.bars().size(), std::size_t(4));
        const auto& timeline = chart.bars()[0];
        QVERIFY(timeline.kind == MdChart::BarKind::step);
        QCOMPARE(timeline.segments.size(), std::size_t(4));
        QCOMPARE(timeline.segments[0].name, QStringLiteral("compute"));
        QVERIFY(qFuzzyCompare(timeline.segments[0].seconds, 0.030));
        QVERIFY(qFuzzyCompare(timeline.segments[1].seconds, 0.006));
        QVERIFY(qFuzzyCompare(timeline.segments[3].seconds, 0.013));
        const auto& comm = chart.bars()[1];
        QVERIFY(comm.kind == MdChart::BarKind::communication);
        QCOMPARE(comm.segments[0].name, QStringLiteral("hidden behind compute"));
        QVERIFY(qFuzzyCompare(comm.segments[0].seconds, 0.009));
        QVERIFY(qFuzzyCompare(comm.segments[1].seconds, 0.006));
        const auto& measured = chart.bars()[2];
        QCOMPARE(measured.segments.back().name, QStringLiteral("unknown work"));
        QVERIFY(qFuzzyCompare(measured.segments.back().seconds, 0.004));
        QVERIFY(qFuzzyCompare(measured.seconds.at(Phase::backward), 1e-3)); // known work only
        QVERIFY(barsNamed(chart, "unknown work")->brush().style() == Qt::BDiagPattern);
        savePng(chart, "md_overlap");
    }

    void straggler() {
        MdChart chart;
        chart.resize(1400, 900);
        chart.setSession(fourRanks());
        QCOMPARE(chart.bars().size(), std::size_t(8));
        QCOMPARE(chart.bars()[6].label,
                 QStringLiteral("rank 3 · kernel time by phase (straggler)"));
        QCOMPARE(chart.bars()[1].label, QStringLiteral("rank 0 · MD bound"));
        QVERIFY(qFuzzyCompare(chart.bars()[6].seconds.at(Phase::forward), 0.13));
        QVERIFY(chart.stragglerLabel().contains("straggler"));
        QVERIFY(chart.stragglerLabel().contains("+30.4 %"));
        // Every rank's op in the planes: 4 gemms in A; 4 all-reduces have no place (A = NaN,
        // O = C = +inf); the gemms do not communicate.
        QCOMPARE(chart.pointCount(MdPlane::a), 4);
        QCOMPARE(chart.pointCount(MdPlane::o), 0);
        savePng(chart, "md_four_ranks");

        Session one = fourRanks();
        one.view.md.rank = 1;
        chart.setSession(one);
        QCOMPARE(chart.bars().size(), std::size_t(2));
        QCOMPARE(chart.bars()[0].rank, 1);
        QVERIFY(chart.stragglerLabel().isEmpty());
        QCOMPARE(chart.pointCount(MdPlane::a), 1);
    }

    void withoutCommunication() {
        MdChart chart;
        chart.resize(1400, 900);
        chart.setSession(session({op("gemm", Phase::forward, 1e12, 1e9, 0, 0.02),
                                  op("relu", Phase::backward, 1e9, 1e9, 0, 2e-3)}));
        QVERIFY(chart.emptyReason().isEmpty());
        QVERIFY(chart.commNotice().contains("communicated bytes"));
        QCOMPARE(chart.axisRectCount(), 2); // A and the bars
        QVERIFY(chart.planeRect(MdPlane::a));
        QVERIFY(!chart.planeRect(MdPlane::o));
        QCOMPARE(chart.pointCount(MdPlane::a), 2);
        QCOMPARE(chart.bars().size(), std::size_t(2));
        savePng(chart, "md_no_comm");
    }

    void hoverOp_data() {
        QTest::addColumn<int>("plane");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::addColumn<int>("record");
        QTest::addColumn<QStringList>("words");
        QTest::addColumn<bool>("grey");
        // communicating(), by hand (see there): gemm 1e12 FLOP in 20 ms is 50 TFLOP/s at A 1000,
        // its bound t_F = 1e12 / 1e14 = 10 ms; in O it is grey (C applies) at P/M 0.1 and
        // 1e8 B / 20 ms = 5 GB/s; in C at P/F 1e-4.
        QTest::newRow("gemm in A")
            << 0 << 1000.0 << 5e13 << 0
            << QStringList{"gemm\nrun · forward", "measured 20.0 ms · bound 10.0 ms, compute-bound",
                           "A = 1000 FLOP/B · 50.0 TFLOP/s"}
            << false;
        QTest::newRow("gemm in O, grey")
            << 1 << 0.1 << 5e9 << 0
            << QStringList{"gemm", "O = 0.100 B/B · 5.00 GB/s", "Grey: the C plane applies"}
            << true;
        QTest::newRow("gemm in C")
            << 2 << 1e-4 << 5e9 << 0 << QStringList{"C = 0.000100 B/FLOP · 5.00 GB/s"} << false;
        // allreduce: 1 GB communicated in 15 ms (66.7 GB/s) at O 1, bound t_P = 10 ms.
        QTest::newRow("allreduce in O")
            << 1 << 1.0 << 1e9 / 0.015 << 2
            << QStringList{"allreduce\nrun · gradient sync", "communication-bound",
                           "O = 1.00 B/B · 66.7 GB/s"}
            << false;
        // attn: 1e10 FLOP in 1 ms at A 10; t_M = 1e9 / 1e12 = 1 ms beats t_F = 0.1 ms. The
        // backward phase is attn alone: its diamond covers the op, and the tip says both, the
        // one on top first; a click still selects attn.
        QTest::newRow("attn in A") << 0 << 10.0 << 1e13 << 3
                                   << QStringList{"backward (rank 0)\n1 op(s) · measured 1.00 ms",
                                                  "\n\nattn\nrun · backward",
                                                  "measured 1.00 ms · bound 1.00 ms, memory-bound",
                                                  "A = 10.0 FLOP/B · 10.0 TFLOP/s"}
                                   << false;
    }
    void hoverOp() {
        QFETCH(int, plane);
        QFETCH(double, x);
        QFETCH(double, y);
        QFETCH(int, record);
        QFETCH(QStringList, words);
        QFETCH(bool, grey);
        MdChart chart;
        QVERIFY(showChart(chart, communicating(), {1400, 900}));
        const QPointF at = pixelIn(chart, static_cast<MdPlane>(plane), x, y);
        const QString tip = chart.toolTipAt(at);
        for (const QString& w : words)
            QVERIFY2(tip.contains(w), qPrintable(tip + "\n--- lacks: " + w));
        QCOMPARE(tip.contains("Grey: the"), grey);
        // A click there selects the op's record.
        QSignalSpy spy(&chart, &ViewChart::recordActivated);
        QTest::mouseClick(&chart, Qt::LeftButton, {}, at.toPoint());
        QCOMPARE(spy.count(), 1);
        const auto ref = spy.at(0).at(0).value<RecordRef>();
        QCOMPARE(ref.dataset, 0);
        QCOMPARE(ref.record, record);
        // A right click selects nothing.
        QTest::mouseClick(&chart, Qt::RightButton, {}, at.toPoint());
        QCOMPARE(spy.count(), 1);
    }

    void hoverAggregatesBarsAndNothing() {
        MdChart chart;
        QVERIFY(showChart(chart, communicating(), {1400, 900}));
        QSignalSpy spy(&chart, &ViewChart::recordActivated);
        // The iteration: 4 ops, 20 + 2 + 15 + 1 = 38 ms, F 1.011e12 over M 4e9: A 252.75.
        const auto& iteration = chart.aggregateMarkers(MdPlane::a)[0];
        QVERIFY(iteration.iteration);
        const QPointF star = pixelIn(chart, MdPlane::a, iteration.x, iteration.y);
        const QString tip = chart.toolTipAt(star);
        QVERIFY2(tip.startsWith("iteration (rank 0)\n4 op(s) · measured 38.0 ms"), qPrintable(tip));
        QVERIFY2(tip.contains("A = 253 FLOP/B · 26.6 TFLOP/s"), qPrintable(tip));
        QVERIFY(!chart.recordAt(star));
        QTest::mouseClick(&chart, Qt::LeftButton, {}, star.toPoint());
        QCOMPARE(spy.count(), 0); // an aggregate is no single record
        // The measured bar's forward segment (gemm 20 + relu 2 ms), hovered at its middle.
        QCPAxisRect* bars = chart.barRect();
        const QPointF forward(bars->axis(QCPAxis::atBottom)->coordToPixel(0.011),
                              bars->axis(QCPAxis::atLeft)->coordToPixel(0));
        QCOMPARE(chart.toolTipAt(forward),
                 QStringLiteral("kernel time by phase\nforward: 22.0 ms of 38.0 ms (57.9 %)"));
        // Nothing in the A plane's top left corner (above the roof), nor outside every plane.
        const QPointF corner = chart.planeRect(MdPlane::a)->rect().topLeft() + QPointF(4, 4);
        QVERIFY2(chart.toolTipAt(corner).isEmpty(), qPrintable(chart.toolTipAt(corner)));
        QVERIFY(chart.toolTipAt(QPointF(1, 1)).isEmpty());
        QTest::mouseClick(&chart, Qt::LeftButton, {}, corner.toPoint());
        QCOMPARE(spy.count(), 0);
    }

    void empty_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("no dataset") << 0;
        QTest::newRow("all hidden") << 1;
        QTest::newRow("no records") << 2;
        QTest::newRow("missing rank") << 3;
    }
    void empty() {
        QFETCH(int, which);
        Session s = communicating();
        if (which == 0)
            s.datasets.clear();
        else if (which == 1)
            s.view.hiddenDatasets = {"run"};
        else if (which == 2)
            s.datasets[0].records.clear();
        else
            s.view.md.rank = 5;
        MdChart chart;
        chart.setSession(communicating());
        chart.setSession(s);
        QVERIFY(!chart.emptyReason().isEmpty());
        QCOMPARE(chart.axisRectCount(), 0);
        QVERIFY(chart.table().rows.empty());
        QVERIFY(!chart.planeRect(MdPlane::a));
        QVERIFY(chart.picks().empty()); // nothing left to hover
        if (which == 3)
            QVERIFY(chart.emptyReason().contains("rank 5"));
    }
};

QTEST_MAIN(TestMdChart)
#include "test_md_chart.moc"
