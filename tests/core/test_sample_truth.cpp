// What the roofline says about real traces written by others (../shared/samples, skipped when
// absent) holds against figures Roofscope did not compute:
//   - no point with estimated FLOPs is drawn above its device's roof (1.05x allowed);
//   - at most 5 % of a step's GPU time is left in category `other`, and every compute record
//     without FLOPs says why;
//   - GEMMs keep their FLOPs when cuBLAS launches a memset beside them (op grouping);
//   - each step's GPU busy time agrees within 2 % with TraceLens' `busy_time` (TraceLens at
//     171dd747, TreePerf's GPU timeline of ProfilerStep#6, run by tools/peer/ on these files).

#include "core/catalog.h"
#include "core/ceilings_file.h"
#include "core/import/kineto/kineto_load.h"
#include "core/roofline.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace roofscope;

namespace {

std::string sample(const std::string& name) {
    const auto path = std::filesystem::path(ROOFSCOPE_SAMPLES) / name;
    return std::filesystem::exists(path) ? path.string() : std::string();
}

Catalog builtinCatalog() {
    Catalog catalog;
    for (const auto& entry : std::filesystem::directory_iterator(ROOFSCOPE_DEVICE_DIR)) {
        if (entry.path().extension() != ".json")
            continue;
        auto devices = readCeilingsFile(entry.path().string());
        if (devices.ok())
            catalog.add(devices.value(), CatalogLayer::builtin, entry.path().string());
    }
    return catalog;
}

// Last-level cache of the samples' devices, bytes: V100 6 MB, A100 40 MB, H100 SXM5 50 MB
// (NVIDIA's Volta, Ampere and Hopper architecture whitepapers), MI300X 256 MB Infinity Cache
// (AMD CDNA 3 whitepaper). 0 for others: no allowance.
double l2Bytes(const std::string& deviceId) {
    if (deviceId.starts_with("nvidia-v100"))
        return 6e6;
    if (deviceId.starts_with("nvidia-a100"))
        return 40e6;
    if (deviceId.starts_with("nvidia-h100"))
        return 50e6;
    if (deviceId == "amd-mi300x")
        return 256e6;
    return 0;
}

bool isCompute(Category c) {
    return c != Category::collective && c != Category::memcpy;
}

const char* const kSamples[] = {
    "kineto_a100_ddp_rank0of2_nccl.json.gz",
    "kineto_h100_Falconsai_nsfw_image_detection__1016002.json.gz",
    "kineto_h100_facebook_timesformer-base-finetuned-k400__1016002.json.gz",
    "kineto_h100_google_owlv2-large-patch14-ensemble__1016001.json.gz",
    "kineto_legacy2021_v100_resnet50_worker0.1623143089861.pt.trace.json.gz",
    "kineto_mi300_Falconsai_nsfw_image_detection__1016002.json.gz",
    "kineto_mi300_facebook_timesformer-base-finetuned-k400__1016002.json.gz",
    "kineto_mi300_google_owlv2-large-patch14-ensemble__1016001.json.gz",
    "kineto_ws128_sampled_rank-0.json.gz",
    "kineto_ws128_sampled_rank-1.json.gz",
};

} // namespace

class TestSampleTruth : public QObject {
    Q_OBJECT

  private slots:
    void eachSample_data() {
        QTest::addColumn<QString>("file");
        for (const char* name : kSamples)
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void eachSample() {
        QFETCH(QString, file);
        const std::string path = sample(file.toStdString());
        if (path.empty())
            QSKIP("samples absent");
        auto loaded = loadKinetoTrace(path);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const KinetoAnalysis& a = loaded.value().analysis;
        static const Catalog catalog = builtinCatalog();
        const CatalogEntry* device = catalog.findByName(a.deviceName);

        for (const Grouping grouping : {Grouping::kernel, Grouping::op}) {
            const auto records = groupLaunches(a.launches, grouping);
            double stepTime = 0, otherTime = 0;
            for (const OpRecord& r : records) {
                if (r.outsideSteps || !r.timeS.known())
                    continue;
                stepTime += r.timeS.value;
                if (r.category == Category::other)
                    otherTime += r.timeS.value;
                if (isCompute(r.category) && !r.flops.known())
                    QVERIFY2(!r.flopsNote.empty(),
                             ("no reason for absent FLOPs: " + r.name).c_str());
                if (!device || r.flops.origin != Origin::estimated)
                    continue;
                auto point = rooflinePoint(r, device->device.ceilings, MemoryLevel::dram);
                if (!point.ok())
                    continue;
                // Winograd/FFT kernels do fewer multiplications than the direct convolution
                // counted, and say so: up to 4x (F(4x4,3x3)) is the algorithm, beyond is a bug.
                const bool fewerMultiplies =
                    r.flopsNote.find("ran as Winograd/FFT") != std::string::npos;
                double allowed = fewerMultiplies ? 4.0 * 1.05 : 1.05;
                // Left of the ridge the roof is DRAM bandwidth, and a kernel whose input the
                // previous kernel left in L2 (and whose last output lines are still in L2 when
                // it ends) moves up to 2 x L2 fewer DRAM bytes than its compulsory bytes.
                const double perLaunch = *r.bytesAt(MemoryLevel::dram) / double(r.count);
                const double l2 = l2Bytes(device->device.id);
                if (point.value().memoryBound)
                    allowed = perLaunch > 2 * l2
                                  ? std::max(allowed, 1.05 * perLaunch / (perLaunch - 2 * l2))
                                  : 1e300;
                // Above the compute peak is impossible on either side of the ridge.
                const auto peak =
                    device->device.ceilings.computeFor(r.precision, r.usesTensorUnits);
                QVERIFY(peak);
                QVERIFY2(point.value().achievedFlopsPerS <=
                             (fewerMultiplies ? 4.0 * 1.05 : 1.05) * peak->value,
                         (r.name + " is above its compute peak").c_str());
                QVERIFY2(point.value().achievedFlopsPerS <=
                             allowed * point.value().attainableFlopsPerS,
                         (r.name + " is drawn at " + std::to_string(point.value().fractionOfRoof) +
                          "x its roof (" + std::string(toString(r.precision)) +
                          (r.usesTensorUnits ? " tensor)" : " vector)"))
                             .c_str());
            }
            QVERIFY(stepTime > 0);
            QVERIFY2(
                otherTime <= 0.05 * stepTime,
                (std::to_string(100 * otherTime / stepTime) + " % of the time is other").c_str());
        }
    }

    // cuBLAS's memset beside the GEMM of an addmm (H100): grouped by op, the GEMM keeps its FLOPs
    // and the memset is a record of its own, named after the op and the memset.
    void memsetSiblingKeepsGemmFlops() {
        const std::string path =
            sample("kineto_h100_google_owlv2-large-patch14-ensemble__1016001.json.gz");
        if (path.empty())
            QSKIP("samples absent");
        auto loaded = loadKinetoTrace(path);
        QVERIFY(loaded.ok());
        int gemms = 0, memsets = 0;
        for (const OpRecord& r : groupLaunches(loaded.value().analysis.launches, Grouping::op)) {
            if (r.name.rfind("aten::addmm ", 0) != 0)
                continue;
            if (r.category == Category::gemm) {
                ++gemms;
                QVERIFY2(r.flops.known(), r.name.c_str());
            } else if (r.name.find("Memset") != std::string::npos) {
                ++memsets;
                QVERIFY(r.category == Category::memcpy);
                QVERIFY(!r.flops.known());
            }
        }
        QVERIFY(gemms > 0);
        QVERIFY(memsets > 0);
    }

    // TraceLens' busy_time of ProfilerStep#6 (ms), from its GPU timeline of the same files.
    void busyTimeAgreesWithTraceLens_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("busyMs");
        QTest::newRow("h100 timesformer")
            << "kineto_h100_facebook_timesformer-base-finetuned-k400__1016002.json.gz"
            << 158.433173;
        QTest::newRow("h100 owlv2")
            << "kineto_h100_google_owlv2-large-patch14-ensemble__1016001.json.gz" << 566.759473;
        QTest::newRow("h100 falconsai")
            << "kineto_h100_Falconsai_nsfw_image_detection__1016002.json.gz" << 1.225309;
        QTest::newRow("mi300 timesformer")
            << "kineto_mi300_facebook_timesformer-base-finetuned-k400__1016002.json.gz"
            << 119.852888;
        QTest::newRow("mi300 owlv2")
            << "kineto_mi300_google_owlv2-large-patch14-ensemble__1016001.json.gz" << 331.816338;
        QTest::newRow("mi300 falconsai")
            << "kineto_mi300_Falconsai_nsfw_image_detection__1016002.json.gz" << 1.716299;
    }
    void busyTimeAgreesWithTraceLens() {
        QFETCH(QString, file);
        QFETCH(double, busyMs);
        const std::string path = sample(file.toStdString());
        if (path.empty())
            QSKIP("samples absent");
        auto loaded = loadKinetoTrace(path);
        QVERIFY(loaded.ok());
        const auto& steps = loaded.value().analysis.steps;
        QCOMPARE(steps.size(), std::size_t(1));
        QCOMPARE(steps[0].name, std::string("ProfilerStep#6"));
        const double ours = steps[0].gpu.gpuBusyS * 1e3;
        QVERIFY2(
            std::abs(ours - busyMs) <= 0.02 * busyMs,
            (std::to_string(ours) + " ms against TraceLens' " + std::to_string(busyMs)).c_str());
    }
};

QTEST_APPLESS_MAIN(TestSampleTruth)
#include "test_sample_truth.moc"
