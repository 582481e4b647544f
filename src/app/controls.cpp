// The controls (see controls.hpp).
#include "app/controls.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>

#include "app/imgui_layer.hpp"
#include "config/key_names.hpp"
#include "script/script.hpp"

namespace slotcraft {

namespace {

constexpr double kMouseDegreesPerPixel = 0.12;  // at mouse_sensitivity 1
// Real time is caught up in full up to this much a frame (30 steps: frame rates down to 2 a
// second keep the documented speeds, docs/player.md "Time"); only the part of a longer stall
// (a dragged window, a debugger) beyond it is dropped, so the player never jumps far at once.
constexpr double kMaxCatchUpSeconds = 0.5;

// What the key help shows: every key the controls and the App answer to. "{forward}" and the
// like stand for the key bound in the settings file's [keys] table (see key_help_rows).
struct HelpLine {
    const char* keys;
    const char* action;
};
constexpr HelpLine kKeyHelp[] = {
    {"click", "capture the mouse, look"},
    {"Esc", "free the mouse (use the panels)"},
    {"{forward} {left} {back} {right}", "move"},
    {"{up} / {down}", "up / down ({up}: jump)"},
    {"{sprint}", "sprint"},
    {"{mode}", "walk / fly"},
    {"left click", "break the block"},
    {"right click", "place a block"},
    {"middle click", "pick the block"},
    {"1-9, wheel", "choose a block"},
    {"F1", "this help"},
    {"{screenshot}", "screenshot"},
    {"{overlay}", "overlay"},
    {"{fullscreen}", "fullscreen"},
    {"Ctrl+{quit}", "quit"},
    {"{corner_one} / {corner_two}", "first / second region corner"},
    {"Ctrl+{undo}", "undo"},
    {"Ctrl+{redo}, Ctrl+Shift+{undo}", "redo"},
    {"Ctrl+{copy} / Ctrl+{paste}", "copy region / paste"},
    {"{fill}", "fill the region with the selected block"},
    {"{replace}", "replace the targeted type in the region"},
    {"{rotate}", "turn the clipboard 90 degrees"},
    {"{clear_region}", "clear the region (select nothing)"},
    {"{expand} {contract} {shift_region}", "region: grow / shrink / move"},
    {"{clear_blocks} / {brush}", "clear its blocks / brush"},
    {"{paste_air} / {paste_preview}", "paste air / paste preview"},
    {"{picker}", "block picker (click one for the slot)"},
    {"Ctrl+{export}", "export region (Edit panel's file)"},
};

// `text` with every "{name}" replaced by the key bound to that [keys] entry.
std::string with_keys(std::string text, const KeyBindings& keys) {
    for (const BindingInfo& b : binding_table()) {
        const std::string token = "{" + std::string(b.name) + "}";
        for (size_t at = text.find(token); at != std::string::npos; at = text.find(token)) {
            text.replace(at, token.size(), key_name(keys[static_cast<size_t>(b.binding)]));
        }
    }
    return text;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> key_help_rows(const KeyBindings& keys) {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const HelpLine& line : kKeyHelp) rows.emplace_back(with_keys(line.keys, keys), with_keys(line.action, keys));
    return rows;
}

Controls::Controls(GLFWwindow* window, ImGuiLayer& imgui, bool scripted, const KeyBindings& keys)
    : window_(window),
      imgui_(imgui),
      scripted_(scripted),
      keys_(keys),
      show_key_help_(!scripted),
      help_text_(key_help_rows(keys)) {
    for (const auto& [k, action] : help_text_) help_rows_.push_back({k, action});  // views into help_text_
}

// [SECTION] GLFW events

UserAction Controls::on_key(int key, int action, int mods) {
    if (action != GLFW_PRESS) return UserAction::kNone;
    if (key == GLFW_KEY_F1) {
        show_key_help_ = !show_key_help_;
        key_help_toggled_ = true;
        return UserAction::kNone;
    }
    if (!key_help_toggled_) show_key_help_ = false;  // the start's help goes at the first key
    if (imgui_.wants_keyboard()) return UserAction::kNone;
    latch_tap(key);
    if (key >= GLFW_KEY_1 && key <= GLFW_KEY_9) hotbar_.select(key - GLFW_KEY_1);
    if (key == GLFW_KEY_ESCAPE) set_cursor_captured(false);
    const auto bound = [&](Binding b) { return key == keys_[static_cast<size_t>(b)]; };
    if (bound(Binding::kQuit) && (mods & GLFW_MOD_CONTROL)) return UserAction::kQuit;
    if (bound(Binding::kOverlay)) return UserAction::kToggleOverlay;
    if (bound(Binding::kFullscreen)) return UserAction::kFullscreen;
    if (bound(Binding::kScreenshot)) return UserAction::kScreenshot;
    if (bound(Binding::kMode)) return UserAction::kToggleMode;
    // Region editing (docs: README "Controls"): the Ctrl chords, then the plain keys.
    if (mods & GLFW_MOD_CONTROL) {
        if (bound(Binding::kUndo)) return (mods & GLFW_MOD_SHIFT) ? UserAction::kRedo : UserAction::kUndo;
        if (bound(Binding::kRedo)) return UserAction::kRedo;
        if (bound(Binding::kCopy)) return UserAction::kCopy;
        if (bound(Binding::kPaste)) return UserAction::kPaste;
        if (bound(Binding::kExport)) return UserAction::kExport;
        return UserAction::kNone;
    }
    const bool shift = (mods & GLFW_MOD_SHIFT) != 0;
    if (bound(Binding::kCornerOne)) return shift ? UserAction::kCornerOneFeet : UserAction::kCornerOne;
    if (bound(Binding::kCornerTwo)) return shift ? UserAction::kCornerTwoFeet : UserAction::kCornerTwo;
    if (bound(Binding::kFill)) return UserAction::kFill;
    if (bound(Binding::kReplace)) return UserAction::kReplace;
    if (bound(Binding::kRotate)) return UserAction::kRotate;
    if (bound(Binding::kClearRegion)) return UserAction::kClearRegion;
    if (bound(Binding::kPasteAir)) return UserAction::kPasteAir;
    if (bound(Binding::kPicker)) return UserAction::kPicker;
    if (bound(Binding::kExpand)) return UserAction::kExpand;
    if (bound(Binding::kContract)) return UserAction::kContract;
    if (bound(Binding::kShiftRegion)) return UserAction::kShiftRegion;
    if (bound(Binding::kClearBlocks)) return UserAction::kClearBlocks;
    if (bound(Binding::kBrush)) return UserAction::kBrush;
    if (bound(Binding::kPastePreview)) return UserAction::kPastePreview;
    return UserAction::kNone;
}

UserAction Controls::on_mouse_button(int button, int action) {
    if (action != GLFW_PRESS) return UserAction::kNone;
    if (!key_help_toggled_) show_key_help_ = false;
    if (!cursor_captured_) {
        if (!imgui_.wants_mouse()) set_cursor_captured(true);  // a click into the world captures
        return UserAction::kNone;
    }
    if (button == GLFW_MOUSE_BUTTON_LEFT) return UserAction::kBreak;
    if (button == GLFW_MOUSE_BUTTON_RIGHT) return UserAction::kPlace;
    if (button == GLFW_MOUSE_BUTTON_MIDDLE) return UserAction::kPick;
    return UserAction::kNone;
}

void Controls::on_scroll(double dy) {
    if (imgui_.wants_mouse() && !cursor_captured_) return;
    hotbar_.scroll(dy > 0 ? -1 : 1);
}

void Controls::on_cursor(double x, double y) {
    if (cursor_captured_ && have_cursor_) {
        const double degrees_per_pixel = kMouseDegreesPerPixel * mouse_sensitivity_;
        look((x - cursor_x_) * degrees_per_pixel, -(y - cursor_y_) * degrees_per_pixel);
    }
    cursor_x_ = x;
    cursor_y_ = y;
    have_cursor_ = true;
}

void Controls::set_cursor_captured(bool captured) {
    cursor_captured_ = captured;
    glfwSetInputMode(window_, GLFW_CURSOR, captured ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
    // The position now is the reference for the next motion, so capturing is not a jump.
    glfwGetCursorPos(window_, &cursor_x_, &cursor_y_);
    have_cursor_ = true;
    // While the mouse steers the camera, the hidden cursor must not hover or click panels.
    imgui_.set_mouse_enabled(!captured);
}

// [SECTION] simulation

void Controls::step(double frame_seconds, const BlockQuery& solid, const BlockQuery& water) {
    if (scripted_ && !stepping_.real_time) {
        step_player(solid, water);
    } else {
        stepping_.accumulator = std::min(stepping_.accumulator + frame_seconds, kMaxCatchUpSeconds);
        while (stepping_.accumulator >= kStepSeconds) {
            step_player(solid, water);
            stepping_.accumulator -= kStepSeconds;
        }
    }
    // `key NAME FRAMES` holds for frames, whatever the clock (one step a frame or many).
    for (auto& [name, frames] : script_keys_) frames = std::max<int64_t>(0, frames - 1);
}

void Controls::look(double dyaw, double dpitch) {
    camera_.yaw = std::remainder(camera_.yaw + dyaw, 360.0);
    camera_.pitch = std::clamp(camera_.pitch + dpitch, -89.9, 89.9);
}

void Controls::move_eye(const glm::dvec3& eye, double yaw, double pitch) {
    player_.set_eye(eye);
    camera_.position = player_.eye();
    camera_.yaw = std::remainder(yaw, 360.0);
    camera_.pitch = std::clamp(pitch, -90.0, 90.0);
}

void Controls::place_at_spawn(const glm::dvec3& eye) {
    // Flying (over the origin column, above the tallest tree: WorldSession::spawn_eye),
    // looking a little down at the land.
    player_.set_eye(eye);
    camera_.pitch = -15.0;
    camera_.position = player_.eye();
}

void Controls::restore(const WorldMeta& meta) {
    player_.set_eye(meta.eye);
    player_.set_mode(meta.mode);
    camera_.yaw = meta.yaw;
    camera_.pitch = meta.pitch;
    camera_.position = player_.eye();
    for (size_t i = 0; i < meta.hotbar.size() && i < Hotbar::kSize; ++i) {
        if (is_solid(meta.hotbar[i])) hotbar_.set_block(static_cast<int>(i), meta.hotbar[i]);
    }
    if (meta.hotbar_selected >= 0 && meta.hotbar_selected < Hotbar::kSize) hotbar_.select(meta.hotbar_selected);
}

void Controls::fill_meta(WorldMeta& meta) const {
    meta.eye = player_.eye();
    meta.yaw = camera_.yaw;
    meta.pitch = camera_.pitch;
    meta.mode = player_.mode();
    meta.hotbar_selected = hotbar_.selected();
    meta.hotbar.clear();
    for (int i = 0; i < Hotbar::kSize; ++i) meta.hotbar.push_back(hotbar_.block(i));
}

bool Controls::key_down(const std::string& name) const {
    if (auto it = script_keys_.find(name); it != script_keys_.end() && it->second > 0) return true;
    if (scripted_ || !cursor_captured_) return false;
    const std::span<const BindingInfo> table = binding_table();
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (name != table[i].script_key) continue;
        const bool down_now = glfwGetKey(window_, keys_[static_cast<size_t>(table[i].binding)]) == GLFW_PRESS;
        return stepping_.taps.down(static_cast<int>(i), down_now);  // or tapped since the last step
    }
    return false;
}

void Controls::latch_tap(int key) {
    if (scripted_ || !cursor_captured_) return;  // as key_down: the keyboard moves only a captured view
    const std::span<const BindingInfo> table = binding_table();
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table[i].script_key.empty() && key == keys_[static_cast<size_t>(table[i].binding)]) {
            stepping_.taps.press(static_cast<int>(i));
        }
    }
}

PlayerInput Controls::gather_input() const {
    PlayerInput in;
    in.forward = key_down("W");
    in.back = key_down("S");
    in.left = key_down("A");
    in.right = key_down("D");
    in.up = in.jump = key_down("SPACE");
    in.down = key_down("SHIFT");
    in.sprint = key_down("CTRL");
    in.yaw = camera_.yaw;
    return in;
}

void Controls::step_player(const BlockQuery& solid, const BlockQuery& water) {
    player_.step(gather_input(), solid, water);
    stepping_.taps.stepped();  // the taps since the last step moved this one
    ++stepping_.steps;
    camera_.position = player_.eye();
}

Controls::Stats Controls::stats() const {
    Stats s;
    s.camera = camera_.position;
    s.yaw = camera_.yaw;
    s.pitch = camera_.pitch;
    s.mode = player_.mode();
    s.on_ground = player_.on_ground();
    s.hotbar_selected = hotbar_.selected();
    s.hotbar_block = hotbar_.selected_type();
    s.steps = stepping_.steps;
    s.mouse_captured = cursor_captured_;
    return s;
}

}  // namespace slotcraft
