// roofscope-probe's command line: every option and every way to get it wrong.
#include "gpu/probe/probe_options.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::probe;

namespace {

std::vector<std::string> split(const QString& line) {
    std::vector<std::string> out;
    for (const auto& part : line.split(' ', Qt::SkipEmptyParts))
        out.push_back(part.toStdString());
    return out;
}

} // namespace

class TestProbeOptions : public QObject {
    Q_OBJECT

  private slots:
    void accepted_data() {
        QTest::addColumn<QString>("args");
        QTest::addColumn<bool>("wantsCpu");
        QTest::addColumn<bool>("gpuRequested");
        QTest::addColumn<QString>("gpus");
        QTest::addColumn<int>("size");
        QTest::addColumn<double>("timeLimit");
        QTest::addColumn<QString>("output");
        QTest::newRow("nothing: cpu and all gpus") << "" << true << false << "" << 1 << 0.0 << "";
        QTest::newRow("cpu only") << "--cpu" << true << false << "" << 1 << 0.0 << "";
        QTest::newRow("one gpu") << "--gpu 1" << false << true << "1" << 1 << 0.0 << "";
        QTest::newRow("gpu list, duplicates dropped")
            << "--gpu 0,2,0" << false << true << "0,2" << 1 << 0.0 << "";
        QTest::newRow("all gpus and cpu")
            << "--gpu all --cpu" << true << true << "" << 1 << 0.0 << "";
        QTest::newRow("quick with output")
            << "--quick -o out.json" << true << false << "" << 0 << 0.0 << "out.json";
        QTest::newRow("thorough, limit")
            << "--thorough --time-limit 90.5 --output x" << true << false << "" << 2 << 90.5 << "x";
    }
    void accepted() {
        QFETCH(QString, args);
        const auto parsed = parseProbeOptions(split(args));
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const ProbeOptions& o = parsed.value();
        QTEST(o.wantsCpu(), "wantsCpu");
        QTEST(o.gpuRequested, "gpuRequested");
        QStringList gpus;
        for (int n : o.gpus)
            gpus << QString::number(n);
        QTEST(gpus.join(','), "gpus");
        QTEST(static_cast<int>(o.size), "size");
        QTEST(o.timeLimitS, "timeLimit");
        QTEST(QString::fromStdString(o.output), "output");
    }

    void refused_data() {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown") << "--fast"
                                 << "unknown argument '--fast'";
        QTest::newRow("gpu without value") << "--gpu"
                                           << "--gpu needs a value";
        QTest::newRow("gpu not a number") << "--gpu first"
                                          << "'first' is not a device number";
        QTest::newRow("negative gpu") << "--gpu -1"
                                      << "'-1'";
        QTest::newRow("gpu trailing text") << "--gpu 1x"
                                           << "'1x'";
        QTest::newRow("empty gpu list") << "--gpu ,"
                                        << "no device number";
        QTest::newRow("quick and thorough") << "--quick --thorough"
                                            << "exclude each other";
        QTest::newRow("zero limit") << "--time-limit 0"
                                    << "positive number of seconds";
        QTest::newRow("limit not a number") << "--time-limit soon"
                                            << "'soon'";
        QTest::newRow("output without file") << "-o"
                                             << "-o needs a value";
    }
    void refused() {
        QFETCH(QString, args);
        QFETCH(QString, expected);
        const auto parsed = parseProbeOptions(split(args));
        QVERIFY(!parsed.ok());
        const QString message = QString::fromStdString(parsed.error().toString());
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void onlyAndSkipSelect() {
        const auto o =
            parseProbeOptions(split("--only cpu_triad,cpu_fma_fp64 --skip cpu_fma_fp64"));
        QVERIFY(o.ok());
        QVERIFY(selected(o.value(), "cpu_triad"));
        QVERIFY(!selected(o.value(), "cpu_fma_fp64"));
        QVERIFY(!selected(o.value(), "cpu_fma_fp32"));
        const auto all = parseProbeOptions({});
        QVERIFY(selected(all.value(), "anything"));
    }
};

QTEST_GUILESS_MAIN(TestProbeOptions)
#include "test_probe_options.moc"
