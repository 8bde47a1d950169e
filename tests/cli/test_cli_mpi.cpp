// `roofscope summarize` under mpirun with 2 and 3 local ranks writes what the single process
// writes, byte for byte, on stdout and stderr (tables, JSON of each grouping, a file that fails),
// and says why when the MPI module cannot be loaded. Skips without MPI in the build or mpirun.
#include "roofscope_features.h"
#include "tests/cli/summarize_inputs.h"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

namespace {

constexpr int kTimeoutMs = 50000;

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run run(const QStringList& command, const QProcessEnvironment& env) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(command.first(), command.mid(1));
    Run r;
    if (!p.waitForStarted() || !p.waitForFinished(kTimeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "did not finish: " + command.join(' ').toUtf8();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// stderr without mpirun's own report of a rank's non-zero exit (a block between dashed lines).
QByteArray withoutLauncherNotes(const QByteArray& err) {
    QByteArray kept;
    bool inNote = false;
    for (const QByteArray& line : err.split('\n')) {
        if (line.startsWith("-----")) {
            inNote = !inNote;
            continue;
        }
        if (!inNote && !line.isEmpty())
            kept += line + '\n';
    }
    return kept;
}

QStringList inputs() {
    return cli_test::summarizeInputs();
}

} // namespace

class TestCliMpi : public QObject {
    Q_OBJECT

    QString mpirun_;
    QProcessEnvironment env_ = QProcessEnvironment::systemEnvironment();

  private slots:
    void initTestCase() {
        if constexpr (!roofscope::features::kMpi)
            QSKIP("this build has no MPI (not found, or ROOFSCOPE_WITH_MPI=OFF)");
        mpirun_ = QStandardPaths::findExecutable("mpirun");
        if (mpirun_.isEmpty())
            QSKIP("mpirun is not on PATH");
        // More ranks than cores, containers that run as root, no user catalog to differ.
        env_.insert("OMPI_MCA_rmaps_base_oversubscribe", "1");
        env_.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");
        env_.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        env_.insert("ROOFSCOPE_USER_CATALOG", QDir::temp().filePath("roofscope-no-catalog"));
    }

    void sameOutputAsOneProcess_data() {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<bool>("withMissingFile");
        // Each row runs the single process and mpirun over every input (about 4 s here).
        QTest::newRow("2 ranks, JSON by kernel") << 2 << QStringList{"--json"} << false;
        QTest::newRow("3 ranks, JSON by op, an A100's ceilings")
            << 3 << QStringList{"--json", "--group", "op", "--device", "nvidia-a100-sxm4-80gb"}
            << false;
        QTest::newRow("2 ranks, JSON by launch, a file missing")
            << 2 << QStringList{"--json", "--group", "launch"} << true;
        QTest::newRow("3 ranks, tables, a file missing") << 3 << QStringList{"--top", "8"} << true;
        // Each rank reads its own files two at a time.
        QTest::newRow("2 ranks, 2 jobs each, JSON, a file missing")
            << 2 << QStringList{"--json", "--jobs", "2"} << true;
    }
    void sameOutputAsOneProcess() {
        QFETCH(int, ranks);
        QFETCH(QStringList, options);
        QFETCH(bool, withMissingFile);
        QStringList args{QStringLiteral("summarize")};
        args << inputs();
        QVERIFY(args.size() > 5);
        if (withMissingFile)
            args.insert(3, QDir::temp().filePath("roofscope-test-no-such-trace.json"));
        args << options;
        const Run one = run(QStringList{ROOFSCOPE_BINARY} + args, env_);
        const Run many =
            run(QStringList{mpirun_, "-np", QString::number(ranks), ROOFSCOPE_BINARY} + args, env_);
        // Some fixtures are damaged on purpose, so the status is the single process's, whatever.
        if (withMissingFile)
            QCOMPARE(one.exitCode, 1);
        QVERIFY2(many.exitCode == one.exitCode, many.err.constData());
        QVERIFY2(one.out.size() > 1000, one.err.constData());
        QVERIFY2(many.out == one.out, "stdout differs from the single process's");
        QCOMPARE(withoutLauncherNotes(many.err), one.err);
        if (withMissingFile)
            QVERIFY(one.err.contains("roofscope-test-no-such-trace.json"));
    }

    void missingModuleIsSaidOnce() {
        QProcessEnvironment env = env_;
        const QString none = QDir::temp().filePath("roofscope-no-mpi-module.so");
        env.insert("ROOFSCOPE_MPI_MODULE", none);
        const Run r = run({mpirun_, "-np", "2", ROOFSCOPE_BINARY, "summarize",
                           QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json")},
                          env);
        QVERIFY(r.exitCode != 0);
        QVERIFY(r.out.isEmpty());
        const QByteArray said = withoutLauncherNotes(r.err);
        QCOMPARE(said.count("the MPI module cannot be loaded"), 1);
        QVERIFY2(said.contains(none.toUtf8()), said.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliMpi)
#include "test_cli_mpi.moc"
