// The one way to read a file the user names: a regular file is read whole; a folder, a pipe
// (never waited on), a device (never read), a symlink loop, a dangling link and a file over
// the bound are refused, each with its own reason; an output pipe nobody reads is not waited on.
#include "io/user_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "support/files.hpp"
#include "support/program.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

constexpr UserFileRules kRules{"the test file", 1024};

// The refusal of reading `path`, or "" when it was read.
std::pair<std::string, UserFileProblem> refusal(const fs::path& path, UserFileRules rules = kRules) {
    try {
        read_user_file(path.string(), rules);
    } catch (const UserFileError& e) {
        return {e.what(), e.problem};
    }
    return {"", UserFileProblem::kMissing};
}

TEST(UserFile, ReadsARegularFileAndAnEmptyOne) {
    const fs::path dir = test::test_folder("slotcraft-user");
    test::write_text(dir / "a.txt", "hello\n");
    test::write_text(dir / "empty.txt", "");
    EXPECT_EQ(read_user_file((dir / "a.txt").string(), kRules), "hello\n");
    EXPECT_EQ(read_user_file((dir / "empty.txt").string(), kRules), "");
    EXPECT_EQ(read_user_file_if_exists((dir / "none").string(), kRules), std::nullopt);
}

TEST(UserFile, RefusesAFolderAndAMissingFileEachWithItsReason) {
    const fs::path dir = test::test_folder("slotcraft-user");
    const auto [folder, folder_problem] = refusal(dir);
    EXPECT_NE(folder.find("it is a folder"), std::string::npos) << folder;
    EXPECT_EQ(folder_problem, UserFileProblem::kFolder);
    const auto [missing, missing_problem] = refusal(dir / "none");
    EXPECT_NE(missing.find("does not exist"), std::string::npos) << missing;
    EXPECT_EQ(missing_problem, UserFileProblem::kMissing);
}

TEST(UserFile, APipeWithNoWriterIsRefusedAtOnceNeverWaitedOn) {
    const fs::path dir = test::test_folder("slotcraft-user");
    ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
    const auto [message, problem] = refusal(dir / "fifo");  // a blocking open would hang the test here
    EXPECT_NE(message.find("a pipe"), std::string::npos) << message;
    EXPECT_EQ(problem, UserFileProblem::kSpecial);
    EXPECT_THROW(read_user_file_if_exists((dir / "fifo").string(), kRules), UserFileError);
}

TEST(UserFile, ADeviceOrALinkToOneIsRefusedWithoutReadingIt) {
    const fs::path dir = test::test_folder("slotcraft-user");
    fs::create_symlink("/dev/zero", dir / "zero.toml");  // read, it would never end
    const auto [zero, problem] = refusal(dir / "zero.toml");
    EXPECT_NE(zero.find("a device"), std::string::npos) << zero;
    EXPECT_EQ(problem, UserFileProblem::kSpecial);
    EXPECT_NE(refusal("/dev/null").first.find("a device"), std::string::npos);
}

TEST(UserFile, ASymlinkLoopAndADanglingLinkAreSaidNotTakenAsNoFile) {
    const fs::path dir = test::test_folder("slotcraft-user");
    fs::create_symlink("b", dir / "a");
    fs::create_symlink("a", dir / "b");
    fs::create_symlink("nowhere/s.toml", dir / "dangling");
    const auto [loop, loop_problem] = refusal(dir / "a");
    EXPECT_NE(loop.find("symlink loop"), std::string::npos) << loop;
    EXPECT_EQ(loop_problem, UserFileProblem::kUnreadable);
    EXPECT_THROW(read_user_file_if_exists((dir / "a").string(), kRules), UserFileError);
    EXPECT_NE(refusal(dir / "dangling").first.find("symlink to a file that does not exist"), std::string::npos);
    EXPECT_EQ(read_user_file_if_exists((dir / "dangling").string(), kRules), std::nullopt)
        << "its file is not made yet";
}

TEST(UserFile, AFolderThatCannotBeSearchedIsSaid) {
    if (::geteuid() == 0) GTEST_SKIP() << "root searches any folder: permissions cannot stand in here";
    const fs::path dir = test::test_folder("slotcraft-user");
    fs::create_directories(dir / "locked");
    test::write_text(dir / "locked" / "s.toml", "x = 1\n");
    fs::permissions(dir / "locked", fs::perms::none);
    const auto [message, problem] = refusal(dir / "locked" / "s.toml");
    fs::permissions(dir / "locked", fs::perms::owner_all);
    EXPECT_NE(message.find("permission denied"), std::string::npos) << message;
    EXPECT_EQ(problem, UserFileProblem::kUnreadable);
}

TEST(UserFile, MoreBytesThanTheBoundAreRefusedAndTheCountSaid) {
    const fs::path dir = test::test_folder("slotcraft-user");
    test::write_text(dir / "big", std::string(1025, 'x'));
    test::write_text(dir / "fits", std::string(1024, 'x'));
    const auto [message, problem] = refusal(dir / "big");
    EXPECT_NE(message.find("1025 bytes"), std::string::npos) << message;
    EXPECT_EQ(problem, UserFileProblem::kTooLarge);
    EXPECT_EQ(read_user_file((dir / "fits").string(), kRules).size(), 1024u);
}

TEST(UserFile, ControlBytesInThePathAreEscapedInTheMessage) {
    const fs::path dir = test::test_folder("slotcraft-user");
    const auto [message, problem] = refusal(dir / "a\x1b[31mred");
    EXPECT_EQ(message.find('\x1b'), std::string::npos) << message;
    EXPECT_NE(message.find("a\\x1b[31mred"), std::string::npos) << message;
}

TEST(UserFile, AnOutputPipeNobodyReadsFailsAtOnce) {
    const fs::path dir = test::test_folder("slotcraft-user");
    ASSERT_EQ(::mkfifo((dir / "out").c_str(), 0600), 0);
    const int fd = open_output_no_wait((dir / "out").string());  // a blocking open would hang here
    EXPECT_EQ(fd, -ENXIO);
    EXPECT_NE(output_open_reason(ENXIO).find("pipe nobody reads"), std::string::npos);
    const int null_fd = open_output_no_wait("/dev/null");
    EXPECT_GE(null_fd, 0);
    if (null_fd >= 0) ::close(null_fd);
}

}  // namespace
}  // namespace slotcraft
