// The device catalog: layering (a user entry overrides a built-in one, never the reverse, and the
// replaced origins are remembered), lookup by id and by reported name (exact, never fuzzy), and
// the built-in catalog files themselves, including the demo session built from them.
#include "core/catalog.h"
#include "core/ceilings_file.h"
#include "core/demo_session.h"
#include "core/md_roofline.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <set>

using namespace roofscope;

namespace {

Device device(std::string id, std::string name, std::vector<std::string> aliases = {},
              double fp32 = 1e12) {
    Device d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.aliases = std::move(aliases);
    Ceiling c;
    c.value = fp32;
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = c;
    return d;
}

std::string folded(QString s) {
    return s.trimmed().toLower().toStdString();
}

QStringList builtinFiles() {
    const QDir dir(QStringLiteral(ROOFSCOPE_DEVICE_DIR));
    QStringList paths;
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << dir.filePath(name);
    return paths;
}

} // namespace

class TestCatalog : public QObject {
    Q_OBJECT

  private slots:
    void measuredCeilingsAreRecognised_data() {
        QTest::addColumn<int>("where"); // 0 none, 1 compute, 2 memory, 3 link
        QTest::newRow("spec only") << 0;
        QTest::newRow("measured compute") << 1;
        QTest::newRow("measured memory") << 2;
        QTest::newRow("measured link") << 3;
    }
    void measuredCeilingsAreRecognised() {
        QFETCH(int, where);
        Device d;
        d.id = "x";
        Ceiling spec;
        spec.value = 1e12;
        spec.provenance.sourceUrl = "https://example.org";
        Ceiling measured = spec;
        measured.provenance.kind = ProvenanceKind::measured;
        d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = where == 1 ? measured : spec;
        d.ceilings.memory[MemoryLevel::dram] = where == 2 ? measured : spec;
        d.ceilings.links[Link::p2p] = where == 3 ? measured : spec;
        QCOMPARE(hasMeasuredCeilings(d), where != 0);
    }

    void layering() {
        Catalog catalog;
        catalog.add({device("a", "Device A", {}, 1e12), device("b", "Device B")},
                    CatalogLayer::builtin, "builtin/a.json");
        QCOMPARE(catalog.entries().size(), std::size_t(2));
        QVERIFY(catalog.find("a")->layer == CatalogLayer::builtin);
        QCOMPARE(catalog.find("a")->origin, std::string("builtin/a.json"));
        QVERIFY(catalog.find("a")->overridden.empty());

        // A user entry overrides the built-in one with the same id.
        catalog.add({device("a", "Device A (mine)", {}, 2e12)}, CatalogLayer::user, "user.json");
        QCOMPARE(catalog.entries().size(), std::size_t(2));
        const CatalogEntry* a = catalog.find("a");
        QVERIFY(a);
        QVERIFY(a->layer == CatalogLayer::user);
        QCOMPARE(a->device.name, std::string("Device A (mine)"));
        QCOMPARE(a->device.ceilings.compute.at({Precision::fp32, ComputeUnit::vector}).value, 2e12);
        QCOMPARE(a->origin, std::string("user.json"));
        QCOMPARE(a->overridden, std::vector<std::string>{"builtin/a.json"});

        // A built-in entry read later never overrides the user's.
        catalog.add({device("a", "Device A (new built-in)", {}, 3e12)}, CatalogLayer::builtin,
                    "builtin2/a.json");
        a = catalog.find("a");
        QVERIFY(a->layer == CatalogLayer::user);
        QCOMPARE(a->device.name, std::string("Device A (mine)"));
        QCOMPARE(a->origin, std::string("user.json"));
        QCOMPARE(a->overridden, std::vector<std::string>{"builtin/a.json"});

        // The same layer replaces (a later user file wins), and so does a later layer; the
        // replaced origins are kept oldest first.
        catalog.add({device("a", "Device A (mine, v2)")}, CatalogLayer::user, "user2.json");
        catalog.add({device("a", "Device A (probed)", {}, 4e12)}, CatalogLayer::measured,
                    "probe.json");
        a = catalog.find("a");
        QVERIFY(a->layer == CatalogLayer::measured);
        QCOMPARE(a->device.name, std::string("Device A (probed)"));
        QCOMPARE(a->origin, std::string("probe.json"));
        const std::vector<std::string> history{"builtin/a.json", "user.json", "user2.json"};
        QCOMPARE(a->overridden, history);

        // A user file after a measurement does not override it.
        catalog.add({device("a", "Device A (user again)")}, CatalogLayer::user, "user3.json");
        QCOMPARE(catalog.find("a")->origin, std::string("probe.json"));

        // The other entry is untouched; a new id is appended.
        QCOMPARE(catalog.find("b")->origin, std::string("builtin/a.json"));
        QVERIFY(catalog.find("b")->overridden.empty());
        catalog.add({device("c", "Device C")}, CatalogLayer::user, "user.json");
        QCOMPARE(catalog.entries().size(), std::size_t(3));
        QVERIFY(catalog.find("c")->layer == CatalogLayer::user);
    }

    void find() {
        Catalog catalog;
        catalog.add({device("nvidia-h100-sxm5-80gb", "NVIDIA H100 SXM5 80GB")},
                    CatalogLayer::builtin, "h100.json");
        QVERIFY(catalog.find("nvidia-h100-sxm5-80gb"));
        // find() is by id, exactly.
        QVERIFY(!catalog.find("NVIDIA-H100-SXM5-80GB"));
        QVERIFY(!catalog.find("nvidia-h100"));
        QVERIFY(!catalog.find(""));
        QVERIFY(!Catalog{}.find("nvidia-h100-sxm5-80gb"));
    }

    void layerNames() {
        QCOMPARE(toString(CatalogLayer::builtin), std::string_view("built-in"));
        QCOMPARE(toString(CatalogLayer::user), std::string_view("user"));
        QCOMPARE(toString(CatalogLayer::measured), std::string_view("measured"));
    }

    void findByName_data() {
        QTest::addColumn<QString>("reported");
        QTest::addColumn<QString>("expectedId"); // empty: no match

        QTest::newRow("name") << "NVIDIA H100 SXM5 80GB"
                              << "nvidia-h100-sxm5-80gb";
        QTest::newRow("alias") << "NVIDIA H100 80GB HBM3"
                               << "nvidia-h100-sxm5-80gb";
        QTest::newRow("id") << "nvidia-h100-sxm5-80gb"
                            << "nvidia-h100-sxm5-80gb";
        QTest::newRow("case") << "nvidia h100 80gb hbm3"
                              << "nvidia-h100-sxm5-80gb";
        QTest::newRow("upper-case id") << "NVIDIA-A100-SXM4-80GB"
                                       << "nvidia-a100-sxm4-80gb";
        QTest::newRow("blanks") << "  NVIDIA A100-SXM4-80GB \t"
                                << "nvidia-a100-sxm4-80gb";
        QTest::newRow("second alias") << "A100-SXM4-80GB"
                                      << "nvidia-a100-sxm4-80gb";
        // Never a nearest match: a prefix, a substring, a longer name or a typo is no match.
        QTest::newRow("prefix of an alias") << "NVIDIA H100"
                                            << "";
        QTest::newRow("longer than an alias") << "NVIDIA H100 80GB HBM3 (MIG 1g.10gb)"
                                              << "";
        QTest::newRow("substring") << "H100 80GB"
                                   << "";
        QTest::newRow("typo") << "NVIDIA H100 80GB HBM2"
                              << "";
        QTest::newRow("inner blank differs") << "NVIDIA  H100 80GB HBM3"
                                             << "";
        QTest::newRow("vendor only") << "NVIDIA"
                                     << "";
        QTest::newRow("empty") << ""
                               << "";
        QTest::newRow("blank") << "   "
                               << "";
    }
    void findByName() {
        QFETCH(QString, reported);
        QFETCH(QString, expectedId);
        Catalog catalog;
        catalog.add(
            {device("nvidia-a100-sxm4-80gb", "NVIDIA A100 SXM4 80GB",
                    {"NVIDIA A100-SXM4-80GB", "A100-SXM4-80GB"}),
             device("nvidia-h100-sxm5-80gb", "NVIDIA H100 SXM5 80GB", {"NVIDIA H100 80GB HBM3"})},
            CatalogLayer::builtin, "builtin");
        const CatalogEntry* entry = catalog.findByName(reported.toStdString());
        if (expectedId.isEmpty()) {
            QVERIFY2(!entry, entry ? entry->device.id.c_str() : "");
        } else {
            QVERIFY(entry);
            QCOMPARE(QString::fromStdString(entry->device.id), expectedId);
        }
    }

    void findByNameSeesOverrides() {
        // A user entry replacing a built-in one is found by its own names, not the old ones.
        Catalog catalog;
        catalog.add({device("x", "Old Name", {"Old Alias"})}, CatalogLayer::builtin, "b.json");
        catalog.add({device("x", "New Name")}, CatalogLayer::user, "u.json");
        QVERIFY(catalog.findByName("New Name"));
        QCOMPARE(catalog.findByName("new name")->origin, std::string("u.json"));
        QVERIFY(!catalog.findByName("Old Alias"));
        QVERIFY(!catalog.findByName("Old Name"));
    }

    // Every file of the built-in catalog parses, holds one device named like the file, has only
    // positive ceilings, names the source of every spec value, and no name of one device is a
    // name of another (findByName would pick one silently).
    void builtinCatalogFiles() {
        const QStringList files = builtinFiles();
        QVERIFY2(files.size() >= 2, ROOFSCOPE_DEVICE_DIR);
        std::map<std::string, std::string> owner; // folded id, name or alias -> file
        for (const QString& path : files) {
            const auto devices = readCeilingsFile(path.toStdString());
            QVERIFY2(devices.ok(), devices.ok() ? "" : devices.error().toString().c_str());
            QVERIFY2(devices.value().size() == 1, qPrintable(path));
            const Device& d = devices.value().front();
            const QString base = QFileInfo(path).completeBaseName();
            QCOMPARE(QString::fromStdString(d.id), base);
            QVERIFY2(!d.name.empty(), qPrintable(path));
            QVERIFY2(!d.ceilings.compute.empty(), qPrintable(path));
            QVERIFY2(!d.ceilings.memory.empty(), qPrintable(path));

            auto checkCeiling = [&](const Ceiling& c, const QString& what) {
                const QByteArray where = (base + ": " + what).toUtf8();
                if (!(std::isfinite(c.value) && c.value > 0))
                    return QByteArray("not positive: ") + where;
                if (c.provenance.kind == ProvenanceKind::spec &&
                    !QString::fromStdString(c.provenance.sourceUrl).startsWith("http"))
                    return QByteArray("spec value without a source URL: ") + where;
                return QByteArray();
            };
            for (const auto& [key, c] : d.ceilings.compute) {
                const QByteArray problem =
                    checkCeiling(c, QString::fromUtf8(toString(key.precision).data()) + " " +
                                        QString::fromUtf8(toString(key.unit).data()));
                QVERIFY2(problem.isEmpty(), problem.constData());
            }
            for (const auto& [level, c] : d.ceilings.memory) {
                const QByteArray problem =
                    checkCeiling(c, QString::fromUtf8(toString(level).data()));
                QVERIFY2(problem.isEmpty(), problem.constData());
            }
            for (const auto& [link, c] : d.ceilings.links) {
                const QByteArray problem =
                    checkCeiling(c, QString::fromUtf8(toString(link).data()));
                QVERIFY2(problem.isEmpty(), problem.constData());
            }

            std::set<std::string> own{folded(QString::fromStdString(d.id)),
                                      folded(QString::fromStdString(d.name))};
            for (const auto& alias : d.aliases) {
                QVERIFY2(!QString::fromStdString(alias).trimmed().isEmpty(), qPrintable(path));
                own.insert(folded(QString::fromStdString(alias)));
            }
            for (const auto& key : own) {
                const auto [it, inserted] = owner.emplace(key, base.toStdString());
                QVERIFY2(inserted,
                         ("'" + key + "' names both " + it->second + " and " + base.toStdString())
                             .c_str());
            }
        }
    }

    void demoSessionFromBuiltinCatalog() {
        Catalog catalog;
        for (const QString& path : builtinFiles()) {
            const auto devices = readCeilingsFile(path.toStdString());
            QVERIFY(devices.ok());
            catalog.add(devices.value(), CatalogLayer::builtin, path.toStdString());
        }
        QVERIFY(catalog.find(kDemoDeviceA));
        QVERIFY(catalog.find(kDemoDeviceB));

        const auto session = makeDemoSession(catalog);
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        const Session& s = session.value();
        QCOMPARE(s.datasets.size(), std::size_t(2));
        QCOMPARE(s.devices.size(), std::size_t(2));
        QCOMPARE(s.datasets[0].context.deviceId, std::string(kDemoDeviceA));
        QCOMPARE(s.datasets[1].context.deviceId, std::string(kDemoDeviceB));

        int collectives = 0;
        for (const Dataset& dataset : s.datasets) {
            const Device* d = s.findDevice(dataset.context.deviceId);
            QVERIFY(d);
            QVERIFY(!dataset.records.empty());
            for (const OpRecord& r : dataset.records) {
                // Embedding lookups do no arithmetic: zero FLOPs, but estimated all the same.
                QVERIFY2(r.flops.origin == Origin::estimated && r.flops.value >= 0, r.name.c_str());
                if (r.category == Category::collective) {
                    // The gradient all-reduce of data parallelism: bytes over the link, no DRAM.
                    QVERIFY2(r.commBytesOn(Link::intra_node).value_or(0) > 0, r.name.c_str());
                    ++collectives;
                } else {
                    const auto it = r.bytes.find(MemoryLevel::dram);
                    QVERIFY2(it != r.bytes.end() && it->second.origin == Origin::estimated &&
                                 it->second.value > 0,
                             r.name.c_str());
                }
                QVERIFY2(r.timeS.origin == Origin::estimated && r.timeS.value > 0, r.name.c_str());
                QCOMPARE(r.deviceId, d->id);
                // Every time is the op's bound on its own device: efficiency exactly 1.
                const auto bound = mdBoundFor(r, d->ceilings, MdOptions{});
                QVERIFY2(bound.ok(), bound.ok() ? "" : bound.error().message.c_str());
                QVERIFY(bound.value().efficiency.has_value());
                QVERIFY2(std::fabs(*bound.value().efficiency - 1.0) <= 1e-12, r.name.c_str());
            }
        }
        // One gradient all-reduce per device: the demo is data-parallel.
        QCOMPARE(collectives, 2);
        QCOMPARE(s.datasets[0].context.worldSize, kDemoDataParallel);
        // BERT-large training, layer for layer, on both devices.
        QVERIFY(s.datasets[0].records.size() > 400);
        QCOMPARE(s.datasets[0].records.size(), s.datasets[1].records.size());
    }

    void demoSessionNeedsBothDevices() {
        QVERIFY(!makeDemoSession(Catalog{}).ok());
        Catalog onlyA;
        const auto a = readCeilingsFile(std::string(ROOFSCOPE_DEVICE_DIR) + "/" +
                                        std::string(kDemoDeviceA) + ".json");
        QVERIFY(a.ok());
        onlyA.add(a.value(), CatalogLayer::builtin, "a.json");
        const auto session = makeDemoSession(onlyA);
        QVERIFY(!session.ok());
        QVERIFY2(session.error().message.find(std::string(kDemoDeviceB)) != std::string::npos,
                 session.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestCatalog)
#include "test_catalog.moc"
