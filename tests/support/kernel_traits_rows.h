#pragma once
// The rows and the check of the kernel-name suites (test_kernel_traits*.cpp): each row is a
// kernel name with the category, precision, unit and helper flag kernelTraits must give; kNone
// where the name is silent.

#include "core/import/kernel_traits.h"

#include <QtTest>

#include <optional>

namespace roofscope::testing {

constexpr int kNone = -1;

template <class E> int code(std::optional<E> value) {
    return value ? static_cast<int>(*value) : kNone;
}

// One row: the traits expected of `name`; kNone where the name is silent.
inline void row(const char* tag, const char* name, int category, int precision, int unit,
                bool helper = false) {
    QTest::newRow(tag) << QString::fromUtf8(name) << category << precision << unit << helper;
}

constexpr int gemm = int(Category::gemm), conv = int(Category::conv),
              attention = int(Category::attention), elementwise = int(Category::elementwise),
              norm = int(Category::norm), reduction = int(Category::reduction),
              embedding = int(Category::embedding), optimizer = int(Category::optimizer),
              collective = int(Category::collective), memory = int(Category::memory);
constexpr int fp64 = int(Precision::fp64), fp32 = int(Precision::fp32), tf32 = int(Precision::tf32),
              fp16 = int(Precision::fp16), bf16 = int(Precision::bf16), fp8 = int(Precision::fp8),
              int8 = int(Precision::int8), fp4 = int(Precision::fp4);
constexpr int tensor = int(ComputeUnit::tensor), vector = int(ComputeUnit::vector);

// The columns of a _data() of rows.
inline void traitColumns() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("category");
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("unit");
    QTest::addColumn<bool>("helper");
}

// The current row against kernelTraits.
inline void checkTraits() {
    QFETCH(QString, name);
    QFETCH(int, category);
    QFETCH(int, precision);
    QFETCH(int, unit);
    QFETCH(bool, helper);
    const KernelTraits t = kernelTraits(name.toStdString());
    QCOMPARE(code(t.category), category);
    QCOMPARE(code(t.precision), precision);
    QCOMPARE(code(t.unit), unit);
    QCOMPARE(t.helper, helper);
    QCOMPARE(t.rule.empty(), category == kNone);
}

} // namespace roofscope::testing
