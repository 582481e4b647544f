// Tests of where F2 saves (io/screenshot_path.hpp): the pictures folder from xdg-user-dir,
// user-dirs.dirs or ~/Pictures, and names that never collide.
#include "io/screenshot_path.hpp"

#include <gtest/gtest.h>

#include <set>

namespace slotcraft {
namespace {

TEST(ScreenshotPath, UserDirsValueExpandsHomeAndTakesAbsolutePaths) {
    const std::string text =
        "# This file is written by xdg-user-dirs-update\n"
        "XDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
        "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n";
    EXPECT_EQ(user_dirs_value(text, "XDG_PICTURES_DIR", "/home/ada"), "/home/ada/Bilder");
    EXPECT_EQ(user_dirs_value(text, "XDG_DESKTOP_DIR", "/home/ada"), "/home/ada/Desktop");
    EXPECT_EQ(user_dirs_value("XDG_PICTURES_DIR=\"/srv/photos\"\n", "XDG_PICTURES_DIR", "/home/ada"), "/srv/photos");
    EXPECT_EQ(user_dirs_value("XDG_PICTURES_DIR=\"$HOME\"", "XDG_PICTURES_DIR", "/home/ada"), "/home/ada");
}

TEST(ScreenshotPath, UserDirsValueRefusesWhatTheFormatDoesNotAllow) {
    EXPECT_EQ(user_dirs_value("", "XDG_PICTURES_DIR", "/h"), std::nullopt);
    EXPECT_EQ(user_dirs_value("XDG_MUSIC_DIR=\"$HOME/Music\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);
    EXPECT_EQ(user_dirs_value("XDG_PICTURES_DIR=\"Pictures\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);
    EXPECT_EQ(user_dirs_value("XDG_PICTURES_DIR=$HOME/Pictures\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);
    EXPECT_EQ(user_dirs_value("# XDG_PICTURES_DIR=\"/x\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);
    EXPECT_EQ(user_dirs_value("XDG_PICTURES_DIRS=\"/x\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);
    // As when the shell sources the file, the last line wins.
    EXPECT_EQ(user_dirs_value("XDG_PICTURES_DIR=\"/a\"\nXDG_PICTURES_DIR=\"/b\"\n", "XDG_PICTURES_DIR", "/h"), "/b");
}

TEST(ScreenshotPath, XdgUserDirsAnswerComesFirst) {
    PicturesLookup lookup;
    lookup.home = "/home/ada";
    lookup.xdg_user_dir = "/home/ada/Bilder";
    lookup.user_dirs = "XDG_PICTURES_DIR=\"$HOME/Other\"\n";
    EXPECT_EQ(pictures_folder(lookup), "/home/ada/Bilder");
    EXPECT_EQ(screenshot_folder(lookup), "/home/ada/Bilder/slotcraft");
}

TEST(ScreenshotPath, WithoutXdgUserDirTheFileIsReadDirectly) {
    PicturesLookup lookup;
    lookup.home = "/home/ada";
    lookup.xdg_user_dir = std::nullopt;  // the command is missing or failed
    lookup.user_dirs = "XDG_PICTURES_DIR=\"$HOME/Fotos\"\n";
    EXPECT_EQ(screenshot_folder(lookup), "/home/ada/Fotos/slotcraft");
}

TEST(ScreenshotPath, AnUnsetPicturesFolderFallsBackToHomePictures) {
    PicturesLookup lookup;
    lookup.home = "/home/ada";
    // xdg-user-dir prints $HOME for a folder that is not configured: never screenshots in ~.
    lookup.xdg_user_dir = "/home/ada";
    EXPECT_EQ(screenshot_folder(lookup), "/home/ada/Pictures/slotcraft");
    lookup.xdg_user_dir = "/home/ada/";
    lookup.user_dirs = "XDG_PICTURES_DIR=\"$HOME/\"\n";
    EXPECT_EQ(screenshot_folder(lookup), "/home/ada/Pictures/slotcraft");
    lookup.xdg_user_dir = std::nullopt;
    lookup.user_dirs = std::nullopt;
    EXPECT_EQ(screenshot_folder(lookup), "/home/ada/Pictures/slotcraft");
    lookup.xdg_user_dir = "";  // printed nothing
    EXPECT_EQ(screenshot_folder(lookup), "/home/ada/Pictures/slotcraft");
    lookup.xdg_user_dir = "relative/dir";
    EXPECT_EQ(screenshot_folder(lookup), "/home/ada/Pictures/slotcraft");
}

std::tm a_moment() {
    std::tm t{};
    t.tm_year = 2026 - 1900;
    t.tm_mon = 10;  // November
    t.tm_mday = 23;
    t.tm_hour = 2;
    t.tm_min = 52;
    t.tm_sec = 56;
    return t;
}

TEST(ScreenshotPath, NamesCarryTheMillisecondAndACounterWhenNeeded) {
    EXPECT_EQ(screenshot_name(a_moment(), 7, 1), "slotcraft-20261123-025256-007.png");
    EXPECT_EQ(screenshot_name(a_moment(), 999, 1), "slotcraft-20261123-025256-999.png");
    EXPECT_EQ(screenshot_name(a_moment(), 7, 2), "slotcraft-20261123-025256-007-2.png");
}

TEST(ScreenshotPath, TwoScreenshotsInOneMillisecondGetTwoNames) {
    std::set<std::filesystem::path> taken;
    const auto exists = [&](const std::filesystem::path& p) { return taken.count(p) > 0; };
    for (int i = 0; i < 5; ++i) taken.insert(unique_screenshot_path("/pics", a_moment(), 7, exists));
    EXPECT_EQ(taken.size(), 5u);
    EXPECT_TRUE(taken.count("/pics/slotcraft-20261123-025256-007.png"));
    EXPECT_TRUE(taken.count("/pics/slotcraft-20261123-025256-007-5.png"));
    EXPECT_EQ(unique_screenshot_path("/pics", a_moment(), 8, exists), "/pics/slotcraft-20261123-025256-008.png");
}

}  // namespace
}  // namespace slotcraft
