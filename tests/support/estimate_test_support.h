#pragma once
// Shared by the test_estimate_*.cpp suites: one data row = an op as the profiler records it
// (name, "Input Dims", "Input type", "Concrete Inputs") and the hand-computed FLOPs and bytes.
// Expected numbers are written out in each row (with the arithmetic in a comment), never
// recomputed with the code under test.

#include "core/estimate/op_estimate.h"

#include <QtTest>

namespace roofscope::testing {

inline void estimateColumns() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("dims");
    QTest::addColumn<QString>("types");
    QTest::addColumn<QString>("concrete");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("bytesRead");
    QTest::addColumn<double>("bytesWritten");
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<bool>("tensorUnits");
}

// One row; `types` and `concrete` may be empty (the trace lacks them).
inline void estimateRow(const char* name, const char* op, const char* dims, const char* types,
                        const char* concrete, double flops, double bytesRead, double bytesWritten,
                        const char* category, const char* precision, bool tensorUnits) {
    QTest::newRow(name) << QString(op) << QString(dims) << QString(types) << QString(concrete)
                        << flops << bytesRead << bytesWritten << QString(category)
                        << QString(precision) << tensorUnits;
}

inline void checkEstimateRow() {
    QFETCH(QString, op);
    QFETCH(QString, dims);
    QFETCH(QString, types);
    QFETCH(QString, concrete);
    QFETCH(double, flops);
    QFETCH(double, bytesRead);
    QFETCH(double, bytesWritten);
    QFETCH(QString, category);
    QFETCH(QString, precision);
    QFETCH(bool, tensorUnits);
    const auto inputs =
        parseOpInputs(dims.toStdString(), types.toStdString(), concrete.toStdString());
    QVERIFY2(inputs.ok(), inputs.ok() ? "" : inputs.error().toString().c_str());
    QVERIFY(hasEstimator(op.toStdString()));
    const auto estimate = estimateOp(op.toStdString(), inputs.value());
    QVERIFY2(estimate.ok(), estimate.ok() ? "" : estimate.error().toString().c_str());
    const OpEstimate& e = estimate.value();
    QCOMPARE(e.flops, flops);
    QCOMPARE(e.bytesRead, bytesRead);
    QCOMPARE(e.bytesWritten, bytesWritten);
    QCOMPARE(QString::fromUtf8(toString(e.category).data()), category);
    QCOMPARE(QString::fromUtf8(toString(e.precision).data()), precision);
    QCOMPARE(e.tensorUnits, tensorUnits);
    QVERIFY(!e.formula.empty());
}

inline void errorColumns() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("dims");
    QTest::addColumn<QString>("types");
    QTest::addColumn<QString>("concrete");
    QTest::addColumn<QString>("message"); // a part the error message must contain
}

inline void errorRow(const char* name, const char* op, const char* dims, const char* types,
                     const char* concrete, const char* message) {
    QTest::newRow(name) << QString(op) << QString(dims) << QString(types) << QString(concrete)
                        << QString(message);
}

// The inputs parse, but the estimator refuses them with a message naming the problem.
inline void checkErrorRow() {
    QFETCH(QString, op);
    QFETCH(QString, dims);
    QFETCH(QString, types);
    QFETCH(QString, concrete);
    QFETCH(QString, message);
    const auto inputs =
        parseOpInputs(dims.toStdString(), types.toStdString(), concrete.toStdString());
    QVERIFY2(inputs.ok(), inputs.ok() ? "" : inputs.error().toString().c_str());
    const auto estimate = estimateOp(op.toStdString(), inputs.value());
    QVERIFY(!estimate.ok());
    const QString text = QString::fromStdString(estimate.error().message);
    QVERIFY2(text.contains(message), qPrintable(text));
}

inline void assumptionColumns() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("dims");
    QTest::addColumn<QString>("types");
    QTest::addColumn<QString>("concrete");
    QTest::addColumn<QString>("assumption"); // a part of OpEstimate::assumption; "" = none
}

inline void assumptionRow(const char* name, const char* op, const char* dims, const char* types,
                          const char* concrete, const char* assumption) {
    QTest::newRow(name) << QString(op) << QString(dims) << QString(types) << QString(concrete)
                        << QString(assumption);
}

// The estimate succeeds and says what it assumes: nothing when the recorded inputs determine it,
// else a text containing `assumption`.
inline void checkAssumptionRow() {
    QFETCH(QString, op);
    QFETCH(QString, dims);
    QFETCH(QString, types);
    QFETCH(QString, concrete);
    QFETCH(QString, assumption);
    const auto inputs =
        parseOpInputs(dims.toStdString(), types.toStdString(), concrete.toStdString());
    QVERIFY2(inputs.ok(), inputs.ok() ? "" : inputs.error().toString().c_str());
    const auto estimate = estimateOp(op.toStdString(), inputs.value());
    QVERIFY2(estimate.ok(), estimate.ok() ? "" : estimate.error().toString().c_str());
    const QString text = QString::fromStdString(estimate.value().assumption);
    if (assumption.isEmpty())
        QVERIFY2(text.isEmpty(), qPrintable(text));
    else
        QVERIFY2(text.contains(assumption), qPrintable(text));
}

} // namespace roofscope::testing
