#include "stats/stats_json.hpp"

#include <gtest/gtest.h>
#include <iconv.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/json.hpp"
#include "support/program.hpp"
#include "io/atomic_file.hpp"

namespace slotcraft {
namespace {

TEST(StatsJson, NestsDottedKeysAndKeepsIntegersIntegral) {
    StatsJson json;
    json.set("frame.count", int64_t{7});
    json.set("frame.ms_avg", 16.0);
    json.set("camera.x", -1.5);
    json.set("world.type", "flat");
    json.set("cull.frozen", false);
    json.set_null("target");
    json.set("frame.count", int64_t{8});  // overwrite keeps one key
    const auto doc = test::Json::parse(json.dump());
    EXPECT_EQ(doc.at("frame.count").kind, test::Json::Kind::kInteger);
    EXPECT_EQ(doc.at("frame.count").integer, 8);
    EXPECT_EQ(doc.at("frame.ms_avg").kind, test::Json::Kind::kDouble);
    EXPECT_DOUBLE_EQ(doc.at("camera.x").number, -1.5);
    EXPECT_EQ(doc.at("world.type").string, "flat");
    EXPECT_FALSE(doc.at("cull.frozen").boolean);
    EXPECT_TRUE(doc.at("target").is_null());
}

TEST(StatsJson, DoublesReadBackExactlyFarFromTheOrigin) {
    StatsJson json;
    json.set("camera.x", 1000000.5);
    json.set("camera.z", -123456.25);
    json.set("camera.y", 0.1);
    json.set("cull.us", 3.0);
    const auto doc = test::Json::parse(json.dump());
    EXPECT_EQ(doc.at("camera.x").number, 1000000.5);
    EXPECT_EQ(doc.at("camera.z").number, -123456.25);
    EXPECT_EQ(doc.at("camera.y").number, 0.1);
    EXPECT_EQ(doc.at("cull.us").kind, test::Json::Kind::kDouble);
}

TEST(StatsJson, EscapesStrings) {
    StatsJson json;
    json.set("a.b", "quote \" backslash \\ newline \n");
    EXPECT_EQ(test::Json::parse(json.dump()).at("a.b").string, "quote \" backslash \\ newline \n");
}

// Whether `text` is well-formed UTF-8, as glibc's iconv (a converter we did not write) reads it.
bool iconv_reads_as_utf8(const std::string& text) {
    iconv_t cd = iconv_open("UTF-32LE", "UTF-8");
    if (cd == reinterpret_cast<iconv_t>(-1)) return false;
    std::string in = text;
    std::vector<char> out(text.size() * 4 + 4);
    char* in_ptr = in.data();
    char* out_ptr = out.data();
    size_t in_left = in.size(), out_left = out.size();
    const size_t done = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
    iconv_close(cd);
    return done != static_cast<size_t>(-1) && in_left == 0;
}

// A file or block name from outside may hold bytes that are not UTF-8 (once: "\xff\xfe.vox"
// in files.message_last made the whole stats file unreadable to a strict parser).
TEST(StatsJson, BytesThatAreNotUtf8BecomeTheReplacementCharacter) {
    StatsJson json;
    json.set("files.message_last", "exported to \xff\xfe.vox");
    json.set("hud.message", std::string("cut \xe2\x82 short, overlong \xc0\xaf, surrogate \xed\xa0\x80"));
    json.set("look.fine", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
    json.set("look.control", std::string("bell \x07 del \x7f"));
    const std::string text = json.dump();
    EXPECT_TRUE(iconv_reads_as_utf8(text)) << text;
    EXPECT_NE(text.find("\"exported to \\ufffd\\ufffd.vox\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"cut \\ufffd\\ufffd short, overlong \\ufffd\\ufffd, surrogate \\ufffd\\ufffd\\ufffd\""),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""), std::string::npos)
        << "UTF-8 is kept as it is";
    EXPECT_NE(text.find("\"bell \\u0007 del \\u007f\""), std::string::npos) << text;
    EXPECT_EQ(json_string("a\"b"), "\"a\\\"b\"");
}

TEST(StatsJson, WritesArraysOfStrings) {
    StatsJson json;
    json.set("frame.passes", std::vector<std::string>{"opaque", "water", "li\"nes"});
    json.set("frame.none", std::vector<std::string>{});
    const test::Json doc = test::Json::parse(json.dump());
    const test::Json& passes = doc.at("frame.passes");
    ASSERT_EQ(passes.kind, test::Json::Kind::kArray);
    ASSERT_EQ(passes.array.size(), 3u);
    EXPECT_EQ(passes.array[0].string, "opaque");
    EXPECT_EQ(passes.array[2].string, "li\"nes");
    EXPECT_EQ(doc.at("frame.none").kind, test::Json::Kind::kArray);
    EXPECT_TRUE(doc.at("frame.none").array.empty());
}

TEST(StatsJson, AtomicWriteLeavesNoPartialFile) {
    const auto dir = std::filesystem::temp_directory_path() / "slotcraft-stats-json-test";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "s.json").string();
    write_file_atomically(path, "{\"a\": 1}\n");
    EXPECT_EQ(test::read_text(path), "{\"a\": 1}\n");
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
    EXPECT_THROW(write_file_atomically((dir / "missing" / "x.json").string(), "{}"), std::runtime_error);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace slotcraft
