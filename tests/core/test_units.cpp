// Unit conversion at the import boundary (toSi, parseNumber) and back to text (formatSi): every
// dimension, every prefix family, the spellings of Nsight Compute and nccl-tests, and the inputs
// that must be refused rather than guessed.
#include "core/units.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace roofscope;
using namespace roofscope::testing;

Q_DECLARE_METATYPE(roofscope::Dimension)

namespace {

// Equal within a relative tolerance; zero must be exactly zero.

} // namespace

class TestUnits : public QObject {
    Q_OBJECT

  private slots:
    void toSiConverts_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("expected");
        QTest::addColumn<Dimension>("dimension");

        // time
        QTest::newRow("s") << 2.0 << "s" << 2.0 << Dimension::time;
        QTest::newRow("ms") << 1.5 << "ms" << 1.5e-3 << Dimension::time;
        QTest::newRow("us") << 12.5 << "us" << 12.5e-6 << Dimension::time;
        QTest::newRow("micro sign s") << 3.0 << "\xC2\xB5s" << 3e-6 << Dimension::time;
        QTest::newRow("ns") << 7.0 << "ns" << 7e-9 << Dimension::time;
        QTest::newRow("second") << 1.0 << "second" << 1.0 << Dimension::time;
        QTest::newRow("ncu msecond") << 4.0 << "msecond" << 4e-3 << Dimension::time;
        QTest::newRow("ncu usecond") << 12.5 << "usecond" << 1.25e-5 << Dimension::time;
        QTest::newRow("ncu nsecond") << 250.0 << "nsecond" << 2.5e-7 << Dimension::time;
        QTest::newRow("sec") << 3.0 << "sec" << 3.0 << Dimension::time;
        QTest::newRow("msec") << 2.0 << "msec" << 2e-3 << Dimension::time;

        // bytes, decimal prefixes (G = 1e9)
        QTest::newRow("B") << 1.0 << "B" << 1.0 << Dimension::bytes;
        QTest::newRow("byte") << 1.0 << "byte" << 1.0 << Dimension::bytes;
        QTest::newRow("bytes") << 64.0 << "bytes" << 64.0 << Dimension::bytes;
        QTest::newRow("kB") << 2.0 << "kB" << 2000.0 << Dimension::bytes;
        QTest::newRow("KB") << 2.0 << "KB" << 2000.0 << Dimension::bytes;
        QTest::newRow("ncu Kbyte") << 1.5 << "Kbyte" << 1500.0 << Dimension::bytes;
        QTest::newRow("MB") << 3.0 << "MB" << 3e6 << Dimension::bytes;
        QTest::newRow("ncu Mbyte") << 3.0 << "Mbyte" << 3e6 << Dimension::bytes;
        QTest::newRow("GB") << 80.0 << "GB" << 8e10 << Dimension::bytes;
        QTest::newRow("ncu Gbyte") << 2.0 << "Gbyte" << 2e9 << Dimension::bytes;
        QTest::newRow("TB") << 1.0 << "TB" << 1e12 << Dimension::bytes;
        QTest::newRow("PB") << 1.0 << "PB" << 1e15 << Dimension::bytes;
        QTest::newRow("EB") << 2.0 << "EB" << 2e18 << Dimension::bytes;

        // bytes, binary prefixes (steps of 1024)
        QTest::newRow("KiB") << 1.0 << "KiB" << 1024.0 << Dimension::bytes;
        QTest::newRow("MiB") << 2.0 << "MiB" << 2097152.0 << Dimension::bytes; // 2 * 1024^2
        // 80 * 1024^3 = 80 * 1073741824
        QTest::newRow("GiB") << 80.0 << "GiB" << 85899345920.0 << Dimension::bytes;
        QTest::newRow("TiB") << 1.0 << "TiB" << 1099511627776.0 << Dimension::bytes;
        QTest::newRow("PiB") << 1.0 << "PiB" << 1125899906842624.0 << Dimension::bytes;
        QTest::newRow("Mibyte") << 1.0 << "Mibyte" << 1048576.0 << Dimension::bytes;

        // FLOP counts
        QTest::newRow("FLOP") << 5.0 << "FLOP" << 5.0 << Dimension::flops;
        QTest::newRow("flop") << 5.0 << "flop" << 5.0 << Dimension::flops;
        QTest::newRow("GFLOP") << 2.0 << "GFLOP" << 2e9 << Dimension::flops;
        QTest::newRow("TFLOP") << 1.5 << "TFLOP" << 1.5e12 << Dimension::flops;
        QTest::newRow("Mflop") << 3.0 << "Mflop" << 3e6 << Dimension::flops;
        QTest::newRow("GOP") << 2.0 << "GOP" << 2e9 << Dimension::flops;

        // FLOP rates: "FLOPS" and "OPS" are per-second rates
        QTest::newRow("TFLOP/s") << 312.0 << "TFLOP/s" << 3.12e14 << Dimension::flopsPerS;
        QTest::newRow("GFLOPS") << 19.5 << "GFLOPS" << 1.95e10 << Dimension::flopsPerS;
        QTest::newRow("TOPS") << 624.0 << "TOPS" << 6.24e14 << Dimension::flopsPerS;
        QTest::newRow("FLOPS") << 1.0 << "FLOPS" << 1.0 << Dimension::flopsPerS;
        QTest::newRow("PFLOP/s") << 1.0 << "PFLOP/s" << 1e15 << Dimension::flopsPerS;
        QTest::newRow("EFLOP/s") << 1.5 << "EFLOP/s" << 1.5e18 << Dimension::flopsPerS;
        QTest::newRow("Gflop/s") << 10.0 << "Gflop/s" << 1e10 << Dimension::flopsPerS;
        QTest::newRow("GFLOP/second") << 1.0 << "GFLOP/second" << 1e9 << Dimension::flopsPerS;
        // 1 flop per microsecond = 1e6 FLOP/s
        QTest::newRow("flop/usecond") << 1.0 << "flop/usecond" << 1e6 << Dimension::flopsPerS;

        // byte rates
        // 1,555 Gbyte/second = 1555e9 B/s
        QTest::newRow("ncu Gbyte/second")
            << 1555.0 << "Gbyte/second" << 1.555e12 << Dimension::bytesPerS;
        QTest::newRow("ncu Tbyte/second")
            << 2.039 << "Tbyte/second" << 2.039e12 << Dimension::bytesPerS;
        QTest::newRow("GB/s") << 900.0 << "GB/s" << 9e11 << Dimension::bytesPerS;
        QTest::newRow("MB/s") << 1.0 << "MB/s" << 1e6 << Dimension::bytesPerS;
        QTest::newRow("GiB/s") << 1.0 << "GiB/s" << 1073741824.0 << Dimension::bytesPerS;
        QTest::newRow("byte/second") << 5.0 << "byte/second" << 5.0 << Dimension::bytesPerS;
        QTest::newRow("Kbyte/second") << 5.0 << "Kbyte/second" << 5000.0 << Dimension::bytesPerS;
        // 1 B per ns = 1e9 B/s
        QTest::newRow("B/ns") << 1.0 << "B/ns" << 1e9 << Dimension::bytesPerS;
        // 1e6 B / 1e-6 s = 1e12 B/s
        QTest::newRow("Mbyte/usecond") << 1.0 << "Mbyte/usecond" << 1e12 << Dimension::bytesPerS;

        // frequencies
        // 1.41 cycles per ns = 1.41e9 Hz
        QTest::newRow("ncu cycle/nsecond")
            << 1.41 << "cycle/nsecond" << 1.41e9 << Dimension::frequency;
        // 1410 cycles per us = 1.41e9 Hz
        QTest::newRow("ncu cycle/usecond")
            << 1410.0 << "cycle/usecond" << 1.41e9 << Dimension::frequency;
        QTest::newRow("cycle/second") << 5.0 << "cycle/second" << 5.0 << Dimension::frequency;
        QTest::newRow("Hz") << 50.0 << "Hz" << 50.0 << Dimension::frequency;
        QTest::newRow("kHz") << 3.0 << "kHz" << 3000.0 << Dimension::frequency;
        QTest::newRow("MHz") << 1410.0 << "MHz" << 1.41e9 << Dimension::frequency;
        QTest::newRow("GHz") << 1.98 << "GHz" << 1.98e9 << Dimension::frequency;

        // intensity
        QTest::newRow("FLOP/byte") << 2.5 << "FLOP/byte" << 2.5 << Dimension::intensity;
        QTest::newRow("FLOP/B") << 10.0 << "FLOP/B" << 10.0 << Dimension::intensity;
        QTest::newRow("flop/byte") << 3.0 << "flop/byte" << 3.0 << Dimension::intensity;
        // 1024 FLOP per 1024 B = 1 FLOP/B
        QTest::newRow("FLOP/KiB") << 1024.0 << "FLOP/KiB" << 1.0 << Dimension::intensity;

        // counts
        QTest::newRow("ncu inst") << 42.0 << "inst" << 42.0 << Dimension::count;
        QTest::newRow("ncu Minst") << 1.5 << "Minst" << 1.5e6 << Dimension::count;
        QTest::newRow("cycle") << 100.0 << "cycle" << 100.0 << Dimension::count;
        QTest::newRow("cycles") << 100.0 << "cycles" << 100.0 << Dimension::count;
        QTest::newRow("Mcycle") << 2.0 << "Mcycle" << 2e6 << Dimension::count;
        QTest::newRow("no unit") << 7.0 << "" << 7.0 << Dimension::count;

        // ratio: 100 % = 1.0
        QTest::newRow("percent") << 87.5 << "%" << 0.875 << Dimension::ratio;
        QTest::newRow("percent blanks") << 100.0 << " % " << 1.0 << Dimension::ratio;

        // blanks around the unit and around the slash
        QTest::newRow("blanks around") << 1.0 << "  GB/s\t" << 1e9 << Dimension::bytesPerS;
        QTest::newRow("blanks at slash") << 1.0 << "GB / s" << 1e9 << Dimension::bytesPerS;
    }
    void toSiConverts() {
        QFETCH(double, value);
        QFETCH(QString, unit);
        QFETCH(double, expected);
        QFETCH(Dimension, dimension);
        const auto q = toSi(value, unit.toStdString());
        QVERIFY2(q.ok(), q.ok() ? "" : q.error().message.c_str());
        QVERIFY2(q.value().dimension == dimension,
                 QByteArray("dimension ") + unitSymbol(q.value().dimension).data());
        QVERIFY2(near(q.value().value, expected), describe(q.value().value, expected));
    }

    void toSiRefusesUnknownUnits_data() {
        QTest::addColumn<QString>("unit");
        QTest::newRow("furlong") << "furlong";
        QTest::newRow("bananas per second") << "bananas/s";
        QTest::newRow("unknown prefix") << "XB";
        QTest::newRow("unknown prefix rate") << "GX/s";
        QTest::newRow("lower-case g prefix") << "gbyte";
        QTest::newRow("bits") << "kb";
        QTest::newRow("FLOP per FLOP") << "FLOP/FLOP";
        QTest::newRow("seconds per byte") << "s/B";
        QTest::newRow("bytes per byte") << "B/B";
        QTest::newRow("Hz per second") << "Hz/s";
        QTest::newRow("two slashes") << "GB/s/s";
        QTest::newRow("empty numerator") << "/s";
        QTest::newRow("empty denominator") << "GB/";
        QTest::newRow("n/a") << "n/a";
        QTest::newRow("double percent") << "%%";
    }
    void toSiRefusesUnknownUnits() {
        QFETCH(QString, unit);
        const auto q = toSi(1.0, unit.toStdString());
        QVERIFY(!q.ok());
        // The error names the unit it did not understand.
        QVERIFY2(q.error().message.find(unit.trimmed().toStdString()) != std::string::npos,
                 q.error().message.c_str());
    }

    void parseNumberAccepts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("expected");
        QTest::newRow("integer") << "42" << 42.0;
        QTest::newRow("blanks") << "  42  " << 42.0;
        QTest::newRow("tab and CR") << "\t12.5\r" << 12.5;
        QTest::newRow("line ends") << "\r\n 42 \r\n" << 42.0;
        QTest::newRow("newline") << "42\n" << 42.0;
        QTest::newRow("thousands") << "1,234.5" << 1234.5;
        QTest::newRow("millions") << "1,234,567" << 1234567.0;
        QTest::newRow("negative thousands") << "-1,234" << -1234.0;
        QTest::newRow("thousands and exponent") << "1,234.5e3" << 1234500.0;
        QTest::newRow("exponent") << "1e3" << 1000.0;
        QTest::newRow("negative exponent") << "1.5E-6" << 1.5e-6;
        QTest::newRow("explicit plus") << "+7" << 7.0;
        QTest::newRow("negative fraction") << "-0.25" << -0.25;
        QTest::newRow("leading point") << ".5" << 0.5;
        QTest::newRow("zero") << "0" << 0.0;
        QTest::newRow("spec bandwidth") << "2.039e12" << 2.039e12;
    }
    void parseNumberAccepts() {
        QFETCH(QString, text);
        QFETCH(double, expected);
        const auto n = parseNumber(text.toStdString());
        QVERIFY2(n.ok(), n.ok() ? "" : n.error().message.c_str());
        QVERIFY2(near(n.value(), expected), describe(n.value(), expected));
    }

    void parseNumberRefuses_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("n/a") << "n/a";
        QTest::newRow("empty") << "";
        QTest::newRow("blank") << "   ";
        QTest::newRow("nan") << "nan";
        QTest::newRow("NaN") << "NaN";
        QTest::newRow("inf") << "inf";
        QTest::newRow("-inf") << "-inf";
        QTest::newRow("infinity") << "infinity";
        QTest::newRow("1,2,3x") << "1,2,3x";
        QTest::newRow("12abc") << "12abc";
        QTest::newRow("dangling exponent") << "1e";
        QTest::newRow("two points") << "1.2.3";
        QTest::newRow("inner blank") << "1 234";
        QTest::newRow("double sign") << "--1";
        QTest::newRow("trailing comma") << "1,";
        QTest::newRow("leading comma") << ",1";
        QTest::newRow("double comma") << "1,,000";
        QTest::newRow("hex") << "0x10";
        QTest::newRow("overflow") << "1e400";
        QTest::newRow("word") << "abc";
        QTest::newRow("sign only") << "-";
        QTest::newRow("exponent only") << "e5";
        // Commas that are not thousands separators would silently change the value: "1,5" is
        // 1.5 in much of Europe, not 15.
        QTest::newRow("groups of one") << "1,2,3";
        QTest::newRow("decimal comma") << "1,5";
        QTest::newRow("group of two") << "12,34";
        QTest::newRow("group of four") << "1,2345";
        QTest::newRow("leading group of four") << "1234,567";
        QTest::newRow("comma in fraction") << "1.234,5";
    }
    void parseNumberRefuses() {
        QFETCH(QString, text);
        const auto n = parseNumber(text.toStdString());
        QVERIFY2(!n.ok(), QByteArray("parsed as ") + QByteArray::number(n.ok() ? n.value() : 0));
        QVERIFY(!n.error().message.empty());
    }

    void formatSiWrites_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<Dimension>("dimension");
        QTest::addColumn<int>("significant");
        QTest::addColumn<QString>("expected");

        // 3.12e14 / 1e12 = 312
        QTest::newRow("A100 fp16") << 3.12e14 << Dimension::flopsPerS << 3 << "312 TFLOP/s";
        // 2.039e12 / 1e12 = 2.039 -> 3 digits 2.04
        QTest::newRow("A100 HBM") << 2.039e12 << Dimension::bytesPerS << 3 << "2.04 TB/s";
        QTest::newRow("four digits") << 2.039e12 << Dimension::bytesPerS << 4 << "2.039 TB/s";
        QTest::newRow("one digit") << 2.039e12 << Dimension::bytesPerS << 1 << "2 TB/s";
        QTest::newRow("zero digits clamp to one")
            << 2.039e12 << Dimension::bytesPerS << 0 << "2 TB/s";
        // 1.5e-6 s / 1e-6 = 1.5 -> "1.50"
        QTest::newRow("microseconds") << 1.5e-6 << Dimension::time << 3 << "1.50 \xC2\xB5s";
        QTest::newRow("milliseconds") << 2.5e-3 << Dimension::time << 3 << "2.50 ms";
        QTest::newRow("nanoseconds") << 12.5e-9 << Dimension::time << 3 << "12.5 ns";
        QTest::newRow("100 ns") << 1e-7 << Dimension::time << 3 << "100 ns";
        QTest::newRow("seconds") << 2.0 << Dimension::time << 3 << "2.00 s";
        QTest::newRow("negative time") << -2.5e-3 << Dimension::time << 3 << "-2.50 ms";
        QTest::newRow("negative rate") << -3.12e14 << Dimension::flopsPerS << 3 << "-312 TFLOP/s";
        // 989.4e12 -> 989.4 T -> 3 digits 989
        QTest::newRow("H100 fp16") << 989.4e12 << Dimension::flopsPerS << 3 << "989 TFLOP/s";
        QTest::newRow("tens") << 19.5e12 << Dimension::flopsPerS << 3 << "19.5 TFLOP/s";
        QTest::newRow("peta") << 1.979e15 << Dimension::flopsPerS << 3 << "1.98 PFLOP/s";
        QTest::newRow("exa") << 5e18 << Dimension::flopsPerS << 3 << "5.00 EFLOP/s";
        QTest::newRow("frequency") << 1.41e9 << Dimension::frequency << 3 << "1.41 GHz";
        QTest::newRow("bytes") << 80e9 << Dimension::bytes << 3 << "80.0 GB";
        QTest::newRow("flops") << 2e15 << Dimension::flops << 3 << "2.00 PFLOP";
        QTest::newRow("mega count") << 1.5e6 << Dimension::count << 3 << "1.50 M";
        // Rounding can carry into the next prefix: 999.96 GB/s is 1.00 TB/s at 3 digits, and
        // 9.996 TFLOP/s is 10.0 (three digits), not 10.00.
        QTest::newRow("carry into prefix") << 999.96e9 << Dimension::bytesPerS << 3 << "1.00 TB/s";
        QTest::newRow("carry into digit")
            << 9.996e12 << Dimension::flopsPerS << 3 << "10.0 TFLOP/s";
        QTest::newRow("carry below one") << 0.99996e-3 << Dimension::time << 3 << "1.00 ms";
        // Intensity has no prefixes: 0.1 FLOP/B with one digit is "0.1"
        QTest::newRow("intensity one digit") << 0.1 << Dimension::intensity << 1 << "0.1 FLOP/B";
        QTest::newRow("intensity ridge") << 295.2 << Dimension::intensity << 3 << "295 FLOP/B";
        QTest::newRow("intensity half") << 0.5 << Dimension::intensity << 3 << "0.500 FLOP/B";
        // Zero has no prefix and keeps the asked-for digits.
        QTest::newRow("zero time") << 0.0 << Dimension::time << 3 << "0.00 s";
        QTest::newRow("zero rate") << 0.0 << Dimension::flopsPerS << 3 << "0.00 FLOP/s";
        QTest::newRow("zero bytes one digit") << 0.0 << Dimension::bytes << 1 << "0 B";
        QTest::newRow("NaN") << kNaN << Dimension::bytesPerS << 3 << "n/a";
        QTest::newRow("NaN ratio") << kNaN << Dimension::ratio << 3 << "n/a";
        QTest::newRow("inf") << kInf << Dimension::intensity << 3 << "inf";
        QTest::newRow("-inf") << -kInf << Dimension::time << 3 << "-inf";
        // ratio: 0.875 -> 87.5 %
        QTest::newRow("ratio") << 0.875 << Dimension::ratio << 3 << "87.5 %";
        QTest::newRow("ratio quarter") << 0.25 << Dimension::ratio << 3 << "25 %";
        QTest::newRow("ratio whole") << 1.0 << Dimension::ratio << 3 << "100 %";
        QTest::newRow("ratio zero") << 0.0 << Dimension::ratio << 3 << "0 %";
    }
    void formatSiWrites() {
        QFETCH(double, value);
        QFETCH(Dimension, dimension);
        QFETCH(int, significant);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(formatSi(value, dimension, significant)), expected);
    }

    void formatSiDefaultsToThreeDigits() {
        QCOMPARE(QString::fromStdString(formatSi(3.35e12, Dimension::bytesPerS)),
                 QStringLiteral("3.35 TB/s"));
    }

    // What formatSi writes, toSi reads back to the same value (within the printed rounding).
    void formatThenParseRoundTrips_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<Dimension>("dimension");
        QTest::newRow("rate") << 3.12e14 << Dimension::flopsPerS;
        QTest::newRow("exa rate") << 5e18 << Dimension::flopsPerS;
        QTest::newRow("bandwidth") << 2.04e12 << Dimension::bytesPerS;
        QTest::newRow("time") << 1.5e-6 << Dimension::time;
        QTest::newRow("bytes") << 8e10 << Dimension::bytes;
        QTest::newRow("frequency") << 1.41e9 << Dimension::frequency;
        QTest::newRow("intensity") << 295.0 << Dimension::intensity;
        QTest::newRow("ratio") << 0.875 << Dimension::ratio;
    }
    void formatThenParseRoundTrips() {
        QFETCH(double, value);
        QFETCH(Dimension, dimension);
        const QString text = QString::fromStdString(formatSi(value, dimension));
        const qsizetype blank = text.indexOf(' ');
        QVERIFY(blank > 0);
        const auto number = parseNumber(text.left(blank).toStdString());
        QVERIFY(number.ok());
        const auto q = toSi(number.value(), text.mid(blank + 1).toStdString());
        QVERIFY2(q.ok(), qPrintable(text));
        QVERIFY(q.value().dimension == dimension);
        QVERIFY2(near(q.value().value, value), describe(q.value().value, value));
    }

    void unitSymbols_data() {
        QTest::addColumn<Dimension>("dimension");
        QTest::addColumn<QString>("symbol");
        QTest::newRow("time") << Dimension::time << "s";
        QTest::newRow("bytes") << Dimension::bytes << "B";
        QTest::newRow("flops") << Dimension::flops << "FLOP";
        QTest::newRow("bytesPerS") << Dimension::bytesPerS << "B/s";
        QTest::newRow("flopsPerS") << Dimension::flopsPerS << "FLOP/s";
        QTest::newRow("frequency") << Dimension::frequency << "Hz";
        QTest::newRow("intensity") << Dimension::intensity << "FLOP/B";
        QTest::newRow("count") << Dimension::count << "";
        QTest::newRow("ratio") << Dimension::ratio << "%";
    }
    void unitSymbols() {
        QFETCH(Dimension, dimension);
        QFETCH(QString, symbol);
        QCOMPARE(QString::fromUtf8(unitSymbol(dimension).data(), unitSymbol(dimension).size()),
                 symbol);
    }
};

QTEST_APPLESS_MAIN(TestUnits)
#include "test_units.moc"
