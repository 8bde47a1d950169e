// releaseInBackground: the value leaves the caller at once (moved), dies on another thread, in
// the order values were handed over, and waitForReleases() returns only once every value handed
// over is destroyed.
#include "core/background_release.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

using namespace roofscope;

namespace {

struct Record {
    std::mutex mutex;
    std::vector<int> order;
    std::vector<std::thread::id> threads;
};

// Notes its id and thread when destroyed; a moved-from one notes nothing.
class Noted {
  public:
    Noted(Record& record, int id, std::chrono::milliseconds slow = {})
        : record_(&record), id_(id), slow_(slow) {}
    Noted(Noted&& other) noexcept
        : record_(std::exchange(other.record_, nullptr)), id_(other.id_), slow_(other.slow_) {}
    Noted& operator=(Noted&&) = delete;
    ~Noted() {
        if (!record_)
            return;
        std::this_thread::sleep_for(slow_);
        std::lock_guard lock(record_->mutex);
        record_->order.push_back(id_);
        record_->threads.push_back(std::this_thread::get_id());
    }

  private:
    Record* record_;
    int id_;
    std::chrono::milliseconds slow_;
};

} // namespace

class TestBackgroundRelease : public QObject {
    Q_OBJECT

  private slots:
    void destroyedElsewhereInOrder_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("slowMs");
        QTest::newRow("one") << 1 << 0;
        QTest::newRow("many") << 50 << 0;
        // The first is slow: the later ones queue behind it and still die after it.
        QTest::newRow("slow first") << 5 << 30;
    }
    void destroyedElsewhereInOrder() {
        QFETCH(int, count);
        QFETCH(int, slowMs);
        Record record;
        for (int i = 0; i < count; ++i) {
            Noted value(record, i, std::chrono::milliseconds(i == 0 ? slowMs : 0));
            releaseInBackground(std::move(value));
        }
        waitForReleases();
        std::lock_guard lock(record.mutex);
        QCOMPARE(int(record.order.size()), count);
        for (int i = 0; i < count; ++i) {
            QCOMPARE(record.order[std::size_t(i)], i);
            QVERIFY(record.threads[std::size_t(i)] != std::this_thread::get_id());
        }
    }

    // The caller does not wait for a slow destructor: it goes on while the value dies.
    void callerGoesOn() {
        Record record;
        std::atomic<bool> returned{false};
        const auto before = std::chrono::steady_clock::now();
        releaseInBackground(Noted(record, 7, std::chrono::milliseconds(200)));
        returned = true;
        const auto took = std::chrono::steady_clock::now() - before;
        // Generous: on a loaded machine the call may take a while, but not the destructor's
        // 200 ms on top.
        QVERIFY(took < std::chrono::milliseconds(150));
        waitForReleases();
        QVERIFY(returned);
        std::lock_guard lock(record.mutex);
        QCOMPARE(record.order, std::vector<int>{7});
    }

    // Nothing handed over: waiting returns at once.
    void waitWithNothingQueued() {
        waitForReleases();
        waitForReleases();
    }
};

QTEST_APPLESS_MAIN(TestBackgroundRelease)
#include "test_background_release.moc"
