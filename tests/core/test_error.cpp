// Errors as values: the kind callers act on (a benchmark this machine cannot run is skipped, not
// failed), the text that says where, and ROOFSCOPE_TRY's early return.
#include "core/error.h"

#include <QtTest>

using namespace roofscope;

namespace {

Result<int> half(int n) {
    if (n % 2)
        return makeError(std::to_string(n) + " is odd", inFile("numbers.txt"));
    return n / 2;
}

// Halves twice; the second step runs only when the first gave a value.
Result<int> quarter(int n, int& steps) {
    ROOFSCOPE_TRY(first, half(n));
    ++steps;
    ROOFSCOPE_TRY(second, half(first.value()));
    ++steps;
    return second.value();
}

Status check(int n) {
    ROOFSCOPE_TRY_STATUS(half(n));
    return {};
}

} // namespace

class TestError : public QObject {
    Q_OBJECT

  private slots:
    void kinds_data() {
        QTest::addColumn<int>("made"); // 0 makeError, 1 notSupported, 2 makeError with a kind
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("text");
        QTest::newRow("plain") << 0 << int(ErrorKind::failed) << "f.json: broken";
        QTest::newRow("not supported")
            << 1 << int(ErrorKind::unsupported) << "not supported: fp8 needs sm89";
        QTest::newRow("time limit") << 2 << int(ErrorKind::timeLimit) << "time limit reached";
    }
    void kinds() {
        QFETCH(int, made);
        QFETCH(int, kind);
        QFETCH(QString, text);
        const Error e = made == 0   ? makeError("broken", inFile("f.json"))
                        : made == 1 ? notSupported("fp8 needs sm89")
                                    : makeError(ErrorKind::timeLimit, "time limit reached");
        QCOMPARE(int(e.kind), kind);
        QCOMPARE(QString::fromStdString(e.toString()), text);
    }

    void tryReturnsTheFirstError_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("steps"); // steps taken before returning
        QTest::addColumn<QString>("error");
        QTest::newRow("8 / 4 = 2") << 8 << 2 << QString();
        QTest::newRow("6 / 2 = 3, odd") << 6 << 1 << "numbers.txt: 3 is odd";
        QTest::newRow("5 is odd at once") << 5 << 0 << "numbers.txt: 5 is odd";
    }
    void tryReturnsTheFirstError() {
        QFETCH(int, n);
        QFETCH(int, steps);
        QFETCH(QString, error);
        int taken = 0;
        const auto r = quarter(n, taken);
        QCOMPARE(taken, steps);
        QCOMPARE(r.ok(), error.isEmpty());
        if (r.ok())
            QCOMPARE(r.value(), n / 4);
        else
            QCOMPARE(QString::fromStdString(r.error().toString()), error);
        QCOMPARE(check(n).ok(), n % 2 == 0);
    }
};

QTEST_GUILESS_MAIN(TestError)
#include "test_error.moc"
