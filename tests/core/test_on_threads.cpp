// onThreads runs work(t) once for every t below the count, t = 0 on the caller's thread and the
// others each on a thread of its own, and returns after the last; threadsFor gives one thread
// below its threshold and, from it, one per core within the cap.
#include "core/on_threads.h"

#include <QtTest>

#include <mutex>
#include <set>
#include <thread>
#include <vector>

using namespace roofscope;

class TestOnThreads : public QObject {
    Q_OBJECT

  private slots:
    void eachSliceOnce_data() {
        QTest::addColumn<int>("threads");
        QTest::newRow("one: the caller alone") << 1;
        QTest::newRow("two") << 2;
        QTest::newRow("more than the cores") << 5;
    }
    void eachSliceOnce() {
        QFETCH(int, threads);
        std::mutex mutex;
        std::vector<int> calls(static_cast<std::size_t>(threads), 0);
        std::set<std::thread::id> ids;
        std::thread::id first;
        onThreads(static_cast<std::size_t>(threads), [&](std::size_t t) {
            std::lock_guard lock(mutex);
            ++calls[t];
            ids.insert(std::this_thread::get_id());
            if (t == 0)
                first = std::this_thread::get_id();
        });
        // Every call has returned: each counted once, on threads of their own.
        QCOMPARE(calls, std::vector<int>(static_cast<std::size_t>(threads), 1));
        QCOMPARE(int(ids.size()), threads);
        QVERIFY(first == std::this_thread::get_id());
    }

    void threadsForItems_data() {
        QTest::addColumn<int>("items");
        QTest::addColumn<int>("threaded");
        QTest::addColumn<int>("most");
        QTest::addColumn<int>("expected"); // -1: one per core, within `most`
        QTest::newRow("below the threshold") << 999 << 1000 << 8 << 1;
        QTest::newRow("at it") << 1000 << 1000 << 8 << -1;
        QTest::newRow("capped at one") << 5000 << 1000 << 1 << 1;
    }
    void threadsForItems() {
        QFETCH(int, items);
        QFETCH(int, threaded);
        QFETCH(int, most);
        QFETCH(int, expected);
        const auto cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
        QCOMPARE(int(threadsFor(std::size_t(items), std::size_t(threaded), std::size_t(most))),
                 expected >= 0 ? expected : std::min(cores, most));
    }
};

QTEST_APPLESS_MAIN(TestOnThreads)
#include "test_on_threads.moc"
