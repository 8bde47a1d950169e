// Every input a fuzz target (fuzz/) ever crashed on, kept in tests/data/fuzz/<target>/ and read
// the way that target reads it: the importer must now answer with a value or a positioned error.
// The sanitizers that caught the original fault run in the fuzz build; here the inputs guard
// against the fix being lost.

#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/kineto_reader.h"

#include <QDir>
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
};

QTEST_APPLESS_MAIN(TestFuzzRegressions)
#include "test_fuzz_regressions.moc"
