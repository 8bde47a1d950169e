// Help > About and the Help menu's documents: the dialog shows the same version lines as
// `roofscope --version`, the icon is compiled in, and the help opens the installed copy of a
// document when there is one, the online copy otherwise.

#include "ui/about_dialog.h"
#include "ui/app_identity.h"
#include "ui/build_info.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace roofscope::ui;

class TestAboutDialog : public QObject {
    Q_OBJECT

  private slots:
    void showsVersions() {
        AboutDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const auto* title = dialog.findChild<QLabel*>(QStringLiteral("aboutTitle"));
        const auto* details = dialog.findChild<QLabel*>(QStringLiteral("aboutDetails"));
        QVERIFY(title && details);
        const BuildInfo info = buildInfo();
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+$"))
                     .match(info.version)
                     .hasMatch(),
                 qPrintable(info.version));
        QVERIFY2(title->text().contains(QStringLiteral("Roofscope ") + info.version),
                 qPrintable(title->text()));
        QVERIFY2(details->text().contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())),
                 qPrintable(details->text()));
        QVERIFY2(details->text().contains(QStringLiteral("QCustomPlot ") + info.qcustomplot),
                 qPrintable(details->text()));
        QVERIFY2(details->text().contains(QStringLiteral("commit ") + info.commit),
                 qPrintable(details->text()));
        QVERIFY(!info.commit.isEmpty());
        const auto* license = dialog.findChild<QLabel*>(QStringLiteral("aboutLicense"));
        QVERIFY(license);
        QVERIFY2(license->text().contains(QStringLiteral("GNU General Public License</a>, "
                                                         "version 3 or later")),
                 qPrintable(license->text()));
        QVERIFY(license->text().contains(QStringLiteral("https://www.gnu.org/licenses/gpl-3.0")));
    }

    void versionLines() {
        BuildInfo info;
        info.version = QStringLiteral("1.2.3");
        info.qtRuntime = info.qtBuild = QStringLiteral("6.4.2");
        info.qcustomplot = QStringLiteral("2.1.1");
        info.buildType = QStringLiteral("Release");
        info.commit = QStringLiteral("0123456789ab");
        info.compiler = QStringLiteral("GNU 12.2.0");
        QCOMPARE(roofscope::ui::versionLines(info),
                 (QStringList{"roofscope 1.2.3", "  Qt 6.4.2, QCustomPlot 2.1.1",
                              "  CUDA not built, NCCL no, MPI no",
                              "  built Release from commit 0123456789ab with GNU 12.2.0"}));
        info.qtRuntime = QStringLiteral("6.5.0");
        info.cudaToolkit = QStringLiteral("13.0.88");
        info.nccl = true;
        const QStringList lines = roofscope::ui::versionLines(info);
        QCOMPARE(lines.at(1), QStringLiteral("  Qt 6.5.0 (built with 6.4.2), QCustomPlot 2.1.1"));
        QCOMPARE(lines.at(2), QStringLiteral("  CUDA runtime 13.0.88 (probe), NCCL yes, MPI no"));
    }

    void iconIsCompiledIn() {
        const QIcon icon = applicationIcon();
        for (const int size : {16, 48, 256}) {
            const QPixmap pixmap = icon.pixmap(size, size);
            QVERIFY(!pixmap.isNull());
            QCOMPARE(pixmap.size(), QSize(size, size));
        }
        QVERIFY(QFile::exists(QStringLiteral(":/icons/roofscope.svg")));
        QCOMPARE(applicationId(), QStringLiteral("io.github.roofscope.Roofscope"));
    }

    void helpUrl_data() {
        QTest::addColumn<int>("topic");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("online");
        QTest::newRow("user guide")
            << int(HelpTopic::UserGuide) << "user-guide.md"
            << "https://github.com/roofscope/roofscope/blob/main/docs/user-guide.md";
        QTest::newRow("file formats")
            << int(HelpTopic::FileFormats) << "file-formats.md"
            << "https://github.com/roofscope/roofscope/blob/main/docs/file-formats.md";
    }
    void helpUrl() {
        QFETCH(int, topic);
        QFETCH(QString, file);
        QFETCH(QString, online);
        const auto t = static_cast<HelpTopic>(topic);
        QTemporaryDir prefix;
        QVERIFY(prefix.isValid());
        const QString bin = prefix.filePath(QStringLiteral("bin"));
        QVERIFY(QDir().mkpath(bin));
        // Not installed: the online copy.
        QCOMPARE(roofscope::ui::helpUrl(t, bin), QUrl(online));
        // Installed beside the executable's prefix: that copy.
        const QString docs = prefix.filePath(QStringLiteral("share/doc/roofscope"));
        QVERIFY(QDir().mkpath(docs));
        QFile doc(docs + QLatin1Char('/') + file);
        QVERIFY(doc.open(QIODevice::WriteOnly));
        doc.close();
        QCOMPARE(roofscope::ui::helpUrl(t, bin), QUrl::fromLocalFile(doc.fileName()));
    }
};

QTEST_MAIN(TestAboutDialog)
#include "test_about_dialog.moc"
