// What a roofline leaves out and why: the reason each undrawable record is given, the counts and
// measured time by reason, and the sentence the window and the exports print. Shares are worked
// out by hand in each row's comment.
#include "core/plot_points.h"

#include <QtTest>

using namespace roofscope;

namespace {

OpRecord record(Category category, std::optional<double> flops, std::optional<double> dram,
                std::optional<double> timeS) {
    OpRecord r;
    r.name = "k";
    r.category = category;
    if (flops)
        r.flops = Measure::estimated(*flops);
    if (dram)
        r.bytes[MemoryLevel::dram] = Measure::measured(*dram);
    if (timeS)
        r.timeS = Measure::measured(*timeS);
    return r;
}

} // namespace

Q_DECLARE_METATYPE(roofscope::OpRecord)

class TestPlotLeftOut : public QObject {
    Q_OBJECT

  private slots:
    void reason_data() {
        QTest::addColumn<OpRecord>("record");
        QTest::addColumn<int>("level");
        QTest::addColumn<QString>("reason");
        const auto dram = int(MemoryLevel::dram);
        QTest::newRow("drawn: FLOPs, bytes and time")
            << record(Category::gemm, 1e9, 1e6, 1e-3) << dram << QString();
        QTest::newRow("no time") << record(Category::gemm, 1e9, 1e6, std::nullopt) << dram
                                 << "no measured time";
        QTest::newRow("zero time")
            << record(Category::gemm, 1e9, 1e6, 0.0) << dram << "no measured time";
        QTest::newRow("memcpy") << record(Category::memcpy, std::nullopt, 1e6, 1e-3) << dram
                                << "no FLOPs: copy";
        QTest::newRow("collective category")
            << record(Category::collective, std::nullopt, std::nullopt, 1e-3) << dram
            << "no FLOPs: communication";
        QTest::newRow("memory kernel")
            << record(Category::memory, 0.0, 1e6, 1e-3) << dram << "no FLOPs: data movement";
        QTest::newRow("zero FLOPs with bytes")
            << record(Category::elementwise, 0.0, 1e6, 1e-3) << dram << "no FLOPs: moves data only";
        QTest::newRow("zero FLOPs, no bytes")
            << record(Category::elementwise, 0.0, std::nullopt, 1e-3) << dram << "no FLOPs";
        QTest::newRow("unknown FLOPs, no note")
            << record(Category::gemm, std::nullopt, 1e6, 1e-3) << dram << "no FLOP count";
        QTest::newRow("no bytes at l2")
            << record(Category::gemm, 1e9, 1e6, 1e-3) << int(MemoryLevel::l2) << "no bytes at l2";
    }
    void reason() {
        QFETCH(OpRecord, record);
        QFETCH(int, level);
        QFETCH(QString, reason);
        std::vector<PlotPoint> points;
        const auto memoryLevel = static_cast<MemoryLevel>(level);
        ViewSettings view;
        view.memoryLevel = memoryLevel;
        // The reason is given exactly when the plot has no point for the record.
        QCOMPARE(recordPlotPoints(record, {0, 0}, nullptr, view, points) == 0, !reason.isEmpty());
        if (!reason.isEmpty())
            QCOMPARE(QString::fromStdString(std::string(undrawableReason(record, memoryLevel))),
                     reason);
    }

    void noteIsTheReason() {
        OpRecord r = record(Category::attention, std::nullopt, std::nullopt, 1e-3);
        r.flopsNote = "recorded without shapes: profile with record_shapes=True";
        QCOMPARE(std::string(undrawableReason(r, MemoryLevel::dram)), r.flopsNote);
        r.collective = Collective::all_reduce; // a collective says so whatever its note
        QCOMPARE(std::string(undrawableReason(r, MemoryLevel::dram)),
                 std::string("no FLOPs: communication"));
    }

    void sentence() {
        // Ten records, 100 ms in all: 6 drawn (60 ms), 2 all-reduces (2 x 15 ms), 1 copy
        // (10 ms) and one without a time. Left out: 4 of 10 records, 40 of 100 ms = 40 %;
        // communication 30 %, copy 10 %, no time 0 ms -> "0 %"; sorted by time.
        PlotLeftOut out;
        for (int i = 0; i < 6; ++i)
            countShown(out, record(Category::gemm, 1e9, 1e6, 0.01), std::nullopt);
        const OpRecord allReduce = record(Category::collective, std::nullopt, std::nullopt, 0.015);
        const OpRecord copy = record(Category::memcpy, std::nullopt, 1e6, 0.01);
        const OpRecord untimed = record(Category::gemm, 1e9, 1e6, std::nullopt);
        PlotLeftOut slice; // counted apart and merged, as the window's slices are
        for (const OpRecord* r : {&allReduce, &copy, &untimed, &allReduce})
            countShown(slice, *r, undrawableReason(*r, MemoryLevel::dram));
        mergeLeftOut(out, slice);
        QCOMPARE(out.records, 10);
        QCOMPARE(out.totalS, 0.1);
        QCOMPARE(out.reasons.size(), std::size_t(3));
        QCOMPARE(out.reasons[0].reason, std::string("no FLOPs: communication"));
        QCOMPARE(out.reasons[0].records, 2);
        QCOMPARE(leftOutText(out),
                 std::string("4 of 10 records (40 % of the measured time) not drawn: no FLOPs: "
                             "communication (2 records, 30 %), no FLOPs: copy (1 record, 10 %), "
                             "no measured time (1 record, 0 %)."));
        // A share under 0.05 % is not rounded to nothing.
        PlotLeftOut tiny;
        countShown(tiny, record(Category::gemm, 1e9, 1e6, 100.0), std::nullopt); // 10 ms of 100 s
        countShown(tiny, copy, undrawableReason(copy, MemoryLevel::dram));
        QVERIFY(leftOutText(tiny).find("(1 record, <0.1 %)") != std::string::npos);
    }

    void nothingLeftOut() {
        PlotLeftOut out;
        countShown(out, record(Category::gemm, 1e9, 1e6, 0.01), std::nullopt);
        QCOMPARE(leftOutText(out), std::string());
    }

    void plotPointsCountsEveryShownRecord() {
        Session s;
        Dataset d;
        d.context.label = "run";
        d.records = {record(Category::gemm, 1e9, 1e6, 0.01),
                     record(Category::memcpy, std::nullopt, 1e6, 0.01)};
        s.datasets = {d, d};
        s.datasets[1].context.label = "hidden";
        s.view.hiddenDatasets = {"hidden"}; // not shown: not counted either
        const PlotPoints p = plotPoints(s);
        QCOMPARE(p.leftOut.records, 2);
        QCOMPARE(p.undrawable, 1);
        QCOMPARE(leftOutText(p.leftOut),
                 std::string("1 of 2 records (50 % of the measured time) not drawn: no FLOPs: "
                             "copy (1 record, 50 %)."));
    }
};

QTEST_APPLESS_MAIN(TestPlotLeftOut)
#include "test_plot_left_out.moc"
