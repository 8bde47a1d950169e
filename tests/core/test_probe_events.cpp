// The probe's progress stream: every event survives a write and a read unchanged, and a line a
// broken or foreign probe might print is refused with the line number and what is wrong.
#include "core/ceilings_file.h"
#include "core/probe_events.h"

#include <QtTest>

using namespace roofscope;

Q_DECLARE_METATYPE(roofscope::ProbeEvent)

namespace {

Provenance measured() {
    Provenance p;
    p.kind = ProvenanceKind::measured;
    p.tool = "roofscope-probe 0.4.0";
    p.method = "triad a=b+s*c";
    p.date = "2026-11-30T17:00:00Z";
    p.samples = 12;
    p.spread = 0.03;
    p.clockMHz = 1980;
    return p;
}

} // namespace

class TestProbeEvents : public QObject {
    Q_OBJECT

  private slots:
    void roundTrip_data() {
        QTest::addColumn<ProbeEvent>("event");
        ProbeEvent hello;
        hello.type = ProbeEventType::hello;
        hello.message = "roofscope-probe 0.4.0";
        hello.plan = {{"cpu_triad", "Memory bandwidth", "cpu"}, {"gpu_gemm_bf16", "", "gpu0"}};
        hello.targets = {{"cpu", "AMD EPYC 7B13"}, {"gpu0", "NVIDIA H200"}};
        QTest::newRow("hello") << hello;
        ProbeEvent started;
        started.type = ProbeEventType::started;
        started.benchmark = "cpu_triad";
        started.target = "cpu";
        started.title = "Memory bandwidth";
        started.index = 2;
        started.count = 7;
        QTest::newRow("started") << started;
        ProbeEvent progress;
        progress.type = ProbeEventType::progress;
        progress.benchmark = "cpu_triad";
        progress.target = "cpu";
        progress.fraction = 0.25;
        QTest::newRow("progress") << progress;
        ProbeEvent compute;
        compute.type = ProbeEventType::result;
        compute.benchmark = "gpu_gemm_bf16";
        compute.target = "gpu0";
        compute.what = ComputeKey{Precision::bf16, ComputeUnit::tensor};
        compute.ceiling = {7.8e14, measured()};
        compute.elapsedS = 3.5;
        QTest::newRow("compute result") << compute;
        ProbeEvent memory = compute;
        memory.what = MemoryLevel::l2;
        memory.ceiling.value = 9.1e12;
        QTest::newRow("memory result") << memory;
        ProbeEvent link = compute;
        link.what = Link::intra_node;
        link.ceiling.value = 3.6e11;
        QTest::newRow("link result") << link;
        ProbeEvent observation;
        observation.type = ProbeEventType::observation;
        observation.benchmark = "cpu_triad";
        observation.target = "cpu";
        observation.label = "triad 1 thread";
        observation.value = 1.2e10;
        observation.unit = "B/s";
        observation.workingSetBytes = 3145728;
        QTest::newRow("observation") << observation;
        for (auto type :
             {ProbeEventType::warning, ProbeEventType::failed, ProbeEventType::skipped}) {
            ProbeEvent e;
            e.type = type;
            e.benchmark = "gpu_gemm_fp8";
            e.target = "gpu0";
            e.message = "not supported: fp8 needs compute capability 8.9, \"quoted\" ünïcode";
            QTest::newRow(std::string(toString(type)).c_str()) << e;
        }
        ProbeEvent done;
        done.type = ProbeEventType::done;
        done.status = ProbeRunStatus::cancelled;
        done.output = "/tmp/h200.json";
        done.elapsedS = 61.5;
        QTest::newRow("done") << done;
    }
    void roundTrip() {
        QFETCH(ProbeEvent, event);
        const std::string line = toJsonLine(event);
        QVERIFY2(line.find('\n') == std::string::npos, line.c_str());
        const auto parsed = parseProbeEvent(line, 3, "stdout");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY2(parsed.value() == event, line.c_str());
    }

    void refused_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << "Segmentation fault"
                                  << "not a JSON line";
        QTest::newRow("array") << "[1,2]"
                               << "expected an object";
        QTest::newRow("unknown event") << "{\"event\":\"explode\"}"
                                       << "unknown event 'explode'";
        QTest::newRow("no event") << "{\"benchmark\":\"x\"}"
                                  << "/event";
        QTest::newRow("fraction above 1")
            << "{\"event\":\"progress\",\"benchmark\":\"x\",\"fraction\":1.5}"
            << "[0, 1]";
        QTest::newRow("fraction a string") << "{\"event\":\"progress\",\"fraction\":\"half\"}"
                                           << "/fraction";
        QTest::newRow("negative ceiling")
            << "{\"event\":\"result\",\"ceiling\":{\"level\":\"dram\",\"bytes_per_s\":-1,"
               "\"provenance\":{\"kind\":\"measured\",\"tool\":\"t\",\"method\":\"m\"}}}"
            << "positive";
        QTest::newRow("ceiling without provenance tool")
            << "{\"event\":\"result\",\"ceiling\":{\"level\":\"dram\",\"bytes_per_s\":1,"
               "\"provenance\":{\"kind\":\"measured\"}}}"
            << "tool and the method";
        QTest::newRow("ceiling of nothing")
            << "{\"event\":\"result\",\"ceiling\":{\"bytes_per_s\":1}}"
            << "no precision";
        QTest::newRow("unknown level")
            << "{\"event\":\"result\",\"ceiling\":{\"level\":\"l9\",\"bytes_per_s\":1,"
               "\"provenance\":{\"kind\":\"measured\",\"tool\":\"t\",\"method\":\"m\"}}}"
            << "unknown value 'l9'";
        QTest::newRow("foreign schema")
            << "{\"event\":\"hello\",\"schema\":\"other/9\",\"plan\":[]}"
            << "other/9";
        QTest::newRow("unknown status") << "{\"event\":\"done\",\"status\":\"great\"}"
                                        << "unknown status 'great'";
        QTest::newRow("truncated") << "{\"event\":\"started\",\"bench"
                                   << "not a JSON line";
    }
    void refused() {
        QFETCH(QString, line);
        QFETCH(QString, expected);
        const auto parsed = parseProbeEvent(line.toStdString(), 7, "roofscope-probe stdout");
        QVERIFY(!parsed.ok());
        const QString message = QString::fromStdString(parsed.error().toString());
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.startsWith("roofscope-probe stdout:7"), qPrintable(message));
    }

    void nonFiniteNumbersStayValidJson() {
        ProbeEvent e;
        e.type = ProbeEventType::observation;
        e.label = "x";
        e.value = std::numeric_limits<double>::quiet_NaN();
        e.unit = "B/s";
        const auto parsed = parseProbeEvent(toJsonLine(e), 1, "s");
        QVERIFY(parsed.ok());
        QCOMPARE(parsed.value().value, 0.0);
    }

    void identityRoundTripsThroughCeilingsFiles() {
        Device d;
        d.id = "nvidia-h200-measured-node1-gpu0";
        d.name = "NVIDIA H200 (measured 2026-11-30)";
        d.vendor = "NVIDIA";
        d.ceilings.memory[MemoryLevel::dram] = {4.3e12, measured()};
        d.identity.host = "node1";
        d.identity.uuid = "GPU-1234";
        d.identity.pciBusId = "0000:17:00.0";
        d.identity.computeCapability = "9.0";
        d.identity.driverVersion = "580.159.03";
        d.identity.runtimeVersion = "CUDA 13.0";
        d.identity.computeUnits = 132;
        d.identity.coreClockMHz = 1980;
        d.identity.memoryClockMHz = 3201;
        d.identity.memoryBytes = 150'000'000'000ull;
        d.identity.l2Bytes = 62'914'560;
        const auto parsed = parseCeilings(serializeCeilings({d}), "x.json");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value().front() == d);
        const auto bad = parseCeilings(
            "{\"format\":\"roofscope-ceilings\",\"version\":1,\"devices\":[{\"id\":\"a\","
            "\"name\":\"A\",\"kind\":\"gpu\",\"compute\":[],\"memory\":[],\"identity\":"
            "{\"memory_bytes\":-5}}]}",
            "bad.json");
        QVERIFY(!bad.ok());
        QVERIFY(QString::fromStdString(bad.error().toString())
                    .contains("/devices/0/identity/memory_bytes"));
    }
};

QTEST_GUILESS_MAIN(TestProbeEvents)
#include "test_probe_events.moc"
