// releaseInBackground: the value leaves the caller at once (moved), dies on another thread, in
// the order values were handed over, and waitForReleases() returns only once every value handed
// over is destroyed.
#include "core/background_release.h"

#include <QtTest>

#include <chrono>
#include <future>
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

// Notes its id and thread when destroyed, after `slow` and once `gate` (when given) is open; a
// moved-from one notes nothing.
class Noted {
  public:
    Noted(Record& record, int id, std::chrono::milliseconds slow = {},
          std::shared_future<void> gate = {})
        : record_(&record), id_(id), slow_(slow), gate_(std::move(gate)) {}
    Noted(Noted&& other) noexcept
        : record_(std::exchange(other.record_, nullptr)), id_(other.id_), slow_(other.slow_),
          gate_(std::move(other.gate_)) {}
    Noted& operator=(Noted&&) = delete;
    ~Noted() {
        if (!record_)
            return;
        if (gate_.valid())
            gate_.wait();
        std::this_thread::sleep_for(slow_);
        std::lock_guard lock(record_->mutex);
        record_->order.push_back(id_);
        record_->threads.push_back(std::this_thread::get_id());
    }

  private:
    Record* record_;
    int id_;
    std::chrono::milliseconds slow_;
    std::shared_future<void> gate_;
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

    // The caller does not wait for the destructor: it returns while the value, whose destructor
    // waits for the test to open a gate, is still alive. (Destroyed on the caller's thread, it
    // would never return, and the suite would time out.)
    void callerGoesOn() {
        Record record;
        std::promise<void> open;
        releaseInBackground(Noted(record, 7, {}, open.get_future().share()));
        {
            std::lock_guard lock(record.mutex);
            QVERIFY(record.order.empty());
        }
        open.set_value();
        waitForReleases();
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
