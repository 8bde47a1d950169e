// Autosave and crash recovery, in a throwaway QStandardPaths location: the window writes its
// session only after a change, the file reads back as the same session, saving and a clean close
// remove it, and at start a file left by a process that no longer runs (a crash) is offered and
// restores the same session, while the file of an explorer still running is left alone.
#include "core/session_file.h"
#include "tests/support/record_fixture.h"
#include "ui/autosave.h"
#include "ui/autosave_files.h"
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/recovery_prompt.h"

#include <QColor>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;

namespace {

enum class Edit { none, hide, rename, colour, remove, measure };

void apply(ui::MainWindow& window, Edit edit) {
    switch (edit) {
    case Edit::none:
        break;
    case Edit::hide:
        window.setDatasetVisible(0, false);
        break;
    case Edit::rename:
        window.renameDataset(1, QStringLiteral("baseline"));
        break;
    case Edit::colour:
        window.setDatasetColor(0, QColor(0x12, 0x34, 0x56));
        break;
    case Edit::remove:
        window.removeDataset(0);
        break;
    case Edit::measure: {
        Device measured = testing::savableRoundSession().devices[0];
        measured.id = "this-machine";
        window.addMeasuredDevices({measured}, {});
        break;
    }
    }
}

// A process that runs until killed, standing for another explorer.
struct OtherProcess {
    QProcess process;
    ui::ProcessStamp stamp;
    OtherProcess() {
        process.start(QStringLiteral("sleep"), {QStringLiteral("60")});
        if (process.waitForStarted())
            stamp = ui::runningProcess(process.processId()).value_or(ui::ProcessStamp{});
    }
    void end() {
        process.kill();
        process.waitForFinished();
    }
    ~OtherProcess() { end(); }
};

QString orphanPath(const ui::ProcessStamp& owner) {
    return ui::autosaveFolder() + QLatin1Char('/') + ui::autosaveFileName(owner);
}

// An autosave `owner` left: the fixture session with a dataset hidden and one renamed.
Session writeAutosave(const ui::ProcessStamp& owner) {
    Session s = testing::savableRoundSession();
    s.datasets[1].context.label = "recovered run";
    s.view.hiddenDatasets = {"run A"};
    QDir().mkpath(ui::autosaveFolder());
    const Status status = writeSessionFile(orphanPath(owner).toStdString(), s);
    if (!status)
        qFatal("fixture: %s", status.error().toString().c_str());
    return s;
}

ui::RecoveryPrompt* prompt(const ui::MainWindow& window) {
    return window.findChild<ui::RecoveryPrompt*>(QStringLiteral("recoveryPrompt"));
}

} // namespace

Q_DECLARE_METATYPE(Edit)

class TestAutosave : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        // Never the user's autosaves or settings.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("roofscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("test_autosave"));
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        QVERIFY2(ui::autosaveFolder().contains(QStringLiteral(".qttest")),
                 qPrintable(ui::autosaveFolder()));
    }

    void init() {
        QDir(ui::autosaveFolder()).removeRecursively();
        QSettings().clear();
    }

    void cleanupTestCase() { QDir(ui::autosaveFolder()).removeRecursively(); }

    void fileNamesNameTheirProcess_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("autosave");
        QTest::addColumn<qint64>("pid");
        QTest::addColumn<qint64>("start");
        QTest::newRow("autosave") << "session-4242-977" << true << qint64(4242) << qint64(977);
        QTest::newRow("no start time") << "session-17-0" << true << qint64(17) << qint64(0);
        // The temporary file of an atomic write, and whatever else lands in the folder.
        QTest::newRow("atomic write")
            << ".session-4242-977.roofscope.Ab12Cd" << false << qint64(0) << qint64(0);
        QTest::newRow("saved by the user") << "my run" << false << qint64(0) << qint64(0);
        QTest::newRow("pid 0") << "session-0-5" << false << qint64(0) << qint64(0);
    }

    void fileNamesNameTheirProcess() {
        QFETCH(QString, name);
        QFETCH(bool, autosave);
        QFETCH(qint64, pid);
        QFETCH(qint64, start);
        if (autosave)
            name += QStringLiteral(".roofscope");
        const auto stamp = ui::stampOfAutosaveFile(name);
        QCOMPARE(stamp.has_value(), autosave);
        if (stamp) {
            QCOMPARE(stamp->pid, pid);
            QCOMPARE(stamp->start, start);
            QCOMPARE(ui::autosaveFileName(*stamp), name);
        }
    }

    void writesOnlyAfterAChange_data() {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<bool>("written");
        QTest::newRow("nothing changed") << Edit::none << false;
        QTest::newRow("dataset hidden") << Edit::hide << true;
        QTest::newRow("dataset renamed") << Edit::rename << true;
        QTest::newRow("dataset coloured") << Edit::colour << true;
        QTest::newRow("dataset removed") << Edit::remove << true;
        QTest::newRow("device measured") << Edit::measure << true;
    }

    void writesOnlyAfterAChange() {
        QFETCH(Edit, edit);
        QFETCH(bool, written);
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(testing::savableRoundSession(), QStringLiteral("fixture.roofscope"));
        ui::Autosaver* autosaver = window.autosaver();
        QVERIFY(autosaver);
        QCOMPARE(autosaver->interval(), std::chrono::milliseconds(ui::Autosaver::kDefaultInterval));
        QVERIFY(autosaver->filePath().startsWith(ui::autosaveFolder()));
        apply(window, edit);
        QCOMPARE(autosaver->isDirty(), written);
        QVERIFY(autosaver->saveNow().ok());
        QCOMPARE(QFile::exists(autosaver->filePath()), written);
        // Written once per change: with nothing new, the next tick leaves the folder alone.
        QFile::remove(autosaver->filePath());
        QVERIFY(autosaver->saveNow().ok());
        QVERIFY(!QFile::exists(autosaver->filePath()));
    }

    void theFileReadsBackAsTheSession() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(testing::savableRoundSession(), QStringLiteral("fixture.roofscope"));
        apply(window, Edit::hide);
        apply(window, Edit::colour);
        // The timer, not only saveNow, writes it.
        window.autosaver()->setInterval(std::chrono::milliseconds(20));
        QTRY_VERIFY(QFile::exists(window.autosaver()->filePath()));
        QVERIFY(!window.autosaver()->isDirty());
        const auto read = readSessionFile(window.autosaver()->filePath().toStdString());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        QVERIFY(read.value() == window.session());
    }

    void savingOrClosingRemovesTheFile_data() {
        QTest::addColumn<bool>("close");
        QTest::newRow("saved") << false;
        QTest::newRow("closed") << true;
    }

    void savingOrClosingRemovesTheFile() {
        QFETCH(bool, close);
        QTemporaryDir dir;
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(testing::savableRoundSession(), QStringLiteral("fixture.roofscope"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        apply(window, Edit::rename);
        QVERIFY(window.autosaver()->saveNow().ok());
        const QString path = window.autosaver()->filePath();
        QVERIFY(QFile::exists(path));
        if (close)
            QVERIFY(window.close());
        else
            QVERIFY(window.saveSession(dir.filePath(QStringLiteral("kept.roofscope"))));
        QVERIFY(!QFile::exists(path));
        QVERIFY(!window.autosaver()->isDirty());
    }

    void anOrphanIsOfferedAndTheChoiceDecides_data() {
        QTest::addColumn<bool>("pidReused");
        QTest::addColumn<QString>("button");
        QTest::addColumn<bool>("restored");
        QTest::addColumn<bool>("kept");
        QTest::newRow("dead process, restore") << false << "restoreButton" << true << false;
        QTest::newRow("dead process, discard") << false << "discardButton" << false << false;
        QTest::newRow("dead process, not now") << false << "notNowButton" << false << true;
        // The pid runs again, but it is another process: its start time differs.
        QTest::newRow("pid reused, restore") << true << "restoreButton" << true << false;
    }

    void anOrphanIsOfferedAndTheChoiceDecides() {
        QFETCH(bool, pidReused);
        QFETCH(QString, button);
        QFETCH(bool, restored);
        QFETCH(bool, kept);
        ui::ProcessStamp owner;
        if (pidReused) {
            owner = ui::currentProcess();
            if (owner.start == 0)
                QSKIP("no process start times on this platform");
            owner.start += 1;
        } else {
            OtherProcess crashed;
            QVERIFY(crashed.stamp.pid > 0);
            owner = crashed.stamp;
            crashed.end();
        }
        QVERIFY(!ui::isRunning(owner));
        const Session orphan = writeAutosave(owner);

        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(prompt(window) && prompt(window)->isVisible());
        QCOMPARE(prompt(window)->orphan().path, QFileInfo(orphanPath(owner)).absoluteFilePath());
        auto* choice = prompt(window)->findChild<QPushButton*>(button);
        QVERIFY(choice);
        choice->click();
        QTRY_VERIFY(!prompt(window));
        // The same session as the window makes of it when it opens it (it may normalise the
        // view), not the same bytes.
        ui::MainWindow reference(ui::loadCatalog(nullptr));
        reference.setSession(orphan);
        QCOMPARE(window.session() == reference.session(), restored);
        QCOMPARE(QFile::exists(orphanPath(owner)), kept);
        if (restored) {
            QVERIFY2(window.windowTitle().contains(QStringLiteral("Recovered")),
                     qPrintable(window.windowTitle()));
            // Already saved again under this process: a second crash loses nothing either.
            const auto mine = readSessionFile(window.autosaver()->filePath().toStdString());
            QVERIFY(mine.ok() && mine.value() == reference.session());
        }
    }

    void theNewestOrphanIsOfferedFirst() {
        OtherProcess first, second;
        const ui::ProcessStamp older = first.stamp, newer = second.stamp;
        first.end();
        second.end();
        writeAutosave(newer);
        writeAutosave(older);
        QFile file(orphanPath(older));
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(-3600),
                                 QFileDevice::FileModificationTime));
        file.close();
        const auto orphans = ui::findOrphanedAutosaves();
        QCOMPARE(orphans.size(), std::size_t(2));
        QCOMPARE(orphans[0].owner, newer);
        QCOMPARE(orphans[1].owner, older);
    }

    void aRunningExplorersFileIsNotOffered_data() {
        QTest::addColumn<bool>("thisProcess");
        QTest::newRow("another explorer") << false;
        QTest::newRow("this explorer") << true;
    }

    void aRunningExplorersFileIsNotOffered() {
        QFETCH(bool, thisProcess);
        OtherProcess other;
        const ui::ProcessStamp owner = thisProcess ? ui::currentProcess() : other.stamp;
        QVERIFY(owner.pid > 0);
        QVERIFY(ui::isRunning(owner));
        writeAutosave(owner);
        QVERIFY(ui::findOrphanedAutosaves().empty());
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(50);
        QVERIFY(!prompt(window));
        if (!thisProcess)
            QVERIFY(QFile::exists(orphanPath(owner)));
    }
};

QTEST_MAIN(TestAutosave)
#include "test_autosave.moc"
