#include "app/script.hpp"

#include <gtest/gtest.h>

namespace slotcraft {
namespace {

TEST(Script, ParsesCommandsSkippingCommentsAndBlankLines) {
    const auto cmds = parse_script(
        "# a comment\n\nwait 3\ncamera 1 2.5 -3 90 -10  # trailing\nscreenshot a.png\n"
        "stats s.json\noverlay on\nquit\n");
    ASSERT_EQ(cmds.size(), 6u);
    EXPECT_EQ(cmds[0].verb, "wait");
    EXPECT_EQ(cmds[0].line, 3);
    EXPECT_EQ(cmds[0].number(0), 3);
    EXPECT_EQ(cmds[1].verb, "camera");
    EXPECT_EQ(cmds[1].line, 4);
    EXPECT_DOUBLE_EQ(cmds[1].number(1), 2.5);
    EXPECT_DOUBLE_EQ(cmds[1].number(2), -3);
    EXPECT_EQ(cmds[2].arg(0), "a.png");
    EXPECT_EQ(cmds[4].arg(0), "on");
    EXPECT_EQ(cmds[5].verb, "quit");
}

// A bad line is reported with its line number, whatever is wrong with it.
TEST(Script, BadLinesNameTheirLineNumber) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"wait 1\nfly 3\n", "line 2: unknown command 'fly'"},
        {"\n\ncamera 1 2 3\n", "line 3:"},
        {"wait -1\n", "line 1:"},
        {"wait 1.5\n", "line 1:"},
        {"camera 1 2 x 0 0\n", "line 1:"},
        {"overlay maybe\n", "line 1:"},
        {"quit now\n", "line 1:"},
    };
    for (const auto& [text, expected] : cases) {
        try {
            parse_script(text);
            ADD_FAILURE() << "accepted: " << text;
        } catch (const ScriptError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    }
}

TEST(Script, MissingFileOrFolderIsAClearError) {
    EXPECT_THROW(load_script("/nonexistent/script.txt"), std::runtime_error);
    EXPECT_THROW(load_script("/tmp"), std::runtime_error);
}

// Values are checked with the words, so a bad value never waits for the world to stream.
TEST(Script, BadValuesAreRefusedBeforeTheRun) {
    for (const char* text : {"select 10", "select 0", "place cheese", "place air", "set 0 70 0 cheese", "resize 1 0",
                             "resize 99999 1", "resize 1.5 2", "look 1e308 0", "camera 1e10 0 0 0 0",
                             "camera 0 0 0 1e9 0", "wait 1e12", "key W -1", "set 0 2e9 0 stone"}) {
        EXPECT_THROW(parse_script(std::string("wait 1\n") + text + "\n"), ScriptError) << text;
        try {
            parse_script(std::string("wait 1\n") + text + "\n");
        } catch (const ScriptError& e) {
            EXPECT_EQ(e.line, 2) << text;
        }
    }
    const auto ok = parse_script("select 9\nplace glass\nset -5 0 7 air\nresize 0 0\nresize 1 16384\nlook -360 45\n");
    EXPECT_EQ(ok.size(), 6u);
    EXPECT_EQ(ok[0].number(0), 9);
}

}  // namespace
}  // namespace slotcraft
