// Every input a fuzz target (fuzz/) ever crashed on, kept in tests/data/fuzz/<target>/ and read
// the way that target reads it: the importer must now answer with a value or a positioned error.
// The sanitizers that caught the original fault run in the fuzz build; here the inputs guard
// against the fix being lost.

#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/kineto_reader.h"
#include "tests/support/trace_events_digest.h"

#include <QDir>
#include <QFileInfo>
#include <QtTest>

using namespace roofscope;

class TestFuzzRegressions : public QObject {
    Q_OBJECT

  private slots:
    void kineto_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(ROOFSCOPE_TEST_DATA "/fuzz/kineto"));
        const auto files = dir.entryList(QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void kineto() {
        QFETCH(QString, path);
        const auto events = readKinetoFile(path.toStdString());
        if (!events.ok()) {
            QVERIFY(!events.error().where.file.empty());
            return;
        }
        const KinetoAnalysis analysis = analyzeTrace(events.value());
        for (const Grouping g : {Grouping::launch, Grouping::kernel, Grouping::op})
            (void)groupLaunches(analysis.launches, g);
    }

    // fuzz_kineto_file's inputs: read from the file in small batches on several threads, with
    // cuts at line breaks and with every cut scanned, the two reads must agree (events, warnings
    // and errors). Its findings were damaged texts where a wrong cut made the rest look
    // unfinished, or like the end of traceEvents, so that the read kept events with a warning
    // where the scanned read fails.
    void kinetoFile_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(ROOFSCOPE_TEST_DATA "/fuzz/kineto_file"));
        const auto files = dir.entryList(QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void kinetoFile() {
        QFETCH(QString, path);
        KinetoReadOptions options;
        options.chunkBytes = 64 + static_cast<std::size_t>(QFileInfo(path).size()) % 512;
        options.maxEventBytes = std::size_t(4) << 20;
        options.threads = 3;
        options.speculativeCuts = true;
        const std::string cut = testing::digest(readKinetoFile(path.toStdString(), options));
        options.speculativeCuts = false;
        const std::string scanned = testing::digest(readKinetoFile(path.toStdString(), options));
        QCOMPARE(cut, scanned);
    }
};

QTEST_APPLESS_MAIN(TestFuzzRegressions)
#include "test_fuzz_regressions.moc"
