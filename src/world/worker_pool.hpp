#pragma once
// The one worker pool: threads that take jobs from a queue in order and hand back their
// results, used by streaming (GenerationPool) and far terrain (CoarsePool). One stop rule:
// stop() (and the destructor) drops every queued job, and each worker finishes at most the job
// it is running, so the join costs one job's time, never the queue's. Standard library only.
#include <cassert>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

namespace slotcraft {

// A worker could not do its job (out of memory, or a bug in the generator): what needs the
// result cannot go on. Thrown on the owner's thread by take_results(); what() begins with the
// job's name ("generating chunk 1 4 0 failed: ...").
struct WorkerError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Job: what is queued. Result: what a worker hands back. WorkerState: each worker's own
// scratch (a cache), default-constructed on its thread and passed to every job it runs.
template <class Job, class Result, class WorkerState = std::monostate>
class WorkerPool {
public:
    using Work = std::function<Result(const Job&, WorkerState&)>;  // runs on a worker; may throw
    using Name = std::function<std::string(const Job&)>;           // "generating chunk 1 4 0"

    // `work` and whatever it refers to must outlive the pool. threads >= 1.
    WorkerPool(int threads, Work work, Name name) : work_(std::move(work)), name_(std::move(name)) {
        assert(threads >= 1 && "a WorkerPool needs at least one worker thread");
        workers_.reserve(static_cast<std::size_t>(threads));
        for (int i = 0; i < threads; ++i) workers_.emplace_back([this](std::stop_token stop) { run(stop); });
    }
    ~WorkerPool() { stop(); }
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    // Appends jobs to the queue; workers take them in order.
    void submit(Job job) {
        {
            const std::lock_guard lock(mutex_);
            queue_.push_back(std::move(job));
        }
        wake_.notify_one();
    }
    void submit(std::vector<Job> jobs) {
        if (jobs.empty()) return;
        {
            const std::lock_guard lock(mutex_);
            for (Job& job : jobs) queue_.push_back(std::move(job));
        }
        wake_.notify_all();
    }

    // Takes back every job no worker has started yet, in queue order.
    std::vector<Job> cancel_queued() {
        std::deque<Job> taken;
        {
            const std::lock_guard lock(mutex_);
            taken.swap(queue_);
        }
        return {std::make_move_iterator(taken.begin()), std::make_move_iterator(taken.end())};
    }

    // The finished results (never waits for a running job). Throws WorkerError when a worker
    // failed (a worker cannot throw across its thread: it keeps the first message).
    std::vector<Result> take_results() {
        const std::lock_guard lock(mutex_);
        if (!failure_.empty()) throw WorkerError(failure_);
        std::vector<Result> out;
        out.swap(results_);
        return out;
    }

    std::size_t queued() const {
        const std::lock_guard lock(mutex_);
        return queue_.size();
    }
    int threads() const { return static_cast<int>(workers_.size()); }

    // Drops the queued jobs and joins the workers; a running job finishes first. The queue
    // is emptied and the stop set in one step, so no worker starts a job after it. Idempotent.
    void stop() {
        {
            const std::lock_guard lock(mutex_);
            queue_.clear();
            stopping_ = true;
        }
        for (std::jthread& w : workers_) w.request_stop();
        wake_.notify_all();
        workers_.clear();  // joins
    }

private:
    void run(const std::stop_token& stop) {
        WorkerState state;
        for (;;) {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, stop, [this] { return stopping_ || !queue_.empty(); });
            if (stopping_ || stop.stop_requested()) return;
            Job job = std::move(queue_.front());
            queue_.pop_front();
            lock.unlock();
            try {
                Result result = work_(job, state);
                lock.lock();
                results_.push_back(std::move(result));
            } catch (const std::exception& e) {
                if (!lock.owns_lock()) lock.lock();
                if (failure_.empty()) failure_ = name_(job) + " failed: " + e.what();
            }
        }
    }

    Work work_;
    Name name_;
    mutable std::mutex mutex_;
    std::condition_variable_any wake_;
    std::deque<Job> queue_;
    std::vector<Result> results_;
    std::string failure_;                // the first worker's failure (empty: none)
    bool stopping_ = false;              // stop() was called: no job starts any more
    std::vector<std::jthread> workers_;  // last: joined before the queue is destroyed
};

}  // namespace slotcraft
