// The streaming Kineto reader: spellings, time bases, batching at any chunk size, and every kind
// of bad input ending in an error with a byte offset or a warning with the partial trace.

#include "core/import/kineto/kineto_reader.h"

#include <QtTest>

#include <string>

using namespace roofscope;

Q_DECLARE_METATYPE(std::string)

namespace {

Result<TraceEvents> readText(const std::string& text, std::size_t chunk = std::size_t(16) << 20) {
    auto stream = memoryByteStream(text, "t.json");
    KinetoReadOptions options;
    options.chunkBytes = chunk;
    return readKineto(*stream, "t.json", options);
}

std::string name(const TraceEvents& t, std::uint32_t id) {
    return t.strings.text(id);
}

std::string fixture(const char* file) {
    QFile f(QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/") + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", file);
    return f.readAll().toStdString();
}

} // namespace

class TestKinetoReader : public QObject {
    Q_OBJECT

  private slots:
    void modernTrace() {
        auto r = readText(fixture("modern.json"));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const TraceEvents& t = r.value();
        QCOMPARE(t.eventsSeen, std::int64_t(9));
        QCOMPARE(t.meta.schemaVersion.value_or(-1), 1);
        QCOMPARE(t.meta.devices.size(), std::size_t(1));
        QCOMPARE(t.meta.devices[0].name, std::string("NVIDIA A100-PG509-200"));
        QCOMPARE(t.meta.devices[0].numSms, 108);
        QCOMPARE(t.meta.devices[0].totalGlobalMem, std::int64_t(42297524224));
        QCOMPARE(t.meta.distributed.rank.value_or(-1), 1);
        QCOMPARE(t.meta.distributed.worldSize.value_or(-1), 2);
        QCOMPARE(t.meta.distributed.ncclVersion, std::string("2.17.1"));
        QCOMPARE(t.meta.versions.at("cuda_runtime_version"), std::string("12010"));
        QCOMPARE(t.meta.displayTimeUnit, std::string("ms"));
        QCOMPARE(t.meta.baseTimeNs.value_or(-1), std::int64_t(1711964646000000000));

        QCOMPARE(t.cpu.size(), std::size_t(2)); // the op and the GPU annotation
        const CpuEvent& op = t.cpu[0];
        QVERIFY(op.kind == CpuEventKind::op);
        QCOMPARE(name(t, op.name), std::string("aten::addmm"));
        QCOMPARE(name(t, op.thread), std::string("10/11"));
        QCOMPARE(op.tsNs, std::int64_t(1711964646000000000) + 100500);
        QCOMPARE(op.durNs, std::int64_t(20250));
        QCOMPARE(op.externalId, std::int64_t(7));
        QVERIFY(op.shapes != kNoIndex);
        QCOMPARE(t.shapes[op.shapes].dims, std::string("[[512], [141, 512], [512, 512]]"));
        QCOMPARE(t.shapes[op.shapes].types, std::string("[\"float\", \"float\", \"float\"]"));
        QCOMPARE(t.shapes[op.shapes].concrete, std::string("[\"\", \"\", \"\"]"));
        const CpuEvent& annotation = t.cpu[1];
        QVERIFY(annotation.kind == CpuEventKind::gpuAnnotation);
        QCOMPARE(annotation.device, 0);
        QCOMPARE(annotation.stream, 7);

        QCOMPARE(t.runtime.size(), std::size_t(1));
        QCOMPARE(t.runtime[0].correlation, std::int64_t(99));
        QCOMPARE(t.runtime[0].thread, op.thread);

        QCOMPARE(t.gpu.size(), std::size_t(3));
        const GpuEvent& k = t.gpu[0];
        QVERIFY(k.kind == GpuEventKind::kernel);
        QCOMPARE(name(t, k.name), std::string("sgemm_{weird}\"name\""));
        QCOMPARE(k.tsNs, std::int64_t(1711964646000000000) + 130001);
        QCOMPARE(k.durNs, std::int64_t(40500));
        QCOMPARE(k.device, 0);
        QCOMPARE(k.stream, 7);
        QCOMPARE(k.externalId, std::int64_t(7));
        QCOMPARE(k.correlation, std::int64_t(99));
        QVERIFY(t.gpu[1].kind == GpuEventKind::memcpy);
        QCOMPARE(t.gpu[1].bytes, std::int64_t(4000));
        QCOMPARE(t.gpu[1].durNs, std::int64_t(5088));
        const GpuEvent& nccl = t.gpu[2];
        QCOMPARE(nccl.stream, 40);
        QVERIFY(nccl.collective != kNoIndex);
        const CollectiveArgs& c = t.collectives[nccl.collective];
        QCOMPARE(c.name, std::string("allreduce"));
        QCOMPARE(c.inNelems, std::int64_t(6637568));
        QCOMPARE(c.outNelems, std::int64_t(6637568));
        QCOMPARE(c.groupSize, 2);
        QCOMPARE(c.dtype, std::string("Float"));
        QCOMPARE(c.processGroup, std::string("0"));
        QVERIFY(t.warnings.empty());
    }

    void legacyTrace() {
        auto r = readText(fixture("legacy2021.json"));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const TraceEvents& t = r.value();
        QVERIFY(!t.meta.baseTimeNs);
        QCOMPARE(t.cpu.size(), std::size_t(1));
        QCOMPARE(t.cpu[0].externalId, std::int64_t(544));
        QCOMPARE(name(t, t.cpu[0].thread), std::string("1/1234"));
        QCOMPARE(t.cpu[0].tsNs, std::int64_t(1623142623531600000)); // exact, not via a double
        QVERIFY(t.cpu[0].shapes != kNoIndex);
        QCOMPARE(t.runtime.size(), std::size_t(1));
        QCOMPARE(t.runtime[0].externalId, std::int64_t(544));
        QCOMPARE(t.gpu.size(), std::size_t(2));
        QCOMPARE(t.gpu[0].stream, 7); // from "stream 7"
        QCOMPARE(t.gpu[0].device, 0); // from the pid when args lack "device"
        QCOMPARE(t.gpu[0].externalId, std::int64_t(544));
        QVERIFY(t.gpu[1].kind == GpuEventKind::memset);
        QCOMPARE(t.gpu[1].bytes, std::int64_t(512));
    }

    // Recorded shapes are kept for ops with an estimator, for record_param_comms and the
    // nccl:<collective> annotations (older traces' collectives, formats.md 1.7) and for the c10d::
    // ops around them (an all-gather's output/input ratio is its group), not for the rest
    // (## forward ## has no estimator).
    void commRangesKeepShapes() {
        const std::string event = R"({"ph":"X","cat":"%1","name":"%2","pid":1,"tid":1,"ts":%3,)"
                                  R"("dur":10,"args":{"Input Dims":[[419430400], []],)"
                                  R"("Input type":["unsigned char", "Scalar"]}})";
        const auto make = [&](const char* cat, const char* op, int ts) {
            return QString::fromStdString(event).arg(cat, op).arg(ts).toStdString();
        };
        auto r = readText("{\"traceEvents\": [" + make("cpu_op", "c10d::alltoall_base_", 1) + "," +
                          make("cpu_op", "record_param_comms", 2) + "," +
                          make("user_annotation", "nccl:all_to_all", 3) + "," +
                          make("user_annotation", "## forward ##", 4) + "]}");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const TraceEvents& t = r.value();
        QCOMPARE(t.cpu.size(), std::size_t(4));
        QVERIFY(t.cpu[0].shapes != kNoIndex);
        QVERIFY(t.cpu[1].shapes != kNoIndex);
        QVERIFY(t.cpu[2].shapes != kNoIndex);
        QVERIFY(t.cpu[3].shapes == kNoIndex);
        QCOMPARE(t.shapes[t.cpu[1].shapes].dims, std::string("[[419430400], []]"));
        QCOMPARE(t.shapes[t.cpu[1].shapes].types, std::string("[\"unsigned char\", \"Scalar\"]"));
        QCOMPARE(t.cpu[1].shapes, t.cpu[2].shapes); // the same texts, stored once
        QCOMPARE(t.cpu[0].shapes, t.cpu[1].shapes);
        QVERIFY(t.warnings.empty());
    }

    // ROCm (roctracer): the GPU pid is a node id, not the device; args.device says which.
    void rocmTrace() {
        auto r = readText(fixture("rocm.json"));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const TraceEvents& t = r.value();
        QCOMPARE(t.meta.devices.size(), std::size_t(1));
        QCOMPARE(t.meta.devices[0].name, std::string("AMD Instinct MI300X VF"));
        QCOMPARE(t.meta.versions.at("hip_runtime_version"), std::string("60032830"));
        QCOMPARE(t.meta.versions.at("roctracer_version"), std::string("4"));
        QCOMPARE(t.gpu.size(), std::size_t(1));
        QCOMPARE(t.gpu[0].device, 0);
        QCOMPARE(t.gpu[0].stream, 0);
        QCOMPARE(t.gpu[0].correlation, std::int64_t(77));
        QCOMPARE(t.runtime.size(), std::size_t(1));
        QCOMPARE(name(t, t.runtime[0].name), std::string("hipExtModuleLaunchKernel"));
        QVERIFY(t.cpu[0].shapes != kNoIndex);
    }

    // Every chunk size must give the same events as one big window: batches cut at event
    // boundaries, events straddling a refill, a window that must grow for one event.
    void chunkSizesAgree_data() {
        QTest::addColumn<int>("chunk");
        // Every size from 64 to 700 bytes: some windows end exactly at an event's last byte.
        for (int chunk = 64; chunk <= 700; ++chunk)
            QTest::addRow("chunk %d", chunk) << chunk;
        QTest::addRow("chunk 4096") << 4096;
    }
    void chunkSizesAgree() {
        QFETCH(int, chunk);
        // The one-window reads are the reference of all 638 rows: read them once, which matters
        // under the sanitizers, where each read of a 16 MiB window is slow.
        static const std::string texts[] = {fixture("modern.json"), fixture("legacy2021.json")};
        static const TraceEvents wholes[] = {readText(texts[0]).value(),
                                             readText(texts[1]).value()};
        for (std::size_t f = 0; f < 2; ++f) {
            const std::string& text = texts[f];
            auto pieces = readText(text, static_cast<std::size_t>(chunk));
            QVERIFY2(pieces.ok(), pieces.ok() ? "" : pieces.error().toString().c_str());
            const TraceEvents& a = wholes[f];
            const TraceEvents& b = pieces.value();
            QCOMPARE(b.eventsSeen, a.eventsSeen);
            QCOMPARE(b.cpu.size(), a.cpu.size());
            QCOMPARE(b.gpu.size(), a.gpu.size());
            QCOMPARE(b.runtime.size(), a.runtime.size());
            for (std::size_t i = 0; i < a.gpu.size(); ++i) {
                QCOMPARE(name(b, b.gpu[i].name), name(a, a.gpu[i].name));
                QCOMPARE(b.gpu[i].tsNs, a.gpu[i].tsNs);
            }
            QCOMPARE(b.meta.devices.size(), a.meta.devices.size());
            QCOMPARE(b.warnings, a.warnings);
        }
    }

    void topLevelForms_data() {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<int>("kernels");
        const std::string k = "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,"
                              "\"ts\":1,\"dur\":1}";
        QTest::addRow("bare array") << "[" + k + "," + k + "]" << 2;
        QTest::addRow("bare array without ]") << "[" + k + "," + k + "\n" << 2;
        QTest::addRow("events first, metadata after")
            << "{\"traceEvents\": [" + k +
                   "], \"distributedInfo\": {\"rank\": 3}, \"traceName\": \"x\"}"
            << 1;
        QTest::addRow("empty events") << std::string("{\"traceEvents\": []}") << 0;
        QTest::addRow("no events at all") << std::string("{\"schemaVersion\": 1}") << 0;
        QTest::addRow("byte order mark") << "\xEF\xBB\xBF[" + k + "]" << 1;
        QTest::addRow("blanks everywhere")
            << " \n{ \"traceEvents\" :\t[ " + k + " ,\n " + k + " ] } \n"
            << 2;
        QTest::addRow("unknown ph ignored")
            << "[{\"ph\":\"i\",\"cat\":\"kernel\",\"name\":\"k\",\"ts\":1}, " + k + "]" << 1;
    }
    void topLevelForms() {
        QFETCH(std::string, text);
        QFETCH(int, kernels);
        for (std::size_t chunk : {std::size_t(64), std::size_t(1) << 20}) {
            auto r = readText(text, chunk);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
            QCOMPARE(r.value().gpu.size(), std::size_t(kernels));
            QVERIFY2(r.value().warnings.empty(),
                     r.value().warnings.empty() ? "" : r.value().warnings[0].c_str());
        }
    }

    // Refused input: an error naming the file and the byte offset where it went wrong.
    void errors_data() {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<int>("offset");
        QTest::addColumn<QString>("message");
        QTest::addRow("empty") << std::string() << 0 << "empty file";
        QTest::addRow("blank") << std::string("  \n ") << 4 << "empty file";
        QTest::addRow("garbage") << std::string("\x01\x02garbage") << 0 << "not a JSON trace";
        QTest::addRow("events not an array")
            << std::string("{\"traceEvents\": 5}") << 16 << "not an array";
        QTest::addRow("invalid JSON inside an event")
            << std::string("{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"kernel\", \"ts\": 1,, "
                           "\"dur\": 1}]}")
            << -2 << "invalid JSON";
        QTest::addRow("missing comma between events")
            << std::string("{\"traceEvents\": [{\"ph\": \"X\"} {\"ph\": \"X\"}]}") << -2
            << "invalid JSON";
        QTest::addRow("key without quotes")
            << std::string("{traceEvents: []}") << 1 << "expected a key";
        QTest::addRow("stray closing bracket")
            << std::string("{\"deviceProperties\": [1]], \"traceEvents\": []}") << 24
            << "expected ',' or '}'";
    }
    void errors() {
        QFETCH(std::string, text);
        QFETCH(int, offset);
        QFETCH(QString, message);
        auto r = readText(text);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().where.file, std::string("t.json"));
        QVERIFY2(QString::fromStdString(r.error().message).contains(message),
                 r.error().message.c_str());
        if (offset >= 0)
            QCOMPARE(r.error().where.byteOffset, std::int64_t(offset));
        else // somewhere inside the text, not unknown
            QVERIFY(r.error().where.byteOffset >= 0 &&
                    r.error().where.byteOffset <= std::int64_t(text.size()));
    }

    // A trace cut anywhere after its first event keeps what came before and says where it
    // ended; cut before any event it is an error or an empty trace, never a crash.
    void truncatedAnywhere() {
        const std::string text = fixture("modern.json");
        const auto firstEventEnd = text.find("\"Concrete Inputs\": [\"\", \"\", \"\"]}},") + 34;
        for (std::size_t cut = 0; cut < text.size(); ++cut) {
            auto r = readText(text.substr(0, cut), 64);
            if (cut > firstEventEnd && cut + 2 < text.size()) {
                if (!r.ok())
                    QFAIL(qPrintable(QString("cut at %1: %2")
                                         .arg(cut)
                                         .arg(QString::fromStdString(r.error().toString()))));
                QVERIFY(r.value().eventsSeen >= 1);
                QVERIFY2(!r.value().warnings.empty(), qPrintable(QString("cut at %1").arg(cut)));
                QVERIFY(r.value().warnings.back().find("ends early") != std::string::npos);
            }
        }
    }

    void wrongTypesAreWarnings_data() {
        QTest::addColumn<std::string>("event");
        QTest::addColumn<int>("kept");
        QTest::addColumn<QString>("warning");
        QTest::addRow("string ts")
            << std::string("{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":\"1\",\"dur\":1}") << 0
            << "without a valid ts";
        QTest::addRow("huge ts") << std::string(
                                        "{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1e300,\"dur\":1}")
                                 << 0 << "without a valid ts";
        QTest::addRow("NaN ts") << std::string(
                                       "{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":NaN,\"dur\":1}")
                                << 0 << "without a valid ts";
        QTest::addRow("negative dur")
            << std::string("{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1,\"dur\":-5}") << 0
            << "negative dur";
        QTest::addRow("string external id")
            << std::string("{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1,\"dur\":1,\"args\":{"
                           "\"External id\":\"x\"}}")
            << 1 << "wrong type";
        QTest::addRow("args not an object")
            << std::string("{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1,\"dur\":1,\"args\":[1,2]}")
            << 1 << "wrong type";
        QTest::addRow("element not an object") << std::string("[1, 2]") << 0 << "not JSON objects";
    }
    void wrongTypesAreWarnings() {
        QFETCH(std::string, event);
        QFETCH(int, kept);
        QFETCH(QString, warning);
        auto r =
            readText("{\"traceEvents\": [" + event +
                     ", {\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ok\",\"ts\":2,\"dur\":1}]}");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(r.value().gpu.size(), std::size_t(kept + 1));
        QCOMPARE(r.value().warnings.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(r.value().warnings[0]).contains(warning),
                 r.value().warnings[0].c_str());
        QVERIFY(r.value().warnings[0].find("byte 17") != std::string::npos);
    }

    void limits() {
        std::string big = "{\"traceEvents\": [{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" +
                          std::string(5000, 'a') + "\",\"ts\":1,\"dur\":1}]}";
        auto stream = memoryByteStream(big, "big.json");
        KinetoReadOptions options;
        options.chunkBytes = 256;
        options.maxEventBytes = 2048;
        auto r = readKineto(*stream, "big.json", options);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("larger than") != std::string::npos,
                 r.error().message.c_str());

        std::string many = "{\"traceEvents\": [";
        for (int i = 0; i < 100; ++i)
            many +=
                std::string(i ? "," : "") + "{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1,\"dur\":1}";
        many += "]}";
        stream = memoryByteStream(many, "many.json");
        options = {};
        options.chunkBytes = 128;
        options.maxEvents = 10;
        r = readKineto(*stream, "many.json", options);
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("more than 10") != std::string::npos);
    }

    void cancel() {
        std::string many = "{\"traceEvents\": [";
        for (int i = 0; i < 1000; ++i)
            many +=
                std::string(i ? "," : "") + "{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1,\"dur\":1}";
        many += "]}";
        auto stream = memoryByteStream(many, "many.json");
        KinetoReadOptions options;
        options.chunkBytes = 1024;
        int calls = 0;
        options.progress = [&](std::uint64_t done, std::int64_t total) {
            ++calls;
            return !(done > 0 && total == std::int64_t(many.size()) && calls == 3);
        };
        auto r = readKineto(*stream, "many.json", options);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().message, std::string("cancelled"));
        QCOMPARE(calls, 3);
    }
};

QTEST_APPLESS_MAIN(TestKinetoReader)
#include "test_kineto_reader.moc"
