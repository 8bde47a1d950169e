// The MD chart's communication roof is that of the links the communication crossed: an
// all-reduce over the inter-node NICs draws the inter-node APB in the O and C planes, not the
// NVLink figure a GEMM's ceilings name. Ridges worked out by hand.
#include "tests/support/md_fixture.h"
#include "ui/views/md_chart.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::testing::md;

class TestMdChartLinks : public QObject {
    Q_OBJECT

  private slots:
    void roofOfTheCrossedLink_data() {
        QTest::addColumn<int>("link");
        QTest::addColumn<double>("ridgeO");
        QTest::addColumn<double>("ridgeC");
        // gpu-a: APM 1 TB/s, APF (fp16 tensor) 100 TFLOP/s, intra-node 100 GB/s; inter-node 10
        // GB/s added here. Intra: O = 1e11 / 1e12 = 0.1, C = 1e11 / 1e14 = 1e-3.
        QTest::newRow("intra-node all-reduce") << int(Link::intra_node) << 0.1 << 1e-3;
        // Inter: O = 1e10 / 1e12 = 0.01, C = 1e10 / 1e14 = 1e-4.
        QTest::newRow("inter-node all-reduce") << int(Link::inter_node) << 0.01 << 1e-4;
    }
    void roofOfTheCrossedLink() {
        QFETCH(int, link);
        QFETCH(double, ridgeO);
        QFETCH(double, ridgeC);
        // The GEMM does the most FLOPs and crosses no link; a fused op moves 1 GB over `link`
        // (with FLOPs and bytes of its own, so that it has a place in every plane).
        OpRecord gemm = op("gemm", 1e12, 1e10, 0, 0.02);
        OpRecord fused = op("fused all-reduce", 1e9, 1e9, 0, 0.2);
        fused.commBytes[static_cast<Link>(link)] = Measure::measured(1e9);
        Session s = oneDevice({gemm, fused});
        s.devices[0].ceilings.links[Link::inter_node] = ceiling(1e10);
        ui::MdChart chart;
        chart.resize(1200, 800);
        chart.setSession(s);
        QVERIFY(std::abs(chart.ridgeX(MdPlane::a) / 100 - 1) < 1e-9);
        QVERIFY2(std::abs(chart.ridgeX(MdPlane::o) / ridgeO - 1) < 1e-9,
                 qPrintable(QString::number(chart.ridgeX(MdPlane::o))));
        QVERIFY2(std::abs(chart.ridgeX(MdPlane::c) / ridgeC - 1) < 1e-9,
                 qPrintable(QString::number(chart.ridgeX(MdPlane::c))));
    }
};

QTEST_MAIN(TestMdChartLinks)
#include "test_md_chart_links.moc"
