// The `roofscope` executable as a user runs it: help and version, usage errors, the device
// catalog (built-in and user layers), `model`, and the headless start without a display
// (`info` is test_cli_info.cpp).
#include "core/ceilings_file.h"
#include "core/systems.h"
#include "tests/cli/cli_harness.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;

using cli_test::measured;
using cli_test::Run;
using cli_test::testDevice;

class TestCli : public QObject {
    Q_OBJECT

  private:
    cli_test::Hermetic h_;

    QProcessEnvironment baseEnvironment() const { return h_.environment(); }
    Run run(const QStringList& args) const { return h_.run(args); }
    Run run(const QStringList& args, const QProcessEnvironment& env) const {
        return h_.run(args, env);
    }

    // The device lines of `roofscope devices`: id -> whole line.
    static QMap<QString, QString> deviceLines(const QString& out) {
        QMap<QString, QString> lines;
        const QStringList all = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (int i = 1; i + 1 < all.size(); ++i) // skip the header and the summary
            lines.insert(all[i].section(QLatin1Char(' '), 0, 0), all[i]);
        return lines;
    }

    static int summaryCount(const QString& out) {
        static const QRegularExpression summary(
            QStringLiteral("\\n(\\d+) devices; user catalog: "));
        const auto match = summary.match(out);
        return match.hasMatch() ? match.captured(1).toInt() : -1;
    }

  private slots:
    void initTestCase() { QVERIFY(h_.init()); }

    void version_data() {
        QTest::addColumn<QString>("option");
        QTest::newRow("--version") << "--version";
        QTest::newRow("-V") << "-V";
    }
    void version() {
        QFETCH(QString, option);
        const Run r = run({option});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("roofscope 0.1.0\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("  Qt 6.")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("QCustomPlot")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("CUDA ")), qPrintable(r.out));
        QCOMPARE(r.err, QString());
    }

    void help_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("expected");
        const QStringList general{"Usage: roofscope [FILE...]",
                                  "roofscope COMMAND [ARGS...]",
                                  "\n  devices   list the device catalog",
                                  "\n  info      describe a session or ceilings file",
                                  "\n  model     a model's layers with their roofline bound",
                                  "'roofscope COMMAND --help' describes a command."};
        QTest::newRow("--help") << QStringList{"--help"} << general;
        QTest::newRow("-h") << QStringList{"-h"} << general;
        QTest::newRow("help") << QStringList{"help"} << general;
        QTest::newRow("devices --help")
            << QStringList{"devices", "--help"}
            << QStringList{"Usage: roofscope devices [--json]", "--json", "user catalog"};
        QTest::newRow("devices -h")
            << QStringList{"devices", "-h"} << QStringList{"Usage: roofscope devices [--json]"};
        QTest::newRow("info --help") << QStringList{"info", "--help"}
                                     << QStringList{"Usage: roofscope info FILE...",
                                                    "Exits with 1 when a file cannot be read"};
        QTest::newRow("model --help")
            << QStringList{"model", "--help"}
            << QStringList{"Usage: roofscope model NAME --device ID", "--mode M", "--json"};
        QTest::newRow("info FILE --help") << QStringList{"info", "no-such-file.roofscope", "--help"}
                                          << QStringList{"Usage: roofscope info FILE..."};
    }
    void help() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, expected);
        const Run r = run(args);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        for (const QString& fragment : expected)
            QVERIFY2(r.out.contains(fragment), qPrintable(r.out + "\nlacks: " + fragment));
        QCOMPARE(r.err, QString());
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("usage");
        QTest::newRow("unknown option")
            << QStringList{"--bogus"} << "roofscope: unknown option '--bogus'\n"
            << "Usage: roofscope [FILE...]";
        QTest::newRow("mistyped command")
            << QStringList{"devicse"}
            << "roofscope: 'devicse' is neither a command nor an existing file\n"
            << "Usage: roofscope [FILE...]";
        QTest::newRow("unknown option of devices")
            << QStringList{"devices", "--bogus"}
            << "roofscope devices: unknown argument '--bogus'\n"
            << "Usage: roofscope devices [--json]";
        QTest::newRow("stray argument of devices")
            << QStringList{"devices", "--json", "extra"}
            << "roofscope devices: unknown argument 'extra'\n"
            << "Usage: roofscope devices [--json]";
        QTest::newRow("unknown option of info") << QStringList{"info", "--json", "run.roofscope"}
                                                << "roofscope info: unknown option '--json'\n"
                                                << "Usage: roofscope info FILE...";
        QTest::newRow("model without a device")
            << QStringList{"model", "resnet50"} << "roofscope model: no device given"
            << "Usage: roofscope model NAME";
        QTest::newRow("model without a name")
            << QStringList{"model", "--device", "nvidia-h100-sxm5-80gb"}
            << "roofscope model: no model given"
            << "Usage: roofscope model NAME";
        QTest::newRow("model with a bad batch")
            << QStringList{"model", "gpt", "--batch", "0", "--device", "x"}
            << "roofscope model: --batch needs a positive integer"
            << "Usage: roofscope model";
        QTest::newRow("model with a bad mode")
            << QStringList{"model", "gpt", "--mode", "fast"}
            << "roofscope model: --mode needs training or inference"
            << "Usage: roofscope model";
        QTest::newRow("info without a file")
            << QStringList{"info"} << "roofscope info: no file given\n"
            << "Usage: roofscope info FILE...";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QFETCH(QString, usage);
        const Run r = run(args);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(message), qPrintable(r.err));
        QVERIFY2(r.err.contains(usage), qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }

    void devicesListsTheCatalog() {
        const Run r = run({QStringLiteral("devices")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        // The built-in catalog is clean: no warnings.
        QCOMPARE(r.err, QString());
        QVERIFY2(r.out.startsWith(QStringLiteral("ID")), qPrintable(r.out));
        const QString header = r.out.section(QLatin1Char('\n'), 0, 0);
        for (const char* column : {"NAME", "KIND", "FP16 TENSOR", "FP32", "DRAM", "SOURCE"})
            QVERIFY2(header.contains(QLatin1String(column)), qPrintable(header));
        const auto lines = deviceLines(r.out);
        const int count = summaryCount(r.out);
        QVERIFY2(count >= 30, qPrintable(r.out.right(200)));
        QCOMPARE(lines.size(), count);
        QVERIFY(r.out.endsWith(QStringLiteral("; user catalog: ") + h_.emptyCatalog() +
                               QLatin1Char('\n')));
        for (const char* id : {"nvidia-h100-sxm5-80gb", "nvidia-a100-sxm4-80gb"}) {
            const QString line = lines.value(QLatin1String(id));
            QVERIFY2(!line.isEmpty(), id);
            QVERIFY2(line.endsWith(QStringLiteral("built-in")), qPrintable(line));
            QVERIFY2(line.contains(QStringLiteral(" gpu ")), qPrintable(line));
            QVERIFY2(line.contains(QStringLiteral("TFLOP/s")), qPrintable(line));
            QVERIFY2(line.contains(QStringLiteral("TB/s")), qPrintable(line));
        }
    }

    void devicesJsonRoundTrips() {
        const Run table = run({QStringLiteral("devices")});
        const Run r = run({QStringLiteral("devices"), QStringLiteral("--json")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        const std::string text = r.out.toStdString();
        const auto parsed = parseCeilings(text, "stdout");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QCOMPARE(int(parsed.value().size()), summaryCount(table.out));
        QCOMPARE(serializeCeilings(parsed.value()), text);
        bool found = false;
        for (const auto& d : parsed.value())
            if (d.id == "nvidia-h100-sxm5-80gb") {
                found = true;
                QCOMPARE(d.name, std::string("NVIDIA H100 SXM5 80GB"));
                QVERIFY(d.ceilings.memoryFor(MemoryLevel::dram).has_value());
            }
        QVERIFY(found);
    }

    void userCatalogOverridesBuiltIn() {
        QTemporaryDir catalog;
        QVERIFY(catalog.isValid());
        Device h100 = testDevice("nvidia-h100-sxm5-80gb", "H100 as measured on node-17");
        h100.ceilings.memory[MemoryLevel::dram] = {1.234e12, measured()};
        const QString overridePath = catalog.filePath(QStringLiteral("my-h100.json"));
        QVERIFY(writeCeilingsFile(overridePath.toStdString(), {h100}).ok());
        const QString extraPath = catalog.filePath(QStringLiteral("lab.json"));
        QVERIFY(
            writeCeilingsFile(extraPath.toStdString(), {testDevice("lab-fpga", "Lab FPGA")}).ok());

        const Run builtIn = run({QStringLiteral("devices")});
        QProcessEnvironment env = baseEnvironment();
        env.insert(QStringLiteral("ROOFSCOPE_USER_CATALOG"), catalog.path());
        const Run r = run({QStringLiteral("devices")}, env);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        // One entry replaced, one added.
        QCOMPARE(summaryCount(r.out), summaryCount(builtIn.out) + 1);
        const auto lines = deviceLines(r.out);
        const QString h100Line = lines.value(QStringLiteral("nvidia-h100-sxm5-80gb"));
        // It carries a measured ceiling: a measured entry, which the listing says.
        QVERIFY2(h100Line.endsWith(QStringLiteral("measured ") + overridePath),
                 qPrintable(h100Line));
        QVERIFY2(h100Line.contains(QStringLiteral("H100 as measured on node-17")),
                 qPrintable(h100Line));
        QVERIFY2(h100Line.contains(QStringLiteral("1.23 TB/s")), qPrintable(h100Line));
        const QString labLine = lines.value(QStringLiteral("lab-fpga"));
        QVERIFY2(labLine.endsWith(QStringLiteral("user ") + extraPath), qPrintable(labLine));
        QVERIFY2(lines.value(QStringLiteral("nvidia-a100-sxm4-80gb"))
                     .endsWith(QStringLiteral("built-in")),
                 qPrintable(r.out));
        QVERIFY(r.out.endsWith(QStringLiteral("; user catalog: ") + catalog.path() +
                               QLatin1Char('\n')));

        // The JSON form carries the user's measured ceiling, and the collective ceilings of the
        // node the systems catalog suggests for an H100 (the user's entry names no system).
        const Run json = run({QStringLiteral("devices"), QStringLiteral("--json")}, env);
        QCOMPARE(json.exitCode, 0);
        const auto parsed = parseCeilings(json.out.toStdString(), "stdout");
        QVERIFY(parsed.ok());
        bool found = false;
        for (const auto& d : parsed.value())
            if (d.id == "nvidia-h100-sxm5-80gb") {
                found = true;
                QVERIFY(d == withSystem(h100, *findSystem(builtinSystems(), "nvidia-dgx-h100")));
            }
        QVERIFY(found);
    }

    void brokenUserFileIsAWarning() {
        QTemporaryDir catalog;
        QVERIFY(catalog.isValid());
        const QString broken = catalog.filePath(QStringLiteral("broken.json"));
        {
            QFile f(broken);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"format\": \"roofscope-ceilings\",\n \"version\": 1,\n \"devices\": [}\n");
        }
        const QString good = catalog.filePath(QStringLiteral("good.json"));
        QVERIFY(writeCeilingsFile(good.toStdString(), {testDevice("lab-fpga", "Lab FPGA")}).ok());
        QProcessEnvironment env = baseEnvironment();
        env.insert(QStringLiteral("ROOFSCOPE_USER_CATALOG"), catalog.path());
        const Run r = run({QStringLiteral("devices")}, env);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.startsWith(QStringLiteral("warning: ") + broken + QStringLiteral(":3:")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("invalid JSON")), qPrintable(r.err));
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        // The rest of the catalog, and the good user file, are still there.
        const auto lines = deviceLines(r.out);
        QVERIFY(lines.contains(QStringLiteral("nvidia-h100-sxm5-80gb")));
        QVERIFY2(lines.value(QStringLiteral("lab-fpga")).endsWith(QStringLiteral("user ") + good),
                 qPrintable(r.out));
    }

    void modelList() {
        const Run r = run({"model", "--list"});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        for (const char* name : {"resnet50", "bert-large", "gpt", "dlrm", "maskrcnn-backbone"})
            QVERIFY2(r.out.contains(QString("\n") + name) || r.out.startsWith(name), name);
    }

    void modelTable() {
        // A device may be named as traces report it.
        const Run r = run({"model", "resnet50", "--device", "NVIDIA A100-SXM4-80GB", "--batch", "1",
                           "--mode", "inference"});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("ResNet-50, 224x224 images, 1000 classes, batch 1, bf16, "
                                  "inference\non NVIDIA A100 SXM4 80GB (nvidia-a100-sxm4-80gb)"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("25.6 M parameters"));
        QVERIFY(r.out.contains("ceilings: built-in catalog entry"));
        QVERIFY(QRegularExpression("\nlayer4\\.2\\.conv3 +conv +forward ").match(r.out).hasMatch());
    }

    void modelJson() {
        const Run r = run({"model", "bert-large", "--device", "nvidia-h100-sxm5-80gb", "--batch",
                           "2", "--seq", "128", "--dp", "8", "--json"});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject o = doc.object();
        QCOMPARE(o["model"].toString(), QString("bert-large"));
        QCOMPARE(o["device"].toString(), QString("nvidia-h100-sxm5-80gb"));
        QCOMPARE(o["batch"].toInt(), 2);
        QCOMPARE(o["mode"].toString(), QString("training"));
        const QJsonArray layers = o["layers"].toArray();
        QVERIFY(layers.size() > 400);
        int communication = 0;
        for (const auto& layer : layers)
            communication += layer.toObject()["phase"].toString() == "communication";
        QCOMPARE(communication, 1);
        QCOMPARE(o["totals"].toObject()["params"].toDouble(), 335141888.0);
    }

    void modelDecoderShape() {
        // GPT-2 small (--gpt2), then 24 layers instead of 12 (GPT-2 medium's depth at small's
        // width). Small: 124,439,808 parameters, the published figure: token and position
        // embeddings 38,597,376 + 786,432, 12 x 7,087,872 per layer (attention 4h^2 + 4h, MLP
        // 2hf + f + h, two LayerNorms 4h with h = 768, f = 3072), final LayerNorm 1,536, head
        // tied to the token embedding. 24 layers: + 12 x 7,087,872 = 209,494,272.
        for (const auto& [layers, params] :
             {std::pair{QString("12"), 124439808.0}, std::pair{QString("24"), 209494272.0}}) {
            const Run r =
                run({"model", "gpt", "--device", "nvidia-h100-sxm5-80gb", "--gpt2", "--layers",
                     layers, "--seq", "1024", "--mode", "inference", "--json"});
            QVERIFY(r.finished);
            QCOMPARE(r.exitCode, 0);
            const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
            QCOMPARE(o["totals"].toObject()["params"].toDouble(), params);
        }
        const Run r = run({"model", "gpt", "--device", "nvidia-h100-sxm5-80gb", "--gpt2", "--seq",
                           "1024", "--json"});
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY(o["description"].toString().startsWith("GPT-style decoder, 12 layers, hidden 768"));
        const Run wrong =
            run({"model", "resnet50", "--device", "nvidia-h100-sxm5-80gb", "--layers", "12"});
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY(wrong.err.contains("apply to the gpt model only"));
    }

    void modelErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown model")
            << QStringList{"model", "alexnet", "--device", "nvidia-h100-sxm5-80gb"}
            << "unknown model 'alexnet' (known: resnet50, bert-large";
        QTest::newRow("unknown device")
            << QStringList{"model", "gpt", "--device", "h100"} << "unknown device 'h100'";
        // No link ceiling for the all-reduce on a CPU.
        QTest::newRow("missing ceiling")
            << QStringList{"model", "resnet50", "--device", "amd-epyc-9654", "--dp", "2"}
            << "no intra_node ceiling for its 51.1 MB over intra_node";
    }
    void modelErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void withoutADisplayRendersTheDemo() {
        QTemporaryDir cache;
        QVERIFY(cache.isValid());
        QProcessEnvironment env = baseEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), cache.path());
        const Run r = run({}, env);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("No display: rendered the demo")),
                 qPrintable(r.out));
        const QString demoDir = cache.path() + QStringLiteral("/roofscope/demo/");
        QString png, pdf;
        for (const QString& line : r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QString file = line.trimmed();
            if (file.endsWith(QStringLiteral(".png")))
                png = file;
            else if (file.endsWith(QStringLiteral(".pdf")))
                pdf = file;
        }
        QVERIFY2(png.startsWith(demoDir), qPrintable(r.out));
        QVERIFY2(pdf.startsWith(demoDir), qPrintable(r.out));

        QFile pngFile(png);
        QVERIFY(pngFile.open(QIODevice::ReadOnly));
        QVERIFY2(pngFile.size() > 10 * 1024, qPrintable(QString::number(pngFile.size())));
        QCOMPARE(pngFile.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY2(pdfFile.size() > 1024, qPrintable(QString::number(pdfFile.size())));
        QCOMPARE(pdfFile.read(5), QByteArray("%PDF-"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
