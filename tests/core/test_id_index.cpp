// IdIndex, the flat id table the link looks External ids and correlations up in: every id asked
// finds what was set for it, whatever the ids' spacing (in sequence, strided so that they share
// home slots, huge), and ids never asked are not found; given the ids' range, the table is
// indexed by the id when the range is dense, and answers the same.
#include "core/import/kineto/id_index.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::kineto;

class TestIdIndex : public QObject {
    Q_OBJECT

  private slots:
    void findsWhatWasSet_data() {
        QTest::addColumn<qint64>("first");
        QTest::addColumn<qint64>("stride");
        QTest::addColumn<int>("count");
        QTest::newRow("in sequence") << qint64(0) << qint64(1) << 1000;
        // Multiples of 2^32 share their low bits; the hash must still spread them.
        QTest::newRow("strided by 2^32") << qint64(0) << (qint64(1) << 32) << 1000;
        QTest::newRow("near the top")
            << (std::numeric_limits<qint64>::max() - 5000) << qint64(5) << 1000;
        QTest::newRow("full to 3/4") << qint64(7) << qint64(3) << 12;
        QTest::newRow("one") << qint64(42) << qint64(1) << 1;
    }
    void findsWhatWasSet() {
        QFETCH(qint64, first);
        QFETCH(qint64, stride);
        QFETCH(int, count);
        IdIndex index(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) {
            std::uint32_t& slot = index.slot(first + stride * i);
            QCOMPARE(slot, kNoIndex); // not asked before
            slot = static_cast<std::uint32_t>(i);
        }
        for (int i = 0; i < count; ++i) {
            QCOMPARE(index.find(first + stride * i), static_cast<std::uint32_t>(i));
            QCOMPARE(index.slot(first + stride * i), static_cast<std::uint32_t>(i));
        }
        // Ids between and beyond those set are absent.
        if (stride > 1)
            QCOMPARE(index.find(first + 1), kNoIndex);
        if (first > 0)
            QCOMPARE(index.find(first - 1), kNoIndex);
    }

    // The same ids with their range given: dense ranges take the table indexed by the id, sparse
    // ones the hashed table, and both answer as above, ids outside the range included.
    void withTheRangeGiven_data() {
        QTest::addColumn<qint64>("first");
        QTest::addColumn<qint64>("stride");
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("direct");
        QTest::newRow("in sequence") << qint64(1) << qint64(1) << 5000 << true;
        QTest::newRow("every third") << qint64(100) << qint64(3) << 5000 << true;
        // 4 * 5000 + 1024 = 21024: a span of 5 * 4999 = 24995 is too sparse.
        QTest::newRow("every fifth") << qint64(100) << qint64(5) << 5000 << false;
        QTest::newRow("near the top")
            << (std::numeric_limits<qint64>::max() - 5000) << qint64(1) << 5000 << true;
        QTest::newRow("from zero to the top")
            << qint64(0) << (std::numeric_limits<qint64>::max() / 2) << 3 << false;
        QTest::newRow("one") << qint64(42) << qint64(1) << 1 << true;
    }
    void withTheRangeGiven() {
        QFETCH(qint64, first);
        QFETCH(qint64, stride);
        QFETCH(int, count);
        QFETCH(bool, direct);
        IdIndex index(static_cast<std::size_t>(count), first, first + stride * (count - 1));
        QCOMPARE(index.direct(), direct);
        for (int i = 0; i < count; ++i) {
            std::uint32_t& slot = index.slot(first + stride * i);
            QCOMPARE(slot, kNoIndex);
            slot = static_cast<std::uint32_t>(i);
        }
        for (int i = 0; i < count; ++i)
            QCOMPARE(index.find(first + stride * i), static_cast<std::uint32_t>(i));
        if (stride > 1)
            QCOMPARE(index.find(first + 1), kNoIndex);
        QCOMPARE(index.find(first - 1), kNoIndex);
        QCOMPARE(index.find(0), first == 0 ? std::uint32_t(0) : kNoIndex);
        QCOMPARE(index.find(std::numeric_limits<qint64>::max()),
                 first + stride * (count - 1) == std::numeric_limits<qint64>::max()
                     ? static_cast<std::uint32_t>(count - 1)
                     : kNoIndex);
    }

    // No ids at all: the empty range the link passes then.
    void emptyRange() {
        const IdIndex index(0, std::numeric_limits<qint64>::max(), -1);
        QVERIFY(!index.direct());
        QCOMPARE(index.find(0), kNoIndex);
        QCOMPARE(index.find(7), kNoIndex);
    }

    // The link keeps the first runtime event of a correlation and the innermost op of an
    // External id: asking again gives the held index to compare with.
    void askedTwiceHoldsOne() {
        IdIndex index(4);
        index.slot(9) = 3;
        std::uint32_t& again = index.slot(9);
        QCOMPARE(again, std::uint32_t(3));
        again = 5;
        QCOMPARE(index.find(9), std::uint32_t(5));
        QCOMPARE(index.find(10), kNoIndex);
    }

    // A table for no ids still answers "absent".
    void empty() {
        const IdIndex index(0);
        QCOMPARE(index.find(0), kNoIndex);
        QCOMPARE(index.find(123456789), kNoIndex);
    }
};

QTEST_APPLESS_MAIN(TestIdIndex)
#include "test_id_index.moc"
