// The compact per-launch storage: InlineMeasures reads as the std::map of OpRecord does (key
// order, present-but-absent keys, at() on a missing key), toOpRecord carries every field, and
// SharedText shares its text through copies and moves, and a Launch stays as small as it is.
#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/launch_record.h"

#include <QtTest>

using namespace roofscope;

class TestLaunchRecord : public QObject {
    Q_OBJECT

  private slots:
    void keysInOrder_data() {
        QTest::addColumn<QList<int>>("inserted"); // Link values, in insertion order
        QTest::newRow("in order") << QList<int>{int(Link::pcie_h2d), int(Link::inter_node)};
        QTest::newRow("reversed") << QList<int>{int(Link::inter_node), int(Link::pcie_h2d)};
        QTest::newRow("one key twice") << QList<int>{int(Link::p2p), int(Link::p2p)};
    }
    // Whatever the insertion order, the keys come out as std::map orders them, and a second
    // assignment to a key replaces its measure.
    void keysInOrder() {
        QFETCH(QList<int>, inserted);
        InlineMeasures<Link, 2> m;
        std::map<Link, Measure> reference;
        double value = 1;
        for (const int k : inserted) {
            m[static_cast<Link>(k)] = Measure::measured(value);
            reference[static_cast<Link>(k)] = Measure::measured(value);
            value *= 10;
        }
        QCOMPARE(m.size(), reference.size());
        QVERIFY(m.toMap() == reference);
        std::vector<Link> order;
        m.forEach([&](Link k, const Measure&) { order.push_back(k); });
        QVERIFY(std::is_sorted(order.begin(), order.end()));
    }

    // operator[] alone makes a key present with an absent measure, as std::map's does; bytesAt
    // tells that from a known one.
    void presentButAbsent() {
        LaunchRecord r;
        QVERIFY(r.bytes.empty());
        QVERIFY(!r.bytes.find(MemoryLevel::dram));
        r.bytes[MemoryLevel::dram];
        QVERIFY(r.bytes.contains(MemoryLevel::dram));
        QVERIFY(!r.bytes.at(MemoryLevel::dram).known());
        QVERIFY(!r.bytesAt(MemoryLevel::dram));
        r.bytes[MemoryLevel::dram] = Measure::estimated(12);
        QCOMPARE(*r.bytesAt(MemoryLevel::dram), 12.0);
        QVERIFY(r.bytes.at(MemoryLevel::dram).origin == Origin::estimated);
        QVERIFY(!r.commBytesOn(Link::p2p));
    }

    // Misuse is an exception, never a write past the storage.
    void pastCapacity() {
        InlineMeasures<MemoryLevel, 2> m;
        m[MemoryLevel::l1] = Measure::measured(1);
        m[MemoryLevel::dram] = Measure::measured(2);
        QVERIFY_THROWS_EXCEPTION(std::length_error, m[MemoryLevel::host]);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, m.at(MemoryLevel::l2));
        QCOMPARE(m.size(), std::size_t(2));
    }

    // Every field of the launch reaches the OpRecord; count 1, op and device id empty.
    void toOpRecordCarriesEverything() {
        LaunchRecord r;
        r.flops = Measure::estimated(2e9);
        r.timeS = Measure::measured(1e-3);
        r.bytes[MemoryLevel::dram] = Measure::measured(4096);
        r.commBytes[Link::intra_node] = Measure::measured(8192);
        r.flopsNote = std::string("stride 1 assumed");
        r.rank = 3;
        r.stream = 7;
        r.groupSize = 8;
        r.category = Category::collective;
        r.phase = Phase::communication;
        r.precision = Precision::bf16;
        r.usesTensorUnits = true;
        r.outsideSteps = true;
        r.collective = Collective::all_gather;

        OpRecord expected;
        expected.name = "k";
        expected.flops = r.flops;
        expected.timeS = r.timeS;
        expected.bytes = {{MemoryLevel::dram, Measure::measured(4096)}};
        expected.commBytes = {{Link::intra_node, Measure::measured(8192)}};
        expected.flopsNote = "stride 1 assumed";
        expected.rank = 3;
        expected.stream = 7;
        expected.groupSize = 8;
        expected.category = Category::collective;
        expected.phase = Phase::communication;
        expected.precision = Precision::bf16;
        expected.usesTensorUnits = true;
        expected.outsideSteps = true;
        expected.collective = Collective::all_gather;
        QVERIFY(toOpRecord(r, "k") == expected);
    }

    // A trace keeps one Launch per GPU launch, and they are most of a load's peak memory
    // (0.28x the file on the bench trace, against 0.53x with 440-byte launches): a field added
    // here should be a choice, not an accident.
    void launchStaysCompact() {
        QVERIFY2(sizeof(Launch) <= 184, QByteArray::number(qulonglong(sizeof(Launch))));
        QVERIFY2(sizeof(LaunchRecord) <= 112, QByteArray::number(qulonglong(sizeof(LaunchRecord))));
    }

    void sharedTextCopiesAndMoves() {
        SharedText a(std::string("aten::addmm"));
        SharedText b = a;
        QVERIFY(&a.str() == &b.str()); // one text, two holders
        SharedText c = std::move(b);
        QVERIFY(b.empty());
        QCOMPARE(c.str(), std::string("aten::addmm"));
        const SharedText& same = c;
        c = same; // self-assignment keeps the text
        QCOMPARE(c.str(), std::string("aten::addmm"));
        a = SharedText();
        QVERIFY(a.empty());
        QCOMPARE(c.str(), std::string("aten::addmm")); // still held by c
        QVERIFY(SharedText(std::string()).empty());
        QVERIFY(SharedText("x") == std::string("x"));
    }
};

QTEST_APPLESS_MAIN(TestLaunchRecord)
#include "test_launch_record.moc"
