// Text shown back to the user: control bytes escaped and long values cut, in a value and in a
// whole message, whatever the source.
#include "io/shown_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace slotcraft {
namespace {

TEST(ShownText, AValueIsQuotedEscapedAndCut) {
    EXPECT_EQ(shown("stone"), "'stone'");
    EXPECT_EQ(shown("a\x1b]0;x\x07"), "'a\\x1b]0;x\\x07'");
    const std::string long_value(1'000'000, '7');
    const std::string s = shown(long_value);
    EXPECT_LT(s.size(), 100u);
    EXPECT_NE(s.find("(1000000 bytes)"), std::string::npos) << s;
}

TEST(ShownText, AMessageKeepsNewlinesAndUtf8AndEscapesEveryControl) {
    EXPECT_EQ(safe_message("line one\nline two"), "line one\nline two");
    EXPECT_EQ(safe_message("caf\xc3\xa9"), "caf\xc3\xa9");
    EXPECT_EQ(safe_message("a\x1b[2Jb"), "a\\x1b[2Jb");
    EXPECT_EQ(safe_message("a\rb\tc\x7f"), "a\\x0db\\tc\\x7f");
    EXPECT_EQ(safe_message("\xc2\x9b"), "\\xc2\\x9b") << "a C1 control (CSI) in UTF-8";
    EXPECT_EQ(safe_message("\x9b"), "\\x9b") << "a lone 8-bit CSI";
    EXPECT_EQ(safe_message("\xe2\x82"), "\\xe2\\x82") << "a cut UTF-8 sequence";
}

TEST(ShownText, AHugeMessageIsCutWithItsSize) {
    const std::string huge = "settings: " + std::string(5'000'000, 'v');
    const std::string s = safe_message(huge);
    EXPECT_LT(s.size(), kShownMessageBytes + 64);
    EXPECT_NE(s.find("(5000010 bytes)"), std::string::npos);
}

}  // namespace
}  // namespace slotcraft
