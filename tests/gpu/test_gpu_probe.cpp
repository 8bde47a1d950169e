// The CUDA probe on the GPU this runs on: every key the header promises is listed, the GPUs are
// described, and each benchmark at Size::quick gives positive values within both bounds of
// spec_floor.h against the catalog's spec for this GPU: no higher than 1.05 x (a value above the
// datasheet is a counting or timing bug) and no lower than the floor (0.8 x for FMA at the
// recorded clock and for memory, 0.6 x for tensor GEMMs, 0.7 x for links: a kernel that does half
// the work it counts, or issues it at half the unit's rate, fails), with progress in [0, 1] that
// never goes back. A benchmark this GPU cannot run ("not supported: ...")
// is skipped. Without a GPU (or without CUDA in the build) the GPU tests skip with listGpus()'s
// one-line reason; the listing tests still run, as they need no device.
#include "core/catalog.h"
#include "core/ceilings_file.h"
#include "gpu/cuda/cuda_probe.h"
#include "gpu/probe/spec_floor.h"
#include "roofscope_features.h"

#include <QDir>
#include <QtTest>

#include <cmath>
#include <optional>

using namespace roofscope;
using namespace roofscope::probe;

namespace {

const char* const kGpuKeys[] = {
    "gpu_fma_fp64",      "gpu_fma_fp32",  "gpu_fma_fp16", "gpu_fma_bf16",  "gpu_gemm_tf32",
    "gpu_gemm_fp16",     "gpu_gemm_bf16", "gpu_gemm_fp8", "gpu_gemm_int8", "gpu_memory",
    "gpu_shared_memory", "gpu_h2d",       "gpu_d2h"};

std::optional<Benchmark> find(const std::vector<Benchmark>& list, const std::string& key) {
    for (const auto& b : list)
        if (b.key == key)
            return b;
    return std::nullopt;
}

} // namespace

class TestGpuProbe : public QObject {
    Q_OBJECT

    std::optional<std::vector<Gpu>> gpus_;
    std::string noGpu_; // listGpus()'s reason when there is no GPU
    Catalog catalog_;

    // Runs `benchmark` at Size::quick and checks its outcome against the spec of GPU 0.
    void checkRun(const Benchmark& benchmark) {
        std::vector<double> progress;
        Context context;
        context.size = Size::quick;
        context.timeLimitS = 20;
        context.progress = [&](double f) { progress.push_back(f); };
        auto result = benchmark.run(context);
        if (!result) {
            const std::string message = result.error().toString();
            if (message.rfind("not supported:", 0) == 0)
                QSKIP(message.c_str());
            QFAIL(message.c_str());
        }
        const Outcome& outcome = result.value();
        for (const auto& w : outcome.warnings)
            qInfo("%s: warning: %s", benchmark.key.c_str(), w.c_str());
        for (std::size_t i = 0; i < progress.size(); ++i) {
            QVERIFY2(progress[i] >= 0 && progress[i] <= 1,
                     qPrintable(QString::number(progress[i])));
            if (i)
                QVERIFY(progress[i] >= progress[i - 1]);
        }

        const std::string name = gpus_->front().device.name;
        const CatalogEntry* entry = catalog_.findByName(name);
        if (!entry)
            qInfo("no catalog entry for '%s': checking values are positive only", name.c_str());
        QVERIFY2(!outcome.ceilings.empty() || !outcome.observations.empty(), benchmark.key.c_str());
        for (const Measured& m : outcome.ceilings) {
            const std::string what = ceilingName(m.what);
            qInfo("%s: %s = %.4g (%d samples, spread %.3f, %.0f MHz): %s", benchmark.key.c_str(),
                  what.c_str(), m.value, m.stats.samples, m.stats.spread(), m.clockMHz,
                  m.method.c_str());
            QVERIFY2(std::isfinite(m.value) && m.value > 0, what.c_str());
            QVERIFY2(m.stats.samples >= 1, what.c_str());
            QVERIFY2(!m.method.empty(), what.c_str());
            if (!entry)
                continue;
            const auto spec = specValue(entry->device, m.what);
            if (!spec) {
                qInfo("  (the catalog lists no %s for %s: not compared)", what.c_str(),
                      entry->device.id.c_str());
                continue;
            }
            const SpecCheck check = checkAgainstSpec(m, *spec);
            qInfo("  %.3fx the spec %.4g (%.4g at the recorded clock), floor %.1fx", check.ratio,
                  check.spec, check.expected, check.floor.fraction);
            QVERIFY2(!check.overSpec, check.text.c_str());
            QVERIFY2(!check.belowFloor, (check.text + " (" + entry->device.id + ")").c_str());
        }
        for (const Observation& o : outcome.observations)
            QVERIFY2(std::isfinite(o.value) && o.value > 0, o.label.c_str());
    }

  private slots:
    void initTestCase() {
        auto gpus = listGpus();
        if (gpus)
            gpus_ = std::move(gpus).value();
        else
            noGpu_ = gpus.error().toString();
        const QDir dir(QStringLiteral(ROOFSCOPE_DEVICE_DIR));
        for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
            const std::string path = dir.filePath(file).toStdString();
            auto devices = readCeilingsFile(path);
            QVERIFY2(devices.ok(), path.c_str());
            catalog_.add(devices.value(), CatalogLayer::builtin, path);
        }
    }

    // Listing needs no device, so these run wherever CUDA was built.
    void listsEveryKey_data() {
        QTest::addColumn<QString>("key");
        for (const char* key : kGpuKeys)
            QTest::newRow(key) << QString(key);
    }
    void listsEveryKey() {
        QFETCH(QString, key);
        if (!features::kCuda)
            QSKIP("this build has no CUDA");
        const auto list = gpuBenchmarks(0);
        const auto b = find(list, key.toStdString());
        QVERIFY2(b.has_value(), qPrintable(key));
        QVERIFY(!b->title.empty());
        QVERIFY(bool(b->run));
    }

    void listsMultiGpuKeys() {
        QVERIFY(multiGpuBenchmarks({0}).empty());
        const auto list = multiGpuBenchmarks({0, 1});
        if (!features::kCuda) {
            QVERIFY(list.empty());
            QSKIP("this build has no CUDA");
        }
        QVERIFY(find(list, "gpu_p2p").has_value());
        for (const char* key : {"nccl_all_reduce", "nccl_all_gather", "nccl_reduce_scatter"})
            QCOMPARE(find(list, key).has_value(), features::kNccl);
    }

    void describesGpus() {
        if (!gpus_)
            QSKIP(noGpu_.c_str());
        QVERIFY(!gpus_->empty());
        for (const Gpu& gpu : *gpus_) {
            const Device& d = gpu.device;
            qInfo("GPU %d: %s (%s), %s, CC %s, %d SMs, %.0f MHz max, driver %s, %s", gpu.index,
                  d.name.c_str(), d.id.c_str(), d.identity.uuid.c_str(),
                  d.identity.computeCapability.c_str(), d.identity.computeUnits,
                  d.identity.coreClockMHz, d.identity.driverVersion.c_str(),
                  d.identity.runtimeVersion.c_str());
            QVERIFY(!d.name.empty());
            QCOMPARE(d.vendor, std::string("NVIDIA"));
            QVERIFY(d.kind == DeviceKind::gpu);
            QVERIFY(!d.id.empty() && d.id.find(' ') == std::string::npos);
            QVERIFY(d.identity.uuid.rfind("GPU-", 0) == 0);
            QVERIFY(!d.identity.pciBusId.empty());
            QVERIFY(d.identity.computeCapability.find('.') != std::string::npos);
            QVERIFY(d.identity.computeUnits > 0);
            QVERIFY(d.identity.memoryBytes > 0);
            QVERIFY(d.identity.l2Bytes > 0);
            QVERIFY(!d.identity.driverVersion.empty());
            QVERIFY(d.identity.runtimeVersion.rfind("CUDA ", 0) == 0);
        }
    }

    void benchmarkWithinSpec_data() { listsEveryKey_data(); }
    void benchmarkWithinSpec() {
        QFETCH(QString, key);
        if (!gpus_)
            QSKIP(noGpu_.c_str());
        const auto b = find(gpuBenchmarks(gpus_->front().index), key.toStdString());
        QVERIFY2(b.has_value(), qPrintable(key));
        checkRun(*b);
    }

    void multiGpuWithinSpec_data() {
        QTest::addColumn<QString>("key");
        for (const char* key :
             {"gpu_p2p", "nccl_all_reduce", "nccl_all_gather", "nccl_reduce_scatter"})
            QTest::newRow(key) << QString(key);
    }
    void multiGpuWithinSpec() {
        QFETCH(QString, key);
        if (!gpus_)
            QSKIP(noGpu_.c_str());
        if (gpus_->size() < 2)
            QSKIP("one GPU: no multi-GPU benchmarks to run");
        std::vector<int> devices;
        for (const Gpu& gpu : *gpus_)
            devices.push_back(gpu.index);
        const auto b = find(multiGpuBenchmarks(devices), key.toStdString());
        if (!b)
            QSKIP("not in this build (no NCCL)");
        checkRun(*b);
    }

    // A benchmark cancelled before it starts returns at once, with an Error or what it has.
    void cancelledReturnsPromptly() {
        if (!gpus_)
            QSKIP(noGpu_.c_str());
        const auto b = find(gpuBenchmarks(gpus_->front().index), "gpu_memory");
        QVERIFY(b.has_value());
        Context context;
        context.size = Size::thorough;
        context.cancelled = [] { return true; };
        QElapsedTimer timer;
        timer.start();
        auto result = b->run(context);
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        if (!result)
            QVERIFY2(result.error().message.find("cancel") != std::string::npos,
                     result.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestGpuProbe)
#include "test_gpu_probe.moc"
