// nccl-tests output as a device's measured link ceiling (MD-Roofline's APB): which link, its
// value and provenance, and the errors of a bad file or an unknown device.
#include "core/import/nccl_tests/nccl_link_ceiling.h"

#include <QtTest>

using namespace roofscope;

Q_DECLARE_METATYPE(roofscope::Link)

namespace {

std::string data(const char* name) {
    return std::string(ROOFSCOPE_TEST_DATA) + "/nccl/" + name;
}

} // namespace

class TestNcclLinkCeiling : public QObject {
    Q_OBJECT

  private slots:
    void linkByHosts_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<Link>("link");
        QTest::newRow("one host") << "plain_single_node.txt" << Link::intra_node;
        QTest::newRow("two hosts under mpirun") << "openmpi_two_nodes.txt" << Link::inter_node;
    }
    void linkByHosts() {
        QFETCH(QString, file);
        QFETCH(Link, link);
        const auto imported = readNcclLinkCeiling(data(file.toLatin1().constData()));
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        QVERIFY(imported.value().link == link);
        QVERIFY(!imported.value().linkAssumed);
        QVERIFY(imported.value().ceiling.value > 1e9);
        QVERIFY(imported.value().ceiling.provenance.kind == ProvenanceKind::measured);
        QVERIFY(imported.value().ceiling.provenance.tool.rfind("nccl-tests", 0) == 0);
    }

    void appliedToTheNamedDeviceOnly() {
        Session s;
        Device a;
        a.id = "gpu-a";
        a.ceilings.links[Link::intra_node] = {1e9, {}};
        Device b = a;
        b.id = "gpu-b";
        s.devices = {a, b};
        const auto imported = readNcclLinkCeiling(data("plain_single_node.txt"));
        QVERIFY(imported.ok());
        QVERIFY(applyLinkCeiling(s, "gpu-b", imported.value()).ok());
        QCOMPARE(s.devices[0].ceilings.links.at(Link::intra_node).value, 1e9);
        QVERIFY(s.devices[1].ceilings.links.at(Link::intra_node) == imported.value().ceiling);

        const Status missing = applyLinkCeiling(s, "gpu-z", imported.value());
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().toString().find("gpu-z") != std::string::npos);
    }

    void aFileThatIsNotNcclTestsNamesItself() {
        const std::string path = std::string(ROOFSCOPE_TEST_DATA) + "/kineto/modern.json";
        const auto imported = readNcclLinkCeiling(path);
        QVERIFY(!imported.ok());
        QVERIFY2(imported.error().toString().find("modern.json") != std::string::npos,
                 imported.error().toString().c_str());
    }
};

QTEST_APPLESS_MAIN(TestNcclLinkCeiling)
#include "test_nccl_link_ceiling.moc"
