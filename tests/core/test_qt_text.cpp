// core/export/qt_number.h against Qt itself: the points tables moved from QJsonDocument and
// QString::number into core, and the files they write must read byte for byte as before. Every
// number form, escape and layout is compared with what Qt writes for the same value.
#include "core/catalog_loader.h"
#include "core/demo_session.h"
#include "core/export/points_table.h"
#include "core/export/qt_number.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace roofscope;

namespace {

QByteArray qtJsonOf(const QJsonValue& v) {
    // "[v]" compact: the value as QJsonDocument writes it inside any container.
    QByteArray text = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

std::vector<double> numbers() {
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> values{0.0,
                               -0.0,
                               1.0,
                               -1.0,
                               0.5,
                               1500,
                               1e6,
                               1.5e6,
                               123456,
                               1234567,
                               1e-4,
                               1e-5,
                               1.5e-5,
                               0.001,
                               0.1,
                               0.3,
                               1.0 / 3,
                               2.0 / 3,
                               1e15,
                               1e16,
                               1e21,
                               1e22,
                               1e300,
                               5e-324,
                               2.4e12,
                               4.5e-10,
                               99999.5,
                               1e10,
                               1.5e10,
                               1e11,
                               9007199254740993.0,
                               4611686018427387904.0,
                               9223372036854775808.0,
                               18446744073709551616.0,
                               1.8e19,
                               -2.5e-7,
                               std::numeric_limits<double>::max(),
                               -inf,
                               inf};
    std::mt19937_64 random(20261202);
    std::uniform_real_distribution<double> mantissa(1.0, 10.0);
    std::uniform_int_distribution<int> exponent(-30, 30);
    for (int i = 0; i < 4000; ++i) {
        const double v = mantissa(random) * std::pow(10.0, exponent(random));
        values.push_back(i % 2 ? v : -v);
        // Rounded to few digits, as FLOP counts and sizes often are.
        values.push_back(std::round(v * 100) / 100);
        values.push_back(std::floor(v));
    }
    return values;
}

} // namespace

class TestQtText : public QObject {
    Q_OBJECT

  private slots:
    void shortestAsQString() {
        int checked = 0;
        for (const double v : numbers()) {
            const QString qt = QString::number(v, 'g', QLocale::FloatingPointShortest);
            const QString core = QString::fromStdString(qtShortest(v));
            QVERIFY2(
                core == qt,
                qPrintable(QStringLiteral("%1: core %2, Qt %3").arg(v, 0, 'g', 17).arg(core, qt)));
            ++checked;
        }
        QVERIFY(checked > 12000);
    }

    void jsonNumberAsQJsonDocument() {
        for (const double v : numbers()) {
            if (!std::isfinite(v))
                continue;
            const QByteArray qt = qtJsonOf(QJsonValue(v));
            const QByteArray core = QByteArray::fromStdString(qtJsonNumber(v));
            QVERIFY2(core == qt,
                     qPrintable(QStringLiteral("%1: core %2, Qt %3")
                                    .arg(v, 0, 'g', 17)
                                    .arg(QString::fromLatin1(core), QString::fromLatin1(qt))));
        }
    }

    void stringAsQJsonDocument_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("plain") << QByteArray("ampere_sgemm_128x64_nn");
        QTest::newRow("template") << QByteArray("void at::native::f<float, 4, \"x\">(int, char)");
        QTest::newRow("escapes") << QByteArray("a\"b\\c/d\be\ff\ng\rh\ti");
        QTest::newRow("controls") << QByteArray("\x01\x02\x1f\x7f end", 8);
        QTest::newRow("utf8") << QByteArray("µs · 4×A100 — 日本 \xF0\x9F\x9A\x80");
        QTest::newRow("lone continuation") << QByteArray("a\x80z");
        QTest::newRow("truncated") << QByteArray("a\xE6\x97");
        QTest::newRow("overlong") << QByteArray("\xC0\xAF!");
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80.");
        QTest::newRow("latin1") << QByteArray("caf\xE9 cr\xE8me");
        QTest::newRow("empty") << QByteArray();
    }
    void stringAsQJsonDocument() {
        QFETCH(QByteArray, text);
        const QByteArray qt = qtJsonOf(QString::fromUtf8(text));
        const std::string core = qtJsonString(std::string_view(text.constData(), text.size()));
        QCOMPARE(QByteArray::fromStdString(core), qt);
        QCOMPARE(
            QByteArray::fromStdString(qtValidUtf8(std::string_view(text.constData(), text.size()))),
            QString::fromUtf8(text).toUtf8());
    }

    // The layout: what QJsonDocument makes of core's text, written back indented, is that text.
    void pointsJsonLayoutAsQJsonDocument() {
        auto session = makeDemoSession(loadCatalog(nullptr));
        QVERIFY(session);
        for (const ViewKind view : {ViewKind::roofline, ViewKind::hierarchical}) {
            session.value().view.view = view;
            const PlotPoints points = plotPoints(session.value());
            QVERIFY(points.points.size() > 10);
            const QByteArray core = QByteArray::fromStdString(pointsJson(session.value(), points));
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(core, &error);
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
            QCOMPARE(doc.toJson(QJsonDocument::Indented), core);
        }
    }

    void emptyContainersAsQJsonDocument() {
        Session empty;
        const QByteArray core = QByteArray::fromStdString(pointsJson(empty, PlotPoints{}));
        QCOMPARE(QJsonDocument::fromJson(core).toJson(QJsonDocument::Indented), core);
        QVERIFY(core.contains("\"points\": [\n    ]"));
    }
};

QTEST_GUILESS_MAIN(TestQtText)
#include "test_qt_text.moc"
