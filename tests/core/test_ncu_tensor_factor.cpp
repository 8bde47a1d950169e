// The per-architecture FLOPs per tensor instruction, by kind, for Nsight Compute records.
#include "core/import/ncu/ncu_tensor_factor.h"

#include <QtTest>

using namespace roofscope;

class TestNcuTensorFactor : public QObject {
    Q_OBJECT

  private slots:
    void factors_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<double>("factor");  // HMMA on 16-bit inputs; 0: no factor
        QTest::addColumn<double>("tf32");    // 0: no TF32
        QTest::addColumn<double>("dmma");    // 0: no FP64 tensor instructions
        QTest::addColumn<double>("imma");    // 0: no integer tensor instructions
        QTest::addColumn<int>("generation"); // NcuGpuGeneration; -1 unknown
        const int volta = int(NcuGpuGeneration::volta), turing = int(NcuGpuGeneration::turing),
                  ampere = int(NcuGpuGeneration::ampere), hopper = int(NcuGpuGeneration::hopper);
        // Volta: NERSC's 512 for every tensor instruction.
        QTest::newRow("V100 catalog id")
            << "nvidia-v100-sxm2-32gb" << 512.0 << 0.0 << 0.0 << 0.0 << volta;
        QTest::newRow("V100 reported")
            << "Tesla V100-SXM2-16GB" << 512.0 << 0.0 << 0.0 << 0.0 << volta;
        // Turing: 2*16*8*8 per HMMA.1688, 2*8*8*16 per IMMA.8816.
        QTest::newRow("T4") << "Tesla T4" << 2048.0 << 0.0 << 0.0 << 2048.0 << turing;
        // Ampere: 2*16*8*16 HMMA.16816, 2*16*8*8 TF32 HMMA.1688, 2*8*8*4 DMMA.884,
        // 2*16*8*32 IMMA.16832.
        QTest::newRow("A100 reported")
            << "NVIDIA A100-PG509-200" << 4096.0 << 2048.0 << 512.0 << 8192.0 << ampere;
        QTest::newRow("A10 is not A100")
            << "nvidia-a10" << 4096.0 << 2048.0 << 512.0 << 8192.0 << ampere;
        QTest::newRow("L4") << "NVIDIA L4" << 4096.0 << 2048.0 << 512.0 << 8192.0 << ampere;
        QTest::newRow("L40S") << "nvidia-l40s" << 4096.0 << 2048.0 << 512.0 << 8192.0 << ampere;
        QTest::newRow("RTX 3090") << "NVIDIA GeForce RTX 3090" << 4096.0 << 2048.0 << 512.0
                                  << 8192.0 << ampere;
        QTest::newRow("RTX 4090 id")
            << "nvidia-geforce-rtx-4090" << 4096.0 << 2048.0 << 512.0 << 8192.0 << ampere;
        // Hopper and later: Ampere or later (TF32 exists), but no factor.
        QTest::newRow("H100: none")
            << "NVIDIA H100 80GB HBM3" << 0.0 << 0.0 << 0.0 << 0.0 << hopper;
        QTest::newRow("GH200: none")
            << "nvidia-gh200-gpu-141gb-hbm3e" << 0.0 << 0.0 << 0.0 << 0.0 << hopper;
        QTest::newRow("B200: none")
            << "nvidia-b200-hgx-180gb" << 0.0 << 0.0 << 0.0 << 0.0 << hopper;
        QTest::newRow("AMD: none") << "amd-mi300x" << 0.0 << 0.0 << 0.0 << 0.0 << -1;
        QTest::newRow("empty") << "" << 0.0 << 0.0 << 0.0 << 0.0 << -1;
    }
    void factors() {
        QFETCH(QString, device);
        QFETCH(double, factor);
        QFETCH(double, tf32);
        QFETCH(double, dmma);
        QFETCH(double, imma);
        QFETCH(int, generation);
        const auto g = ncuGpuGeneration(device.toStdString());
        QCOMPARE(g ? int(*g) : -1, generation);
        const auto f = ncuTensorFactor(device.toStdString());
        QCOMPARE(f.has_value(), factor > 0);
        if (f) {
            QCOMPARE(f->flopsPerInstruction, factor);
            QCOMPARE(f->tf32FlopsPerInstruction, tf32);
            QCOMPARE(f->dmmaFlopsPerInstruction, dmma);
            QCOMPARE(f->immaOpsPerInstruction, imma);
            QVERIFY(!f->basis.empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestNcuTensorFactor)
#include "test_ncu_tensor_factor.moc"
