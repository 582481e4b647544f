// The settings file (config/settings.hpp): every key read, every kind of bad file refused with
// FILE:LINE and the key, the flags winning over the file, and the write-back that keeps the
// user's text and replaces the file atomically.
#include "config/settings.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <set>

#include "config/key_names.hpp"
#include "support/files.hpp"
#include "support/program.hpp"

namespace slotcraft {
namespace {

namespace fs = std::filesystem;

const std::string kFile = "/home/u/.config/slotcraft/slotcraft.toml";

int code(const char* name) { return *key_code(name); }
int bound(const Settings& s, Binding b) { return s.keys[static_cast<size_t>(b)]; }

fs::path temp_folder() { return test::test_folder("slotcraft-settings"); }
std::string read(const fs::path& path) { return test::read_text(path); }
void write(const fs::path& path, const std::string& text) { test::write_text(path, text); }
using test::names_in;

// [SECTION] reading

TEST(Settings, EmptyFileGivesTheDefaults) {
    const Settings s = Settings::parse("# nothing set yet\n\n", kFile);
    EXPECT_EQ(s.view_distance, 8);
    EXPECT_DOUBLE_EQ(s.fov, 70.0);
    EXPECT_DOUBLE_EQ(s.mouse_sensitivity, 1.0);
    EXPECT_TRUE(s.vsync);
    EXPECT_TRUE(s.overlay);
    EXPECT_EQ(s.width, 1280);
    EXPECT_EQ(s.height, 720);
    EXPECT_EQ(s.keys, default_key_bindings());
    EXPECT_EQ(bound(s, Binding::kForward), code("W"));
    EXPECT_EQ(bound(s, Binding::kDown), code("LEFT_SHIFT"));
    EXPECT_EQ(bound(s, Binding::kSprint), code("LEFT_CONTROL"));
    EXPECT_EQ(bound(s, Binding::kOverlay), code("F3"));
    EXPECT_EQ(bound(s, Binding::kScreenshot), code("F2"));
    EXPECT_EQ(bound(s, Binding::kFullscreen), code("F11"));
    EXPECT_EQ(bound(s, Binding::kMode), code("F"));
    EXPECT_EQ(bound(s, Binding::kQuit), code("Q"));
}

TEST(Settings, FarTerrainIsOnByDefaultOnAGpuAndOffOnASoftwareRenderer) {
    for (const char* software : {"llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast",
                                 "Apple Software Renderer", "Software Rasterizer", "GDI Generic"})
        EXPECT_EQ(default_far_distance(software), 0) << software;
    for (const char* gpu : {"NVIDIA GeForce RTX 3060/PCIe/SSE2", "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
                            "AMD Radeon RX 6700 XT (radeonsi, navi22, LLVM 15.0.7, DRM 3.49, 6.1.0)"})
        EXPECT_EQ(default_far_distance(gpu), kGpuFarDistance) << gpu;
    // A file without the key leaves the choice to the renderer; one with it decides.
    EXPECT_EQ(Settings::parse("", "s.toml").options_defaults().far_distance, std::nullopt);
    EXPECT_EQ(Settings::parse("far_distance = 0\n", "s.toml").options_defaults().far_distance, 0);
    EXPECT_EQ(Settings::parse("far_distance = 2048\n", "s.toml").options_defaults().far_distance, 2048);
}

TEST(Settings, MissingFileGivesTheDefaults) {
    const fs::path dir = temp_folder();
    const Settings s = Settings::load((dir / "slotcraft.toml").string());
    EXPECT_EQ(s.view_distance, 8);
    EXPECT_EQ(s.keys, default_key_bindings());
    EXPECT_EQ(Settings::load("").view_distance, 8);  // no settings folder at all
    EXPECT_TRUE(names_in(dir).empty()) << "reading must create nothing";
}

TEST(Settings, ReadsEveryKey) {
    const Settings s = Settings::parse(R"(# mine
view_distance = 12
fov = 85.5
mouse_sensitivity = 0.5
vsync = false
overlay = false
window_size = "800x600"

[keys]
forward = "Z"
left = "q"
back = "S"
right = "D"
up = "E"
down = "RIGHT_SHIFT"
sprint = "TAB"
mode = "G"
overlay = "F4"
screenshot = "F12"
fullscreen = "ENTER"
quit = "X"
fill = "J"
replace = "U"
rotate = "I"
clear_region = "O"
paste_air = "L"
picker = "M"
corner_one = "COMMA"
corner_two = "PERIOD"
undo = "U"
redo = "R"
copy = "K"
paste = "P"
export = "T"
expand = "F5"
contract = "F6"
shift_region = "F7"
clear_blocks = "F8"
brush = "F9"
paste_preview = "F10"
)",
                                       kFile);
    EXPECT_EQ(s.view_distance, 12);
    EXPECT_DOUBLE_EQ(s.fov, 85.5);
    EXPECT_DOUBLE_EQ(s.mouse_sensitivity, 0.5);
    EXPECT_FALSE(s.vsync);
    EXPECT_FALSE(s.overlay);
    EXPECT_EQ(s.width, 800);
    EXPECT_EQ(s.height, 600);
    EXPECT_EQ(bound(s, Binding::kForward), code("Z"));
    EXPECT_EQ(bound(s, Binding::kLeft), code("Q"));  // key names in any case
    EXPECT_EQ(bound(s, Binding::kBack), code("S"));
    EXPECT_EQ(bound(s, Binding::kRight), code("D"));
    EXPECT_EQ(bound(s, Binding::kUp), code("E"));
    EXPECT_EQ(bound(s, Binding::kDown), code("RIGHT_SHIFT"));
    EXPECT_EQ(bound(s, Binding::kSprint), code("TAB"));
    EXPECT_EQ(bound(s, Binding::kFill), code("J"));
    EXPECT_EQ(bound(s, Binding::kReplace), code("U"));
    EXPECT_EQ(bound(s, Binding::kRotate), code("I"));
    EXPECT_EQ(bound(s, Binding::kClearRegion), code("O"));
    EXPECT_EQ(bound(s, Binding::kPasteAir), code("L"));
    EXPECT_EQ(bound(s, Binding::kPicker), code("M"));
    EXPECT_EQ(bound(s, Binding::kMode), code("G"));
    EXPECT_EQ(bound(s, Binding::kOverlay), code("F4"));
    EXPECT_EQ(bound(s, Binding::kScreenshot), code("F12"));
    EXPECT_EQ(bound(s, Binding::kFullscreen), code("ENTER"));
    EXPECT_EQ(bound(s, Binding::kQuit), code("X"));
    EXPECT_EQ(bound(s, Binding::kCornerOne), code("COMMA"));
    EXPECT_EQ(bound(s, Binding::kCornerTwo), code("PERIOD"));
    // A Ctrl chord may share its key with a plain binding (Ctrl+U undoes, U replaces), never
    // with another chord (kBadFiles).
    EXPECT_EQ(bound(s, Binding::kUndo), code("U"));
    EXPECT_EQ(bound(s, Binding::kRedo), code("R"));
    EXPECT_EQ(bound(s, Binding::kCopy), code("K"));
    EXPECT_EQ(bound(s, Binding::kPaste), code("P"));
    EXPECT_EQ(bound(s, Binding::kExport), code("T"));
    EXPECT_EQ(bound(s, Binding::kExpand), code("F5"));
    EXPECT_EQ(bound(s, Binding::kContract), code("F6"));
    EXPECT_EQ(bound(s, Binding::kShiftRegion), code("F7"));
    EXPECT_EQ(bound(s, Binding::kClearBlocks), code("F8"));
    EXPECT_EQ(bound(s, Binding::kBrush), code("F9"));
    EXPECT_EQ(bound(s, Binding::kPastePreview), code("F10"));
}

TEST(Settings, RangeEndsAndWholeNumbersForNumbersAreAccepted) {
    Settings s = Settings::parse("view_distance = 1\nfov = 30\nmouse_sensitivity = 10\n", kFile);
    EXPECT_EQ(s.view_distance, 1);
    EXPECT_DOUBLE_EQ(s.fov, 30.0);
    EXPECT_DOUBLE_EQ(s.mouse_sensitivity, 10.0);
    s = Settings::parse("view_distance = 32\nfov = 120.0\nmouse_sensitivity = 0.1\n", kFile);
    EXPECT_EQ(s.view_distance, 32);
    EXPECT_DOUBLE_EQ(s.fov, 120.0);
    EXPECT_DOUBLE_EQ(s.mouse_sensitivity, 0.1);
}

TEST(Settings, KeysMayBeWrittenAsDottedKeysOrAnInlineTable) {
    EXPECT_EQ(bound(Settings::parse("keys.forward = \"Z\"\n", kFile), Binding::kForward), code("Z"));
    EXPECT_EQ(bound(Settings::parse("keys = { back = \"X\" }\n", kFile), Binding::kBack), code("X"));
}

// [SECTION] refusing a bad file

struct BadFile {
    const char* what;
    std::string text;
    int line;
    std::string key;     // named in the message as key 'KEY'
    std::string reason;  // a part of the message
};

class SettingsBadFile : public ::testing::TestWithParam<BadFile> {};

TEST_P(SettingsBadFile, IsRefusedNamingTheFileTheLineAndTheKey) {
    const BadFile& bad = GetParam();
    try {
        Settings::parse(bad.text, kFile);
        FAIL() << bad.what << ": accepted\n" << bad.text;
    } catch (const SettingsError& e) {
        const std::string message = e.what();
        const std::string where = kFile + ":" + std::to_string(bad.line) + ": ";
        EXPECT_EQ(message.rfind(where, 0), 0u) << bad.what << ": " << message;
        if (!bad.key.empty()) {
            EXPECT_NE(message.find("key '" + bad.key + "'"), std::string::npos) << bad.what << ": " << message;
        }
        EXPECT_NE(message.find(bad.reason), std::string::npos) << bad.what << ": " << message;
    }
}

const BadFile kBadFiles[] = {
    // syntax
    {"syntax: a bad boolean", "# c\nvsync = tru\n", 2, "vsync", "not valid TOML"},
    {"syntax: a bad number", "fov = 7x\n", 1, "fov", "not valid TOML"},
    {"syntax: an unclosed header", "fov = 70\n[keys\n", 2, "keys", "not valid TOML"},
    {"syntax: a key given twice", "fov = 70\n\nfov = 71\n", 3, "fov", "not valid TOML"},
    {"syntax: no value", "view_distance =\n", 1, "view_distance", "not valid TOML"},
    // unknown keys
    {"unknown key", "fov = 70\ncolour = 1\n", 2, "colour", "unknown key"},
    {"unknown table", "\n[graphics]\nfov = 70\n", 2, "graphics", "unknown key"},
    {"unknown key in [keys]", "[keys]\njump = \"SPACE\"\n", 2, "keys.jump", "unknown key"},
    // wrong types
    {"view_distance as a string", "view_distance = \"8\"\n", 1, "view_distance", "needs a whole number"},
    {"view_distance with a fraction", "view_distance = 8.5\n", 1, "view_distance", "needs a whole number"},
    // Once wrong: "far_distance = 16.0" once said "got 16", the very value it asks for.
    {"far_distance with a decimal point", "far_distance = 16.0\n", 1, "far_distance",
     "got 16.0 (a number with a decimal point: write 16)"},
    {"fov as a string", "fov = \"wide\"\n", 1, "fov", "needs a number from 30 to 120"},
    {"mouse_sensitivity as a boolean", "mouse_sensitivity = true\n", 1, "mouse_sensitivity", "needs a number"},
    {"vsync as a string", "vsync = \"yes\"\n", 1, "vsync", "needs true or false"},
    {"overlay as a number", "\n\noverlay = 0\n", 3, "overlay", "needs true or false"},
    {"window_size as an array", "window_size = [1280, 720]\n", 1, "window_size", "WIDTHxHEIGHT"},
    {"keys as a number", "keys = 3\n", 1, "keys", "needs a table"},
    {"a key bound to a number", "[keys]\n\nforward = 5\n", 3, "keys.forward", "needs a key name"},
    // out of range
    {"view_distance 0", "view_distance = 0\n", 1, "view_distance", "from 1 to 64, got 0"},
    {"view_distance 65", "view_distance = 65\n", 1, "view_distance", "from 1 to 64, got 65"},
    {"fov too wide", "# wide\n\nfov = 200\n", 3, "fov", "from 30 to 120 (degrees), got 200"},
    {"fov not a number", "fov = nan\n", 1, "fov", "needs a number"},
    {"mouse_sensitivity 0", "mouse_sensitivity = 0.0\n", 1, "mouse_sensitivity", "from 0.1 to 10"},
    {"window_size zero wide", "window_size = \"0x720\"\n", 1, "window_size", "WIDTHxHEIGHT"},
    {"window_size with a star", "window_size = \"1280*720\"\n", 1, "window_size", "WIDTHxHEIGHT"},
    // key names
    {"unknown key name", "[keys]\nforward = \"WW\"\n", 2, "keys.forward", "unknown key name \"WW\""},
    {"Escape is reserved", "[keys]\nmode = \"ESCAPE\"\n", 2, "keys.mode", "ESCAPE is reserved"},
    {"a hotbar digit is reserved", "[keys]\nsprint = \"3\"\n", 2, "keys.sprint", "1 to 9 are reserved"},
    {"two actions on one key", "[keys]\nforward = \"Z\"\nback = \"Z\"\n", 3, "keys.back",
     "\"Z\" is bound to keys.forward as well"},
    {"a key taken from a default", "[keys]\n\nforward = \"F3\"\n", 3, "keys.forward",
     "\"F3\" is bound to keys.overlay as well (its default)"},
    {"two Ctrl chords on one key", "[keys]\ncopy = \"Z\"\n", 2, "keys.copy",
     "\"Z\" is bound to keys.undo as well (its default)"},
    {"a corner on a default key", "[keys]\ncorner_one = \"G\"\n", 2, "keys.corner_one",
     "\"G\" is bound to keys.fill as well (its default)"},
    // the first bad line of the file, not the first key in toml++'s (sorted) table
    {"the first bad line", "zzz = 1\nfov = 500\n", 1, "zzz", "unknown key"},
};

INSTANTIATE_TEST_SUITE_P(EveryKind, SettingsBadFile, ::testing::ValuesIn(kBadFiles));

TEST(Settings, AnUnreadableSettingsPathIsRefusedNamingIt) {
    const fs::path dir = temp_folder();
    fs::create_directories(dir / "slotcraft.toml");  // a folder where the file should be
    try {
        Settings::load((dir / "slotcraft.toml").string());
        FAIL() << "a folder was read as a settings file";
    } catch (const SettingsError& e) {
        EXPECT_NE(std::string(e.what()).find((dir / "slotcraft.toml").string()), std::string::npos) << e.what();
    }
}

TEST(Settings, LoadNamesTheFileItRead) {
    const fs::path dir = temp_folder();
    write(dir / "slotcraft.toml", "fov = 70\nview_distance = 99\n");
    try {
        Settings::load((dir / "slotcraft.toml").string());
        FAIL() << "view_distance 99 accepted";
    } catch (const SettingsError& e) {
        EXPECT_NE(std::string(e.what()).find("slotcraft.toml:2: key 'view_distance'"), std::string::npos) << e.what();
    }
}

// [SECTION] the flags win

TEST(Settings, FlagsWinOverTheFile) {
    const Settings s = Settings::parse("view_distance = 12\nwindow_size = \"800x600\"\nvsync = false\n", kFile);
    const Options from_file = parse_options({}, s.options_defaults());
    EXPECT_EQ(from_file.view_distance, 12);
    EXPECT_EQ(from_file.width, 800);
    EXPECT_EQ(from_file.height, 600);
    EXPECT_FALSE(from_file.vsync);
    const Options flags = parse_options({"--view-distance", "3", "--size", "640x480", "--vsync", "on"},
                                        s.options_defaults());
    EXPECT_EQ(flags.view_distance, 3);
    EXPECT_EQ(flags.width, 640);
    EXPECT_EQ(flags.height, 480);
    EXPECT_TRUE(flags.vsync);
    // One flag given: the others still come from the file.
    const Options one = parse_options({"--size=1024x768"}, s.options_defaults());
    EXPECT_EQ(one.view_distance, 12);
    EXPECT_EQ(one.width, 1024);
    EXPECT_FALSE(one.vsync);
}

TEST(Settings, CavesKeyChoosesANewWorldsGeneratorAndTheFlagWins) {
    EXPECT_TRUE(Settings::parse("", kFile).options_defaults().caves) << "caves by default";
    const Settings off = Settings::parse("caves = false\n", kFile);
    EXPECT_FALSE(off.caves);
    EXPECT_FALSE(parse_options({}, off.options_defaults()).caves);
    EXPECT_TRUE(parse_options({"--caves", "on"}, off.options_defaults()).caves);
    try {
        Settings::parse("caves = \"off\"\n", kFile);
        FAIL() << "caves = \"off\" accepted";
    } catch (const SettingsError& e) {
        EXPECT_NE(std::string(e.what()).find("slotcraft.toml:1: key 'caves'"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("needs true or false"), std::string::npos) << e.what();
    }
}

// [SECTION] tables

TEST(Settings, KeyNameTableIsOneToOne) {
    std::set<int> codes;
    for (std::string_view name : key_names()) {
        const std::optional<int> c = key_code(name);
        ASSERT_TRUE(c.has_value()) << name;
        EXPECT_TRUE(codes.insert(*c).second) << name << " shares its code";
        EXPECT_EQ(key_name(*c), name);
    }
    EXPECT_FALSE(key_code("NOT_A_KEY").has_value());
    EXPECT_EQ(key_code("left_shift"), key_code("LEFT_SHIFT"));
}

TEST(Settings, MovementBindingsAreTheScriptKeyNames) {
    std::vector<std::string> from_table;
    for (const BindingInfo& b : binding_table()) {
        EXPECT_EQ(&binding_info(b.binding), &b);
        if (!b.script_key.empty()) from_table.emplace_back(b.script_key);
    }
    EXPECT_EQ(from_table, (std::vector<std::string>{"W", "A", "S", "D", "SPACE", "SHIFT", "CTRL"}));
    EXPECT_EQ(script_key_names(), from_table);
}

TEST(Settings, FolderFollowsXdgConfigHome) {
    EXPECT_EQ(settings_dir("/x/config", "/home/u"), "/x/config/slotcraft");
    EXPECT_EQ(settings_dir("relative/config", "/home/u"), "/home/u/.config/slotcraft");  // not absolute: ignored
    EXPECT_EQ(settings_dir("", "/home/u"), "/home/u/.config/slotcraft");
    EXPECT_EQ(settings_dir(nullptr, "/home/u"), "/home/u/.config/slotcraft");
    EXPECT_EQ(settings_dir(nullptr, nullptr), std::nullopt);
    EXPECT_EQ(settings_dir("/x/config", nullptr), "/x/config/slotcraft");
}

// [SECTION] write-back: the text

const LiveSettings kStart{8, 70.0, 1.0};

TEST(SettingsWriteBack, ReplacesValuesInPlaceKeepingCommentsAndOtherKeys) {
    const std::string text = R"(# My settings, by hand.
view_distance = 8   # far enough

# a wide view
fov = 70.0 # degrees
vsync = false
mouse_sensitivity = 1

[keys]
forward = "Z"   # AZERTY
)";
    const std::string out = update_settings_text(text, kStart, {12, 95.0, 0.35}, kFile);
    EXPECT_EQ(out, R"(# My settings, by hand.
view_distance = 12   # far enough

# a wide view
fov = 95.0 # degrees
vsync = false
mouse_sensitivity = 0.35

[keys]
forward = "Z"   # AZERTY
)");
}

TEST(SettingsWriteBack, ChangesOnlyWhatChanged) {
    const std::string text = "view_distance = 8\nfov = 70.0\nmouse_sensitivity = 1.0\n";
    EXPECT_EQ(update_settings_text(text, kStart, kStart, kFile), text);
    EXPECT_EQ(update_settings_text(text, kStart, {8, 70.0, 2.5}, kFile),
              "view_distance = 8\nfov = 70.0\nmouse_sensitivity = 2.5\n");
}

TEST(SettingsWriteBack, AddsMissingKeysAfterTheLastTopLevelKey) {
    const std::string text = "# top\nvsync = true\n\n# the keys\n[keys]\nforward = \"Z\"\n";
    EXPECT_EQ(update_settings_text(text, kStart, {5, 80.0, 1.0}, kFile),
              "# top\nvsync = true\nview_distance = 5\nfov = 80.0\n\n# the keys\n[keys]\nforward = \"Z\"\n");
}

TEST(SettingsWriteBack, AddsKeysToAFileWithOnlyATableOrNoLastNewline) {
    EXPECT_EQ(update_settings_text("[keys]\nforward = \"Z\"\n", kStart, {8, 75.0, 1.0}, kFile),
              "fov = 75.0\n[keys]\nforward = \"Z\"\n");
    EXPECT_EQ(update_settings_text("vsync = true", kStart, {8, 75.0, 1.0}, kFile), "vsync = true\nfov = 75.0\n");
    EXPECT_EQ(update_settings_text("", kStart, {9, 70.0, 1.0}, kFile), "view_distance = 9\n");
    EXPECT_EQ(update_settings_text("# mine\n", kStart, {9, 70.0, 1.0}, kFile), "# mine\nview_distance = 9\n");
    EXPECT_EQ(update_settings_text("# top\n\n# the keys\n[keys]\n", kStart, {9, 70.0, 1.0}, kFile),
              "# top\n\nview_distance = 9\n# the keys\n[keys]\n");
}

TEST(SettingsWriteBack, WritesNumbersAsTomlReadsThemBack) {
    // Slider values come as floats: 0.35f is 0.3499999940395355 as a double.
    const std::string out = update_settings_text("", kStart,
                                                 {8, static_cast<double>(72.0f), static_cast<double>(0.35f)}, kFile);
    EXPECT_EQ(out, "fov = 72.0\nmouse_sensitivity = 0.35\n");
    const Settings back = Settings::parse(out, kFile);
    EXPECT_DOUBLE_EQ(back.fov, 72.0);
    EXPECT_DOUBLE_EQ(back.mouse_sensitivity, 0.35);
}

TEST(SettingsWriteBack, TheResultReadsBackWithTheNewValues) {
    const std::string text = "# c\nfov = 70 # int\nview_distance = 8\n[keys]\nquit = \"X\"\n";
    const Settings back = Settings::parse(update_settings_text(text, kStart, {20, 110.0, 4.0}, kFile), kFile);
    EXPECT_EQ(back.view_distance, 20);
    EXPECT_DOUBLE_EQ(back.fov, 110.0);
    EXPECT_DOUBLE_EQ(back.mouse_sensitivity, 4.0);
    EXPECT_EQ(bound(back, Binding::kQuit), code("X"));
}

TEST(SettingsWriteBack, TheDaylightAndTheDismissedKeyHelpAreKeptAcrossRuns) {
    LiveSettings now = kStart;
    now.daylight = 0.25;
    now.key_help = false;  // dismissed
    const std::string text = update_settings_text("fov = 70\n", kStart, now, kFile);
    EXPECT_EQ(text, "fov = 70\ndaylight = 0.25\nkey_help = false\n");
    const Settings back = Settings::parse(text, kFile);
    EXPECT_DOUBLE_EQ(back.daylight, 0.25);
    EXPECT_FALSE(back.key_help);
    EXPECT_DOUBLE_EQ(back.options_defaults().daylight, 0.25) << "the run starts with it (a flag still wins)";
    LiveSettings again = now;
    again.key_help = true;  // F1 brought it back
    EXPECT_EQ(update_settings_text(text, now, again, kFile), "fov = 70\ndaylight = 0.25\nkey_help = true\n");
    EXPECT_THROW(Settings::parse("daylight = 1.5\n", kFile), SettingsError);
}

TEST(SettingsWriteBack, RefusesAFileThatNoLongerParses) {
    EXPECT_THROW(update_settings_text("fov = = 1\n", kStart, {8, 75.0, 1.0}, kFile), SettingsError);
    EXPECT_THROW(update_settings_text("fov = 500\n", kStart, {8, 75.0, 1.0}, kFile), SettingsError);
}

// [SECTION] write-back: the file

TEST(SettingsWriteBack, NothingChangedWritesNothing) {
    const fs::path dir = temp_folder();
    write_back_settings((dir / "cfg" / "slotcraft.toml").string(), kStart, kStart);
    EXPECT_TRUE(names_in(dir).empty());
}

TEST(SettingsWriteBack, CreatesTheFileAndItsFolder) {
    const fs::path dir = temp_folder();
    const fs::path path = dir / "cfg" / "slotcraft" / "slotcraft.toml";
    write_back_settings(path.string(), kStart, {8, 90.0, 1.0});
    const std::string text = read(path);
    EXPECT_EQ(text.rfind("# Slotcraft settings.", 0), 0u) << text;
    EXPECT_DOUBLE_EQ(Settings::parse(text, path.string()).fov, 90.0);
    EXPECT_EQ(names_in(path.parent_path()), std::vector<std::string>{"slotcraft.toml"});
}

TEST(SettingsWriteBack, ReplacesTheFileLeavingNoTemporaryFileAndKeepingItsMode) {
    const fs::path dir = temp_folder();
    const fs::path path = dir / "slotcraft.toml";
    write(path, "# mine\nfov = 70.0\n");
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    write_back_settings(path.string(), kStart, {8, 100.0, 1.0});
    EXPECT_EQ(read(path), "# mine\nfov = 100.0\n");
    EXPECT_EQ(names_in(dir), std::vector<std::string>{"slotcraft.toml"});
    EXPECT_EQ(fs::status(path).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
}

TEST(SettingsWriteBack, ASymlinkedFileKeepsItsLink) {
    const fs::path dir = temp_folder();
    fs::create_directories(dir / "dotfiles");
    fs::create_directories(dir / "cfg");
    write(dir / "dotfiles" / "slotcraft.toml", "fov = 70.0\n");
    fs::create_symlink("../dotfiles/slotcraft.toml", dir / "cfg" / "slotcraft.toml");
    write_back_settings((dir / "cfg" / "slotcraft.toml").string(), kStart, {8, 60.0, 1.0});
    EXPECT_TRUE(fs::is_symlink(dir / "cfg" / "slotcraft.toml"));
    EXPECT_EQ(read(dir / "dotfiles" / "slotcraft.toml"), "fov = 60.0\n");
    EXPECT_EQ(names_in(dir / "dotfiles"), std::vector<std::string>{"slotcraft.toml"});
}

TEST(SettingsWriteBack, AFailedWriteNamesTheFileAndLeavesTheOldOneWhole) {
    const fs::path dir = temp_folder();
    const fs::path path = dir / "slotcraft.toml";
    const std::string old = "# a long comment that makes the new text longer than the limit below\nfov = 70.0\n";
    write(path, old);
    std::string message;
    {
        // A disk that fills up mid-write: files may grow to 16 bytes, and the write fails (EFBIG).
        const test::FileSizeLimit limit(16);
        ASSERT_TRUE(limit.active());
        try {
            write_back_settings(path.string(), kStart, {8, 80.0, 1.0});
        } catch (const SettingsError& e) {
            message = e.what();
        }
    }
    EXPECT_NE(message.find("settings not saved"), std::string::npos) << message;
    EXPECT_NE(message.find(path.string()), std::string::npos) << message;
    EXPECT_EQ(read(path), old);
    EXPECT_EQ(names_in(dir), std::vector<std::string>{"slotcraft.toml"}) << "the temporary file must go";
}

TEST(SettingsWriteBack, AFolderThatCannotBeMadeNamesTheFile) {
    const fs::path dir = temp_folder();
    write(dir / "not-a-folder", "x");
    const std::string path = (dir / "not-a-folder" / "slotcraft.toml").string();
    try {
        write_back_settings(path, kStart, {8, 80.0, 1.0});
        FAIL() << "wrote under a regular file";
    } catch (const SettingsError& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
    EXPECT_EQ(read(dir / "not-a-folder"), "x");
}

TEST(SettingsWriteBack, AFileThatWentBadWhileRunningIsLeftAlone) {
    const fs::path dir = temp_folder();
    const fs::path path = dir / "slotcraft.toml";
    write(path, "fov = \n");
    EXPECT_THROW(write_back_settings(path.string(), kStart, {8, 80.0, 1.0}), SettingsError);
    EXPECT_EQ(read(path), "fov = \n");
    EXPECT_EQ(names_in(dir), std::vector<std::string>{"slotcraft.toml"});
}

// [SECTION] files that are not plain files (the one reader of named files)

// The refusal Settings::load gives for `path` ("" when it loads).
std::string load_refusal(const fs::path& path) {
    try {
        Settings::load(path.string());
    } catch (const SettingsError& e) {
        return e.what();
    }
    return {};
}

// An empty file is valid TOML: the defaults, not "cannot read ...: Success".
TEST(SettingsFiles, AnEmptyFileOnDiskGivesTheDefaults) {
    const fs::path dir = temp_folder();
    write(dir / "slotcraft.toml", "");
    EXPECT_EQ(load_refusal(dir / "slotcraft.toml"), "");
    EXPECT_EQ(Settings::load((dir / "slotcraft.toml").string()).view_distance, 8);
}

// A FIFO once hung the start before any window, a link to /dev/zero grew without bound, a
// link to /dev/null said "Success": each is refused at once with what it is.
TEST(SettingsFiles, APipeOrADeviceIsRefusedAtOnceSayingWhatItIs) {
    const fs::path dir = temp_folder();
    ASSERT_EQ(::mkfifo((dir / "fifo.toml").c_str(), 0600), 0);
    fs::create_symlink("/dev/zero", dir / "zero.toml");
    fs::create_symlink("/dev/null", dir / "null.toml");
    EXPECT_NE(load_refusal(dir / "fifo.toml").find("it is a pipe (a FIFO)"), std::string::npos);
    for (const char* name : {"zero.toml", "null.toml"}) {
        const std::string why = load_refusal(dir / name);
        EXPECT_NE(why.find("it is a device"), std::string::npos) << why;
        EXPECT_EQ(why.find("Success"), std::string::npos) << why;
    }
}

// A symlink loop was taken silently as "no file".
TEST(SettingsFiles, ASymlinkLoopIsRefusedNotTakenAsNoFile) {
    const fs::path dir = temp_folder();
    fs::create_symlink("slotcraft.toml", dir / "slotcraft.toml");
    EXPECT_NE(load_refusal(dir / "slotcraft.toml").find("symlink loop"), std::string::npos);
}

// A settings folder that cannot be searched was taken silently as "no file".
TEST(SettingsFiles, AFolderThatCannotBeSearchedIsRefused) {
    if (::geteuid() == 0) GTEST_SKIP() << "root searches any folder: permissions cannot stand in here";
    const fs::path dir = temp_folder();
    fs::create_directories(dir / "slotcraft");
    write(dir / "slotcraft" / "slotcraft.toml", "fov = 80\n");
    fs::permissions(dir / "slotcraft", fs::perms::owner_read);  // listable, not searchable
    const std::string why = load_refusal(dir / "slotcraft" / "slotcraft.toml");
    fs::permissions(dir / "slotcraft", fs::perms::owner_all);
    EXPECT_NE(why.find("permission denied"), std::string::npos) << why;
}

// A settings folder that is a file (ENOTDIR) was taken silently as "no file" too; it is said.
TEST(SettingsFiles, ASettingsFolderThatIsAFileIsRefused) {
    const fs::path dir = temp_folder();
    write(dir / "slotcraft", "not a folder\n");
    const std::string why = load_refusal(dir / "slotcraft" / "slotcraft.toml");
    EXPECT_NE(why.find("a part of its path is a file, not a folder"), std::string::npos) << why;
}

// The README's own example: plain Q for left beside quit, which is Ctrl+Q.
TEST(SettingsFiles, TheReadmesAzertyExampleIsAccepted) {
    const Settings s = Settings::parse("[keys]\nforward = \"Z\"\nleft = \"Q\"\n", kFile);
    EXPECT_EQ(bound(s, Binding::kLeft), code("Q"));
    EXPECT_EQ(bound(s, Binding::kQuit), code("Q"));
    EXPECT_THROW(Settings::parse("[keys]\nforward = \"Z\"\nleft = \"Z\"\n", kFile), SettingsError)
        << "two plain bindings on one key still clash";
}

// A value of 5 MB or with terminal escapes is shown cut and escaped.
TEST(SettingsFiles, AHugeOrHostileValueIsShownCutAndEscaped) {
    for (const std::string& value : {std::string(5'000'000, 'v'), std::string("\x1b]0;owned\x07")}) {
        try {
            Settings::parse("window_size = \"" + value + "\"\n", kFile);
            ADD_FAILURE() << "accepted";
        } catch (const SettingsError& e) {
            const std::string m = e.what();
            EXPECT_LT(m.size(), 600u);
            EXPECT_EQ(m.find('\x1b'), std::string::npos) << m;
            EXPECT_EQ(m.find('\x07'), std::string::npos) << m;
        }
    }
}

// A dangling symlink (a dotfiles folder not filled yet) keeps its link: its target is written.
TEST(SettingsWriteBack, ADanglingSymlinkKeepsItsLinkAndItsTargetIsMade) {
    const fs::path dir = temp_folder();
    fs::create_directories(dir / "cfg");
    fs::create_symlink("../dotfiles/slotcraft.toml", dir / "cfg" / "slotcraft.toml");
    EXPECT_EQ(Settings::load((dir / "cfg" / "slotcraft.toml").string()).view_distance, 8) << "no file yet";
    write_back_settings((dir / "cfg" / "slotcraft.toml").string(), kStart, {8, 60.0, 1.0});
    EXPECT_TRUE(fs::is_symlink(dir / "cfg" / "slotcraft.toml"));
    EXPECT_NE(read(dir / "dotfiles" / "slotcraft.toml").find("fov = 60.0"), std::string::npos);
}

}  // namespace
}  // namespace slotcraft
