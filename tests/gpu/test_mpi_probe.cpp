// roofscope-probe under mpirun with two local ranks, end to end: every rank measures its CPU, both
// measure an all-reduce between them over MPI, and rank 0 alone writes the progress stream and
// one ceilings file holding each rank's device and the cluster device. Skips when the build has
// no MPI or mpirun is not on PATH.
#include "core/ceilings_file.h"
#include "core/probe_events.h"
#include "roofscope_features.h"

#include <QtTest>

#include <algorithm>

using namespace roofscope;

class TestMpiProbe : public QObject {
    Q_OBJECT

  private slots:
    void twoLocalRanksWriteOneClusterFile() {
        if constexpr (!features::kMpi)
            QSKIP("this build has no MPI (not found, or ROOFSCOPE_WITH_MPI=OFF)");
        const QString mpirun = QStandardPaths::findExecutable("mpirun");
        if (mpirun.isEmpty())
            QSKIP("mpirun is not on PATH");

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString output = dir.filePath("cluster.json");
        QProcess probe;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // Two ranks on a machine that may have fewer cores, and containers that run as root.
        env.insert("OMPI_MCA_rmaps_base_oversubscribe", "1");
        env.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");
        env.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        probe.setProcessEnvironment(env);
        probe.start(mpirun, {"--oversubscribe", "--allow-run-as-root", "-np", "2",
                             ROOFSCOPE_PROBE_BINARY, "--cpu", "--quick", "--only",
                             "cpu_fma_fp64,cluster_all_reduce", "-o", output});
        QVERIFY2(probe.waitForStarted(), qPrintable(probe.errorString()));
        if (!probe.waitForFinished(50'000)) {
            probe.kill();
            probe.waitForFinished();
            QFAIL(qPrintable("mpirun did not finish within 50 s:\n" + probe.readAll()));
        }
        const QByteArray out = probe.readAllStandardOutput();
        const QByteArray err = probe.readAllStandardError();
        const QByteArray both = "stdout:\n" + out + "\nstderr:\n" + err;
        QCOMPARE(probe.exitStatus(), QProcess::NormalExit);
        QVERIFY2(probe.exitCode() == 0, both.constData());

        // Rank 0 alone writes the stream: one hello, one done.
        int hellos = 0, dones = 0;
        std::int64_t lineNumber = 0;
        for (const QByteArray& line : out.split('\n')) {
            ++lineNumber;
            if (line.trimmed().isEmpty())
                continue;
            const auto event = parseProbeEvent(line.toStdString(), lineNumber, "probe stdout");
            QVERIFY2(event.ok(), event.ok() ? "" : event.error().toString().c_str());
            hellos += event.value().type == ProbeEventType::hello;
            dones += event.value().type == ProbeEventType::done;
        }
        QVERIFY2(hellos == 1 && dones == 1, both.constData());

        const auto devices = readCeilingsFile(output.toStdString());
        QVERIFY2(devices.ok(), devices.ok() ? "" : devices.error().toString().c_str());
        const auto& all = devices.value();
        const auto cluster = std::find_if(
            all.begin(), all.end(), [](const Device& d) { return d.id.starts_with("cluster-"); });
        QVERIFY2(cluster != all.end(), "no cluster device in the file");
        QVERIFY2(all.size() >= 3, "expected a device per rank besides the cluster device");
        QVERIFY(cluster->kind == DeviceKind::cpu);
        QVERIFY(cluster->ceilings.compute.count({Precision::fp64, ComputeUnit::vector}));
        const auto link = cluster->ceilings.linkFor(Link::intra_node);
        QVERIFY2(link && link->value > 0, "the cluster device has no intra_node link");
        QVERIFY2(link->provenance.method.find("MPI_Allreduce") != std::string::npos,
                 link->provenance.method.c_str());
    }
};

QTEST_GUILESS_MAIN(TestMpiProbe)
#include "test_mpi_probe.moc"
