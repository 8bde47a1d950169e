// Whole-file reads and atomic writes on the file system's awkward cases: things that are not
// regular files (a FIFO must be refused at once, never waited on), symbolic links (saving over
// one keeps the link), the permissions of a replaced file, and relative paths.
#include "core/text_file.h"
#include "tests/support/document_test_support.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

std::string contentOf(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "<unreadable>";
    return f.readAll().toStdString();
}

bool writeRaw(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestTextFile : public QObject {
    Q_OBJECT

  private slots:
    void nonRegularFilesAreRefusedAtOnce_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("FIFO without a writer") << "fifo"
                                               << "is a FIFO (named pipe), not a regular file";
        QTest::newRow("endless character device") << "zero"
                                                  << "is a character device, not a regular file";
        QTest::newRow("socket") << "socket"
                                << "is a socket, not a regular file";
        QTest::newRow("directory") << "dir"
                                   << "is a directory, not a regular file";
    }
    void nonRegularFilesAreRefusedAtOnce() {
        QFETCH(QString, kind);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString path = dir.filePath(QStringLiteral("input.roofscope"));
        int sock = -1;
        if (kind == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (kind == QLatin1String("zero")) {
            path = QStringLiteral("/dev/zero");
        } else if (kind == QLatin1String("socket")) {
            sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
            QVERIFY(sock >= 0);
            sockaddr_un addr{};
            addr.sun_family = AF_UNIX;
            const QByteArray local = QFile::encodeName(path);
            QVERIFY(size_t(local.size()) < sizeof addr.sun_path);
            std::memcpy(addr.sun_path, local.constData(), size_t(local.size()));
            QCOMPARE(::bind(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
        } else {
            QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("input.roofscope")));
        }
        // No writer ever opens the FIFO: a blocking open would hang until the CTest timeout.
        const auto read = readTextFile(path.toStdString());
        if (sock >= 0)
            ::close(sock);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().where.file, path.toStdString());
        QCOMPARE(errorText(read.error()), path + QStringLiteral(": ") + fragment);
    }

    void writingOverALinkReplacesItsTarget_data() {
        QTest::addColumn<QString>("linkTarget"); // as stored in the link
        QTest::addColumn<bool>("targetExists");
        QTest::addColumn<bool>("chained");
        QTest::newRow("relative link") << "real/run.roofscope" << true << false;
        QTest::newRow("absolute link") << "@/real/run.roofscope" << true << false;
        QTest::newRow("link to a link") << "real/run.roofscope" << true << true;
        QTest::newRow("dangling link creates its target") << "real/run.roofscope" << false << false;
    }
    void writingOverALinkReplacesItsTarget() {
        QFETCH(QString, linkTarget);
        QFETCH(bool, targetExists);
        QFETCH(bool, chained);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("real")));
        const QString real = dir.filePath(QStringLiteral("real/run.roofscope"));
        if (targetExists)
            QVERIFY(writeRaw(real, "old"));
        linkTarget.replace(QLatin1Char('@'), dir.path());
        const QString link = dir.filePath(QStringLiteral("link.roofscope"));
        QCOMPARE(::symlink(QFile::encodeName(linkTarget).constData(),
                           QFile::encodeName(link).constData()),
                 0);
        QString written = link;
        if (chained) {
            written = dir.filePath(QStringLiteral("outer.roofscope"));
            QCOMPARE(::symlink("link.roofscope", QFile::encodeName(written).constData()), 0);
        }

        const Status status = writeFileAtomically(written.toStdString(), "new");
        QVERIFY2(status.ok(), status.ok() ? "" : status.error().toString().c_str());

        QCOMPARE(contentOf(real), std::string("new"));
        QVERIFY(QFileInfo(link).isSymLink());
        if (chained)
            QVERIFY(QFileInfo(written).isSymLink());
        // The temporary file went beside the target, and is gone.
        QCOMPARE(entriesOf(dir.filePath(QStringLiteral("real"))),
                 QStringList{QStringLiteral("run.roofscope")});
    }

    void aLinkLoopIsAnErrorNotAHang() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray a = QFile::encodeName(dir.filePath(QStringLiteral("a.roofscope")));
        const QByteArray b = QFile::encodeName(dir.filePath(QStringLiteral("b.roofscope")));
        QCOMPARE(::symlink(b.constData(), a.constData()), 0);
        QCOMPARE(::symlink(a.constData(), b.constData()), 0);
        const Status status = writeFileAtomically(a.toStdString(), "x");
        QVERIFY(!status.ok());
        QCOMPARE(status.error().where.file, a.toStdString());
        QVERIFY2(
            errorText(status.error()).contains(QStringLiteral("cannot follow the symbolic link")),
            qPrintable(errorText(status.error())));
        QCOMPARE(entriesOf(dir.path()),
                 (QStringList{QStringLiteral("a.roofscope"), QStringLiteral("b.roofscope")}));
    }

    void aReplacedFileKeepsItsPermissions_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("group readable") << 0640;
        QTest::newRow("private") << 0600;
        QTest::newRow("world readable") << 0644;
    }
    void aReplacedFileKeepsItsPermissions() {
        QFETCH(int, mode);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("shared.roofscope"));
        QVERIFY(writeRaw(path, "old"));
        const QByteArray local = QFile::encodeName(path);
        QCOMPARE(::chmod(local.constData(), mode_t(mode)), 0);
        // A umask that would give another mode to a new file.
        const mode_t previous = ::umask(077);
        const Status status = writeFileAtomically(path.toStdString(), "new");
        ::umask(previous);
        QVERIFY(status.ok());
        struct stat st {};
        QCOMPARE(::stat(local.constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 07777), mode);
        QCOMPARE(contentOf(path), std::string("new"));
    }

    void aBarePathWritesInTheWorkingFolder() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString previous = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        const Status status = writeFileAtomically("bare.roofscope", "content");
        QDir::setCurrent(previous);
        QVERIFY2(status.ok(), status.ok() ? "" : status.error().toString().c_str());
        QCOMPARE(contentOf(dir.filePath(QStringLiteral("bare.roofscope"))), std::string("content"));
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("bare.roofscope")});
    }

    void aRoundTripOfBinaryContentIsExact() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("bytes.bin")).toStdString();
        std::string bytes;
        for (int i = 0; i < 300000; ++i)
            bytes.push_back(char(i * 31 % 256));
        QVERIFY(writeFileAtomically(path, bytes).ok());
        const auto read = readTextFile(path);
        QVERIFY(read.ok());
        QVERIFY(read.value() == bytes);
    }
};

QTEST_GUILESS_MAIN(TestTextFile)
#include "test_text_file.moc"
