// The README quotes the command line's help instead of retelling it: each block of README.md that
// follows "$ roofscope ... --help" must be what that command prints now, so that the two never
// drift (app/options.h prints every command's help from the table that parses it).
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

class TestCliReadme : public QObject {
    Q_OBJECT

    // The README's quoted help: the command after "$ " on a fenced block's first line, and the
    // lines up to the fence that closes it.
    static QList<QPair<QStringList, QString>> quotedHelp() {
        QFile file(QStringLiteral(ROOFSCOPE_SOURCE_DIR "/README.md"));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        const QString text = QString::fromUtf8(file.readAll());
        static const QRegularExpression block(
            QStringLiteral("```\\n\\$ (roofscope[^\\n]*--help)\\n(.*?)```"),
            QRegularExpression::DotMatchesEverythingOption);
        QList<QPair<QStringList, QString>> found;
        for (auto it = block.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            QStringList args = m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            args.removeFirst();
            found.append({args, m.captured(2)});
        }
        return found;
    }

  private slots:
    void readmeQuotesTheHelp_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("quoted");
        const auto blocks = quotedHelp();
        for (const auto& [args, quoted] : blocks)
            QTest::newRow(qPrintable(args.join(QLatin1Char(' ')))) << args << quoted;
    }
    void readmeQuotesTheHelp() {
        QFETCH(QStringList, args);
        QFETCH(QString, quoted);
        QProcess p;
        p.start(QStringLiteral(ROOFSCOPE_BINARY), args);
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(quoted, QString::fromUtf8(p.readAllStandardOutput()));
    }

    void readmeQuotesTheCommands() {
        // The overview and the two commands most used from scripts.
        QStringList quoted;
        for (const auto& [args, text] : quotedHelp())
            quoted << args.join(QLatin1Char(' '));
        QVERIFY2(quoted.contains(QStringLiteral("--help")), qPrintable(quoted.join(", ")));
        QVERIFY2(quoted.contains(QStringLiteral("summarize --help")),
                 qPrintable(quoted.join(", ")));
        QVERIFY2(quoted.contains(QStringLiteral("export --help")), qPrintable(quoted.join(", ")));
    }
};

QTEST_GUILESS_MAIN(TestCliReadme)
#include "test_cli_readme.moc"
