// The systems catalog (core/systems.h): the built-in document is complete and sourced, a broken
// document is refused at the field at fault, and a device takes a system's collective ceilings
// unless it measured its own.
#include "core/catalog_loader.h"
#include "core/systems.h"

#include <QtTest>

using namespace roofscope;

namespace {

std::string document(const std::string& system) {
    return R"({"format": "roofscope-systems", "version": 1, "systems": [)" + system + "]}";
}

const std::string kGood = R"({"id": "x", "name": "X", "kind": "cloud", "device": "d",
    "gpus_per_node": 8,
    "intra_node": {"bus_bytes_per_s": 4.5e11, "provenance": {"kind": "spec", "source_url": "u"}},
    "price": {"usd_per_hour": 16, "date": "2026-11", "source_url": "p"}})";

Ceiling spec(double v) {
    Ceiling c;
    c.value = v;
    c.provenance.sourceUrl = "device sheet";
    return c;
}

} // namespace

class TestSystems : public QObject {
    Q_OBJECT
  private slots:
    // Every built-in system parses, runs on a GPU of the built-in device catalog, and has a
    // source for each figure; a price has its date. A failure names the document and the field.
    void builtinIsCompleteAndSourced() {
        QVERIFY(!builtinSystemDocuments().empty());
        std::size_t parsedCount = 0;
        for (const BuiltinDocument& d : builtinSystemDocuments()) {
            auto parsed = parseSystems(d.text, std::string(d.name));
            QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
            parsedCount += parsed.value().size();
        }
        QCOMPARE(builtinSystems().size(), parsedCount);
        const Catalog catalog = loadCatalog(nullptr);
        int intra = 0, inter = 0, prices = 0;
        for (const System& s : builtinSystems()) {
            QVERIFY2(catalog.find(s.deviceId), s.id.c_str());
            QVERIFY2(s.basedOn.empty() || findSystem(builtinSystems(), s.basedOn), s.id.c_str());
            for (const auto* c : {&s.intraNode, &s.interNode})
                if (*c) {
                    QVERIFY2(!(*c)->provenance.sourceUrl.empty(), s.id.c_str());
                    QVERIFY2(!(*c)->provenance.note.empty(), s.id.c_str()); // the arithmetic
                }
            intra += s.intraNode.has_value();
            inter += s.interNode.has_value();
            if (s.price) {
                ++prices;
                QVERIFY(s.kind == SystemKind::cloud);
                QVERIFY(!s.price->sourceUrl.empty() && s.price->date.size() >= 7);
            }
        }
        // The machines the issue names: HGX/DGX A100, H100, H200, B200, MI300X, p4d, p5, p5e, a3,
        // ND H100 v5; each node's NVLink figure known.
        for (const char* id :
             {"nvidia-dgx-a100", "nvidia-dgx-h100", "nvidia-hgx-h200", "nvidia-dgx-b200",
              "amd-mi300x-platform", "aws-p4d.24xlarge", "aws-p5.48xlarge", "aws-p5e.48xlarge",
              "gcp-a3-highgpu-8g", "azure-nd-h100-v5"})
            QVERIFY2(findSystem(builtinSystems(), id), id);
        QCOMPARE(intra, int(builtinSystems().size()));
        QVERIFY(inter >= 10);
        QVERIFY(prices >= 5);
    }

    void refused_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        auto with = [](std::string from, const std::string& to) {
            std::string s = kGood;
            s.replace(s.find(from), from.size(), to);
            return QString::fromStdString(document(s));
        };
        QTest::newRow("no format") << QString(R"({"systems": []})") << "format";
        QTest::newRow("id twice") << QString::fromStdString(document(kGood + "," + kGood))
                                  << "/systems/1/id";
        QTest::newRow("no gpus") << with("\"gpus_per_node\": 8", "\"gpus_per_node\": 0")
                                 << "/systems/0/gpus_per_node";
        QTest::newRow("unknown kind") << with("\"cloud\"", "\"rack\"") << "/systems/0/kind";
        QTest::newRow("unsourced ceiling") << with("\"source_url\": \"u\"", "\"note\": \"n\"")
                                           << "/systems/0/intra_node/provenance/source_url";
        QTest::newRow("zero bandwidth")
            << with("4.5e11", "0") << "/systems/0/intra_node/bus_bytes_per_s";
        QTest::newRow("undated price")
            << with("\"date\": \"2026-11\", ", "") << "/systems/0/price/date";
        QTest::newRow("bad date") << with("2026-11", "Nov 2026") << "/systems/0/price/date";
        QTest::newRow("unsourced price")
            << with("\"source_url\": \"p\"", "\"region\": \"r\"") << "/systems/0/price/source_url";
    }
    void refused() {
        QFETCH(QString, text);
        QFETCH(QString, where);
        const auto parsed = parseSystems(text.toStdString(), "systems.json");
        QVERIFY(!parsed.ok());
        const QString message = QString::fromStdString(parsed.error().toString());
        QVERIFY2(message.contains(QStringLiteral("systems.json")), qPrintable(message));
        QVERIFY2(message.contains(where), qPrintable(message));
    }

    // 16 USD an hour over 8 GPUs: 2 USD per GPU-hour.
    void pricePerGpuHour() {
        const auto parsed = parseSystems(document(kGood), "s.json");
        QVERIFY(parsed.ok());
        QCOMPARE(*parsed.value()[0].usdPerGpuHour(), 2.0);
        const auto best = cheapestGpuHour(parsed.value(), "d");
        QVERIFY(best && best->usdPerGpuHour == 2.0 && best->system->id == "x");
        QVERIFY(!cheapestGpuHour(parsed.value(), "other"));
    }

    // An H100 trace suggests NVIDIA's own node design; a GPU no system lists suggests none.
    void suggestion() {
        const System* h100 = suggestSystem(builtinSystems(), "nvidia-h100-sxm5-80gb");
        QVERIFY(h100);
        QCOMPARE(h100->id, std::string("nvidia-dgx-h100"));
        QVERIFY(h100->kind == SystemKind::node);
        QVERIFY(!suggestSystem(builtinSystems(), "nvidia-geforce-rtx-4090"));
        // Nodes first, then the clouds built from them.
        const auto all = systemsFor(builtinSystems(), "nvidia-h100-sxm5-80gb");
        QVERIFY(all.size() >= 4);
        QVERIFY(all.front()->kind == SystemKind::node && all.back()->kind == SystemKind::cloud);
    }

    // A spec link gives way to the system's; a measured one stays; a second system replaces the
    // first's figures, and one without an inter-node figure leaves none of the first's behind.
    void deviceInSystem() {
        const std::string two = kGood + R"(, {"id": "y", "name": "Y", "kind": "node",
            "device": "d", "gpus_per_node": 4,
            "intra_node": {"bus_bytes_per_s": 1e11, "provenance": {"kind": "spec", "source_url": "v"}},
            "inter_node": {"bus_bytes_per_s": 2.5e10, "provenance": {"kind": "spec", "source_url": "w"}}})";
        const auto parsed = parseSystems(document(two), "s.json");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const System& x = parsed.value()[0];
        const System& y = parsed.value()[1];
        Device d;
        d.id = "d";
        d.ceilings.links[Link::intra_node] = spec(3e11);
        const Device inY = withSystem(d, y);
        QCOMPARE(inY.system, std::string("y"));
        QCOMPARE(inY.ceilings.links.at(Link::intra_node).value, 1e11);
        QCOMPARE(inY.ceilings.links.at(Link::inter_node).value, 2.5e10);
        QCOMPARE(inY.ceilings.links.at(Link::inter_node).provenance.sourceUrl, std::string("w"));
        QVERIFY(
            inY.ceilings.links.at(Link::inter_node).provenance.note.find("Y (systems catalog)") !=
            std::string::npos);
        const Device inX = withSystem(inY, x); // X lists no inter-node figure
        QCOMPARE(inX.ceilings.links.at(Link::intra_node).value, 4.5e11);
        QVERIFY(!inX.ceilings.links.count(Link::inter_node));
        Device measured = d;
        measured.ceilings.links[Link::intra_node].provenance.kind = ProvenanceKind::measured;
        QCOMPARE(withSystem(measured, y).ceilings.links.at(Link::intra_node).value, 3e11);
    }
};

QTEST_APPLESS_MAIN(TestSystems)
#include "test_systems.moc"
