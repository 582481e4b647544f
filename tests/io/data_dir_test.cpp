// Finding shaders/ and assets/: the build tree's copy first, then the installed
// share/slotcraft/, a flag as given, and one message naming every place when none exists.
#include "io/data_dir.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

// A fresh <tmp>/prefix with bin/ (the executable's folder) and nothing else.
class DataDirTest : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("slotcraft-data-dir-" + std::to_string(getpid()) + "-" +
                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        fs::create_directories(bin());
    }
    void TearDown() override { fs::remove_all(root_); }
    fs::path bin() const { return root_ / "prefix" / "bin"; }
    fs::path installed(std::string_view name) const { return root_ / "prefix" / "share" / "slotcraft" / name; }

    fs::path root_;
};

TEST_F(DataDirTest, CandidatesAreTheBuildTreeThenTheInstalledShareFolder) {
    const auto candidates = data_dir_candidates(bin(), "shaders");
    ASSERT_EQ(candidates.size(), 2u);
    EXPECT_EQ(candidates[0], bin() / "shaders");
    EXPECT_EQ(candidates[1], installed("shaders"));
}

TEST_F(DataDirTest, FindsTheInstalledFolderRelativeToTheExecutable) {
    fs::create_directories(installed("assets"));
    EXPECT_EQ(find_data_dir("", bin(), "assets", "--assets"), installed("assets"));
}

TEST_F(DataDirTest, TheBuildTreeCopyWinsOverTheInstalledOne) {
    fs::create_directories(installed("shaders"));
    fs::create_directories(bin() / "shaders");
    EXPECT_EQ(find_data_dir("", bin(), "shaders", "--shaders"), bin() / "shaders");
}

TEST_F(DataDirTest, AFlagIsUsedAsGivenWithoutLooking) {
    const fs::path elsewhere = root_ / "elsewhere";
    fs::create_directories(elsewhere);
    EXPECT_EQ(find_data_dir(elsewhere.string(), bin(), "shaders", "--shaders"), elsewhere);
}

// Once wrong: `--assets /nonexistent` was eleven warnings (one per texture), now one message.
TEST_F(DataDirTest, AFlagNamingNoFolderIsOneMessageNamingIt) {
    for (const bool exists_as_file : {false, true}) {
        const fs::path named = root_ / "named";
        if (exists_as_file) std::ofstream(named) << "a file";
        try {
            find_data_dir(named.string(), bin(), "assets", "--assets");
            FAIL() << "expected DataDirError";
        } catch (const DataDirError& e) {
            const std::string message = e.what();
            EXPECT_NE(message.find("--assets"), std::string::npos) << message;
            EXPECT_NE(message.find("'" + named.string() + "'"), std::string::npos) << message;
            EXPECT_NE(message.find(exists_as_file ? "is not a folder" : "does not exist"), std::string::npos)
                << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        }
    }
}

TEST_F(DataDirTest, AFileIsNotAFolder) {
    fs::create_directories(installed("assets").parent_path());
    { std::ofstream(bin() / "assets") << "not a folder"; }
    fs::create_directories(installed("assets"));
    EXPECT_EQ(find_data_dir("", bin(), "assets", "--assets"), installed("assets"));
}

TEST_F(DataDirTest, NoFolderIsOneMessageNamingEveryPlaceAndTheFlag) {
    try {
        find_data_dir("", bin(), "shaders", "--shaders");
        FAIL() << "expected DataDirError";
    } catch (const DataDirError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("shaders folder"), std::string::npos) << message;
        EXPECT_NE(message.find("'" + (bin() / "shaders").string() + "'"), std::string::npos) << message;
        EXPECT_NE(message.find("'" + installed("shaders").string() + "'"), std::string::npos) << message;
        EXPECT_NE(message.find("--shaders DIR"), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace slotcraft
