// The command line where no Qt is installed: `roofscope` itself links no Qt (nor MPI) library (its
// ELF dynamic section is read here), and with the explorer's module impossible to load, summarize,
// info, devices, model and table exports work while the window, images and --version's Qt line
// say why they cannot.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <elf.h>

#include <cstring>

namespace {

constexpr int kTimeoutMs = 30000;

// The DT_NEEDED entries of a 64-bit little-endian ELF file: the shared libraries the dynamic
// loader must find before main runs. Fails the test on a file it cannot read.
QStringList neededLibraries(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {QStringLiteral("<unreadable>")};
    const QByteArray bytes = file.readAll();
    const char* data = bytes.constData();
    const auto size = static_cast<std::size_t>(bytes.size());
    Elf64_Ehdr header;
    if (size < sizeof header)
        return {QStringLiteral("<not ELF>")};
    std::memcpy(&header, data, sizeof header);
    if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64)
        return {QStringLiteral("<not ELF64>")};
    // The dynamic section and the string table it names, found through the section headers.
    std::vector<Elf64_Shdr> sections(header.e_shnum);
    if (header.e_shoff + sizeof(Elf64_Shdr) * header.e_shnum > size)
        return {QStringLiteral("<truncated>")};
    std::memcpy(sections.data(), data + header.e_shoff, sizeof(Elf64_Shdr) * header.e_shnum);
    QStringList needed;
    for (const auto& s : sections) {
        if (s.sh_type != SHT_DYNAMIC || s.sh_link >= sections.size())
            continue;
        const Elf64_Shdr& strings = sections[s.sh_link];
        for (std::size_t off = 0; off + sizeof(Elf64_Dyn) <= s.sh_size; off += sizeof(Elf64_Dyn)) {
            Elf64_Dyn entry;
            std::memcpy(&entry, data + s.sh_offset + off, sizeof entry);
            if (entry.d_tag == DT_NEEDED && strings.sh_offset + entry.d_un.d_val < size)
                needed << QString::fromLatin1(data + strings.sh_offset + entry.d_un.d_val);
        }
    }
    return needed;
}

struct Run {
    int exitCode = -1;
    QString out, err;
};

} // namespace

class TestCliHeadless : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    // Runs roofscope with the module pointed at a file that does not exist, as on a server that
    // installed the command line without the explorer.
    Run run(const QStringList& args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ROOFSCOPE_GUI_MODULE"),
                   dir_.filePath(QStringLiteral("none.so")));
        env.insert(QStringLiteral("ROOFSCOPE_USER_CATALOG"), dir_.filePath(QStringLiteral("cat")));
        // A display would not help: the module is what is missing.
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(ROOFSCOPE_BINARY), args);
        Run r;
        if (!p.waitForFinished(kTimeoutMs)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    static QString trace() { return QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json"); }

  private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void linksNoQt() {
        const QStringList needed = neededLibraries(QStringLiteral(ROOFSCOPE_BINARY));
        QVERIFY2(!needed.isEmpty(), "no DT_NEEDED entries read");
        QVERIFY2(!needed.first().startsWith(QLatin1Char('<')), qPrintable(needed.first()));
        for (const QString& lib : needed)
            QVERIFY2(!lib.startsWith(QStringLiteral("libQt")) &&
                         !lib.startsWith(QStringLiteral("libqcustomplot")) &&
                         !lib.startsWith(QStringLiteral("libGL")) &&
                         !lib.startsWith(QStringLiteral("libmpi")),
                     qPrintable(QStringLiteral("roofscope needs %1 (%2)")
                                    .arg(lib, needed.join(QStringLiteral(", ")))));
    }

    void commandsRunWithoutModule_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("summarize") << QStringList{"summarize", trace()} << "NAME (by kernel)";
        QTest::newRow("summarize --json")
            << QStringList{"summarize", trace(), "--json"} << "\"schema\": \"roofscope.summary/1\"";
        QTest::newRow("info") << QStringList{"info", trace()} << "PyTorch profiler";
        QTest::newRow("devices") << QStringList{"devices"} << "nvidia-h100-sxm5-80gb";
        QTest::newRow("model") << QStringList{"model",    "resnet50",
                                              "--device", "nvidia-a100-sxm4-80gb",
                                              "--batch",  "8"}
                               << "ResNet-50";
        QTest::newRow("help") << QStringList{"--help"} << "Usage: roofscope";
        QTest::newRow("version") << QStringList{"--version"}
                                 << "  Qt and QCustomPlot not loaded: the explorer's module";
    }
    void commandsRunWithoutModule() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(expected), qPrintable(r.out + r.err));
    }

    void tableExportWithoutModule_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("head");
        QTest::newRow("csv") << "points.csv"
                             << "dataset,device,record,category";
        QTest::newRow("json") << "points.json"
                              << "{\n    \"datasets\": [";
    }
    void tableExportWithoutModule() {
        QFETCH(QString, file);
        QFETCH(QString, head);
        const QString out = dir_.filePath(file);
        const Run r = run({QStringLiteral("export"), trace(), QStringLiteral("-o"), out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile written(out);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QVERIFY2(written.readAll().startsWith(head.toUtf8()), qPrintable(out));
    }

    // What needs Qt says so, names the path it tried, and leaves nothing behind.
    void whatNeedsTheModuleSaysWhy_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("explorer") << QStringList{} << "roofscope: cannot start the explorer";
        QTest::newRow("png") << QStringList{"export", trace(), "-o", "image.png"}
                             << "roofscope export: the explorer's module cannot be loaded";
        QTest::newRow("svg") << QStringList{"export", trace(), "-o", "image.svg"}
                             << "roofscope export: the explorer's module cannot be loaded";
    }
    void whatNeedsTheModuleSaysWhy() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        for (QString& a : args)
            if (a.startsWith(QStringLiteral("image.")))
                a = dir_.filePath(a);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(r.err.contains(dir_.filePath(QStringLiteral("none.so"))), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("image.png"))));
        QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("image.svg"))));
    }
};

QTEST_GUILESS_MAIN(TestCliHeadless)
#include "test_cli_headless.moc"
