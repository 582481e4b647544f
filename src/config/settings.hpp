#pragma once
// The settings file, slotcraft.toml (README, "Settings"): read and checked before any window
// opens, and the values the Settings panel changes written back at exit, in the file's own
// text so the user's comments stay. Pure C++ (toml++ only inside settings.cpp, no GLFW
// calls, no GL), so every rule is unit-tested on strings and temporary files.
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "config/options.hpp"

namespace slotcraft {

// A settings file the program cannot use, or cannot write back. what() names the file, the
// line ("slotcraft.toml:3" as FILE:LINE) and the key, and says what the key needs.
struct SettingsError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a key of the [keys] table binds: the movement keys (which the script's `key NAME`
// holds by their script names) and the actions of Controls::on_key, the Ctrl chords among them
// (their key is the one pressed with Ctrl).
enum class Binding {
    kForward,       // script key W
    kLeft,          // script key A
    kBack,          // script key S
    kRight,         // script key D
    kUp,            // script key SPACE: up in fly mode, jump in walk mode
    kDown,          // script key SHIFT: down in fly mode
    kSprint,        // script key CTRL
    kMode,          // fly <-> walk
    kOverlay,       // show / hide the buffer overlay
    kScreenshot,    // save a screenshot
    kFullscreen,    // fullscreen on / off
    kQuit,          // with Ctrl held
    kFill,          // fill the region with the selected hotbar block
    kReplace,       // the region's cells of the targeted block's type become the selected block
    kRotate,        // turn the clipboard 90 degrees clockwise seen from above
    kClearRegion,   // no region any more (and no corners)
    kPasteAir,      // the paste-air switch: a paste writes the clipboard's air too, or skips it
    kPicker,        // open / close the block picker
    kCornerOne,     // the region's first corner at the targeted block
    kCornerTwo,     // its second corner
    kUndo,          // with Ctrl held (with Ctrl and Shift: redo)
    kRedo,          // with Ctrl held
    kCopy,          // with Ctrl held: the region into the clipboard
    kPaste,         // with Ctrl held: the clipboard at the targeted face
    kExport,        // with Ctrl held: the region (or the clipboard) to the Edit panel's file
    kExpand,        // the region one cell bigger the way the eye faces most
    kContract,      // one cell smaller that way (its face away from that way moves in)
    kShiftRegion,   // the region (not its blocks) one cell that way
    kClearBlocks,   // the region's blocks become air
    kBrush,         // the brush on / off
    kPastePreview,  // the paste preview hidden / shown
    kCount
};
inline constexpr size_t kBindingCount = static_cast<size_t>(Binding::kCount);

struct BindingInfo {
    Binding binding;
    std::string_view name;         // its key in the [keys] table
    std::string_view default_key;  // a name of the key-name table (config/key_names.hpp)
    std::string_view script_key;   // the name `key NAME FRAMES` holds; empty for an action
    bool ctrl = false;             // a Ctrl chord: the action is Ctrl with its key (Ctrl+Q, Ctrl+Z, ...)
};
// One row per Binding, in the enum's order: the one table the file, the controls and the
// script's key names are built from.
std::span<const BindingInfo> binding_table();
const BindingInfo& binding_info(Binding binding);

// GLFW key codes, indexed by Binding.
using KeyBindings = std::array<int, kBindingCount>;
KeyBindings default_key_bindings();

// The defaults and ranges the file, the flags and the Settings panel share.
// kMinViewDistance and kMaxViewDistance: options.hpp; kDefaultViewDistance: world/streaming.hpp.
inline constexpr double kDefaultFov = 70.0;  // degrees, vertical
inline constexpr double kMinFov = 30.0;
inline constexpr double kMaxFov = 120.0;
inline constexpr double kDefaultMouseSensitivity = 1.0;  // times 0.12 degrees per pixel
inline constexpr double kMinMouseSensitivity = 0.1;
inline constexpr double kMaxMouseSensitivity = 10.0;

// The far distance a run starts with when neither a flag nor the settings file gives one:
// kGpuFarDistance on a hardware GPU, 0 (off) on a software rasteriser, named by the GL
// renderer string (llvmpipe, softpipe, swrast, "Software", "GDI Generic"), where
// the far rings would double the frame (docs/world.md "Far terrain").
int default_far_distance(std::string_view gl_renderer);

// The values the Settings panel changes live; each is written back at exit when it differs
// from the value the run started with.
struct LiveSettings {
    int view_distance = kDefaultViewDistance;
    double fov = kDefaultFov;
    double mouse_sensitivity = kDefaultMouseSensitivity;
    double daylight = 1.0;  // the World panel's slider, `--daylight` (a flag's value is not written back)
    bool key_help = true;   // the key help shows at the start; false once dismissed, F1 brings it back
    int far_distance = kDefaultFarDistance;  // the World panel's far slider (docs/world.md "Far terrain")
};

class Settings {
public:
    int view_distance = kDefaultViewDistance;  // chunks, kMinViewDistance..kMaxViewDistance
    std::optional<int> far_distance;           // chunks, 0 (off)..kMaxFarDistance; unset: default_far_distance
    double fov = kDefaultFov;                  // degrees, kMinFov..kMaxFov
    double mouse_sensitivity = kDefaultMouseSensitivity;  // kMinMouseSensitivity..kMaxMouseSensitivity
    bool vsync = true;
    bool caves = true;      // a new world has caves (as --caves; a saved world keeps its generator)
    bool overlay = true;    // the overlay is shown when an interactive run starts
    double daylight = 1.0;  // 0..1, the sky light factor a run starts with (as --daylight)
    bool key_help = true;   // the key help shows when an interactive run starts
    int width = 1280;       // window_size = "WIDTHxHEIGHT", each 1..16384
    int height = 720;
    KeyBindings keys = default_key_bindings();

    // Parses and checks a settings file's text; `file` names it in messages. Throws
    // SettingsError "FILE:LINE: KEY: reason" for a syntax error, an unknown key, a wrong
    // type, a value out of range, an unknown or reserved key name, or a key bound twice.
    static Settings parse(std::string_view text, const std::string& file);
    // Reads and parses the file at `path`; a missing file (or an empty path) gives the
    // defaults. Throws SettingsError for a file that exists but cannot be read or is bad.
    static Settings load(const std::string& path);

    // The options the file sets, as the defaults the flags are parsed over (flags win).
    Options options_defaults() const;
    LiveSettings live() const {
        return {view_distance, fov, mouse_sensitivity, daylight, key_help, far_distance.value_or(kDefaultFarDistance)};
    }
};

// `text` (a settings file that parses) with the values of `now` that differ from `start`
// put in: a key the file has gets its value replaced in place, a key it lacks is added after
// its last top-level key. Every other byte (comments, blank lines, other keys, their order)
// stays. Throws SettingsError when `text` does not parse.
std::string update_settings_text(std::string_view text, const LiveSettings& start, const LiveSettings& now,
                                 const std::string& file);

// Writes the changed values back into the file at `path` (created, with its folder, when
// missing): reads the file as it is now, updates its text, writes a temporary file in the
// same folder and renames it over the file (a symlink's target is replaced, the link kept),
// so the file is either the old one or the whole new one. Does nothing when nothing
// changed. Throws SettingsError naming the file when it cannot.
void write_back_settings(const std::string& path, const LiveSettings& start, const LiveSettings& now);

// The settings folder: $XDG_CONFIG_HOME/slotcraft, or ~/.config/slotcraft when
// XDG_CONFIG_HOME is unset, empty or not absolute; nullopt when neither it nor HOME is set.
std::optional<std::string> settings_dir(const char* xdg_config_home, const char* home);
std::optional<std::string> settings_dir();  // from the environment

// The names a script's `key NAME FRAMES` accepts: the bindings that have one, in the table's order.
const std::vector<std::string>& script_key_names();

}  // namespace slotcraft
