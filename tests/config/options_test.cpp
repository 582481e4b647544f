#include "config/options.hpp"

#include <gtest/gtest.h>

namespace slotcraft {
namespace {

TEST(Options, DefaultsWithoutFlags) {
    const Options o = parse_options({});
    EXPECT_FALSE(o.help);
    EXPECT_FALSE(o.frames.has_value());
    EXPECT_EQ(o.width, 1280);
    EXPECT_EQ(o.height, 720);
    EXPECT_TRUE(o.vsync);
    EXPECT_TRUE(o.occlusion);
    EXPECT_EQ(o.world, WorldType::kTerrain);
    EXPECT_EQ(o.view_distance, 8);
    EXPECT_EQ(o.stream_budget_ms, 4.0);
    EXPECT_TRUE(o.screenshot_path.empty());
    EXPECT_FALSE(o.gl_debug);
    EXPECT_TRUE(o.shaders_dir.empty());
    EXPECT_TRUE(o.assets_dir.empty());
    EXPECT_TRUE(o.script_path.empty());
    EXPECT_TRUE(o.stats_json_path.empty());
    EXPECT_EQ(o.seed, 1u);
    EXPECT_EQ(o.verify_every, 0);
    EXPECT_EQ(o.ring_kib, 4096);
    EXPECT_EQ(o.undo_mib, 512);
    EXPECT_TRUE(o.world_name.empty());
    EXPECT_TRUE(o.world_file.empty());
    EXPECT_FALSE(o.new_world);
    EXPECT_FALSE(o.seed_given);
}

TEST(Options, ParsesEveryFlag) {
    const Options o = parse_options({"--frames",
                                     "5",
                                     "--screenshot",
                                     "a.png",
                                     "--size",
                                     "640x360",
                                     "--vsync",
                                     "off",
                                     "--occlusion",
                                     "off",
                                     "--gl-debug",
                                     "--shaders",
                                     "sh",
                                     "--assets=as",
                                     "--script",
                                     "s.txt",
                                     "--stats-json",
                                     "s.json",
                                     "--world",
                                     "flat",
                                     "--seed",
                                     "42",
                                     "--view-distance",
                                     "3",
                                     "--verify-every",
                                     "10",
                                     "--ring-kib",
                                     "64",
                                     "--undo-mib",
                                     "7"});
    EXPECT_EQ(o.undo_mib, 7);
    EXPECT_EQ(o.frames, 5);
    EXPECT_EQ(o.screenshot_path, "a.png");
    EXPECT_EQ(o.width, 640);
    EXPECT_EQ(o.height, 360);
    EXPECT_FALSE(o.vsync);
    EXPECT_FALSE(o.occlusion);
    EXPECT_TRUE(o.gl_debug);
    EXPECT_EQ(o.shaders_dir, "sh");
    EXPECT_EQ(o.assets_dir, "as");
    EXPECT_EQ(o.script_path, "s.txt");
    EXPECT_EQ(o.stats_json_path, "s.json");
    EXPECT_EQ(o.world, WorldType::kFlat);
    EXPECT_EQ(o.seed, 42u);
    EXPECT_EQ(o.view_distance, 3);
    EXPECT_EQ(o.verify_every, 10);
    EXPECT_EQ(o.ring_kib, 64);
    EXPECT_TRUE(o.seed_given);
    // The widest view and a fractional streaming budget.
    const Options far = parse_options({"--view-distance", "64", "--stream-budget-ms", "2.5"});
    EXPECT_EQ(far.view_distance, 64);
    EXPECT_EQ(far.stream_budget_ms, 2.5);
    // The flags that take no value, and the two ways to name a world (one at a time).
    const Options named = parse_options({"--help", "--new", "--world-name", "castle_2"});
    EXPECT_TRUE(named.help);
    EXPECT_TRUE(named.new_world);
    EXPECT_EQ(named.world_name, "castle_2");
    EXPECT_TRUE(parse_options({"-h"}).help);
    EXPECT_EQ(parse_options({"--world-file=/tmp/w.db"}).world_file, "/tmp/w.db");
}

// --caves chooses a new world's generator: on (the default) with caves, off without; the
// flag given is remembered, so a saved world that contradicts it can say so.
TEST(Options, CavesChooseTheNewWorldsGenerator) {
    const Options none = parse_options({});
    EXPECT_TRUE(none.caves);
    EXPECT_FALSE(none.caves_given);
    EXPECT_EQ(generator_version_for(none.caves), kGeneratorVersion);
    const Options off = parse_options({"--caves", "off"});
    EXPECT_FALSE(off.caves);
    EXPECT_TRUE(off.caves_given);
    EXPECT_EQ(generator_version_for(off.caves), kFirstCaveGeneratorVersion - 1);
    Options defaults;
    defaults.caves = false;  // as a settings file's `caves = false` gives it
    EXPECT_FALSE(parse_options({}, defaults).caves);
    const Options on = parse_options({"--caves=on"}, defaults);
    EXPECT_TRUE(on.caves) << "the flag wins over the settings file";
    EXPECT_TRUE(on.caves_given);
}

// Each bad command line is refused with a message that names the flag.
TEST(Options, RefusesBadInputNamingTheFlag) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--bogus"}, "--bogus"},
        {{"--frames"}, "--frames"},
        {{"--frames", "0"}, "--frames"},
        {{"--frames", "12abc"}, "--frames"},
        {{"--size", "100"}, "--size"},
        {{"--size", "0x10"}, "--size"},
        {{"--vsync", "maybe"}, "--vsync"},
        {{"--occlusion", "maybe"}, "--occlusion needs on or off"},
        {{"--caves", "maybe"}, "--caves needs on or off, got 'maybe'"},
        {{"--caves", "ON"}, "--caves needs on or off"},
        {{"--caves", "on", "--caves", "off"}, "--caves is given twice"},
        {{"--world", "moon"}, "--world"},
        {{"--seed", "-1"}, "--seed"},
        {{"--view-distance", "99"}, "--view-distance"},
        {{"--view-distance", "65"}, "--view-distance"},
        {{"--stream-budget-ms", "0"}, "--stream-budget-ms"},
        {{"--stream-budget-ms", "fast"}, "--stream-budget-ms"},
        {{"--stream-budget-ms", "1001"}, "--stream-budget-ms"},
        {{"--ring-kib", "0"}, "--ring-kib"},
        {{"--undo-mib", "0"}, "--undo-mib"},
        {{"--world-name", "a/b"}, "--world-name"},
        {{"--world-file", ""}, "--world-file"},
        {{"--world-name", "a", "--world-file", "b.db"}, "--world-name"},
        // Once wrong: a flag given twice was taken silently (the last won).
        {{"--seed", "1", "--seed", "2"}, "--seed is given twice"},
        {{"--frames=3", "--frames", "4"}, "--frames is given twice"},
        {{"--new", "--new"}, "--new is given twice"},
        {{"--gl-debug", "--size", "10x10", "--gl-debug"}, "--gl-debug is given twice"},
    };
    for (const auto& [args, flag] : cases) {
        try {
            parse_options(args);
            ADD_FAILURE() << "accepted " << args.front();
        } catch (const OptionsError& e) {
            EXPECT_NE(std::string(e.what()).find(flag), std::string::npos) << e.what();
        }
    }
}

// An empty value is refused for every flag that takes one: it never means the default or
// "none" (an empty --script once started an interactive run, an empty --screenshot wrote nothing).
TEST(Options, AnEmptyValueIsRefusedForEveryFlag) {
    for (const char* flag :
         {"--script", "--screenshot", "--stats-json", "--shaders", "--assets", "--frames", "--world-name", "--size"}) {
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{flag, ""}, std::vector<std::string>{std::string(flag) + "="}}) {
            try {
                parse_options(args);
                ADD_FAILURE() << "accepted an empty " << flag;
            } catch (const OptionsError& e) {
                EXPECT_NE(std::string(e.what()).find(std::string(flag) + " needs a value"), std::string::npos)
                    << e.what();
                EXPECT_NE(std::string(e.what()).find("empty"), std::string::npos) << e.what();
            }
        }
    }
}

// A flag that takes no value says so when given one; escapes and huge words in a bad flag or
// value are shown escaped and cut.
TEST(Options, AFlagWithoutValueSaysSoAndBadWordsAreShownSafely) {
    for (const char* arg : {"--gl-debug=1", "--new=yes"}) {
        try {
            parse_options({arg});
            ADD_FAILURE() << "accepted " << arg;
        } catch (const OptionsError& e) {
            EXPECT_NE(std::string(e.what()).find("takes no value"), std::string::npos) << e.what();
        }
    }
    const std::vector<std::vector<std::string>> hostile = {{"--bogus\x1b]0;title\x07"},
                                                           {"--frames", "\x1b[2J"},
                                                           {"--size", std::string(1'000'000, '9')}};
    for (const std::vector<std::string>& args : hostile) {
        try {
            parse_options(args);
            ADD_FAILURE() << "accepted a hostile word";
        } catch (const OptionsError& e) {
            const std::string m = e.what();
            EXPECT_EQ(m.find('\x1b'), std::string::npos) << m;
            EXPECT_EQ(m.find('\x07'), std::string::npos) << m;
            EXPECT_LT(m.size(), 400u) << "a 1 MB value is cut";
        }
    }
}

TEST(Options, ParsesSizeStrictly) {
    EXPECT_EQ(parse_size("1x1"), (std::pair{1, 1}));
    EXPECT_FALSE(parse_size("x5"));
    EXPECT_FALSE(parse_size("5x"));
    EXPECT_FALSE(parse_size("5x5x5"));
    EXPECT_FALSE(parse_size("99999x5"));
}

}  // namespace
}  // namespace slotcraft
