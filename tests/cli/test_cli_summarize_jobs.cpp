// `roofscope summarize --jobs N` reads several files side by side and writes what one file after
// another writes, byte for byte, on stdout and stderr, with the same exit status: tables and
// JSON of each grouping over every fixture and shared sample, with a missing file among them.
#include "tests/cli/summarize_inputs.h"
#include "tests/support/summarize_runner.h"

#include <QDir>
#include <QtTest>

using summarize_test::Run;

namespace {

// Every fixture of each kind, the shared samples when present, and a file that is not there
// (third, so that files after it still come out).
QStringList inputs() {
    QStringList files = cli_test::summarizeInputs();
    const QDir data(QStringLiteral(ROOFSCOPE_TEST_DATA));
    files.insert(std::min<qsizetype>(2, files.size()),
                 data.filePath(QStringLiteral("missing.json")));
    return files;
}

} // namespace

class TestCliSummarizeJobs : public QObject {
    Q_OBJECT
    summarize_test::Runner runner_;

  private slots:
    void sameOutputWhateverTheJobs_data() {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("table, kernel") << QStringList{};
        QTest::newRow("table, op, all rows") << QStringList{"--group", "op", "--top", "0"};
        QTest::newRow("json, kernel") << QStringList{"--json"};
        QTest::newRow("json, launch") << QStringList{"--json", "--group", "launch"};
    }
    void sameOutputWhateverTheJobs() {
        QFETCH(QStringList, options);
        const QStringList files = inputs();
        const Run one = runner_.run(files + options + QStringList{"--jobs", "1"});
        QCOMPARE(one.exitCode, 1); // the missing file
        QVERIFY(one.err.contains(QStringLiteral("missing.json")));
        QVERIFY(!one.out.isEmpty());
        for (const char* jobs : {"2", "3", "64"}) {
            const Run many = runner_.run(files + options + QStringList{"--jobs", jobs});
            QCOMPARE(many.exitCode, one.exitCode);
            QCOMPARE(many.err, one.err);
            QCOMPARE(many.out, one.out);
        }
        // And without --jobs: one per core, as memory allows.
        const Run automatic = runner_.run(files + options);
        QCOMPARE(automatic.out, one.out);
        QCOMPARE(automatic.err, one.err);
    }

    void jobsMustBeAPositiveNumber_data() {
        QTest::addColumn<QString>("value");
        QTest::newRow("zero") << QStringLiteral("0");
        QTest::newRow("word") << QStringLiteral("many");
        QTest::newRow("negative") << QStringLiteral("-2");
    }
    void jobsMustBeAPositiveNumber() {
        QFETCH(QString, value);
        const Run r = runner_.run(
            {QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json"), "--jobs", value});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--jobs needs a number of files, at least 1")),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_MAIN(TestCliSummarizeJobs)
#include "test_cli_summarize_jobs.moc"
