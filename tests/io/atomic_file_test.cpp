// The one atomic file write: new files, replaced files (mode kept, no temporary file left),
// symlinks kept, devices written through, and each failing step named.
#include "io/atomic_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/files.hpp"
#include "support/program.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

fs::path temp_folder() { return test::test_folder("slotcraft-atomic"); }
std::string read(const fs::path& path) { return test::read_text(path); }
void write(const fs::path& path, const std::string& text) { test::write_text(path, text); }
using test::names_in;

TEST(AtomicFile, WritesANewFileWithMode0644) {
    const fs::path dir = temp_folder();
    EXPECT_FALSE(write_atomically((dir / "a.json").string(), "{}\n"));
    EXPECT_EQ(read(dir / "a.json"), "{}\n");
    EXPECT_EQ(fs::status(dir / "a.json").permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
    EXPECT_EQ(names_in(dir), std::vector<std::string>{"a.json"});
}

TEST(AtomicFile, ReplacesAFileKeepingItsModeAndLeavingNoTemporaryFile) {
    const fs::path dir = temp_folder();
    write(dir / "s.toml", "old text that is longer\n");
    fs::permissions(dir / "s.toml", fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_FALSE(write_atomically((dir / "s.toml").string(), "new\n"));
    EXPECT_EQ(read(dir / "s.toml"), "new\n");
    EXPECT_EQ(fs::status(dir / "s.toml").permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_EQ(names_in(dir), std::vector<std::string>{"s.toml"});
}

// Once wrong: `export` onto a read-only file replaced it without a word (the rename does not ask
// the file's mode, and root may write anything). A read-only output file is refused whole.
TEST(AtomicFile, AReadOnlyOutputFileIsRefusedAndKeptWhole) {
    const fs::path dir = temp_folder();
    write(dir / "castle.vox", "the old build\n");
    fs::permissions(dir / "castle.vox", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    try {
        write_file_atomically((dir / "castle.vox").string(), "a new build", "the export");
        ADD_FAILURE() << "a read-only file was replaced";
    } catch (const OutputFileError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("cannot write the export"), std::string::npos) << message;
        EXPECT_NE(message.find("castle.vox"), std::string::npos) << message;
        EXPECT_NE(message.find("read-only; make it writable (chmod u+w) or choose another name"), std::string::npos)
            << message;
    }
    EXPECT_EQ(read(dir / "castle.vox"), "the old build\n");
    EXPECT_EQ(names_in(dir), std::vector<std::string>{"castle.vox"});
    fs::permissions(dir / "castle.vox", fs::perms::owner_write, fs::perm_options::add);
    write_file_atomically((dir / "castle.vox").string(), "a new build", "the export");
    EXPECT_EQ(read(dir / "castle.vox"), "a new build") << "writable again, it is replaced";
}

TEST(AtomicFile, ASymlinkKeepsItsLinkAndItsTargetIsReplaced) {
    const fs::path dir = temp_folder();
    fs::create_directories(dir / "dotfiles");
    write(dir / "dotfiles" / "s.toml", "old\n");
    fs::create_symlink("dotfiles/s.toml", dir / "link.toml");
    EXPECT_EQ(fs::path(atomic_write_target((dir / "link.toml").string())), fs::canonical(dir / "dotfiles" / "s.toml"));
    EXPECT_FALSE(write_atomically((dir / "link.toml").string(), "new\n"));
    EXPECT_TRUE(fs::is_symlink(dir / "link.toml"));
    EXPECT_EQ(read(dir / "dotfiles" / "s.toml"), "new\n");
    EXPECT_EQ(names_in(dir / "dotfiles"), std::vector<std::string>{"s.toml"});
    EXPECT_EQ(atomic_write_target((dir / "plain").string()), (dir / "plain").string());
}

TEST(AtomicFile, ADeviceIsWrittenThroughNeverRenamedOver) {
    EXPECT_FALSE(write_atomically("/dev/null", "text\n"));
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
    const std::optional<AtomicWriteFailure> full = write_atomically("/dev/full", "text\n");
    ASSERT_TRUE(full);
    EXPECT_EQ(full->step, AtomicWriteStep::kWrite);
    EXPECT_EQ(full->error, ENOSPC);
}

TEST(AtomicFile, AMissingFolderIsMadeOnlyWhenAsked) {
    const fs::path dir = temp_folder();
    const std::string path = (dir / "a" / "b" / "s.toml").string();
    const std::optional<AtomicWriteFailure> refused = write_atomically(path, "x\n");
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->step, AtomicWriteStep::kOpen);
    EXPECT_EQ(refused->error, ENOENT);
    EXPECT_FALSE(write_atomically(path, "x\n", {.create_folder = true}));
    EXPECT_EQ(read(path), "x\n");
}

TEST(AtomicFile, AFolderThatCannotBeMadeIsNamed) {
    const fs::path dir = temp_folder();
    write(dir / "file", "x");
    const std::optional<AtomicWriteFailure> failure = write_atomically((dir / "file" / "sub" / "s.toml").string(),
                                                                       "x\n", {.create_folder = true});
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->step, AtomicWriteStep::kCreateFolder);
    EXPECT_EQ(failure->folder, (dir / "file" / "sub").string());
    EXPECT_EQ(read(dir / "file"), "x");
}

TEST(AtomicFile, AWriteThatFailsHalfWayLeavesTheOldFileWholeAndNoTemporaryFile) {
    const fs::path dir = temp_folder();
    const std::string old = "the old file\n";
    write(dir / "s.json", old);
    std::optional<AtomicWriteFailure> failure;
    {
        // A disk that fills up mid-write: files may grow to 16 bytes, and the write fails (EFBIG).
        const test::FileSizeLimit limit(16);
        ASSERT_TRUE(limit.active());
        failure = write_atomically((dir / "s.json").string(), std::string(100, 'x'));
    }
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->step, AtomicWriteStep::kWrite);
    EXPECT_EQ(failure->error, EFBIG);
    EXPECT_EQ(read(dir / "s.json"), old);
    EXPECT_EQ(names_in(dir), std::vector<std::string>{"s.json"});
}

}  // namespace
}  // namespace slotcraft
