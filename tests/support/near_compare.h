#pragma once
// Floating-point comparison for the core suites: relative tolerance, NaN equal to NaN, infinities
// and zero compared exactly, and a failure message with all 17 digits of both numbers.

#include <QByteArray>
#include <QtTest>

#include <cmath>
#include <limits>

namespace roofscope::testing {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

inline bool near(double actual, double expected, double relative = 1e-12) {
    if (std::isnan(expected))
        return std::isnan(actual);
    if (std::isinf(expected) || expected == 0)
        return actual == expected;
    return std::fabs(actual - expected) <= relative * std::fabs(expected);
}

inline QByteArray describe(double actual, double expected) {
    return QByteArray("actual ") + QByteArray::number(actual, 'g', 17) + ", expected " +
           QByteArray::number(expected, 'g', 17);
}

} // namespace roofscope::testing

#define CHECK_NEAR(actual, expected)                                                               \
    do {                                                                                           \
        const double a_ = (actual), e_ = (expected);                                               \
        QVERIFY2(roofscope::testing::near(a_, e_),                                                 \
                 roofscope::testing::describe(a_, e_).constData());                                \
    } while (false)
