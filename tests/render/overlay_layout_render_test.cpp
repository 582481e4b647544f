// A steady overlay, end to end (the real program under Xvfb): at 800x600, 1280x720 and
// 1920x1080 with the overlay on, the view distance goes from 4 to 32 chunks and the eye moves
// while chunks stream, and `record-layout` writes every panel's and every control's rectangle
// of 150 frames. Nothing moves or changes size over them, no panel or control is cut off (each
// lies inside the window and each control inside its panel), and no panel covers the middle
// fifth of the view (the box of a fifth of the width by a fifth of the height around the
// crosshair, overlay_layout::clear_centre). 2560x1440 is checked on a few frames. Each run
// saves a screenshot, overlay-WxH.png, for a person to look at. No two panels overlap, from the
// first frame the overlay shows on. Every size records while a view of 32 chunks streams,
// never waiting for it to settle (a thousand frames in the sanitized debug build).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "render/render_test_support.hpp"
#include "ui/overlay_layout.hpp"

namespace slotcraft {
namespace {

using overlay_layout::Rect;
using render_test::out_dir;
using render_test::run_script;
using test::Json;

Rect rect_of(const Json& j) {
    return {static_cast<float>(j.at("x").number), static_cast<float>(j.at("y").number),
            static_cast<float>(j.at("width").number), static_cast<float>(j.at("height").number)};
}

std::string describe(const Rect& r) {
    return std::to_string(r.x) + "," + std::to_string(r.y) + " " + std::to_string(r.width) + "x" +
           std::to_string(r.height);
}

// `inner` inside `outer`, allowing half a pixel for ImGui's rounding.
bool inside(const Rect& outer, const Rect& inner) {
    constexpr float kSlack = 0.5f;
    return inner.x >= outer.x - kSlack && inner.y >= outer.y - kSlack && inner.right() <= outer.right() + kSlack &&
           inner.bottom() <= outer.bottom() + kSlack;
}

std::vector<Json> read_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<Json> frames;
    for (std::string line; std::getline(in, line);) frames.push_back(Json::parse(line));
    return frames;
}

// Every frame's layout equals the first one's: the same panels and items, at the same places.
void expect_steady(const std::vector<Json>& frames) {
    ASSERT_FALSE(frames.empty());
    const Json& first = frames.front();
    for (size_t f = 1; f < frames.size(); ++f) {
        const Json& now = frames[f];
        ASSERT_EQ(now.at("panels").array.size(), first.at("panels").array.size()) << "frame " << f;
        for (size_t p = 0; p < first.at("panels").array.size(); ++p) {
            const Json& a = first.at("panels").array[p];
            const Json& b = now.at("panels").array[p];
            const std::string key = a.at("key").string;
            EXPECT_EQ(rect_of(a), rect_of(b)) << key << " moved or resized at frame " << f << ": "
                                              << describe(rect_of(a)) << " -> " << describe(rect_of(b));
            EXPECT_EQ(a.at("open").boolean, b.at("open").boolean) << key << " folded by itself at frame " << f;
            ASSERT_EQ(a.at("items").array.size(), b.at("items").array.size()) << key << " at frame " << f;
            for (size_t i = 0; i < a.at("items").array.size(); ++i) {
                const Json& x = a.at("items").array[i];
                const Json& y = b.at("items").array[i];
                EXPECT_EQ(x.at("id").string, y.at("id").string) << key << " at frame " << f;
                // A value's text may grow or shrink to the right; where it starts and its line may not move.
                const Rect rx = rect_of(x), ry = rect_of(y);
                EXPECT_TRUE(rx.x == ry.x && rx.y == ry.y && rx.height == ry.height)
                    << key << "." << x.at("id").string << " moved at frame " << f << ": " << describe(rx) << " -> "
                    << describe(ry);
            }
        }
    }
}

// In every frame: each panel inside the window and off the clear centre, each item inside
// its panel (so inside the window too). Returns how many panels are open in the last frame.
int expect_whole_and_clear(const std::vector<Json>& frames, float width, float height) {
    const Rect window{0, 0, width, height};
    const Rect centre = overlay_layout::clear_centre(width, height);
    for (size_t f = 0; f < frames.size(); ++f) {
        for (const Json& panel : frames[f].at("panels").array) {
            const std::string key = panel.at("key").string;
            const Rect r = rect_of(panel);
            EXPECT_TRUE(inside(window, r)) << key << " is cut off by the window at frame " << f << ": " << describe(r);
            EXPECT_FALSE(r.overlaps(centre)) << key << " covers the middle fifth at frame " << f;
            for (const Json& other : frames[f].at("panels").array) {
                if (&other == &panel) break;  // each pair once
                EXPECT_FALSE(r.overlaps(rect_of(other)))
                    << key << " and " << other.at("key").string << " overlap at frame " << f;
            }
            for (const Json& item : panel.at("items").array) {
                EXPECT_TRUE(inside(r, rect_of(item)))
                    << key << "." << item.at("id").string << " is cut off by its panel at frame " << f << ": "
                    << describe(rect_of(item)) << " in " << describe(r);
            }
            // The HUD's texts (the message, the region's size) run neither over nor under a panel.
            for (const Json& text : frames[f].at("hud").array) {
                EXPECT_FALSE(r.overlaps(rect_of(text)))
                    << "the HUD's " << text.at("key").string << " and " << key << " overlap at frame " << f << ": "
                    << describe(rect_of(text)) << " and " << describe(r);
            }
        }
        for (const Json& text : frames[f].at("hud").array) {
            EXPECT_TRUE(inside(window, rect_of(text)))
                << "the HUD's " << text.at("key").string << " is cut off by the window at frame " << f << ": "
                << describe(rect_of(text));
        }
    }
    int open = 0;
    for (const Json& panel : frames.back().at("panels").array) open += panel.at("open").boolean;
    return open;
}

struct Size {
    int width, height;
    int open_at_least;  // panels every window of the size shows unfolded
};

// gtest names the case by its size; this prints it so too.
void PrintTo(const Size& size, std::ostream* out) { *out << size.width << "x" << size.height; }

class OverlayLayoutSlow : public ::testing::TestWithParam<Size> {};

TEST_P(OverlayLayoutSlow, NothingMovesNothingIsCutOffAndTheMiddleStaysClearWhileChunksStream) {
    const Size size = GetParam();
    const std::string dir = out_dir();
    const std::string name = std::to_string(size.width) + "x" + std::to_string(size.height);
    // 150 frames recorded while the view distance grows from 4 to 32 and the eye turns and
    // flies on (the buffer grows, the Occupancy picture fills, the figures gain digits). No
    // line waits for the view to settle: at 32 chunks that takes a thousand frames in the
    // sanitized build, and the panels must hold still while chunks stream, not after.
    std::string script = "camera 0.5 80 0.5 30 -20\nview-distance 4\noverlay on\nwait 2\nrecord-layout 150 " + dir +
                         "/layout.jsonl\n";
    for (int d : {8, 12, 16, 24, 32}) script += "view-distance " + std::to_string(d) + "\nwait 20\n";
    script += "look 90 0\nkey W 40\nwait 12\nstats " + dir + "/stats.json\nscreenshot " + dir + "/overlay-" + name +
              ".png\n";
    const auto r = run_script(dir, script, {"--size", name, "--world", "flat"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<Json> frames = read_lines(dir + "/layout.jsonl");
    ASSERT_EQ(frames.size(), 150u);
    const Json stats = Json::parse_file(dir + "/stats.json");
    EXPECT_EQ(render_test::stat_int(stats, "gl.errors"), 0);
    EXPECT_EQ(render_test::stat_int(stats, "world.view_distance"), 32);
    EXPECT_GT(render_test::stat_int(stats, "world.chunks_loaded"), 1000) << "the chunks did not stream";
    expect_steady(frames);
    EXPECT_GE(expect_whole_and_clear(frames, static_cast<float>(size.width), static_cast<float>(size.height)),
              size.open_at_least);
    EXPECT_EQ(frames.front().at("size_class").string,
              overlay_layout::size_class(static_cast<float>(size.width), static_cast<float>(size.height)).name);
}

// 800x600 shows Frame, World, Occupancy and Culling at least; 1280x720 and 1920x1080 every
// panel but Settings, which starts folded.
INSTANTIATE_TEST_SUITE_P(Sizes, OverlayLayoutSlow,
                         ::testing::Values(Size{800, 600, 4}, Size{1280, 720, 7}, Size{1920, 1080, 7}),
                         [](const auto& p) {
                             return std::to_string(p.param.width) + "x" + std::to_string(p.param.height);
                         });

// The largest size: twice the 1280x720 layout, whole and clear, from the first frame the
// overlay shows on (no panel drawn over another before the panels are measured).
TEST(OverlayLayoutRender, At2560x1440EveryPanelButSettingsIsOpenWholeAndClearFromTheFirstFrame) {
    const std::string dir = out_dir();
    const std::string script = "camera 0.5 80 0.5 30 -20\nrecord-layout 3 " + dir +
                               "/layout.jsonl\noverlay on\nwait 1\nscreenshot " + dir + "/overlay-2560x1440.png\n";
    const auto r = run_script(dir, script, {"--size", "2560x1440", "--world", "flat", "--view-distance", "4"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<Json> frames = read_lines(dir + "/layout.jsonl");
    ASSERT_EQ(frames.size(), 3u);
    expect_steady(frames);
    EXPECT_EQ(expect_whole_and_clear(frames, 2560.0f, 1440.0f), 7);
    EXPECT_EQ(frames.front().at("size_class").string, "x2.00");
    EXPECT_DOUBLE_EQ(frames.front().at("scale").number, 2.0);
}

// A record that cannot be written stops the run at the line that asked for it.
TEST(OverlayLayoutRender, ARecordThatCannotBeWrittenStopsTheRunAtItsLine) {
    const std::string dir = out_dir();
    const std::string err = render_test::expect_stops_at_line(dir, "overlay on\nrecord-layout 2 /dev/full\nwait 3\n", 2,
                                                              {"--world", "flat", "--view-distance", "1"});
    EXPECT_NE(err.find("layout record"), std::string::npos) << err;
}

// Once wrong: a record the run ended before it was complete was dropped without a word. It is
// written as far as it got, and the run says so (the run's own exit code is unchanged).
TEST(OverlayLayoutRender, ARecordTheRunEndsBeforeIsWrittenAsFarAsItGotAndSaid) {
    const std::string dir = out_dir();
    const auto r = render_test::run_script(dir, "overlay on\nrecord-layout 1000 " + dir + "/layout.jsonl\nwait 3\n",
                                           {"--world", "flat", "--view-distance", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find(
                  "record-layout (script line 2) asked for 1000 frames showing the overlay; the run ended after"),
              std::string::npos)
        << r.err;
    std::ifstream in(dir + "/layout.jsonl");
    std::string line;
    int lines = 0;
    while (std::getline(in, line)) {
        EXPECT_TRUE(line.starts_with("{\"window\":")) << line;
        ++lines;
    }
    EXPECT_GE(lines, 1) << "the frames recorded were dropped";
    EXPECT_NE(r.err.find("holds the " + std::to_string(lines) + " recorded"), std::string::npos) << r.err;
}

// Once wrong: a live resize 1280x720 -> 800x600 -> 1920x1080 cut every panel off for good: the
// panels were measured in the first frame of a new size class, before ImGui used the new
// font scale, and those heights were kept. After each resize every panel's rows are whole,
// and back at 1280x720 too. Also once wrong: the HUD's message ran over the panels at
// 1280x720 and under them at 800x600; each size records an export's message naming a long
// path, and the region's size, beside the panels.
TEST(OverlayLayoutRender, AfterLiveResizesEveryPanelIsWholeAtEachSize) {
    const std::string dir = out_dir();
    const std::string export_path = dir +
                                    "/a-long-file-name-so-the-message-needs-more-room-than-lies-between-the-panels.vox";
    std::string script = "camera 0.5 80 0.5 30 -20\nview-distance 4\noverlay on\nregion 0 0 0 3 3 3\nwait 4\n";
    // The panels each size shows unfolded, as a start at that size does (Settings starts folded).
    const std::vector<Size> sizes = {{800, 600, 4}, {1920, 1080, 7}, {1280, 720, 7}};
    for (const auto& [w, h, open] : sizes) {
        const std::string name = std::to_string(w) + "x" + std::to_string(h);
        script += "resize " + std::to_string(w) + " " + std::to_string(h) + "\nwait 6\nexport " + export_path +
                  "\nrecord-layout 3 " + dir + "/" + name + ".jsonl\nwait 6\nscreenshot " + dir + "/resized-" + name +
                  ".png\n";
    }
    const auto r = run_script(dir, script, {"--size", "1280x720", "--world", "flat"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const auto& [w, h, open] : sizes) {
        const std::string name = std::to_string(w) + "x" + std::to_string(h);
        const std::vector<Json> frames = read_lines(dir + "/" + name + ".jsonl");
        ASSERT_EQ(frames.size(), 3u) << name;
        EXPECT_EQ(frames.front().at("window").at("width").number, w) << name;
        SCOPED_TRACE(name);
        expect_steady(frames);
        EXPECT_GE(expect_whole_and_clear(frames, static_cast<float>(w), static_cast<float>(h)), open)
            << "panels folded by themselves";
        std::vector<std::string> texts;
        for (const Json& text : frames.back().at("hud").array) {
            const std::string key = text.at("key").string;
            if (key != "hotbar" && !key.starts_with("slot")) texts.push_back(key);
        }
        EXPECT_EQ(texts, (std::vector<std::string>{"message", "region"}));
    }
}

// Once wrong: the selected slot's label gained brackets, so every label after it shifted
// sideways when the selection changed. Each slot keeps its place and size whichever is selected.
TEST(OverlayLayoutRender, TheHotbarsSlotsKeepTheirPlacesWhenTheSelectionChanges) {
    const std::string dir = out_dir();
    const std::string script = "overlay on\nwait 4\nrecord-layout 1 " + dir + "/first.jsonl\nwait 2\nselect 5\n" +
                               "record-layout 1 " + dir + "/fifth.jsonl\nwait 2\n";
    const auto r = run_script(dir, script, {"--world", "flat", "--view-distance", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<Json> first = read_lines(dir + "/first.jsonl"), fifth = read_lines(dir + "/fifth.jsonl");
    ASSERT_EQ(first.size(), 1u);
    ASSERT_EQ(fifth.size(), 1u);
    const auto slots = [](const Json& frame) {
        std::vector<Rect> out;
        for (const Json& text : frame.at("hud").array) {
            if (text.at("key").string.starts_with("slot")) out.push_back(rect_of(text));
        }
        return out;
    };
    const std::vector<Rect> a = slots(first.front()), b = slots(fifth.front());
    ASSERT_EQ(a.size(), 9u);
    ASSERT_EQ(b.size(), 9u);
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i], b[i]) << "slot " << i + 1 << " moved: " << describe(a[i]) << " -> " << describe(b[i]);
    }
}

}  // namespace
}  // namespace slotcraft
