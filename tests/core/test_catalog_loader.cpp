// The catalog as every command and the window load it, without Qt: the built-in documents
// compiled into core are exactly resources/devices/*.json, and the user folder's files are
// layered over them in name order, a broken one a warning that names it.
#include "core/catalog_loader.h"
#include "core/ceilings_file.h"

#include <QtTest>

using namespace roofscope;

namespace {

const char* kUserSpec =
    "{\"format\": \"roofscope-ceilings\", \"version\": 1, \"devices\": [\n"
    "  {\"id\": \"nvidia-h100-sxm5-80gb\", \"name\": \"My H100\", \"kind\": \"gpu\",\n"
    "   \"compute\": [{\"precision\": \"fp32\", \"unit\": \"vector\", \"flops_per_s\": 1e12,\n"
    "     \"provenance\": {\"kind\": \"spec\", \"source_url\": \"https://example.com\"}}],\n"
    "   \"memory\": [], \"links\": []}]}";

const char* kUserMeasured =
    "{\"format\": \"roofscope-ceilings\", \"version\": 1, \"devices\": [\n"
    "  {\"id\": \"nvidia-h100-sxm5-80gb\", \"name\": \"Measured H100\", \"kind\": \"gpu\",\n"
    "   \"compute\": [{\"precision\": \"fp32\", \"unit\": \"vector\", \"flops_per_s\": 5e13,\n"
    "     \"provenance\": {\"kind\": \"measured\", \"tool\": \"roofscope-probe\", \"method\": "
    "\"fma\",\n"
    "                    \"date\": \"2026-12-01\"}}],\n"
    "   \"memory\": [], \"links\": []}]}";

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const QByteArray& value)
        : name_(name), had_(qEnvironmentVariableIsSet(name)), old_(qgetenv(name)) {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    }
    ~ScopedEnv() {
        if (had_)
            qputenv(name_, old_);
        else
            qunsetenv(name_);
    }

  private:
    const char* name_;
    bool had_;
    QByteArray old_;
};

} // namespace

class TestCatalogLoader : public QObject {
    Q_OBJECT

  private slots:
    void builtinDocumentsAreTheDeviceFiles() {
        const QDir dir(QStringLiteral(ROOFSCOPE_DEVICE_DIR));
        const QStringList names =
            dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        const auto docs = builtinDeviceDocuments();
        QCOMPARE(qsizetype(docs.size()), names.size());
        for (std::size_t i = 0; i < docs.size(); ++i) {
            QCOMPARE(QString::fromUtf8(docs[i].name.data(), qsizetype(docs[i].name.size())),
                     names[qsizetype(i)]);
            QFile f(dir.filePath(names[qsizetype(i)]));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(QByteArray(docs[i].text.data(), qsizetype(docs[i].text.size())), f.readAll());
        }
    }

    void builtinEntriesComeFirstWithTheirOrigin() {
        QTemporaryDir empty;
        const ScopedEnv user("ROOFSCOPE_USER_CATALOG", empty.path().toUtf8());
        std::vector<std::string> warnings;
        const Catalog catalog = loadCatalog(&warnings);
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
        const CatalogEntry* h100 = catalog.find("nvidia-h100-sxm5-80gb");
        QVERIFY(h100);
        QCOMPARE(int(h100->layer), int(CatalogLayer::builtin));
        QCOMPARE(QString::fromStdString(h100->origin),
                 QStringLiteral(":/devices/nvidia-h100-sxm5-80gb.json"));
    }

    void userFilesLayerOverTheBuiltins_data() {
        QTest::addColumn<QStringList>("files"); // written in this order, read in name order
        QTest::addColumn<int>("layer");
        QTest::addColumn<double>("fp32");
        // A user spec entry replaces the built-in one.
        QTest::newRow("spec") << QStringList{"a-spec.json"} << int(CatalogLayer::user) << 1e12;
        // A measured one is the measured layer, above a user spec entry whichever comes first.
        QTest::newRow("measured after spec")
            << QStringList{"a-spec.json", "b-measured.json"} << int(CatalogLayer::measured) << 5e13;
        QTest::newRow("measured before spec")
            << QStringList{"b-spec.json", "a-measured.json"} << int(CatalogLayer::measured) << 5e13;
    }
    void userFilesLayerOverTheBuiltins() {
        QFETCH(QStringList, files);
        QFETCH(int, layer);
        QFETCH(double, fp32);
        QTemporaryDir dir;
        for (const QString& name : files)
            write(dir.filePath(name),
                  name.contains(QStringLiteral("measured")) ? kUserMeasured : kUserSpec);
        write(dir.filePath(QStringLiteral("notes.txt")), "not a catalog file");
        const ScopedEnv user("ROOFSCOPE_USER_CATALOG", dir.path().toUtf8());
        std::vector<std::string> warnings;
        const Catalog catalog = loadCatalog(&warnings);
        QVERIFY(warnings.empty());
        const CatalogEntry* h100 = catalog.find("nvidia-h100-sxm5-80gb");
        QVERIFY(h100);
        QCOMPARE(int(h100->layer), layer);
        QCOMPARE(h100->device.ceilings.compute.at({Precision::fp32, ComputeUnit::vector}).value,
                 fp32);
        QVERIFY(!h100->overridden.empty());
        QCOMPARE(QString::fromStdString(h100->overridden.front()),
                 QStringLiteral(":/devices/nvidia-h100-sxm5-80gb.json"));
    }

    void aBrokenUserFileIsAWarningThatNamesIt() {
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("broken.json"));
        write(broken, "{\"format\": \"roofscope-ceilings\",\n \"version\": 1, \"devices\": [,]}");
        write(dir.filePath(QStringLiteral("good.json")), kUserSpec);
        const ScopedEnv user("ROOFSCOPE_USER_CATALOG", dir.path().toUtf8());
        std::vector<std::string> warnings;
        const Catalog catalog = loadCatalog(&warnings);
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY2(
            QString::fromStdString(warnings.front()).startsWith(broken + QStringLiteral(":2:")),
            warnings.front().c_str());
        // The good file after it is still read.
        QCOMPARE(int(catalog.find("nvidia-h100-sxm5-80gb")->layer), int(CatalogLayer::user));
    }

    void userFolder_data() {
        QTest::addColumn<QByteArray>("override");
        QTest::addColumn<QByteArray>("xdg");
        QTest::addColumn<QString>("expected"); // with HOME=/home/u
        QTest::newRow("override") << QByteArray("/x/devices") << QByteArray("/data")
                                  << QStringLiteral("/x/devices");
        QTest::newRow("xdg") << QByteArray() << QByteArray("/data")
                             << QStringLiteral("/data/roofscope/devices");
        // The XDG rule: a relative XDG_DATA_HOME is ignored.
        QTest::newRow("relative xdg") << QByteArray() << QByteArray("data")
                                      << QStringLiteral("/home/u/.local/share/roofscope/devices");
        QTest::newRow("no xdg") << QByteArray() << QByteArray()
                                << QStringLiteral("/home/u/.local/share/roofscope/devices");
    }
    void userFolder() {
        QFETCH(QByteArray, override);
        QFETCH(QByteArray, xdg);
        QFETCH(QString, expected);
        const ScopedEnv user("ROOFSCOPE_USER_CATALOG",
                             override.isEmpty() ? QByteArray() : override);
        const ScopedEnv data("XDG_DATA_HOME", xdg.isEmpty() ? QByteArray() : xdg);
        const ScopedEnv home("HOME", "/home/u");
        QCOMPARE(QString::fromStdString(userCatalogDir()), expected);
    }
};

QTEST_GUILESS_MAIN(TestCatalogLoader)
#include "test_catalog_loader.moc"
