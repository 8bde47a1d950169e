// radixSortByKey: ascending by the double key, equal keys in their first order, every digit
// pass (including the skipped ones) ending with the items in `items`; checked against
// std::stable_sort on orderedBits, which is what the sort promises.
#include "core/radix_sort.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace roofscope;

namespace {

struct Item {
    double key;
    int index; // where the item started, to see stability
};

std::vector<Item> items(const std::vector<double>& keys) {
    std::vector<Item> out;
    for (std::size_t i = 0; i < keys.size(); ++i)
        out.push_back({keys[i], static_cast<int>(i)});
    return out;
}

std::vector<int> sortedIndexes(std::vector<Item> v) {
    radixSortByKey(std::span<Item>(v), [](const Item& i) { return i.key; });
    std::vector<int> out;
    for (const Item& i : v)
        out.push_back(i.index);
    return out;
}

constexpr double kInf = std::numeric_limits<double>::infinity();

} // namespace

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(std::vector<int>)

class TestRadixSort : public QObject {
    Q_OBJECT

  private slots:
    void order_data() {
        QTest::addColumn<std::vector<double>>("keys");
        QTest::addColumn<std::vector<int>>("expected"); // the keys' first indexes, sorted

        QTest::newRow("empty") << std::vector<double>{} << std::vector<int>{};
        QTest::newRow("one") << std::vector<double>{3.5} << std::vector<int>{0};
        // Already sorted: every pass keeps the order.
        QTest::newRow("sorted") << std::vector<double>{1, 2, 3} << std::vector<int>{0, 1, 2};
        QTest::newRow("reversed") << std::vector<double>{3, 2, 1} << std::vector<int>{2, 1, 0};
        // Equal keys keep their order: 2.0 at 0 and 3, 1.0 at 1 and 4.
        QTest::newRow("stable") << std::vector<double>{2, 1, 5, 2, 1}
                                << std::vector<int>{1, 4, 0, 3, 2};
        // Negative keys: all bits flipped, so -3 < -2.5 < -0.5 < 0.25.
        QTest::newRow("negative") << std::vector<double>{-0.5, 0.25, -3, -2.5}
                                  << std::vector<int>{2, 3, 0, 1};
        // -0.0 before +0.0 whatever their order; infinities at the ends.
        QTest::newRow("zeros and infinities")
            << std::vector<double>{0.0, kInf, -0.0, -kInf, 1} << std::vector<int>{3, 2, 0, 4, 1};
        // Keys that differ only in the lowest mantissa bit (the first pass's digit) and keys
        // that differ only in the sign and exponent (the last pass's).
        QTest::newRow("lowest bit")
            << std::vector<double>{std::nextafter(1.0, 2.0), 1.0} << std::vector<int>{1, 0};
        QTest::newRow("exponents")
            << std::vector<double>{1e300, 1e-300, 1.0} << std::vector<int>{1, 2, 0};
    }
    void order() {
        QFETCH(std::vector<double>, keys);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(sortedIndexes(items(keys)), expected);
    }

    // Large random inputs of kinds that leave different passes trivial, against the reference.
    void matchesStableSort_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("kind");
        QTest::newRow("log-normal, 100k") << 100'000 << 0; // the plot's intensities
        QTest::newRow("few values, 50k") << 50'000 << 1;   // many equal keys: stability
        QTest::newRow("any sign, 20k") << 20'000 << 2;     // negative and positive
        QTest::newRow("integers, 10k") << 10'000 << 3;     // low mantissa digits all zero
    }
    void matchesStableSort() {
        QFETCH(int, count);
        QFETCH(int, kind);
        std::mt19937_64 rng(static_cast<std::uint64_t>(count + kind));
        std::normal_distribution<double> normal;
        std::uniform_int_distribution<int> small(0, 7);
        std::vector<double> keys;
        for (int i = 0; i < count; ++i) {
            switch (kind) {
            case 0:
                keys.push_back(std::pow(10.0, 1 + normal(rng)));
                break;
            case 1:
                keys.push_back(small(rng) * 0.5);
                break;
            case 2:
                keys.push_back(normal(rng) * 1e6);
                break;
            default:
                keys.push_back(std::round(std::abs(normal(rng)) * 1000));
                break;
            }
        }
        std::vector<Item> reference = items(keys);
        std::stable_sort(reference.begin(), reference.end(), [](const Item& a, const Item& b) {
            return orderedBits(a.key) < orderedBits(b.key);
        });
        std::vector<int> expected;
        for (const Item& i : reference)
            expected.push_back(i.index);
        QCOMPARE(sortedIndexes(items(keys)), expected);
    }
};

QTEST_APPLESS_MAIN(TestRadixSort)
#include "test_radix_sort.moc"
