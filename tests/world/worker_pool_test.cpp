// The one worker pool (world/worker_pool.hpp): jobs in order, results handed back, a worker's
// failure named, and the stop rule: queued jobs are dropped, never run, whatever their number.
#include "world/worker_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <set>
#include <thread>

namespace slotcraft {
namespace {

using IntPool = WorkerPool<int, int>;

// Takes results until `expected` arrived (the test's timeout bounds a hang).
std::multiset<int> collect(IntPool& pool, std::size_t expected) {
    std::multiset<int> done;
    while (done.size() < expected) {
        for (int r : pool.take_results()) done.insert(r);
        std::this_thread::yield();
    }
    return done;
}

TEST(WorkerPool, RunsEveryJobOnceAndHandsBackItsResult) {
    IntPool pool(
        2, [](const int& job, std::monostate&) { return job * 2; }, [](const int& job) { return std::to_string(job); });
    std::vector<int> jobs;
    for (int i = 0; i < 1000; ++i) jobs.push_back(i);
    pool.submit(std::move(jobs));
    pool.submit(1000);
    const std::multiset<int> done = collect(pool, 1001);
    std::multiset<int> expected;
    for (int i = 0; i <= 1000; ++i) expected.insert(i * 2);
    EXPECT_EQ(done, expected);
    EXPECT_EQ(pool.queued(), 0u);
    EXPECT_EQ(pool.threads(), 2);
}

TEST(WorkerPool, EachWorkerKeepsItsOwnState) {
    struct Counter {
        int runs = 0;
    };
    WorkerPool<int, int, Counter> pool(
        1, [](const int&, Counter& c) { return ++c.runs; }, [](const int& job) { return std::to_string(job); });
    pool.submit(std::vector<int>{1, 2, 3});
    std::multiset<int> done;
    while (done.size() < 3) {
        for (int r : pool.take_results()) done.insert(r);
        std::this_thread::yield();
    }
    EXPECT_EQ(done, (std::multiset<int>{1, 2, 3})) << "one worker, one state across its jobs";
}

TEST(WorkerPool, AFailedJobIsNamedOnTheOwnersThread) {
    IntPool pool(
        1,
        [](const int& job, std::monostate&) -> int {
            if (job == 7) throw std::runtime_error("out of blocks");
            return job;
        },
        [](const int& job) { return "job " + std::to_string(job); });
    pool.submit(7);
    for (;;) {
        try {
            (void)pool.take_results();
        } catch (const WorkerError& e) {
            EXPECT_STREQ(e.what(), "job 7 failed: out of blocks");
            break;
        }
        std::this_thread::yield();
    }
}

TEST(WorkerPool, CancelTakesBackWhatNoWorkerStarted) {
    std::promise<void> gate;
    std::shared_future<void> open = gate.get_future().share();
    std::atomic<int> started{0};
    IntPool pool(
        1,
        [&](const int& job, std::monostate&) {
            ++started;
            open.wait();
            return job;
        },
        [](const int& job) { return std::to_string(job); });
    pool.submit(std::vector<int>{0, 1, 2, 3, 4});
    while (started.load() < 1) std::this_thread::yield();
    const std::vector<int> cancelled = pool.cancel_queued();
    EXPECT_EQ(cancelled, (std::vector<int>{1, 2, 3, 4})) << "in queue order, the running job kept";
    gate.set_value();
    EXPECT_EQ(collect(pool, 1), (std::multiset<int>{0}));
}

// The stop rule: with thousands of jobs queued behind two running ones, stop() drops the
// queue and joins once the running jobs end: no queued job ever starts. Shown by counting,
// not timing: the running jobs wait on a gate that opens only after the queue was dropped.
TEST(WorkerPool, StopDropsThousandsOfQueuedJobsAndJoinsAfterTheRunningOnes) {
    constexpr int kThreads = 2;
    constexpr int kJobs = 20000;
    std::promise<void> gate;
    std::shared_future<void> open = gate.get_future().share();
    std::atomic<int> started{0};
    IntPool pool(
        kThreads,
        [&](const int& job, std::monostate&) {
            ++started;
            open.wait();
            return job;
        },
        [](const int& job) { return std::to_string(job); });
    // Whatever happens below, the gate opens before the pool goes, so a failed check cannot
    // leave the workers waiting on it. (A stop that never drops the queue hangs the loop
    // below: ctest's TIMEOUT turns that into a failure.)
    struct OpenAtExit {
        std::promise<void>& gate;
        bool opened = false;
        void open() {
            if (!opened) gate.set_value();
            opened = true;
        }
        ~OpenAtExit() { open(); }
    } opener{gate};
    std::vector<int> jobs;
    for (int i = 0; i < kJobs; ++i) jobs.push_back(i);
    pool.submit(std::move(jobs));
    while (started.load() < kThreads) std::this_thread::yield();
    ASSERT_EQ(pool.queued(), static_cast<std::size_t>(kJobs - kThreads));

    std::thread stopper([&] { pool.stop(); });
    while (pool.queued() != 0) std::this_thread::yield();  // stop() dropped the queue and set the stop
    opener.open();                                         // the running jobs may end now
    stopper.join();
    EXPECT_EQ(started.load(), kThreads) << "a queued job started after the stop";
    EXPECT_EQ(pool.threads(), 0);
    EXPECT_EQ(pool.take_results().size(), static_cast<std::size_t>(kThreads)) << "the running jobs' results are kept";
}

}  // namespace
}  // namespace slotcraft
