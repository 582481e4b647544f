// Test mounts (see mounts.hpp).
#include "support/mounts.hpp"

#include <fcntl.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <vector>

namespace slotcraft::test {

namespace {
std::string fresh_folder(const char* kind) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / (std::string("slotcraft-") + kind + "-XXXXXX")).string();
    if (!mkdtemp(pattern.data())) return {};
    return pattern;
}
}  // namespace

TestMount TestMount::tmpfs(std::size_t bytes) {
    TestMount m;
    m.path_ = fresh_folder("tmpfs");
    const std::string options = "size=" + std::to_string(bytes);
    if (m.path_.empty() || ::mount("tmpfs", m.path_.c_str(), "tmpfs", 0, options.c_str()) != 0) {
        m.error_ = "cannot mount a tmpfs (" + std::string(std::strerror(errno)) +
                   "): a full disk needs the right to mount (run the tests as root)";
        return m;
    }
    m.mounted_ = true;
    return m;
}

TestMount TestMount::read_only_view(const std::string& folder) {
    TestMount m;
    m.path_ = fresh_folder("ro");
    if (m.path_.empty() || ::mount(folder.c_str(), m.path_.c_str(), nullptr, MS_BIND, nullptr) != 0) {
        m.error_ = "cannot bind-mount '" + folder + "' (" + std::strerror(errno) +
                   "): a read-only folder needs the right to mount (run the tests as root)";
        return m;
    }
    m.mounted_ = true;
    if (::mount(nullptr, m.path_.c_str(), nullptr, MS_BIND | MS_REMOUNT | MS_RDONLY, nullptr) != 0) {
        m.error_ = "cannot make the bind mount read-only (" + std::string(std::strerror(errno)) + ")";
    }
    return m;
}

TestMount::TestMount(TestMount&& other) noexcept
    : path_(std::move(other.path_)), error_(std::move(other.error_)), mounted_(other.mounted_) {
    other.mounted_ = false;
    other.path_.clear();
}

TestMount::~TestMount() {
    if (mounted_) ::umount2(path_.c_str(), MNT_DETACH);
    if (!path_.empty()) ::rmdir(path_.c_str());
}

std::string fill_disk(const std::string& folder, std::size_t free_bytes) {
    const std::string path = folder + "/filler";
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return path;
    const std::vector<char> block(4096, 'x');
    for (std::size_t size = block.size(); size > 0; size /= 2) {
        while (::write(fd, block.data(), size) == static_cast<ssize_t>(size)) {}
    }
    const off_t size = ::lseek(fd, 0, SEEK_END);
    if (free_bytes > 0) (void)!::ftruncate(fd, std::max<off_t>(0, size - static_cast<off_t>(free_bytes)));
    ::close(fd);
    return path;
}

}  // namespace slotcraft::test
