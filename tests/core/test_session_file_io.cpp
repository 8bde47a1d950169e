// The session document on disk: written atomically (no temporary file left, the umask
// honoured, failures named), never written when the reader would refuse it, and read failures
// with the file named. In-memory round trips: test_session_file.cpp.
#include "core/text_file.h"
#include "tests/support/session_fixture.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace roofscope;
using namespace roofscope::testing;

class TestSessionFileIo : public QObject {
    Q_OBJECT

  private slots:
    void roundTripThroughFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("run.roofscope")).toStdString();
        const Session s = richSession();
        const Status written = writeSessionFile(path, s);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().toString().c_str());
        const auto read = readSessionFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        QVERIFY(read.value() == s);
        const auto bytes = readTextFile(path);
        QVERIFY(bytes.ok());
        QCOMPARE(bytes.value(), serializeSession(s));
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("run.roofscope")});
    }

    void writeReplacesAnExistingFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString qpath = dir.filePath(QStringLiteral("run.roofscope"));
        const std::string path = qpath.toStdString();
        {
            QFile old(qpath);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write(QByteArray(200000, 'x')); // longer than the new content
        }
        Session first = richSession();
        QVERIFY(writeSessionFile(path, first).ok());
        Session second = richSession();
        second.datasets.pop_back();
        second.view.selection = {{0, 0}};
        second.devices[0].name = "renamed";
        QVERIFY(writeSessionFile(path, second).ok());
        const auto read = readSessionFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        QVERIFY(read.value() == second);
        QCOMPARE(QFileInfo(qpath).size(), qint64(serializeSession(second).size()));
        // No temporary file is left beside it.
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("run.roofscope")});
    }

    void writeIntoAMissingFolderFails() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path =
            dir.filePath(QStringLiteral("no/such/folder/run.roofscope")).toStdString();
        Status written;
        try {
            written = writeSessionFile(path, richSession());
        } catch (...) {
            QFAIL("writeSessionFile threw");
        }
        QVERIFY(!written.ok());
        QCOMPARE(written.error().where.file, path);
        const QString text = errorText(written.error());
        QVERIFY2(text.startsWith(QString::fromStdString(path) + ": "), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("No such file or directory")), qPrintable(text));
        QCOMPARE(entriesOf(dir.path()), QStringList{});
    }

    void writeOverADirectoryFails() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("taken.roofscope")));
        const std::string path = dir.filePath(QStringLiteral("taken.roofscope")).toStdString();
        const Status written = writeSessionFile(path, richSession());
        QVERIFY(!written.ok());
        QCOMPARE(written.error().where.file, path);
        QVERIFY(errorText(written.error()).contains(QStringLiteral("cannot replace")));
        // The temporary file was removed again.
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("taken.roofscope")});
    }

    void writtenFileHonoursTheUmask_data() {
        QTest::addColumn<int>("mask");
        QTest::addColumn<int>("expectedMode");
        QTest::newRow("022") << 022 << 0644;
        QTest::newRow("002") << 002 << 0664;
        QTest::newRow("077") << 077 << 0600;
    }
    void writtenFileHonoursTheUmask() {
        QFETCH(int, mask);
        QFETCH(int, expectedMode);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("perm.roofscope")).toStdString();
        const mode_t previous = ::umask(static_cast<mode_t>(mask));
        const Status written = writeSessionFile(path, richSession());
        ::umask(previous);
        QVERIFY(written.ok());
        struct stat st {};
        QCOMPARE(::stat(path.c_str(), &st), 0);
        QCOMPARE(int(st.st_mode & 07777), expectedMode);
    }

    void readFailures_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("missing file") << "does-not-exist.roofscope"
                                      << "cannot open: No such file or directory";
        QTest::newRow("a directory") << "folder.roofscope"
                                     << "is a directory, not a regular file";
    }
    void readFailures() {
        QFETCH(QString, name);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.roofscope")));
        const std::string path = dir.filePath(name).toStdString();
        const auto read = readSessionFile(path);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().where.file, path);
        QCOMPARE(read.error().where.line, std::int64_t(0));
        QCOMPARE(errorText(read.error()),
                 QString::fromStdString(path) + QStringLiteral(": ") + fragment);
    }

    void oversizedDocumentIsRefused() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString qpath = dir.filePath(QStringLiteral("big.roofscope"));
        QFile f(qpath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(1000, ' '));
        f.close();
        const auto read = readTextFile(qpath.toStdString(), 999);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().where.file, qpath.toStdString());
        QVERIFY(errorText(read.error())
                    .contains(QStringLiteral("file is 1000 bytes, more than the 999 bytes")));
        QVERIFY(readTextFile(qpath.toStdString(), 1000).ok());
    }

    // The writer refuses what the reader would refuse, so a save can never replace a good file
    // with one that does not open again.
    void aSessionTheReaderWouldRefuseIsNotWritten_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("rank beyond the world size") << "rank"
                                                    << "/datasets/0/context"
                                                    << "rank 9 does not fit world size 8";
        QTest::newRow("spec ceiling without its source")
            << "source"
            << "/devices/0/compute/1/provenance/source_url"
            << "a spec ceiling needs the URL of its source";
        QTest::newRow("record launched zero times") << "count"
                                                    << "/datasets/0/records/0/count"
                                                    << "must be at least 1";
        QTest::newRow("selection of a record that is gone")
            << "selection"
            << "/view/selection/0"
            << "selection refers to a record that does not exist";
    }
    void aSessionTheReaderWouldRefuseIsNotWritten() {
        QFETCH(QString, damage);
        QFETCH(QString, pointer);
        QFETCH(QString, fragment);
        Session bad = richSession();
        if (damage == QLatin1String("rank"))
            bad.datasets[0].context.rank = 9;
        else if (damage == QLatin1String("source"))
            bad.devices[0]
                .ceilings.compute[{Precision::fp16, ComputeUnit::tensor}]
                .provenance.sourceUrl.clear();
        else if (damage == QLatin1String("count"))
            bad.datasets[0].records[0].count = 0;
        else
            bad.view.selection = {{1, 5}};

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString qpath = dir.filePath(QStringLiteral("run.roofscope"));
        const std::string path = qpath.toStdString();
        QVERIFY(writeSessionFile(path, richSession()).ok());
        const std::string good = serializeSession(richSession());

        const Status written = writeSessionFile(path, bad);
        QVERIFY(!written.ok());
        const Error& e = written.error();
        QCOMPARE(e.where.file, path);
        QCOMPARE(QString::fromStdString(e.where.path), pointer);
        // Nothing was written, so a line in it would point nowhere.
        QCOMPARE(e.where.line, std::int64_t(0));
        const QString text = errorText(e);
        QVERIFY2(text.contains(QStringLiteral("not saved, because it would not open again")),
                 qPrintable(text));
        QVERIFY2(text.contains(fragment), qPrintable(text));
        // The good file is untouched and nothing is left beside it.
        const auto kept = readTextFile(path);
        QVERIFY(kept.ok());
        QVERIFY(kept.value() == good);
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("run.roofscope")});
    }
};

QTEST_APPLESS_MAIN(TestSessionFileIo)
#include "test_session_file_io.moc"
