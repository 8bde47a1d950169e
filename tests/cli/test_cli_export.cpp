// `roofscope export` as a script runs it, on the offscreen platform: a session and a Kineto trace
// to each format, the files checked as a reader would (PNG size, PDF structure, SVG as XML, the
// CSV's numbers against the JSON's), and the exit codes of wrong command lines and inputs.
#include "tests/support/summarize_runner.h"

#include <QFile>
#include <QImage>
#include <QXmlStreamReader>
#include <QtTest>

using summarize_test::Run;

namespace {

const QString kSession = QStringLiteral(ROOFSCOPE_TEST_DATA "/session-v1.roofscope");
const QString kTrace = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json");
const QString kCorrupt = QStringLiteral(ROOFSCOPE_TEST_DATA "/corrupt-session.roofscope");

// The size the tests ask for: 800 x 500 CSS pixels; at 192 DPI a 1600 x 1000 PNG.
const QStringList kSize = {QStringLiteral("--width"),  QStringLiteral("800"),
                           QStringLiteral("--height"), QStringLiteral("500"),
                           QStringLiteral("--dpi"),    QStringLiteral("192")};

const QStringList kColumns = {QStringLiteral("dataset"),
                              QStringLiteral("device"),
                              QStringLiteral("record"),
                              QStringLiteral("category"),
                              QStringLiteral("phase"),
                              QStringLiteral("precision"),
                              QStringLiteral("rank"),
                              QStringLiteral("memory_level"),
                              QStringLiteral("intensity_flop_per_byte"),
                              QStringLiteral("performance_flop_per_s"),
                              QStringLiteral("time_s"),
                              QStringLiteral("flops"),
                              QStringLiteral("bytes"),
                              QStringLiteral("roof_flop_per_s"),
                              QStringLiteral("percent_of_roof"),
                              QStringLiteral("bottleneck"),
                              QStringLiteral("above_roof")};

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// RFC 4180: quoted fields may hold commas, doubled quotes and newlines.
QList<QStringList> parseCsv(const QString& text) {
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"'))
                field += c, ++i;
            else if (c == QLatin1Char('"'))
                quoted = false;
            else
                field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field, field.clear();
        } else if (c == QLatin1Char('\n')) {
            row << field, field.clear();
            rows << row, row.clear();
        } else {
            field += c;
        }
    }
    return rows;
}

} // namespace

class TestCliExport : public QObject {
    Q_OBJECT

  private:
    summarize_test::Runner runner_;
    QTemporaryDir dir_;

    Run exportTo(const QString& input, const QString& name, const QStringList& extra = {}) {
        return runner_.runCommand(QStringList{QStringLiteral("export"), input, QStringLiteral("-o"),
                                              dir_.filePath(name)} +
                                  extra);
    }

    QJsonObject exportJson(const QString& input, const QString& name) {
        const Run r = exportTo(input, name);
        if (r.exitCode != 0)
            qWarning("%s", qPrintable(r.err));
        return QJsonDocument::fromJson(readAll(dir_.filePath(name))).object();
    }

  private slots:
    void initTestCase() {
        QVERIFY(runner_.valid());
        QVERIFY(dir_.isValid());
    }

    void help() {
        const Run r = runner_.runCommand({QStringLiteral("export"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("Usage: roofscope export INPUT... -o OUT")));
        for (const char* option :
             {"--view V", "--device ID", "--width W", "--height H", "--dpi D", "--group G"})
            QVERIFY2(r.out.contains(QLatin1String(option)), option);
        const Run all = runner_.runCommand({QStringLiteral("--help")});
        QVERIFY(all.out.contains(QStringLiteral("  export ")));
    }

    void formats_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("format");
        for (const auto& [tag, input] :
             {std::pair{"session", kSession}, std::pair{"trace", kTrace}})
            for (const char* format : {"png", "pdf", "svg", "csv", "json"})
                QTest::addRow("%s %s", tag, format) << input << QString::fromLatin1(format);
    }
    void formats() {
        QFETCH(QString, input);
        QFETCH(QString, format);
        const QString name = QFileInfo(input).baseName() + QLatin1Char('.') + format;
        const Run r = exportTo(input, name, kSize);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(QStringLiteral("wrote ")), qPrintable(r.out));
        const QString path = dir_.filePath(name);
        const QByteArray bytes = readAll(path);
        if (format == QStringLiteral("png")) {
            const QImage image(path);
            QCOMPARE(image.size(), QSize(1600, 1000));
            QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), 192);
        } else if (format == QStringLiteral("pdf")) {
            QVERIFY(bytes.startsWith("%PDF-1."));
            QVERIFY(bytes.size() > 1024);
            QVERIFY(bytes.contains("trailer") || bytes.contains("/Type /XRef"));
            QVERIFY(bytes.contains("startxref"));
            QVERIFY(bytes.trimmed().endsWith("%%EOF"));
            // 800 x 500 CSS pixels are 600 x 375 points.
            static const QRegularExpression mediaBox(
                QStringLiteral(R"(/MediaBox \[0 0 600(\.0*)? 375(\.0*)?\])"));
            QVERIFY(mediaBox.match(QString::fromLatin1(bytes)).hasMatch());
        } else if (format == QStringLiteral("svg")) {
            QXmlStreamReader xml(bytes);
            QVERIFY(xml.readNextStartElement());
            QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
            QCOMPARE(xml.attributes().value(QStringLiteral("viewBox")).toString(),
                     QStringLiteral("0 0 800 500"));
            // 800 px at 96 DPI: 211.67 mm.
            const QString width = xml.attributes().value(QStringLiteral("width")).toString();
            QVERIFY2(width.endsWith(QStringLiteral("mm")), qPrintable(width));
            QVERIFY(qAbs(width.chopped(2).toDouble() - 800 / 96.0 * 25.4) < 0.01);
            int texts = 0;
            while (!xml.atEnd())
                if (xml.readNext() == QXmlStreamReader::StartElement &&
                    xml.name() == QStringLiteral("text"))
                    ++texts;
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
            QVERIFY(texts > 10); // axis titles, ticks, legend: text stays text
        } else if (format == QStringLiteral("csv")) {
            const auto rows = parseCsv(QString::fromUtf8(bytes));
            QVERIFY(rows.size() >= 2);
            QCOMPARE(rows.front(), kColumns);
            const QJsonArray points =
                exportJson(input, name + QStringLiteral(".json"))[QStringLiteral("points")]
                    .toArray();
            QCOMPARE(rows.size() - 1, points.size());
            for (qsizetype i = 1; i < rows.size(); ++i) {
                QCOMPARE(rows[i].size(), kColumns.size());
                const QJsonObject p = points[i - 1].toObject();
                for (qsizetype c = 0; c < kColumns.size(); ++c) {
                    const QJsonValue v = p[kColumns[c]];
                    const QString field = rows[i][c];
                    if (v.isDouble())
                        QCOMPARE(field.toDouble(), v.toDouble()); // exactly: shortest round trip
                    else if (v.isNull())
                        QVERIFY(field.isEmpty());
                    else if (v.isBool())
                        QCOMPARE(field,
                                 v.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
                    else
                        QCOMPARE(field, v.toString());
                }
            }
        } else {
            const QJsonObject root = QJsonDocument::fromJson(bytes).object();
            QCOMPARE(root[QStringLiteral("schema")].toString(),
                     QStringLiteral("roofscope.points/1"));
            const QJsonArray devices = root[QStringLiteral("devices")].toArray();
            QVERIFY(!devices.isEmpty());
            for (const auto& d : devices) {
                const QJsonObject device = d.toObject();
                QVERIFY(!device[QStringLiteral("compute")].toArray().isEmpty());
                QVERIFY(!device[QStringLiteral("memory")].toArray().isEmpty());
                for (const auto& c : device[QStringLiteral("compute")].toArray()) {
                    QVERIFY(c[QStringLiteral("flop_per_s")].toDouble() > 0);
                    const QString kind =
                        c[QStringLiteral("provenance")][QStringLiteral("kind")].toString();
                    QVERIFY2(kind == QStringLiteral("spec") || kind == QStringLiteral("measured"),
                             qPrintable(kind));
                }
            }
            const QJsonArray points = root[QStringLiteral("points")].toArray();
            QVERIFY(!points.isEmpty());
            int bounded = 0;
            for (const auto& p : points) {
                const QJsonObject o = p.toObject();
                // A point the device cannot bound (the fixture has no L2 ceiling) has no roof.
                if (o[QStringLiteral("roof_flop_per_s")].isNull()) {
                    QVERIFY(o[QStringLiteral("percent_of_roof")].isNull());
                    QCOMPARE(o[QStringLiteral("bottleneck")].toString(), QStringLiteral("none"));
                    continue;
                }
                ++bounded;
                const double roof = o[QStringLiteral("roof_flop_per_s")].toDouble();
                QVERIFY(roof > 0);
                QCOMPARE(o[QStringLiteral("percent_of_roof")].toDouble(),
                         o[QStringLiteral("performance_flop_per_s")].toDouble() / roof * 100);
            }
            QVERIFY(bounded > 0);
        }
    }

    // The trace's GEMM, by hand: addmm [[512],[141,512],[512,512]] is 2*141*512*512 FLOPs on
    // the catalog's A100 (the trace's "NVIDIA A100-PG509-200" is its alias).
    void traceNumbers() {
        const QJsonObject root = exportJson(kTrace, QStringLiteral("numbers.json"));
        const QJsonArray points = root[QStringLiteral("points")].toArray();
        QCOMPARE(points.size(), 1);
        const QJsonObject gemm = points[0].toObject();
        QCOMPARE(gemm[QStringLiteral("flops")].toDouble(), 2.0 * 141 * 512 * 512);
        QCOMPARE(gemm[QStringLiteral("device")].toString(),
                 QStringLiteral("nvidia-a100-sxm4-40gb"));
        QCOMPARE(gemm[QStringLiteral("dataset")].toString(), QStringLiteral("modern.json"));
        QCOMPARE(root[QStringLiteral("undrawable")].toInt(), 2); // the copy and the all-reduce
    }

    // modern.json is rank 1 of 2; with a copy that says rank 0 the two are one job, while the
    // same file twice is two runs of it (both rank 1), one dataset each, and a warning says so.
    void hierarchicalAndRanks_data() {
        QTest::addColumn<bool>("rank0");
        QTest::addColumn<QStringList>("labels");
        QTest::addColumn<QString>("warning");
        QTest::newRow("ranks 0 and 1")
            << true << QStringList{QStringLiteral("modern.json (2 ranks)")}
            << QStringLiteral("2 files opened as one job");
        QTest::newRow("rank 1 twice")
            << false
            << QStringList{QStringLiteral("modern.json"), QStringLiteral("modern.json (2)")}
            << QStringLiteral("2 files opened as 2 runs, not one job");
    }
    void hierarchicalAndRanks() {
        QFETCH(bool, rank0);
        QFETCH(QStringList, labels);
        QFETCH(QString, warning);
        QString second = kTrace;
        if (rank0) {
            QDir(dir_.path()).mkpath(QStringLiteral("r0"));
            second = dir_.filePath(QStringLiteral("r0/rank0.json"));
            QFile out(second);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(readAll(kTrace).replace("\"rank\": 1,", "\"rank\": 0,"));
        }
        const Run r = exportTo(kTrace, QStringLiteral("ranks.json"),
                               {second, QStringLiteral("--view"), QStringLiteral("hierarchical"),
                                QStringLiteral("--group"), QStringLiteral("launch")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err.contains(warning), !rank0);
        const QJsonObject root =
            QJsonDocument::fromJson(readAll(dir_.filePath(QStringLiteral("ranks.json")))).object();
        QCOMPARE(root[QStringLiteral("view")].toString(), QStringLiteral("hierarchical"));
        QStringList got;
        for (const auto& d : root[QStringLiteral("datasets")].toArray())
            got.append(d[QStringLiteral("label")].toString());
        QCOMPARE(got, labels);
    }

    void deviceOverride() {
        const Run r =
            exportTo(kSession, QStringLiteral("h100.json"),
                     {QStringLiteral("--device"), QStringLiteral("nvidia-h100-sxm5-80gb")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject root =
            QJsonDocument::fromJson(readAll(dir_.filePath(QStringLiteral("h100.json")))).object();
        const QJsonArray devices = root[QStringLiteral("devices")].toArray();
        QCOMPARE(devices.size(), 1);
        QCOMPARE(devices[0][QStringLiteral("id")].toString(),
                 QStringLiteral("nvidia-h100-sxm5-80gb"));
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString out = QStringLiteral("OUT.png");
        QTest::newRow("bad extension")
            << QStringList{kSession, QStringLiteral("-o"), QStringLiteral("OUT.txt")} << 2
            << QStringLiteral("png, pdf, svg, csv, json");
        QTest::newRow("no extension")
            << QStringList{kSession, QStringLiteral("-o"), QStringLiteral("OUT")} << 2
            << QStringLiteral("png, pdf, svg, csv, json");
        QTest::newRow("no output") << QStringList{kSession} << 2 << QStringLiteral("-o OUT");
        QTest::newRow("no input") << QStringList{QStringLiteral("-o"), out} << 2
                                  << QStringLiteral("no input");
        QTest::newRow("missing file")
            << QStringList{QStringLiteral("/nonexistent/run.json"), QStringLiteral("-o"), out} << 1
            << QStringLiteral("/nonexistent/run.json");
        QTest::newRow("corrupt session")
            << QStringList{kCorrupt, QStringLiteral("-o"), out} << 1
            << QStringLiteral("corrupt-session.roofscope:5:16: invalid JSON");
        QTest::newRow("unknown device")
            << QStringList{kSession, QStringLiteral("-o"), out, QStringLiteral("--device"),
                           QStringLiteral("no-such-gpu")}
            << 2 << QStringLiteral("unknown device 'no-such-gpu'");
        QTest::newRow("bad view") << QStringList{kSession, QStringLiteral("-o"), out,
                                                 QStringLiteral("--view"), QStringLiteral("pie")}
                                  << 2 << QStringLiteral("roofline, hierarchical, md");
        QTest::newRow("tiny width") << QStringList{kSession, QStringLiteral("-o"), out,
                                                   QStringLiteral("--width"), QStringLiteral("10")}
                                    << 2 << QStringLiteral("between 200 and 10000");
        QTest::newRow("bad dpi") << QStringList{kSession, QStringLiteral("-o"), out,
                                                QStringLiteral("--dpi"), QStringLiteral("x")}
                                 << 2 << QStringLiteral("--dpi needs");
        QTest::newRow("unwritable")
            << QStringList{kSession, QStringLiteral("-o"), QStringLiteral("/nonexistent/dir/a.csv")}
            << 1 << QStringLiteral("/nonexistent/dir/a.csv");
        QTest::newRow("two sessions") << QStringList{kSession, kSession, QStringLiteral("-o"), out}
                                      << 1 << QStringLiteral("give one session");
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        // Relative outputs land in the temporary folder, never in the source tree.
        for (auto& a : args)
            if (a == QStringLiteral("OUT.png") || a == QStringLiteral("OUT.txt") ||
                a == QStringLiteral("OUT"))
                a = dir_.filePath(a);
        const Run r = runner_.runCommand(QStringList{QStringLiteral("export")} + args);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("OUT.png"))));
    }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "test_cli_export.moc"
