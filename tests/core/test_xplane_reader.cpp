// XPlane profiles through the trace model. The shared samples (8x AMD GPU JAX runs) against
// figures worked out independently from protoc's own decoding of each file (`protoc
// --decode=tensorflow.profiler.XSpace xplane.proto`, summed by a script over the text: kernel
// counts, duration_ps sums, the union of kernel intervals, hlo_op names; see
// tests/data/xplane/README.md); and XSpace files this test writes field by field for the rules and
// the error paths (an empty file, a space without GPU planes, a plane without lines, a truncated
// file, counts over the limits).
#include "core/import/importer.h"
#include "core/import/kineto/kineto_load.h"
#include "core/import/xplane/xplane_limits.h"
#include "core/import/xplane/xplane_reader.h"
#include "tests/support/xspace_writer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <set>

using namespace roofscope;
using namespace roofscope::test;

namespace {

const QString kSamples = QStringLiteral(ROOFSCOPE_SAMPLES);

// One AMD GPU plane (/device:GPU:3: gfx942, 304 CUs, 192 GiB, 2.1 GHz: an MI300X) with a kernel
// stream, a copy stream, a step line and a module line; and /device:GPU:4, a plane without lines.
// Times: stream lines at 1000 ns; events at offsets in ps.
//   Im3d2Col   +500000 ps, 2000000 ps       -> 1500 ns, 2000 ns   hlo_op cudnn-conv.1 (by ref)
//   Cijk_...   +3000400 ps, 5000600 ps      -> 4000 ns, 5001 ns   hlo_op cudnn-conv.1 (by ref)
//   ncclDev... +10000000 ps, 1000000 ps     -> 11000 ns, 1000 ns  hlo_op all-reduce-start.2
//   copy       +0 ps, 1000000 ps            -> 1000 ns, 1000 ns   4096 bytes
//   Steps: "1" over 0..100000 ns
std::string madeSpace() {
    Pb gpu = plane(7, "/device:GPU:3");
    const char* statNames[] = {"device_vendor", "compute_cap_major", "compute_cap_minor",
                               "core_count",    "memory_size",       "clock_rate",
                               "hlo_op",        "hlo_module",        "correlation_id",
                               "cudnn-conv.1",  "memcpy_details"};
    for (int i = 0; i < 11; ++i)
        gpu.message(5, statMetadata(i + 1, statNames[i]));
    gpu.message(6, textStat(1, "AMD"))
        .message(6, intStat(2, 9))
        .message(6, intStat(3, 4))
        .message(6, intStat(4, 304))
        .message(6, intStat(5, 206141652992))
        .message(6, intStat(6, 2100000));
    const char* eventNames[] = {"Im3d2Col",
                                "Cijk_Ailk_Bljk_BBS_BH_MT256x128x64_MI16x16x16x1",
                                "ncclDevKernel_AllReduce_Sum_bf16_RING_LL",
                                "CopyDeviceToDevice",
                                "1",
                                "jit_f(3)"};
    for (int i = 0; i < 6; ++i)
        gpu.message(4, eventMetadata(i + 1, eventNames[i]));
    gpu.message(3, line(1, "Stream #7(Kernel)", 1000)
                       .message(4, event(1, 500000, 2000000)
                                       .message(4, refStat(7, 10))
                                       .message(4, textStat(8, "jit_f"))
                                       .message(4, intStat(9, 41)))
                       .message(4, event(2, 3000400, 5000600)
                                       .message(4, refStat(7, 10))
                                       .message(4, textStat(8, "jit_f"))
                                       .message(4, intStat(9, 42)))
                       .message(4, event(3, 10000000, 1000000)
                                       .message(4, textStat(7, "all-reduce-start.2"))
                                       .message(4, textStat(8, "jit_f"))));
    gpu.message(
        3, line(2, "Stream #9(MemcpyD2D)", 1000)
               .message(4, event(4, 0, 1000000)
                               .message(4, textStat(11, "kind:DtoD size:4096 dest:3 async:1"))));
    gpu.message(3, line(3, "Steps", 0).message(4, event(5, 0, 100000000)));
    gpu.message(3, line(4, "XLA Modules", 1000).message(4, event(6, 0, 12000000)));
    return Pb()
        .message(1, plane(1, "/host:metadata"))
        .message(1, gpu)
        .message(1, plane(8, "/device:GPU:4"))
        .bytes(4, "made-host")
        .str();
}

std::string noGpuSpace() {
    return Pb().message(1, plane(1, "/host:CPU").message(3, line(1, "python", 0))).str();
}

std::string gpuWithoutLines() {
    return Pb().message(1, plane(1, "/device:GPU:0")).str();
}

} // namespace

class TestXplaneReader : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;

    std::string write(const char* name, const std::string& bytes) {
        const QString path = dir_.filePath(QString::fromLatin1(name));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        f.write(bytes.data(), qint64(bytes.size()));
        return path.toStdString();
    }

  private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void detectedByContent_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("xplane");
        QTest::newRow("made space") << QByteArray::fromStdString(madeSpace()) << true;
        QTest::newRow("space without GPU planes")
            << QByteArray::fromStdString(noGpuSpace()) << true;
        QTest::newRow("its first 40 bytes")
            << QByteArray::fromStdString(madeSpace().substr(0, 40)) << true;
        QTest::newRow("Kineto JSON after a newline")
            << QByteArray("\n{\"traceEvents\": []}") << false;
        QTest::newRow("text after a newline") << QByteArray("\nhello world\n") << false;
        QTest::newRow("a plane without a name")
            << QByteArray::fromStdString(Pb().message(1, Pb().varint(1, 3)).str()) << false;
        QTest::newRow("empty") << QByteArray() << false;
    }
    void detectedByContent() {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, xplane);
        QCOMPARE(detectFileKind(bytes.toStdString()) == FileKind::xplane, xplane);
    }

    void samplesMatchProtocsDecoding_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("planes");
        QTest::addColumn<int>("device"); // the GPU plane that ran the kernels
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("kernels");
        QTest::addColumn<qint64>("kernelNs");
        QTest::addColumn<qint64>("busyNs"); // the union of its kernels' intervals
        QTest::addColumn<int>("hloOps");    // distinct hlo_op values
        QTest::addColumn<QString>("knownOp");
        QTest::addColumn<qint64>("firstStartNs"); // profile_start_time + line ts + offset
        // 19: JAX 0.6 3-D convolution; every kernel on GPU 7; GPU 0 ran 53 device-to-device copies.
        QTest::newRow("conv3d, JAX 0.6")
            << kSamples + "/xplane_jax06_mi300x_conv3d_legacy.xplane.pb" << 11 << 7
            << "AMD Instinct MI300X" << 25 << qint64(3586493) << qint64(3586493) << 4
            << "cudnn-conv.1.0" << qint64(1757516928109201518LL + 1635859993LL);
        // 20: Transformer Engine fused attention; the plane says gfx950 (9.5), 256 CUs, 288 GiB,
        // 2.4 GHz: an MI355X, not the MI300X the samples' MANIFEST names.
        QTest::newRow("TE fused attention")
            << kSamples + "/xplane_jax_te_fused_attn.xplane.pb" << 12 << 0 << "AMD Instinct MI355X"
            << 150 << qint64(12133585) << qint64(12133127) << 20 << "te_fused_attn_backward_ffi.12"
            << qint64(1779266702889805563LL + 9716533018LL);
    }
    void samplesMatchProtocsDecoding() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        QFETCH(QString, file);
        QFETCH(int, planes);
        QFETCH(int, device);
        QFETCH(QString, name);
        QFETCH(int, kernels);
        QFETCH(qint64, kernelNs);
        QFETCH(qint64, busyNs);
        QFETCH(int, hloOps);
        QFETCH(QString, knownOp);
        QFETCH(qint64, firstStartNs);
        if (!QFile::exists(file))
            QSKIP("../shared/samples is not present");
        const std::string path = file.toStdString();
        const auto kind = detectFileKindOf(path);
        QVERIFY(kind.ok() && kind.value() == FileKind::xplane);
        const auto read = readXplane(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const XplaneProfile& p = read.value();
        QCOMPARE(p.planes, std::size_t(planes));
        QCOMPARE(p.devices.size(), std::size_t(8));
        for (int i = 0; i < 8; ++i)
            QCOMPARE(p.devices[std::size_t(i)].index, i);
        const XplaneDevice& d = p.devices.at(std::size_t(device));
        QCOMPARE(QString::fromStdString(d.name), name);
        QCOMPARE(d.kernels, std::size_t(kernels));
        std::int64_t ns = 0, first = std::numeric_limits<std::int64_t>::max();
        for (const GpuEvent& g : d.events.gpu) {
            ns += g.durNs;
            first = std::min(first, g.tsNs);
        }
        QCOMPARE(qint64(ns), kernelNs);
        QCOMPARE(qint64(first), firstStartNs);
        std::set<std::string> ops;
        for (const CpuEvent& c : d.events.cpu)
            if (c.kind == CpuEventKind::op)
                ops.insert(d.events.strings.text(c.name));
        QCOMPARE(int(ops.size()), hloOps);
        QVERIFY(ops.contains(knownOp.toStdString()));
        std::size_t others = 0;
        for (const XplaneDevice& o : p.devices)
            if (o.index != device)
                others += o.kernels;
        QCOMPARE(others, std::size_t(0));

        // Through the loader: the kernels' sum and the busy time, which is their union.
        const auto loaded = loadKinetoRanks({path});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const LoadedTrace* rank = nullptr;
        for (const LoadedTrace& r : loaded.value().ranks)
            if (r.analysis.deviceIndex == device)
                rank = &r;
        QVERIFY(rank);
        QCOMPARE(QString::fromStdString(rank->analysis.deviceName), name);
        QCOMPARE(rank->analysis.steps.size(), std::size_t(1));
        const TimelineBreakdown& gpu = rank->analysis.steps.front().gpu;
        QVERIFY(qAbs(gpu.kernelTimeS - double(kernelNs) * 1e-9) < 1e-12);
        QVERIFY(qAbs(gpu.gpuBusyS - double(busyNs) * 1e-9) < 1e-12);
    }

    // The conv3d sample's GPU 0 ran copies only: 53 of them, 889028 ns, 34734080 bytes in their
    // memcpy_details, and it is a rank of its own beside GPU 7.
    void copiesOfTheConvSample() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const QString file = kSamples + "/xplane_jax06_mi300x_conv3d_legacy.xplane.pb";
        if (!QFile::exists(file))
            QSKIP("../shared/samples is not present");
        const auto read = readXplane(file.toStdString());
        QVERIFY(read.ok());
        const XplaneDevice& d = read.value().devices.at(0);
        QCOMPARE(d.memcpys, std::size_t(53));
        std::int64_t ns = 0, bytes = 0;
        for (const GpuEvent& g : d.events.gpu) {
            QVERIFY(g.kind == GpuEventKind::memcpy);
            ns += g.durNs;
            bytes += g.bytes;
        }
        QCOMPARE(ns, std::int64_t(889028));
        QCOMPARE(bytes, std::int64_t(34734080));
        const auto loaded = loadKinetoRanks({file.toStdString()});
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.value().ranks.size(), std::size_t(2));
        QCOMPARE(loaded.value().ranks[0].analysis.context.rank, 0);
        QCOMPARE(loaded.value().ranks[1].analysis.context.rank, 7);
        QCOMPARE(loaded.value().ranks[1].analysis.context.worldSize, 8);
    }

    // Categories of the kernels of XLA ops, from the HLO op's name first and the kernel's second.
    void categoriesOfTheSamples_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("kernelPart");
        QTest::addColumn<int>("category"); // a Category
        // Whether the kernel carries FLOPs: the op's instruction, costed from the program's HLO
        // (hlo_cost.h; test_xplane_hlo checks the numbers), gives them to the kernels that do
        // its work; helpers (the im2col, a layout transform) and ops whose FLOPs the HLO does
        // not say (Transformer Engine's attention custom calls) carry none.
        QTest::addColumn<bool>("flops");
        const QString conv = kSamples + "/xplane_jax06_mi300x_conv3d_legacy.xplane.pb";
        const QString te = kSamples + "/xplane_jax_te_fused_attn.xplane.pb";
        QTest::newRow("cuDNN conv's hipBLASLt GEMM") << conv << "cudnn-conv.1.0"
                                                     << "Cijk_" << int(Category::conv) << true;
        // With the op's estimate, its im2col is a helper, a layout transform of its own, as in a
        // Kineto trace whose convolution has shapes.
        QTest::newRow("cuDNN conv's im2col") << conv << "cudnn-conv.1.0"
                                             << "Im3d2Col" << int(Category::memory) << false;
        // A fusion that only moves data is its own op: its kernel carries the instruction's
        // estimate (no FLOPs, its bytes), although its name reads as a layout transform's.
        QTest::newRow("transpose fusion") << conv << "input_transpose_fusion"
                                          << "input_transpose" << int(Category::memory) << true;
        // Transformer Engine's calls: FLOPs from their FFI attributes (test_xplane_te_attention).
        QTest::newRow("TE attention forward") << te << "te_fused_attn_forward_ffi.10"
                                              << "FmhaFwd" << int(Category::attention) << true;
        QTest::newRow("TE attention backward")
            << te << "te_fused_attn_backward_ffi.12"
            << "FmhaBwdDQDKDV" << int(Category::attention) << true;
        QTest::newRow("XLA GEMM fusion") << te << "gemm_fusion_dot.3"
                                         << "gemm_fusion_dot" << int(Category::gemm) << true;
        QTest::newRow("hipBLASLt custom call") << te << "custom-call.1"
                                               << "Cijk_" << int(Category::gemm) << true;
        QTest::newRow("reduce fusion") << te << "loop_reduce_fusion.1"
                                       << "loop_reduce" << int(Category::reduction) << true;
        QTest::newRow("convert") << te << "wrapped_convert"
                                 << "wrapped_convert" << int(Category::elementwise) << true;
        QTest::newRow("concatenate fusion") << te << "input_concatenate_fusion"
                                            << "concatenate" << int(Category::memory) << true;
    }
    void categoriesOfTheSamples() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        QFETCH(QString, file);
        QFETCH(QString, op);
        QFETCH(QString, kernelPart);
        QFETCH(int, category);
        QFETCH(bool, flops);
        if (!QFile::exists(file))
            QSKIP("../shared/samples is not present");
        const auto loaded = loadKinetoRanks({file.toStdString()});
        QVERIFY(loaded.ok());
        int seen = 0;
        for (const LoadedTrace& r : loaded.value().ranks)
            for (const Launch& l : r.analysis.launches)
                if (l.opName.str() == op.toStdString() &&
                    l.name.find(kernelPart.toStdString()) != std::string::npos) {
                    ++seen;
                    QCOMPARE(int(l.record.category), category);
                    QCOMPARE(l.record.flops.known(), flops);
                    if (flops)
                        QVERIFY(l.record.flops.origin == Origin::estimated);
                }
        QVERIFY(seen > 0);
    }

    // The made space, worked out by hand (see madeSpace()).
    void madeSpaceReadsAsWritten() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const std::string path = write("made.xplane.pb", madeSpace());
        const auto read = readXplane(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const XplaneProfile& p = read.value();
        QCOMPARE(p.devices.size(), std::size_t(2));
        QCOMPARE(p.hostnames, std::vector<std::string>{"made-host"});
        const XplaneDevice& d = p.devices[0];
        QCOMPARE(d.index, 3);
        QCOMPARE(d.name, std::string("AMD Instinct MI300X"));
        QCOMPARE(d.cores, 304);
        QCOMPARE(d.clockHz, 2.1e9);
        QCOMPARE(d.kernels, std::size_t(3));
        QCOMPARE(d.memcpys, std::size_t(1));
        QCOMPARE(d.ops, std::size_t(2)); // cudnn-conv.1 (two kernels), all-reduce-start.2
        const auto& g = d.events.gpu;
        QCOMPARE(g.size(), std::size_t(4));
        QCOMPARE(g[0].tsNs, std::int64_t(1500));
        QCOMPARE(g[0].durNs, std::int64_t(2000));
        QCOMPARE(g[0].correlation, std::int64_t(41));
        QCOMPARE(g[0].stream, 7);
        QCOMPARE(g[1].tsNs, std::int64_t(4000));
        QCOMPARE(g[1].durNs, std::int64_t(5001));
        QCOMPARE(g[0].externalId, g[1].externalId);
        QVERIFY(g[3].kind == GpuEventKind::memcpy);
        QCOMPARE(g[3].bytes, std::int64_t(4096));
        QCOMPARE(g[3].stream, 9);
        const CpuEvent* conv = nullptr;
        for (const CpuEvent& c : d.events.cpu)
            if (c.kind == CpuEventKind::op && d.events.strings.text(c.name) == "cudnn-conv.1")
                conv = &c;
        QVERIFY(conv);
        QCOMPARE(conv->tsNs, std::int64_t(1500));
        QCOMPARE(conv->durNs, std::int64_t(9001 - 1500));
        QVERIFY(p.devices[1].events.gpu.empty());
        bool saidModules = false;
        for (const auto& w : p.warnings)
            saidModules = saidModules || w.find("XLA Modules") != std::string::npos;
        QVERIFY(saidModules);

        const auto loaded = loadKinetoRanks({path});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        QCOMPARE(loaded.value().ranks.size(), std::size_t(1)); // GPU 4 ran nothing
        const KinetoAnalysis& a = loaded.value().ranks[0].analysis;
        QCOMPARE(a.deviceName, std::string("AMD Instinct MI300X"));
        QCOMPARE(a.steps.size(), std::size_t(1));
        QCOMPARE(a.steps[0].name, std::string("ProfilerStep#1"));
        QVERIFY(a.steps[0].marked);
        QCOMPARE(a.steps[0].launches, std::int64_t(4));
        std::map<std::string, Category> byKernel;
        for (const Launch& l : a.launches)
            byKernel[l.name.str().substr(0, 8)] = l.record.category;
        QVERIFY(byKernel["Im3d2Col"] == Category::conv);
        QVERIFY(byKernel["Cijk_Ail"] == Category::conv);
        QVERIFY(byKernel["ncclDevK"] == Category::collective);
        QVERIFY(byKernel["CopyDevi"] == Category::memcpy);
    }

    // jax.profiler.StepTraceAnnotation: a host event with step_num 5 over 0..10000 ns marks the
    // step; the kernel at 2000 ns belongs to it, the one at 20000 ns to no traced step.
    void hostStepMarkers() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const std::string bytes =
            Pb().message(1, plane(1, "/device:GPU:0")
                                .message(5, statMetadata(1, "hlo_op"))
                                .message(4, eventMetadata(1, "loop_add_fusion"))
                                .message(3, line(1, "Stream #3(Kernel)", 0)
                                                .message(4, test::event(1, 2000000, 1000000)
                                                                .message(4, textStat(1, "add.1")))
                                                .message(4, test::event(1, 20000000, 1000000)
                                                                .message(4, textStat(1, "add.1")))))
                .message(1, plane(2, "/host:CPU")
                                .message(5, statMetadata(7, "step_num"))
                                .message(4, eventMetadata(3, "train"))
                                .message(3, line(9, "python", 0)
                                                .message(4, test::event(3, 0, 10000000)
                                                                .message(4, intStat(7, 5)))))
                .str();
        const auto loaded = loadKinetoRanks({write("steps.xplane.pb", bytes)});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const KinetoAnalysis& a = loaded.value().ranks.at(0).analysis;
        QCOMPARE(a.steps.size(), std::size_t(1));
        QCOMPARE(a.steps[0].name, std::string("ProfilerStep#5"));
        QCOMPARE(a.steps[0].launches, std::int64_t(1));
        QCOMPARE(a.outside.launches, std::int64_t(1));
    }

    void refusedWithTheReason_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("limit"); // "" for the defaults
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("atOffset"); // the error gives a byte offset
        const std::string made = madeSpace();
        QTest::newRow("empty file") << QByteArray() << ""
                                    << "an empty file" << false;
        QTest::newRow("no GPU plane") << QByteArray::fromStdString(noGpuSpace()) << ""
                                      << "without a /device:GPU:N plane" << false;
        QTest::newRow("truncated")
            << QByteArray::fromStdString(made.substr(0, made.size() / 2)) << ""
            << "truncated file" << true;
        QTest::newRow("a length past the end")
            << QByteArray::fromStdString(Pb().message(1, plane(1, "/device:GPU:0")).str() +
                                         std::string("\x0a\xff\xff\xff\x7f", 5))
            << ""
            << "claims 268435455 bytes" << true;
        QTest::newRow("a group, which XSpace never uses")
            << QByteArray::fromStdString(gpuWithoutLines() + std::string("\x0b", 1)) << ""
            << "wire type 3" << true;
        QTest::newRow("more events than allowed") << QByteArray::fromStdString(made) << "events"
                                                  << "more than 2 events" << true;
        QTest::newRow("more planes than allowed") << QByteArray::fromStdString(made) << "planes"
                                                  << "more than 2 planes" << true;
        QTest::newRow("more memory than allowed") << QByteArray::fromStdString(made) << "memory"
                                                  << "MiB in memory" << false;
        QTest::newRow("a bigger file than allowed")
            << QByteArray::fromStdString(made) << "bytes"
            << "Roofscope reads XPlane files of up to 100 bytes" << false;
    }
    void refusedWithTheReason() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        QFETCH(QByteArray, bytes);
        QFETCH(QString, limit);
        QFETCH(QString, message);
        QFETCH(bool, atOffset);
        XplaneLimits limits;
        if (limit == "events")
            limits.maxEvents = 2;
        else if (limit == "planes")
            limits.maxPlanes = 2;
        else if (limit == "memory")
            limits.maxMemoryBytes = 1 << 10;
        else if (limit == "bytes")
            limits.maxFileBytes = 100;
        const std::string path = write("refused.xplane.pb", bytes.toStdString());
        const auto read = readXplane(path, limits);
        QVERIFY(!read.ok());
        const std::string text = read.error().toString();
        QVERIFY2(text.find(message.toStdString()) != std::string::npos, text.c_str());
        QVERIFY2(text.find(path) != std::string::npos, text.c_str());
        QCOMPARE(read.error().where.byteOffset >= 0, atOffset);
    }

    // A GPU plane without lines reads as a device that ran nothing; the loader refuses a profile
    // whose GPUs all ran nothing, by name.
    void planeWithoutLines() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const std::string path = write("idle.xplane.pb", gpuWithoutLines());
        const auto read = readXplane(path);
        QVERIFY(read.ok());
        QCOMPARE(read.value().devices.size(), std::size_t(1));
        QCOMPARE(read.value().devices[0].name, std::string("GPU"));
        const auto loaded = loadKinetoRanks({path});
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error().toString().find("hold no kernels") != std::string::npos,
                 loaded.error().toString().c_str());
    }

    // A build without protobuf refuses with the reason, by kind.
    void buildWithoutProtobufSaysSo() {
        if (xplaneSupported())
            QSKIP("this build reads XPlane files");
        const auto read = readXplane(write("any.xplane.pb", madeSpace()));
        QVERIFY(!read.ok());
        QVERIFY(read.error().kind == ErrorKind::unsupported);
        QVERIFY(read.error().message.find("protobuf") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestXplaneReader)
#include "test_xplane_reader.moc"
