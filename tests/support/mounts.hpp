#pragma once
// File systems that fail on purpose, for the tests of disk and folder failures: a small tmpfs
// (a disk that fills up) and a read-only bind mount (a read-only folder). Both need the right
// to mount (root, as in the test containers); a test that cannot get one skips, naming why.
#include <string>

namespace slotcraft::test {

// A mount made for one test, undone (lazily) at the end. ok() false: the mount failed and
// error() says why (the test skips with it).
class TestMount {
public:
    TestMount(const TestMount&) = delete;
    TestMount& operator=(const TestMount&) = delete;
    ~TestMount();
    // A tmpfs of `bytes` at a fresh folder.
    static TestMount tmpfs(std::size_t bytes);
    // `folder` again, read-only, at a fresh folder.
    static TestMount read_only_view(const std::string& folder);
    TestMount(TestMount&& other) noexcept;

    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }
    const std::string& path() const { return path_; }  // the mount point
    std::string file(const std::string& name) const { return path_ + "/" + name; }

private:
    TestMount() = default;
    std::string path_;
    std::string error_;
    bool mounted_ = false;
};

// Fills the file system holding `folder` with a file `folder`/filler until no byte is left,
// then gives `free_bytes` back. Returns the filler's path (remove it to give the space back).
std::string fill_disk(const std::string& folder, std::size_t free_bytes = 0);

}  // namespace slotcraft::test
