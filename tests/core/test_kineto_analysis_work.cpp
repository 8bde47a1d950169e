// Work counted once and against the right roof (kineto_analysis_estimate.cpp,
// kineto_analysis_traits.cpp): a GEMM with cuBLAS's memset beside it, a strided convolution of a
// legacy trace (no Concrete Inputs) whose output size comes from its consumer, and the precision
// and unit of fp32 and fp64 work. Times in microseconds; FLOPs worked out in the comments.
#include "core/import/kineto/kineto_analysis.h"
#include "tests/support/kineto_analysis_lookup.h"
#include "tests/support/kineto_events_builder.h"
#include "tests/support/near_compare.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

// aten::mm [[141, 512], [512, 512]] fp32: 2*141*512*512 = 73,924,608 FLOP.
constexpr double kMmFlops = 73924608.0;

TraceEvents mmWithKernel(const std::string& kernel, const std::string& type = "float",
                         const std::string& device = "NVIDIA A100-SXM4-80GB", int major = 8) {
    KinetoEventsBuilder b;
    b.events().meta.devices = {{0, device, major, 0, 108, 85899345920}};
    const auto mm = b.op("aten::mm", 0, 100, 5);
    b.shapes(mm, "[[141, 512], [512, 512]]", "[\"" + type + "\", \"" + type + "\"]");
    b.kernel(kernel, 200, 40, 5);
    return b.take();
}

} // namespace

class TestKinetoAnalysisWork : public QObject {
    Q_OBJECT

  private slots:
    // cuBLAS clears a workspace (Memset, 1 us, 4,096 B) before the GEMM kernel (40 us) of the
    // same aten::mm. Grouped by op, the GEMM keeps the op's FLOPs (it used to be merged with the
    // memset into a memcpy record without FLOPs); the memset is its own record with its bytes.
    void gemmWithMemsetSibling() {
        KinetoEventsBuilder b;
        const auto mm = b.op("aten::mm", 0, 100, 5);
        b.shapes(mm, "[[141, 512], [512, 512]]", R"(["float", "float"])");
        b.memset("Memset (Device)", 150, 1, 4096, 5);
        b.kernel("sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize64x64x8_stage3_warpsize1x4x1", 200,
                 40, 5);
        const TraceEvents events = b.take();
        const auto records = groupLaunches(analyzeTrace(events).launches, Grouping::op);
        QCOMPARE(records.size(), std::size_t(2));
        const OpRecord* gemm = named(records, "aten::mm [[141,512],[512,512]]");
        const OpRecord* memset =
            named(records, "aten::mm [[141,512],[512,512]] \u00b7 Memset (Device)");
        QVERIFY(gemm && memset);
        QVERIFY(gemm->category == Category::gemm);
        CHECK_NEAR(gemm->flops.value, kMmFlops);
        CHECK_NEAR(gemm->timeS.value, 40e-6);
        QVERIFY(memset->category == Category::memcpy);
        QVERIFY(!memset->flops.known());
        CHECK_NEAR(*memset->bytesAt(MemoryLevel::dram), 4096);
    }

    // An op call whose only kernel is named like a library helper carries the op's work when
    // that work is of no kind that kernel names say (data movement): no other kernel would, and
    // the call would go uncounted. A GEMM whose (sampled) trace kept only its split-K reduction
    // does not: the reduction did not do the GEMM's FLOPs, and drawing them at its time would
    // put a point far above the roof.
    void helperNamedKernelAlone_data() {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("dims");
        QTest::addColumn<QString>("types");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<bool>("carries");
        QTest::addColumn<double>("bytes");
        // aten::contiguous of float [32,64,8,8]: 131,072 elements read and written at 4 B =
        // 1,048,576 B, no FLOPs.
        QTest::newRow("layout transform of a contiguous")
            << "aten::contiguous"
            << "[[32, 64, 8, 8], []]"
            << R"(["float", "Scalar"])"
            << "void cudnn::ops::nchwToNhwcKernel<float, float, float, false, true, "
               "(cudnnKernelDataType_t)2>(cudnn::ops::nchw2nhwc_params_t<float>, float const*, "
               "float*)"
            << true << 1048576.0;
        QTest::newRow("split-K reduction of a GEMM")
            << "aten::mm"
            << "[[160, 2048], [2048, 96]]"
            << R"(["float", "float"])"
            << "void splitKreduce_kernel<float, float, float, float, true, false, false>("
               "cublasSplitKParams<float>, float const*, float const*, float*, float const*, "
               "float const*, float const*, float const*, float*, void*, long, float*, int*)"
            << false << 0.0;
    }

    void helperNamedKernelAlone() {
        QFETCH(QString, op);
        QFETCH(QString, dims);
        QFETCH(QString, types);
        QFETCH(QString, kernel);
        QFETCH(bool, carries);
        QFETCH(double, bytes);
        KinetoEventsBuilder b;
        const auto call = b.op(op.toStdString(), 0, 100, 5);
        b.shapes(call, dims.toStdString(), types.toStdString());
        b.kernel(kernel.toStdString(), 200, 10, 5);
        const KinetoAnalysis a = analyzeTrace(b.take());
        QCOMPARE(a.launches.size(), std::size_t(1));
        const Launch& l = a.launches.front();
        QCOMPARE(l.helper, !carries);
        QCOMPARE(l.record.flops.known(), carries);
        QVERIFY(l.noFlops == (carries ? NoFlopsReason::none : NoFlopsReason::helper));
        if (carries)
            CHECK_NEAR(*l.record.bytesAt(MemoryLevel::dram), bytes);
    }

    // A legacy trace's 1x1 downsample convolution [32,256,56,56] * [512,256,1,1] records no
    // stride. Its output feeds a batch norm whose input is [32,512,28,28]: the output is 28x28,
    // stride 2, so FLOPs = 2*32*512*28*28*256 = 6,576,668,672, not the 26,306,674,688 of stride
    // 1. Without a consumer the estimate says it assumed stride 1.
    void stridedLegacyConvolution_data() {
        QTest::addColumn<bool>("consumer");
        QTest::addColumn<double>("flops");
        QTest::newRow("from the dataflow") << true << 6576668672.0;
        QTest::newRow("no consumer: assumed") << false << 26306674688.0;
    }
    void stridedLegacyConvolution() {
        QFETCH(bool, consumer);
        QFETCH(double, flops);
        KinetoEventsBuilder b;
        b.setDevices(1, "Tesla V100-SXM2-32GB");
        b.events().meta.devices[0].computeMajor = 7;
        const auto conv = b.op("aten::cudnn_convolution", 0, 100, 5);
        b.shapes(conv, "[[32, 256, 56, 56], [512, 256, 1, 1], [], [], [], [], [], [], []]",
                 R"(["float", "float", "", "", "", "", "", "", ""])");
        if (consumer) {
            const auto bn = b.op("aten::cudnn_batch_norm", 120, 50, 6);
            b.shapes(
                bn, "[[32, 512, 28, 28], [512], [512], [512], [512], [], [], []]",
                R"(["float", "float", "float", "float", "float", "Scalar", "Scalar", "Scalar"])");
        }
        b.kernel("volta_scudnn_128x64_relu_interior_nn_v1", 200, 400, 5);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        const Launch* k = launchNamed(a, "volta_scudnn_128x64_relu_interior_nn_v1");
        QVERIFY(k);
        QVERIFY(k->record.category == Category::conv);
        CHECK_NEAR(k->record.flops.value, flops);
        // On a V100 an fp32 convolution runs on the fp32 pipes (no TF32 before Ampere).
        QVERIFY(k->record.precision == Precision::fp32);
        QVERIFY(!k->record.usesTensorUnits);
        if (consumer)
            QVERIFY2(k->record.flopsNote.empty(), k->record.flopsNote.str().c_str());
        else
            QVERIFY2(k->record.flopsNote.find("assumed") != std::string::npos,
                     k->record.flopsNote.str().c_str());
    }

    // Precision and unit of GEMM work, hence its roof: the kernel name where it tells, else
    // PyTorch's defaults (matmul allow_tf32 False; fp64 GEMMs on the FP64 tensor cores of sm_80+).
    void gemmPrecisionAndUnit_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("major");
        QTest::addColumn<int>("precision");
        QTest::addColumn<bool>("tensor");
        // fp32 data, name says tf32: TF32 on tensor cores.
        QTest::newRow("tf32 by name")
            << "sm80_xmma_gemm_tf32f32_tf32f32_f32_tn_n_tilesize128x128x16"
            << "float" << 8 << int(Precision::tf32) << true;
        // CUTLASS s1688 on fp32 data is TF32 (there is no fp32 m16n8k8 MMA).
        QTest::newRow("cutlass s1688") << "cutlass_80_tensorop_s1688gemm_128x128_16x4_nn_align4"
                                       << "float" << 8 << int(Precision::tf32) << true;
        // A SIMT sgemm: fp32 on the vector pipes.
        QTest::newRow("sgemm") << "ampere_sgemm_128x64_nn"
                               << "float" << 8 << int(Precision::fp32) << false;
        // fp64 GEMM on A100 whose name is silent: cuBLAS runs DMMA, the FP64 tensor roof.
        QTest::newRow("fp64 on A100") << "gemm_main"
                                      << "double" << 8 << int(Precision::fp64) << true;
        // bf16 HMMA: the bf16 tensor roof.
        QTest::newRow("bf16") << "ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_tn"
                              << "c10::BFloat16" << 8 << int(Precision::bf16) << true;
    }
    void gemmPrecisionAndUnit() {
        QFETCH(QString, kernel);
        QFETCH(QString, type);
        QFETCH(int, major);
        QFETCH(int, precision);
        QFETCH(bool, tensor);
        const TraceEvents events =
            mmWithKernel(kernel.toStdString(), type.toStdString(), "NVIDIA A100-SXM4-80GB", major);
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(1));
        const LaunchRecord& r = a.launches[0].record;
        QVERIFY(r.category == Category::gemm);
        QVERIFY(r.flops.known());
        QCOMPARE(int(r.precision), precision);
        QCOMPARE(r.usesTensorUnits, tensor);
    }

    // cuDNN runs fp32 convolutions as TF32 by default on Ampere (torch.backends.cudnn.allow_tf32):
    // a conv kernel whose name is silent gets the TF32 tensor roof there, the fp32 one on Volta.
    void fp32ConvolutionDefaults_data() {
        QTest::addColumn<int>("major");
        QTest::addColumn<int>("precision");
        QTest::addColumn<bool>("tensor");
        QTest::newRow("A100") << 8 << int(Precision::tf32) << true;
        QTest::newRow("V100") << 7 << int(Precision::fp32) << false;
    }
    void fp32ConvolutionDefaults() {
        QFETCH(int, major);
        QFETCH(int, precision);
        QFETCH(bool, tensor);
        KinetoEventsBuilder b;
        b.events().meta.devices[0].computeMajor = major;
        const auto conv = b.op("aten::convolution", 0, 100, 5);
        b.shapes(
            conv, "[[8, 64, 32, 32], [64, 64, 3, 3], [], [], [], [], [], [], []]",
            R"(["float", "float", "", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar"])",
            R"(["", "", "", "[1, 1]", "[1, 1]", "[1, 1]", "False", "[0, 0]", "1"])");
        b.kernel("convolution_kernel", 200, 40, 5); // a name silent about the unit
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(1));
        const LaunchRecord& r = a.launches[0].record;
        QVERIFY(r.category == Category::conv);
        QVERIFY(r.flops.known());
        QCOMPARE(int(r.precision), precision);
        QCOMPARE(r.usesTensorUnits, tensor);
    }

    // record_shapes off: the op has a formula but no shapes, and the record says what to do.
    void withoutShapesSaysWhy() {
        KinetoEventsBuilder b;
        b.op("aten::mm", 0, 100, 5);
        b.kernel("ampere_sgemm_128x64_nn", 200, 40, 5);
        const TraceEvents events = b.take();
        const auto records = groupLaunches(analyzeTrace(events).launches, Grouping::kernel);
        QCOMPARE(records.size(), std::size_t(1));
        QVERIFY(records[0].category == Category::gemm); // from the op's name
        QVERIFY(!records[0].flops.known());
        QVERIFY2(records[0].flopsNote.find("record_shapes=True") != std::string::npos,
                 records[0].flopsNote.c_str());
    }
};

QTEST_APPLESS_MAIN(TestKinetoAnalysisWork)
#include "test_kineto_analysis_work.moc"
