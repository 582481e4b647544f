// Files the user names (see user_file.hpp).
#include "io/user_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "io/shown_text.hpp"

namespace slotcraft {

namespace {

constexpr std::size_t kShownPathBytes = 1024;

// A descriptor closed when it goes out of scope.
class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

private:
    int fd_;
};

const char* special_kind(mode_t mode) {
    if (S_ISFIFO(mode)) return "a pipe (a FIFO)";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    return "a special file";
}

[[noreturn]] void refuse(UserFileProblem problem, const UserFileRules& rules, const std::string& path,
                         const std::string& reason) {
    throw UserFileError(problem, reason,
                        "cannot read " + std::string(rules.what) + " " + quoted_path(path) + ": " + reason);
}

// Why open() failed, said for the user; kMissing when nothing is there.
[[noreturn]] void refuse_open(int error, const UserFileRules& rules, const std::string& path) {
    struct stat link {};
    if (error == ENOENT && ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
        refuse(UserFileProblem::kMissing, rules, path, "it is a symlink to a file that does not exist; fix the link");
    }
    if (error == ENOENT) refuse(UserFileProblem::kMissing, rules, path, "it does not exist; check the path");
    if (error == ELOOP) {
        refuse(UserFileProblem::kUnreadable, rules, path,
               "it is a symlink loop (too many levels of links); fix the link");
    }
    if (error == EACCES) {
        refuse(UserFileProblem::kUnreadable, rules, path,
               "permission denied; check the permissions of the file and of its folders");
    }
    if (error == ENOTDIR) {
        refuse(UserFileProblem::kMissing, rules, path, "a part of its path is a file, not a folder; check the path");
    }
    refuse(UserFileProblem::kUnreadable, rules, path, std::string(std::strerror(error)) + "; check the path");
}

}  // namespace

UserFileError::UserFileError(UserFileProblem problem_, std::string reason_, const std::string& message)
    : std::runtime_error(message), problem(problem_), reason(std::move(reason_)) {}

std::string quoted_path(std::string_view path) { return "'" + shown_bare(path, kShownPathBytes) + "'"; }

std::optional<std::string> read_user_file_if_exists(const std::string& path, const UserFileRules& rules) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 && errno == ENOENT) return std::nullopt;
    if (S_ISLNK(st.st_mode) && ::stat(path.c_str(), &st) != 0 && errno == ENOENT) return std::nullopt;
    return read_user_file(path, rules);
}

std::string read_user_file(const std::string& path, const UserFileRules& rules) {
    if (path.empty()) refuse(UserFileProblem::kMissing, rules, path, "the path is empty; name a file");
    // O_NONBLOCK: opening a pipe for reading never waits for a writer (it is refused below).
    const Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0) refuse_open(errno, rules, path);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) refuse_open(errno, rules, path);
    if (S_ISDIR(st.st_mode)) refuse(UserFileProblem::kFolder, rules, path, "it is a folder; name a file in it");
    if (!S_ISREG(st.st_mode)) {
        refuse(UserFileProblem::kSpecial, rules, path,
               "it is " + std::string(special_kind(st.st_mode)) +
                   ", a special file, not a regular file; name a regular file");
    }
    const auto too_large = [&](uint64_t size) {
        refuse(UserFileProblem::kTooLarge, rules, path,
               "it holds " + std::to_string(size) + " bytes, more than the " + std::to_string(rules.max_bytes) +
                   " this program reads; name a smaller file");
    };
    if (static_cast<uint64_t>(st.st_size) > rules.max_bytes) too_large(static_cast<uint64_t>(st.st_size));
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t done = 0;
    for (;;) {  // a file that grows while read is read up to the bound, never past it
        if (done == text.size()) {
            if (text.size() > rules.max_bytes) too_large(text.size());
            const std::size_t grown = text.size() < 4096 ? 4096 : 2 * text.size();
            text.resize(grown < rules.max_bytes + 1 ? grown : rules.max_bytes + 1);
        }
        const ssize_t n = ::read(fd.get(), text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            refuse(UserFileProblem::kUnreadable, rules, path,
                   "reading it failed: " + std::string(std::strerror(errno)));
        if (n == 0) break;
        done += static_cast<std::size_t>(n);
    }
    text.resize(done);
    if (done > rules.max_bytes) too_large(done);
    return text;
}

int open_output_no_wait(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return -errno;
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);  // a reader is there: writes may wait for it
    return fd;
}

std::string output_open_reason(int error) {
    if (error == ENXIO) return "it is a pipe nobody reads (start its reader first, or name a file)";
    return std::strerror(error);
}

}  // namespace slotcraft
