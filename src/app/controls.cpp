// The App's controls: keys, mouse, the player's input, and the three actions (break, place,
// pick) that the mouse and the script share.
#include <GLFW/glfw3.h>

#include <chrono>
#include <ctime>
#include <filesystem>

#include "app/app.hpp"
#include "app/imgui_layer.hpp"
#include "app/window.hpp"
#include "world/world.hpp"

namespace slotcraft {

namespace {

constexpr double kMouseDegreesPerPixel = 0.12;
constexpr int64_t kMessageFrames = 150;

// Script key names and the input each one drives.
struct KeyBinding {
    const char* name;
    int glfw_key;
};
constexpr KeyBinding kKeys[] = {{"W", GLFW_KEY_W},         {"A", GLFW_KEY_A},          {"S", GLFW_KEY_S},
                                {"D", GLFW_KEY_D},         {"SPACE", GLFW_KEY_SPACE},  {"SHIFT", GLFW_KEY_LEFT_SHIFT},
                                {"CTRL", GLFW_KEY_LEFT_CONTROL}};

}  // namespace

// [SECTION] GLFW callbacks

void App::on_key(int key, int action, int mods) {
    if (action != GLFW_PRESS) return;
    show_key_help_ = false;
    if (imgui_ && imgui_->wants_keyboard()) return;
    if (key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL)) window_->request_close();
    if (key == GLFW_KEY_ESCAPE) set_cursor_captured(false);
    if (key == GLFW_KEY_F3) overlay_.visible = !overlay_.visible;
    if (key == GLFW_KEY_F11) window_->toggle_fullscreen();
    if (key == GLFW_KEY_F2) save_timestamped_screenshot();
    if (key == GLFW_KEY_F) set_mode(player_.mode() == MoveMode::kFly ? MoveMode::kWalk : MoveMode::kFly);
    if (key >= GLFW_KEY_1 && key <= GLFW_KEY_9) hotbar_.select(key - GLFW_KEY_1);
}

void App::on_mouse_button(int button, int action) {
    if (action != GLFW_PRESS) return;
    show_key_help_ = false;
    if (!cursor_captured_) {
        if (!imgui_->wants_mouse()) set_cursor_captured(true);  // a click into the world captures
        return;
    }
    std::string error;
    if (button == GLFW_MOUSE_BUTTON_LEFT) error = act(Action::kBreak, std::nullopt);
    if (button == GLFW_MOUSE_BUTTON_RIGHT) error = act(Action::kPlace, hotbar_.selected_type());
    if (button == GLFW_MOUSE_BUTTON_MIDDLE) error = act(Action::kPick, std::nullopt);
    if (!error.empty()) show_message(error);
}

void App::on_scroll(double dy) {
    if (imgui_->wants_mouse() && !cursor_captured_) return;
    hotbar_.scroll(dy > 0 ? -1 : 1);
}

void App::on_cursor(double x, double y) {
    if (cursor_captured_ && have_cursor_) turn(x - cursor_x_, y - cursor_y_);
    cursor_x_ = x;
    cursor_y_ = y;
    have_cursor_ = true;
}

void App::set_cursor_captured(bool captured) {
    cursor_captured_ = captured;
    glfwSetInputMode(window_->handle(), GLFW_CURSOR, captured ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
    // The position now is the reference for the next motion, so capturing is not a jump.
    glfwGetCursorPos(window_->handle(), &cursor_x_, &cursor_y_);
    have_cursor_ = true;
    // While the mouse steers the camera, the hidden cursor must not hover or click panels.
    imgui_->set_mouse_enabled(!captured);
}

// Mouse motion in pixels.
void App::turn(double dx_pixels, double dy_pixels) {
    look(dx_pixels * kMouseDegreesPerPixel, -dy_pixels * kMouseDegreesPerPixel);
}

// Turning in degrees (the mouse and the script's `look`): yaw wraps into [-180, 180],
// pitch stops just short of straight up or down.
void App::look(double dyaw, double dpitch) {
    camera_.yaw = std::remainder(camera_.yaw + dyaw, 360.0);
    camera_.pitch = std::clamp(camera_.pitch + dpitch, -89.9, 89.9);
}

// [SECTION] input and movement

bool App::key_down(const char* name) const {
    if (auto it = script_keys_.find(name); it != script_keys_.end() && it->second > 0) return true;
    if (!options_.script_path.empty() || !cursor_captured_) return false;
    for (const KeyBinding& k : kKeys) {
        if (std::string_view(k.name) == name) return glfwGetKey(window_->handle(), k.glfw_key) == GLFW_PRESS;
    }
    return false;
}

PlayerInput App::gather_input() const {
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

void App::step_player() {
    player_.step(gather_input(), solid_for_player(*world_));
    camera_.position = player_.eye();
    for (auto& [name, frames] : script_keys_) frames = std::max<int64_t>(0, frames - 1);
}

void App::set_mode(MoveMode mode) {
    player_.set_mode(mode);
    show_message(std::string(move_mode_name(mode)) + " mode");
}

// `key NAME FRAMES`: the parser has checked that NAME is one of kKeys.
void App::hold_key(const std::string& name, int64_t frames) { script_keys_[name] = frames; }

// [SECTION] actions

std::string App::act(Action action, std::optional<BlockType> type) {
    const auto hit = target();
    if (!hit) return "nothing targeted: no block within reach (8 blocks) under the crosshair";
    if (action == Action::kPick) {
        hotbar_.pick(hit->type);
        return {};
    }
    const BlockPos cell = action == Action::kBreak ? hit->block : hit->place;
    const BlockType placed = action == Action::kBreak ? BlockType::kAir : *type;
    if (action == Action::kPlace && player_.overlaps_block(cell)) return "cannot place a block inside the player";
    try {
        edit(cell, placed);
    } catch (const EditRefused& e) {
        return "cannot " + std::string(action == Action::kBreak ? "break" : "place") + " there: " +
               std::string(describe(e.reason));
    }
    return {};
}

void App::show_message(std::string text) {
    message_ = std::move(text);
    message_until_frame_ = frame_times_.count() + kMessageFrames;
}

// F2: the next frame is saved; render_frame reports the outcome as a message (a folder that
// cannot be written is the user's to fix, not a reason to end the demo).
void App::save_timestamped_screenshot() {
    std::error_code ec;
    std::filesystem::create_directories("screenshots", ec);
    if (ec) {
        show_message("cannot save a screenshot: cannot create 'screenshots/': " + ec.message());
        return;
    }
    const std::time_t now = std::time(nullptr);
    char name[64];
    std::strftime(name, sizeof name, "screenshots/slotcraft-%Y%m%d-%H%M%S.png", std::localtime(&now));
    capture_path_ = name;
    capture_from_key_ = true;
}

}  // namespace slotcraft
