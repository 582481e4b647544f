#include "app/script.hpp"

#include <gtest/gtest.h>

namespace slotcraft {
namespace {

TEST(Script, ParsesCommandsSkippingCommentsAndBlankLines) {
    const auto cmds = parse_script("# a comment\n\nwait 3\ncamera 1 2.5 -3 90 -10  # trailing\nscreenshot a.png\n"
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

TEST(Script, MissingFileIsAClearError) {
    EXPECT_THROW(load_script("/nonexistent/script.txt"), std::runtime_error);
}

}  // namespace
}  // namespace slotcraft
