// Crash safety: a child process streams edits into a world and is killed with SIGKILL at a
// random moment (20 trials). Every time, the file must open (read-only checks, quick_check
// included), hold a prefix of the edits in the order they were made, and hold every edit
// the child reported as committed before the kill (a bound the test measures, not a fixed
// time: a loaded machine commits later, never loses a commit). The age of the oldest lost
// edit is printed. Half the trials checkpoint the WAL every few commits, so kills also land
// inside checkpoints.
#include "save/save_test_support.hpp"
#include "save/save.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace slotcraft {
namespace {
using Clock = std::chrono::steady_clock;
using save_test::TempDir;

// One progress line: when the parent read it (never earlier than the child wrote it), the
// edits the child had recorded and how many of them its writer had committed.
struct Progress {
    Clock::time_point when;
    uint64_t recorded = 0;
    uint64_t committed = 0;
};

// What the parent saw of a child: when it reported being ready, and each progress line.
struct ChildRun {
    Clock::time_point killed_at;
    std::vector<Progress> progress;
    bool ready = false;
    bool killed_by_sigkill = false;
};

class Child {
public:
    Child(const std::string& world_path, int checkpoint_pages) {
        const std::string pages = std::to_string(checkpoint_pages);
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(fds[1], STDOUT_FILENO);  // dup2 clears O_CLOEXEC on the copy
            ::execl(SAVE_CRASH_CHILD, SAVE_CRASH_CHILD, world_path.c_str(), pages.c_str(), static_cast<char*>(nullptr));
            std::_Exit(127);
        }
        ::close(fds[1]);
        fd_ = fds[0];
    }
    ~Child() {
        if (pid_ > 0 && !reaped_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        if (fd_ >= 0) ::close(fd_);
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    bool started() const { return pid_ > 0 && fd_ >= 0; }

    // Reads whatever lines arrive until `until`; false when the child closed its output.
    bool read_until(Clock::time_point until, ChildRun& run) {
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
            if (left <= 0) return true;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(std::min<long long>(left, 5))) <= 0) continue;
            char chunk[4096];
            const ssize_t n = ::read(fd_, chunk, sizeof chunk);
            if (n <= 0) return false;
            const Clock::time_point now = Clock::now();
            buffer_.append(chunk, static_cast<std::size_t>(n));
            for (std::size_t eol; (eol = buffer_.find('\n')) != std::string::npos;) {
                const std::string line = buffer_.substr(0, eol);
                buffer_.erase(0, eol + 1);
                if (line == "ready") {
                    run.ready = true;
                    return true;  // the caller starts its kill timer now
                }
                const std::size_t space = line.find(' ');
                run.progress.push_back({now, std::stoull(line.substr(0, space)), std::stoull(line.substr(space + 1))});
            }
        }
    }

    void kill_now(ChildRun& run) {
        ::kill(pid_, SIGKILL);
        run.killed_at = Clock::now();
        int status = 0;
        ::waitpid(pid_, &status, 0);
        reaped_ = true;
        run.killed_by_sigkill = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
    }

private:
    pid_t pid_ = -1;
    int fd_ = -1;
    bool reaped_ = false;
    std::string buffer_;
};

TEST(WorldStoreCrash, KilledAtRandomMomentsTheFileOpensAndKeepsEveryCommittedEdit) {
    constexpr int kTrials = 20;
    std::mt19937 rng(20240610);
    // Every kill lands more than a second into the run, so every trial has commits to check.
    std::uniform_int_distribution<int> run_ms(1200, 2000);
    uint64_t total_recorded = 0;
    uint64_t total_found = 0;
    uintmax_t largest_wal = 0;
    Clock::duration oldest_loss{0};  // age at the kill of the oldest edit that was lost
    for (int trial = 0; trial < kTrials; ++trial) {
        SCOPED_TRACE("trial " + std::to_string(trial));
        TempDir dir;
        const std::string path = dir.file("crash.db");
        ChildRun run;
        {
            // Half the trials checkpoint every few commits, so some kills land inside one.
            Child child(path, trial % 2 == 0 ? 16 : 1000);
            ASSERT_TRUE(child.started());
            ASSERT_TRUE(child.read_until(Clock::now() + std::chrono::seconds(30), run));
            ASSERT_TRUE(run.ready) << "the child did not open its world";
            const Clock::time_point kill_at = Clock::now() + std::chrono::milliseconds(run_ms(rng));
            ASSERT_TRUE(child.read_until(kill_at, run)) << "the child stopped on its own";
            child.kill_now(run);
            ASSERT_TRUE(run.killed_by_sigkill);
        }
        uint64_t must_have = 0;  // edits reported committed before the kill
        uint64_t recorded = 0;   // the last count reported
        for (const Progress& p : run.progress) {
            must_have = std::max(must_have, p.committed);
            recorded = p.recorded;
        }

        std::error_code ec;
        if (const uintmax_t wal = std::filesystem::file_size(path + "-wal", ec); !ec) {
            largest_wal = std::max(largest_wal, wal);
        }

        OpenedWorld opened = WorldStore::open(path, {.create_if_missing = false});
        const std::vector<ChunkEdits> saved = opened.store->load_edits();
        std::vector<bool> present;
        uint64_t found = 0;
        for (const ChunkEdits& c : saved) {
            for (const BlockEdit& e : c.edits) {
                const uint64_t n = save_test::crash_edit_number(c.coord, e.index);
                ASSERT_EQ(e.type, save_test::crash_edit_type(n)) << "edit " << n;
                if (n >= present.size()) present.resize(n + 1, false);
                present[n] = true;
                ++found;
            }
        }
        // Transactions commit in the order edits were recorded: what survives is a prefix.
        EXPECT_EQ(found, present.size()) << "a gap in the committed edits";
        EXPECT_GT(must_have, 0u) << "the trial had no committed edit to check";
        EXPECT_GE(found, must_have) << "lost an edit the child had reported committed";
        EXPECT_LE(found, recorded + 64) << "more edits than the child made";
        if (found > 0) {
            EXPECT_TRUE(opened.store->load_meta().has_value());  // queued before the first edit
        }
        // The lost edits were made after the last report that the file covers.
        Clock::time_point covered = run.progress.empty() ? run.killed_at : run.progress.front().when;
        for (const Progress& p : run.progress) {
            if (p.recorded <= found) covered = p.when;
        }
        if (found < recorded) oldest_loss = std::max(oldest_loss, run.killed_at - covered);
        total_recorded += recorded;
        total_found += found;
    }
    std::printf(
        "[crash] %d trials: %llu edits reported, %llu found after the kills; lost edits were at"
        " most %.0f ms old; largest WAL at a kill %.1f MiB\n",
        kTrials, static_cast<unsigned long long>(total_recorded), static_cast<unsigned long long>(total_found),
        std::chrono::duration<double, std::milli>(oldest_loss).count(), static_cast<double>(largest_wal) / (1 << 20));
}

}  // namespace
}  // namespace slotcraft
