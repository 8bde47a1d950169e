// Every enum of the data model round-trips through its canonical spelling, and the spellings of
// other tools map to the intended value.
#include "core/enums.h"

#include <QtTest>

using namespace roofscope;

class TestEnums : public QObject {
    Q_OBJECT

  private:
    template <class E> void checkRoundTrip() {
        QVERIFY(!enumNames<E>().empty());
        for (const auto& entry : enumNames<E>()) {
            QCOMPARE(toString(entry.value), entry.name);
            const auto parsed = parseEnum<E>(entry.name);
            QVERIFY2(parsed.has_value(), std::string(entry.name).c_str());
            QVERIFY(*parsed == entry.value);
        }
        QVERIFY(!parseEnum<E>("no-such-value").has_value());
        QVERIFY(!parseEnum<E>("").has_value());
    }

  private slots:
    void roundTripsEveryValue() {
        checkRoundTrip<Precision>();
        checkRoundTrip<ComputeUnit>();
        checkRoundTrip<MemoryLevel>();
        checkRoundTrip<Link>();
        checkRoundTrip<DeviceKind>();
        checkRoundTrip<Category>();
        checkRoundTrip<Phase>();
        checkRoundTrip<Origin>();
        checkRoundTrip<ProvenanceKind>();
        checkRoundTrip<Bottleneck>();
        checkRoundTrip<Collective>();
        checkRoundTrip<ColorBy>();
        checkRoundTrip<PointStyle>();
        checkRoundTrip<ViewKind>();
    }

    void enumCounts() {
        // The design fixes these vocabularies; a new value needs a name, an alias review and a
        // file-format note.
        QCOMPARE(enumNames<Precision>().size(), std::size_t(9));
        QCOMPARE(enumNames<MemoryLevel>().size(), std::size_t(5));
        QCOMPARE(enumNames<Link>().size(), std::size_t(5));
        QCOMPARE(enumNames<DeviceKind>().size(), std::size_t(6));
        QCOMPARE(enumNames<Category>().size(), std::size_t(12));
        QCOMPARE(enumNames<Collective>().size(), std::size_t(7));
    }

    void precisionAliases_data() {
        QTest::addColumn<QString>("spelling");
        QTest::addColumn<QString>("expected");
        QTest::newRow("torch float") << "float"
                                     << "fp32";
        QTest::newRow("torch double") << "double"
                                      << "fp64";
        QTest::newRow("c10::Half") << "c10::Half"
                                   << "fp16";
        QTest::newRow("c10::BFloat16") << "c10::BFloat16"
                                       << "bf16";
        QTest::newRow("upper case") << "FP16"
                                    << "fp16";
        QTest::newRow("e4m3") << "Float8_e4m3fn"
                              << "fp8";
        QTest::newRow("nccl-tests half") << "half"
                                         << "fp16";
    }
    void precisionAliases() {
        QFETCH(QString, spelling);
        QFETCH(QString, expected);
        const auto parsed = parseEnum<Precision>(spelling.toStdString());
        QVERIFY(parsed.has_value());
        QCOMPARE(QString::fromUtf8(toString(*parsed).data()), expected);
    }

    void collectiveAliases_data() {
        QTest::addColumn<QString>("spelling");
        QTest::addColumn<QString>("expected");
        QTest::newRow("pytorch allreduce") << "allreduce"
                                           << "all_reduce";
        QTest::newRow("dashed") << "All-Reduce"
                                << "all_reduce";
        QTest::newRow("allgather base") << "_allgather_base"
                                        << "all_gather";
        QTest::newRow("reduce_scatter base") << "_reduce_scatter_base"
                                             << "reduce_scatter";
        QTest::newRow("alltoall") << "alltoall"
                                  << "all_to_all";
        QTest::newRow("send") << "send"
                              << "send_recv";
        QTest::newRow("broadcast") << "broadcast"
                                   << "broadcast";
    }
    void collectiveAliases() {
        QFETCH(QString, spelling);
        QFETCH(QString, expected);
        const auto parsed = parseEnum<Collective>(spelling.toStdString());
        QVERIFY(parsed.has_value());
        QCOMPARE(QString::fromUtf8(toString(*parsed).data()), expected);
    }

    void otherAliases() {
        QVERIFY(parseEnum<MemoryLevel>("HBM") == MemoryLevel::dram);
        QVERIFY(parseEnum<MemoryLevel>("lts") == MemoryLevel::l2);
        QVERIFY(parseEnum<MemoryLevel>("l1tex") == MemoryLevel::l1);
        QVERIFY(parseEnum<DeviceKind>("hpu") == DeviceKind::asic);
        QVERIFY(parseEnum<Link>("nvlink") == Link::p2p);
        QVERIFY(parseEnum<Link>("intra-node") == Link::intra_node);
    }
};

QTEST_APPLESS_MAIN(TestEnums)
#include "test_enums.moc"
