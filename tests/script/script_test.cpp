#include "script/script.hpp"
#include "script/parse_refusal.hpp"

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

// The message of what load_script throws ("" when it loads).
std::string load_refusal(const std::string& path) {
    try {
        load_script(path);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

// Once wrong: a missing script, a folder and /dev/null all got "it is not a file".
TEST(Script, MissingFileFolderAndSpecialFileGetTheirOwnMessages) {
    EXPECT_NE(load_refusal("/nonexistent/script.txt").find("does not exist"), std::string::npos);
    EXPECT_NE(load_refusal("/tmp").find("is a folder"), std::string::npos);
    EXPECT_NE(load_refusal("/dev/null").find("special file"), std::string::npos);
}

// Untrusted bytes are never echoed raw.
TEST(Script, HostileBytesAreShownEscapedAndCut) {
    const auto refusal = [](const std::string& text) {
        try {
            parse_script(text);
        } catch (const ScriptError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    // A BOM before the first command is skipped.
    EXPECT_EQ(parse_script("\xEF\xBB\xBF"
                           "camera 0 80 0 0 0\n")
                  .size(),
              1u);
    // An escape sequence reaches no terminal.
    const std::string escape = refusal("wait 1\n\x1b[2Jboom\n");
    EXPECT_NE(escape.find("unknown command '\\x1b[2Jboom'"), std::string::npos) << escape;
    EXPECT_EQ(escape.find('\x1b'), std::string::npos);
    const std::string block = refusal("set 0 70 0 st\x07one\n");
    EXPECT_NE(block.find("'st\\x07one'"), std::string::npos) << block;
    // A 2 MB token is cut, its length given.
    const std::string huge = refusal("wait " + std::string(2'000'000, '9') + "x\n");
    EXPECT_LT(huge.size(), 400u);
    EXPECT_NE(huge.find("(2000001 bytes)"), std::string::npos) << huge;
    // A NUL does not cut the message short: it is named.
    const std::string nul = refusal(std::string("wait 1\nwait 2\nwa\0it 3\n", 21));
    EXPECT_EQ(nul.rfind("line 3: a NUL byte in column 3: ", 0), 0u) << nul;
    EXPECT_EQ(nul.find("line 3", 1), std::string::npos) << "the line is named once: " << nul;
    EXPECT_EQ(shown("caf\xC3\xA9"), "'caf\\xc3\\xa9'");
}

TEST(Script, TheFilesALineWritesAreKnownBeforeTheRun) {
    const auto commands = parse_script("wait 1\nscreenshot a/b.png\nstats c.json\nset 0 70 0 stone\n");
    ASSERT_EQ(commands.size(), 4u);
    EXPECT_TRUE(output_files(commands[0]).empty());
    EXPECT_EQ(output_files(commands[1]), std::vector<std::string>{"a/b.png"});
    EXPECT_EQ(output_files(commands[2]), std::vector<std::string>{"c.json"});
    EXPECT_TRUE(output_files(commands[3]).empty());
}

// One bound, stated as it is checked (the player stops at the same one).
TEST(Script, TheCoordinateBoundIsTheWorldsAndTheMessageStatesIt) {
    EXPECT_NO_THROW(parse_script("camera 1e9 80 -1e9 0 0\n"));
    try {
        parse_script("camera 1000000001 80 0 0 0\n");
        ADD_FAILURE() << "accepted a coordinate beyond the bound";
    } catch (const ScriptError& e) {
        EXPECT_NE(std::string(e.what()).find("between -1e9 and 1e9"), std::string::npos) << e.what();
    }
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

using test::parse_refusal;

// Line ends of CR alone once ran every line into one ("'camera' takes 5 argument(s), got 6");
// now the line and the fix are named. CRLF stays fine.
TEST(Script, CarriageReturnsAloneAreNamedAndCrlfIsFine) {
    EXPECT_EQ(parse_script("wait 1\r\ncamera 0 80 0 0 0\r\n").size(), 2u);
    const std::string why = parse_refusal("# made on an old Mac\rcamera 0 80 0 0 0\rquit\r");
    EXPECT_NE(why.find("lines end with CR alone"), std::string::npos) << why;
    EXPECT_EQ(why.find("takes 5 argument(s)"), std::string::npos) << why;
}

// A path with a space splits into two words: the message says why.
TEST(Script, APathWithASpaceIsSaidAsSuch) {
    const std::string why = parse_refusal("screenshot my shot.png\n");
    EXPECT_NE(why.find("a path in a script cannot hold spaces"), std::string::npos) << why;
}

// A script's word full of escapes or 1 MB long is shown escaped and cut.
TEST(Script, AHugeOrHostileWordIsShownEscapedAndCut) {
    const std::string why = parse_refusal("wait " + std::string(1'000'000, '7') + "\x1b[2J\n");
    ASSERT_FALSE(why.empty()) << "accepted";
    EXPECT_LT(why.size(), 400u) << why.substr(0, 200);
    EXPECT_EQ(why.find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace slotcraft
