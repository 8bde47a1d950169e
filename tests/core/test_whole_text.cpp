// A file's whole text in place (core/import/whole_text.h): the mapping holds the file's bytes
// with writable room before and after them, pages handed back read as the file again, a file
// that shrinks under it reads as zeros and says so instead of killing the process, and a SIGBUS
// that is not about a guarded mapping still ends the process as it would have.

#include "core/import/byte_stream.h"
#include "core/import/whole_text.h"
#include "tests/support/gzip_test_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace roofscope;

namespace {

const std::size_t kPage = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));

// Bytes whose position can be told from their value, never zero.
std::string patterned(std::size_t size) {
    std::string s(size, '\0');
    for (std::size_t i = 0; i < size; ++i)
        s[i] = static_cast<char>('A' + (i * 7 + i / 4096) % 26);
    return s;
}

std::string writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& bytes) {
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    // One write, as a profiler's buffered writer does: the page cache then holds it in large
    // folios where the file system makes them.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return {};
    const bool written = ::write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size());
    ::close(fd);
    return written ? path : std::string();
}

std::unique_ptr<WholeText> mapPath(const std::string& path, std::uint64_t size) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return nullptr;
    auto text = mapWholeFile(fd, size);
    ::close(fd); // the mapping keeps the file
    return text;
}

} // namespace

class TestWholeText : public QObject {
    Q_OBJECT

  private slots:
    void mappedHoldsTheFile_data() {
        QTest::addColumn<qulonglong>("size");
        for (const std::size_t size :
             {std::size_t(0), std::size_t(1), kPage - 1, kPage, kPage + 1, 25 * kPage + 123})
            QTest::addRow("%zu bytes", size) << qulonglong(size);
    }
    void mappedHoldsTheFile() {
        QFETCH(qulonglong, size);
        QTemporaryDir dir;
        const std::string bytes = patterned(size);
        auto text = mapPath(writeFile(dir, "t.json", bytes), size);
        QVERIFY(text);
        QCOMPARE(text->size(), std::size_t(size));
        QVERIFY(std::string(text->data(), text->size()) == bytes);
        // The byte before and the padding after are the caller's: a parser writes '[' and ']'
        // there, and simdjson reads past the end.
        text->data()[-1] = '[';
        for (std::size_t i = 0; i < WholeText::kPadding; ++i)
            text->data()[size + i] = ' ';
        QCOMPARE(text->data()[-1], '[');
        QCOMPARE(text->data()[size + WholeText::kPadding - 1], ' ');
        QVERIFY(!text->changed());
    }

    // Writes stay in the process; released pages read as the file again, later ones as written.
    // Pages go back a few MiB at a time (each call interrupts the other cores), and all of
    // them once the end is reached. Written bytes there read as the file again; later ones keep
    // what was written.
    void releaseHandsBackPagesBefore() {
        QTemporaryDir dir;
        const std::size_t mib = std::size_t(1) << 20;
        const std::string bytes = patterned(24 * mib);
        const std::string path = writeFile(dir, "t.json", bytes);
        auto text = mapPath(path, bytes.size());
        QVERIFY(text);
        text->data()[0] = '[';
        text->data()[12 * mib] = ']';
        text->data()[20 * mib] = ']';
        text->release(kPage + 10); // too little to be worth a call: kept
        QCOMPARE(text->data()[0], '[');
        text->release(12 * mib + 10); // the pages before the one of byte 12 MiB + 10
        QCOMPARE(text->data()[0], bytes[0]);
        QCOMPARE(text->data()[12 * mib], ']');
        QCOMPARE(text->data()[20 * mib], ']');
        text->release(mib); // behind what was released: nothing
        QCOMPARE(text->data()[12 * mib], ']');
        text->release(bytes.size()); // the end: everything
        QCOMPARE(text->data()[12 * mib], bytes[12 * mib]);
        QCOMPARE(text->data()[20 * mib], bytes[20 * mib]);
        text.reset();
        auto again = mapPath(path, bytes.size());
        QVERIFY(std::string(again->data(), again->size()) == bytes); // the file never changed
    }

    // Read front to back with what is parsed released behind, as the reader does: nothing
    // before the last release stays resident. (A fault in a large page-cache folio maps its
    // pages before the fault too: releasing only what was not released before left half of
    // every 2 MiB folio of the bench's freshly written 315 MB trace resident. This file's folios
    // may be smaller than that, so the test may pass without the slack that fixed it.)
    void readBehindReleaseLeavesNothingResident() {
        QTemporaryDir dir;
        const std::string bytes = patterned(24 << 20);
        auto text = mapPath(writeFile(dir, "t.json", bytes), bytes.size());
        QVERIFY(text);
        unsigned long sum = 0;
        const std::size_t batch = (512 << 10) - 100;
        for (std::size_t start = 1; start + batch < bytes.size(); start += batch) {
            char* b = text->data();
            b[start - 1] = '['; // the reader's brackets: written pages become private
            const char saved = b[start + batch];
            b[start + batch] = ']';
            for (std::size_t at = start; at < start + batch; at += 64)
                sum += static_cast<unsigned char>(b[at]);
            b[start + batch] = saved;
            text->release(start + batch);
        }
        text->release(bytes.size());
        QVERIFY(sum > 0);
        const int pagemap = ::open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
        if (pagemap < 0)
            QSKIP("no /proc/self/pagemap");
        std::vector<std::uint64_t> entries(bytes.size() / kPage);
        const auto first = reinterpret_cast<std::uintptr_t>(text->data()) / kPage;
        const ssize_t got =
            ::pread(pagemap, entries.data(), entries.size() * 8, static_cast<off_t>(first * 8));
        ::close(pagemap);
        QCOMPARE(got, static_cast<ssize_t>(entries.size() * 8));
        std::size_t resident = 0;
        for (const std::uint64_t e : entries)
            resident += (e >> 63) & 1;
        QCOMPARE(resident, std::size_t(0));
    }

    // A file truncated while it is mapped: its pages past the new end read as zeros and the
    // text says it changed; the process goes on.
    void shrinkingFileReadsAsZeros() {
        QTemporaryDir dir;
        const std::string bytes = patterned(6 * kPage);
        const std::string path = writeFile(dir, "t.json", bytes);
        auto text = mapPath(path, bytes.size());
        QVERIFY(text);
        QCOMPARE(text->data()[0], bytes[0]);
        QVERIFY(::truncate(path.c_str(), static_cast<off_t>(kPage)) == 0);
        QCOMPARE(text->data()[0], bytes[0]);
        QVERIFY(!text->changed());
        QCOMPARE(text->data()[4 * kPage + 5], '\0');
        QVERIFY(text->changed());
        QCOMPARE(text->data()[5 * kPage], '\0');
    }

    // The handler is for the guarded mappings only: a SIGBUS elsewhere (another mapping that
    // lost its file) still ends the process with SIGBUS, as it would without the guard.
    void otherSigbusStillEndsTheProcess() {
        QTemporaryDir dir;
        const std::string guarded = writeFile(dir, "g.json", patterned(2 * kPage));
        const std::string other = writeFile(dir, "o.bin", patterned(4 * kPage));
        auto text = mapPath(guarded, 2 * kPage); // installs the handler
        QVERIFY(text);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            const int fd = ::open(other.c_str(), O_RDONLY);
            auto* p = static_cast<volatile char*>(
                ::mmap(nullptr, 4 * kPage, PROT_READ, MAP_PRIVATE, fd, 0));
            if (p == MAP_FAILED || ::truncate(other.c_str(), 0) != 0)
                ::_exit(3);
            const char c = p[3 * kPage]; // past the end: SIGBUS
            ::_exit(c == 0 ? 4 : 5);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(WIFSIGNALED(status), qPrintable(QString("exit %1").arg(WEXITSTATUS(status))));
        QCOMPARE(WTERMSIG(status), SIGBUS);
    }

    void copiedHoldsTheBytes() {
        const std::string bytes = patterned(1000);
        auto text = copyWholeText(bytes);
        QVERIFY(std::string(text->data(), text->size()) == bytes);
        text->data()[-1] = '[';
        text->data()[1000 + WholeText::kPadding - 1] = ']';
        text->release(1000);
        QVERIFY(std::string(text->data(), text->size()) == bytes);
        QVERIFY(!text->changed());
    }

    // Which streams give their text in place: plain files and memory, before any read, within
    // the size limit; never gzip.
    void streamsThatGiveTheirText() {
        QTemporaryDir dir;
        const std::string bytes = "{\"traceEvents\": []}";
        const std::string plain = writeFile(dir, "p.json", bytes);
        auto stream = openByteStream(plain);
        QVERIFY(stream.ok());
        WholeText* whole = stream.value()->whole();
        QVERIFY(whole);
        QVERIFY(std::string(whole->data(), whole->size()) == bytes);
        QCOMPARE(stream.value()->whole(), whole); // the same one, owned by the stream

        auto read = openByteStream(plain);
        char buffer[4];
        QVERIFY(read.value()->read(buffer, sizeof buffer).ok());
        QVERIFY(!read.value()->whole()); // partly read: the rest comes by read()

        ByteStreamLimits small;
        small.maxOutputBytes = 4;
        QVERIFY(!openByteStream(plain, small).value()->whole()); // read() says where it stops

        const std::string gz = writeFile(dir, "p.json.gz", testing::gzip(bytes));
        QVERIFY(!openByteStream(gz).value()->whole());
        QVERIFY(memoryByteStream(bytes, "m.json")->whole());
        QVERIFY(!memoryByteStream(testing::gzip(bytes), "m.json.gz")->whole());
    }
};

// Without Qt Test's crash handler, so that a SIGBUS the guard passes on meets the default action
// (Qt's handler would try to attach a debugger to the child of otherSigbusStillEndsTheProcess).
int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    TestWholeText test;
    QStringList args = app.arguments();
    args.insert(1, "-nocrashhandler");
    return QTest::qExec(&test, args);
}
#include "test_whole_text.moc"
