// The per-architecture FLOPs per tensor instruction for Nsight Compute records.
#include "import/ncu_tensor_factor.h"

#include <QtTest>

using namespace roofscope;

class TestNcuTensorFactor : public QObject {
    Q_OBJECT

  private slots:
    void factors_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<double>("factor"); // 0: no factor
        QTest::newRow("V100 catalog id") << "nvidia-v100-sxm2-32gb" << 512.0;
        QTest::newRow("V100 reported") << "Tesla V100-SXM2-16GB" << 512.0;
        QTest::newRow("T4") << "Tesla T4" << 2048.0;
        QTest::newRow("A100 reported") << "NVIDIA A100-PG509-200" << 4096.0;
        QTest::newRow("A10 is not A100") << "nvidia-a10" << 4096.0;
        QTest::newRow("L4") << "NVIDIA L4" << 4096.0;
        QTest::newRow("L40S") << "nvidia-l40s" << 4096.0;
        QTest::newRow("RTX 3090") << "NVIDIA GeForce RTX 3090" << 4096.0;
        QTest::newRow("RTX 4090 id") << "nvidia-geforce-rtx-4090" << 4096.0;
        QTest::newRow("H100: none") << "NVIDIA H100 80GB HBM3" << 0.0;
        QTest::newRow("GH200: none") << "nvidia-gh200-gpu-141gb-hbm3e" << 0.0;
        QTest::newRow("B200: none") << "nvidia-b200-hgx-180gb" << 0.0;
        QTest::newRow("AMD: none") << "amd-mi300x" << 0.0;
        QTest::newRow("empty") << "" << 0.0;
    }
    void factors() {
        QFETCH(QString, device);
        QFETCH(double, factor);
        const auto f = ncuTensorFactor(device.toStdString());
        QCOMPARE(f.has_value(), factor > 0);
        if (f) {
            QCOMPARE(f->flopsPerInstruction, factor);
            QVERIFY(!f->basis.empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestNcuTensorFactor)
#include "test_ncu_tensor_factor.moc"
