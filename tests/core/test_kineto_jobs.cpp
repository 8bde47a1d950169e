// Which files given together become one job (kineto_jobs.h). Each row lists the files as
// rank/world size@device and the jobs expected, as the indices of their files.
#include "core/import/kineto/kineto_jobs.h"

#include <QtTest>

#include <sstream>

using namespace roofscope;

namespace {

// "0/2@A100 1/2@A100" -> two files.
MultiRankTrace files(const QString& spec) {
    MultiRankTrace trace;
    int i = 0;
    for (const QString& file : spec.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QStringList at = file.split(QLatin1Char('@'));
        const QStringList rw = at[0].split(QLatin1Char('/'));
        LoadedTrace t;
        t.path = "/traces/f" + std::to_string(i++) + ".json";
        t.analysis.context.rank = rw[0].toInt();
        t.analysis.context.worldSize = rw[1].toInt();
        t.analysis.deviceName = at.size() > 1 ? at[1].toStdString() : std::string();
        t.analysis.warnings = {"warning of " + t.path};
        trace.ranks.push_back(std::move(t));
    }
    return trace;
}

// "0,1 2" -> job of f0 and f1, job of f2.
QString jobsOf(const TraceJobs& jobs) {
    QStringList out;
    for (const auto& job : jobs.jobs) {
        QStringList members;
        for (const auto& rank : job.ranks)
            members.append(QString::fromStdString(rank.path).mid(9).chopped(5));
        out.append(members.join(QLatin1Char(',')));
    }
    return out.join(QLatin1Char(' '));
}

} // namespace

class TestKinetoJobs : public QObject {
    Q_OBJECT
  private slots:
    void split_data() {
        QTest::addColumn<QString>("files");
        QTest::addColumn<QString>("jobs");
        QTest::addColumn<QString>("said");
        QTest::newRow("one file") << "0/1@H100"
                                  << "0"
                                  << "";
        // Two ranks of one 2-rank job on one device: merged.
        QTest::newRow("ddp pair") << "1/2@A100 0/2@A100"
                                  << "0,1"
                                  << "2 files opened as one job: ranks 0 and 1 of 2, A100";
        // The same model traced on two GPUs, each a single process: two runs.
        QTest::newRow("h100 and mi300x")
            << "0/1@H100 0/1@MI300X"
            << "0 1"
            << "2 files opened as 2 runs, not one job: f0.json (rank 0 of 1, H100); f1.json "
               "(rank 0 of 1, MI300X) (the files of a job are distinct ranks of one world size "
               "on one model of device)";
        // Single-process runs never merge, even on one device.
        QTest::newRow("two runs, one device") << "0/1@H100 0/1@H100"
                                              << "0 1"
                                              << "*";
        // The same rank twice: two runs of one job, each with its own ranks.
        QTest::newRow("two runs of a job") << "0/2@A100 1/2@A100 0/2@A100 1/2@A100"
                                           << "0,1 2,3"
                                           << "*";
        // Distinct ranks but different world sizes or devices.
        QTest::newRow("world sizes differ") << "0/2@A100 1/4@A100"
                                            << "0 1"
                                            << "*";
        QTest::newRow("devices differ") << "0/2@A100 1/2@H100"
                                        << "0 1"
                                        << "*";
        // A sampled job names no device on any rank: still one job.
        QTest::newRow("no device named")
            << "0/128 1/128"
            << "0,1"
            << "2 files opened as one job: ranks 0 and 1 of 128, no device named";
        // A rank outside its world size is not a rank of it.
        QTest::newRow("rank past world size") << "0/2@A100 2/2@A100"
                                              << "0 1"
                                              << "*";
        // A lone file between the ranks of a job does not break the job.
        QTest::newRow("interleaved") << "0/2@A100 0/1@H100 1/2@A100"
                                     << "0,2 1"
                                     << "*";
    }
    void split() {
        QFETCH(QString, files);
        QFETCH(QString, jobs);
        QFETCH(QString, said);
        const MultiRankTrace given = ::files(files);
        const TraceJobs split = splitIntoJobs(given);
        QCOMPARE(jobsOf(split), jobs);
        if (said != QStringLiteral("*"))
            QCOMPARE(QString::fromStdString(split.said), said);
        else
            QVERIFY(split.said.find(" runs, not one job") != std::string::npos);
        // Each job keeps its files' warnings, in their order, and nothing else.
        for (const auto& job : split.jobs) {
            QCOMPARE(job.warnings.size(), job.ranks.size());
            for (std::size_t i = 0; i < job.ranks.size(); ++i)
                QCOMPARE(job.warnings[i], "warning of " + job.ranks[i].path);
        }
    }
};

QTEST_APPLESS_MAIN(TestKinetoJobs)
#include "test_kineto_jobs.moc"
