#pragma once
// Real files for the tests that write them: a fresh folder per test, the names a folder holds,
// and a file-size limit that makes a write fail half way (a disk that fills up). Test-only.
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

namespace slotcraft::test {

// A fresh, empty folder of the running test's own: TMP/PREFIX-PID/SUITE.TEST.
std::filesystem::path test_folder(const std::string& prefix);

// The names of the entries of `dir`, sorted.
std::vector<std::string> names_in(const std::filesystem::path& dir);

// While it lives, files may grow to `bytes` and a write past that fails with EFBIG (SIGXFSZ
// ignored) instead of ending the test.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes);
    ~FileSizeLimit();
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;
    bool active() const { return active_; }

private:
    rlimit saved_{};
    void (*saved_handler_)(int) = SIG_DFL;
    bool active_ = false;
};

}  // namespace slotcraft::test
