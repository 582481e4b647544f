#pragma once
// Command-line options of the slotcraft program, parsed and checked before any window
// opens. Pure C++: no GLFW, no GL, so the parser is unit-tested on its own.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "world/lod.hpp"
#include "world/streaming.hpp"
#include "world/terrain.hpp"

namespace slotcraft {

// Bad input on the command line: the message names the flag and what was wrong with it.
struct OptionsError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The view distance range the flag, the settings file and the Settings panel share (the
// streaming order's offsets bound the top).
inline constexpr int kMinViewDistance = 1;
inline constexpr int kMaxViewDistance = StreamOrder::kMaxViewDistance;
// The main thread's streaming time per frame, milliseconds (--stream-budget-ms).
inline constexpr double kDefaultStreamBudgetMs = 4.0;
inline constexpr double kMinStreamBudgetMs = 0.1;
inline constexpr double kMaxStreamBudgetMs = 1000.0;

struct Options {
    bool help = false;
    std::optional<int64_t> frames;  // quit after this many frames
    std::string screenshot_path;    // write the last frame as PNG
    int width = 1280;
    int height = 720;
    bool vsync = true;
    bool occlusion = true;    // the occlusion walk hides what rock hides (--occlusion)
    bool gl_debug = false;    // KHR_debug output; forced on in debug builds
    std::string shaders_dir;  // empty: next to the executable
    std::string assets_dir;   // empty: next to the executable
    std::string script_path;
    std::string stats_json_path;  // written at exit
    WorldType world = WorldType::kTerrain;
    uint64_t seed = 1;
    int view_distance = kDefaultViewDistance;  // chunks
    // Chunks of coarse far terrain (0: off); unset: the default for the GL renderer
    // (default_far_distance, settings.hpp), decided once the window is open.
    std::optional<int> far_distance;
    std::optional<uint32_t> clear_colour;              // 0xRRGGBB the frame is cleared with (a test aid)
    double stream_budget_ms = kDefaultStreamBudgetMs;  // main-thread streaming time a frame
    double daylight = 1.0;                             // 0..1: scales the sky light (docs/light.md)
    int64_t verify_every = 0;                          // frames; 0 = never
    int64_t ring_kib = 4096;                           // staging ring size
    int64_t undo_mib = 512;                            // undo journal budget
    std::string world_name;                            // save as $XDG_DATA_HOME/slotcraft/worlds/NAME.db
    std::string world_file;                            // or at this path
    std::string minecraft;                             // --minecraft: a Minecraft world as the ground
    bool new_world = false;                            // move an existing file aside, start fresh
    bool seed_given = false;                           // --seed or --world was on the command line
    // --caves on|off: whether a new world gets caves (generator_version_for); a saved world
    // keeps its own generator. caves_given: the flag was on the command line.
    bool caves = true;
    bool caves_given = false;
};

// Parses argv (without argv[0]) over `defaults` (the settings file's values: a flag given
// wins). Throws OptionsError naming the offending flag.
Options parse_options(const std::vector<std::string>& args, Options defaults = {});

// The usage text printed by --help and after a bad flag.
std::string usage_text();

// Parses "WxH" into width and height (each 1..16384); nullopt when malformed.
std::optional<std::pair<int, int>> parse_size(const std::string& text);

// Parses a whole decimal integer in [min, max]; nullopt when malformed or out of range.
std::optional<int64_t> parse_int(const std::string& text, int64_t min, int64_t max);

// Parses a decimal floating-point number (finite); nullopt when malformed.
std::optional<double> parse_double(const std::string& text);

}  // namespace slotcraft
