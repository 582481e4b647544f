// The one atomic file write, and the output-file write and folder check made of it (see atomic_file.hpp).
#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "io/user_file.hpp"

namespace slotcraft {

namespace fs = std::filesystem;

namespace {

// Writes all of `text` to fd; 0 or the errno of the failed write.
int write_all(int fd, std::string_view text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n < 0 ? errno : EIO;
        done += static_cast<std::size_t>(n);
    }
    return 0;
}

// A device or a pipe (or a symlink to one): written through, never renamed over.
std::optional<AtomicWriteFailure> write_through(const std::string& path, std::string_view text) {
    const int fd = open_output_no_wait(path);  // a pipe nobody reads fails at once (ENXIO)
    if (fd < 0) return AtomicWriteFailure{AtomicWriteStep::kOpen, -fd, {}};
    int error = write_all(fd, text);
    const AtomicWriteStep step = error != 0 ? AtomicWriteStep::kWrite : AtomicWriteStep::kReplace;
    if (::close(fd) != 0 && error == 0) error = errno;
    if (error != 0) return AtomicWriteFailure{step, error, {}};
    return std::nullopt;
}

}  // namespace

std::string atomic_write_target(const std::string& path) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(path, ec))) return path;
    // Link by link, so a link to a file that does not exist yet (a dotfiles folder not filled
    // yet) resolves to where that file will be, and the link stays.
    fs::path at = path;
    constexpr int kMaxLinks = 40;  // as the kernel's own limit: a loop ends here
    for (int i = 0; i < kMaxLinks && fs::is_symlink(fs::symlink_status(at, ec)); ++i) {
        const fs::path to = fs::read_symlink(at, ec);
        if (ec) return path;
        at = to.is_absolute() ? to : at.parent_path() / to;
    }
    const fs::path resolved = fs::weakly_canonical(at, ec);
    return (ec ? at.lexically_normal() : resolved).string();
}

std::optional<AtomicWriteFailure> write_atomically(const std::string& path, std::string_view text,
                                                   const AtomicWriteOptions& options) {
    struct stat old {};
    const bool exists = ::stat(path.c_str(), &old) == 0;
    if (exists && !S_ISREG(old.st_mode)) return write_through(path, text);
    const fs::path target = atomic_write_target(path);
    const fs::path folder = target.parent_path();
    if (options.create_folder && !folder.empty()) {
        std::error_code ec;
        fs::create_directories(folder, ec);
        if (ec) return AtomicWriteFailure{AtomicWriteStep::kCreateFolder, ec.value(), folder.string()};
    }
    std::string temp = (folder / ("." + target.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) return AtomicWriteFailure{AtomicWriteStep::kOpen, errno, {}};
    const mode_t mode = exists ? (old.st_mode & 07777) : 0644;
    int error = write_all(fd, text);
    const AtomicWriteStep step = error != 0 ? AtomicWriteStep::kWrite : AtomicWriteStep::kReplace;
    if (error == 0 && (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0)) error = errno;
    if (::close(fd) != 0 && error == 0) error = errno;  // NFS and full disks report here
    if (error == 0 && std::rename(temp.c_str(), target.c_str()) != 0) error = errno;
    if (error != 0) {
        ::unlink(temp.c_str());
        return AtomicWriteFailure{step, error, {}};
    }
    return std::nullopt;
}

void check_output_folder(const std::string& path) {
    if (path.empty()) throw OutputFileError("the path is empty: name a file");
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        throw OutputFileError("cannot write " + quoted_path(path) + ": it is a folder; name a file in it");
    }
    const std::filesystem::path parent = std::filesystem::absolute(path).parent_path();
    if (::access(parent.c_str(), W_OK) != 0) {
        throw OutputFileError("cannot write into '" + parent.string() + "' (" + std::strerror(errno) +
                              "): choose a writable folder");
    }
}

void write_file_atomically(const std::string& path, const std::string& text, const char* what) {
    // A regular file no one may write was made read-only on purpose: it is not replaced (the
    // rename would replace it whatever its mode, and as root even the mode would not stop it).
    struct stat target {};
    if (::stat(atomic_write_target(path).c_str(), &target) == 0 && S_ISREG(target.st_mode) &&
        (target.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0) {
        throw OutputFileError("cannot write " + std::string(what) + " " + quoted_path(path) +
                              ": the file is read-only; make it writable (chmod u+w) or choose another name");
    }
    if (const std::optional<AtomicWriteFailure> failure = write_atomically(path, text)) {
        throw OutputFileError("cannot write " + std::string(what) + " " + quoted_path(path) + ": " +
                              (failure->step == AtomicWriteStep::kOpen ? output_open_reason(failure->error)
                                                                       : std::string(std::strerror(failure->error))));
    }
}

}  // namespace slotcraft
