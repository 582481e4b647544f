#pragma once
// The controls: keys and mouse (GLFW), the camera, the player and the hotbar. Key presses
// and clicks that are the controls' own business (turning, moving, choosing a hotbar
// block, capturing the mouse) are handled here; the rest comes back as a UserAction for
// the App to carry out. Scripts drive the same paths (hold_key, look, set_mode).
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "edit/camera.hpp"
#include "edit/hotbar.hpp"
#include "app/key_events.hpp"
#include "config/settings.hpp"
#include "config/user_actions.hpp"
#include "script/script.hpp"
#include "save/save.hpp"
#include "ui/hud.hpp"
#include "world/player.hpp"

struct GLFWwindow;

namespace slotcraft {

class ImGuiLayer;

// Every key and mouse button the controls answer to, as the key help (F1) lists them (the
// default keys; the settings file's [keys] table can rebind the movement and action keys).
std::vector<std::pair<std::string, std::string>> key_help_rows(const KeyBindings& keys);

class Controls final : public ScriptControls {
public:
    struct Stats {
        glm::dvec3 camera{0.0};
        double yaw = 0.0, pitch = 0.0;  // degrees
        MoveMode mode = MoveMode::kFly;
        bool on_ground = false;
        int hotbar_selected = 0;  // 0..8
        BlockType hotbar_block = BlockType::kAir;
        uint64_t steps = 0;           // the player's fixed steps so far
        bool mouse_captured = false;  // the mouse turns the view (not free to click panels)
    };

    // scripted: keys come only from the script (hold_key), never from the keyboard.
    // keys: which key does what (the settings file's [keys], or its defaults).
    Controls(GLFWwindow* window, ImGuiLayer& imgui, bool scripted, const KeyBindings& keys);

    // [SECTION] GLFW events
    UserAction on_key(int key, int action, int mods);
    UserAction on_mouse_button(int button, int action);
    void on_scroll(double dy);
    void on_cursor(double x, double y);

    // [SECTION] simulation
    // Fixed 60 Hz steps of the player against `solid` (swimming where `water` is): one per
    // frame under a script (runs do not depend on the wall clock), else as many as the real
    // time asks: all of it, up to half a second a frame (docs/player.md "Time").
    void step(double frame_seconds, const BlockQuery& solid, const BlockQuery& water);
    // `clock real`: a scripted run steps by the real time too, as an interactive run does.
    void set_real_time(bool on) override { stepping_.real_time = on; }
    // Turning in degrees (the mouse and `look`): yaw wraps into [-180, 180], pitch stops
    // just short of straight up or down.
    void look(double dyaw, double dpitch) override;
    // `camera`: teleports the eye (throws PositionOutOfRange out of the world's bounds).
    void move_eye(const glm::dvec3& eye, double yaw, double pitch) override;
    void set_mode(MoveMode mode) override { player_.set_mode(mode); }
    void select_hotbar(int slot) override { hotbar_.select(slot); }
    // The Settings panel's live values: the vertical field of view in degrees, and the mouse
    // speed as a factor of 0.12 degrees per pixel.
    void set_fov(double degrees) { camera_.fov_y = degrees; }
    void set_mouse_sensitivity(double factor) { mouse_sensitivity_ = factor; }
    double mouse_sensitivity() const { return mouse_sensitivity_; }
    // `key NAME FRAMES`: holds a key (one of script_key_names()) for FRAMES steps.
    void hold_key(const std::string& name, int64_t frames) override { script_keys_[name] = frames; }
    // The spawn place, or the player's place and hotbar from the world file.
    void place_at_spawn(const glm::dvec3& eye);
    void restore(const WorldMeta& meta);
    void fill_meta(WorldMeta& meta) const;

    const Camera& camera() const { return camera_; }
    const Player& player() const { return player_; }
    Hotbar& hotbar() { return hotbar_; }
    const Hotbar& hotbar() const { return hotbar_; }
    bool key_help_visible() const { return show_key_help_; }
    // The settings file says it was dismissed before (`key_help = false`): hidden until F1.
    void dismiss_key_help() { show_key_help_ = false; }
    // The block picker opened: the mouse is freed so it can click a block.
    void free_mouse() { set_cursor_captured(false); }
    // The block picker closed (a block chosen, its close button, the picker key): the mouse
    // turns the view again, as after a click into the world.
    void capture_mouse() { set_cursor_captured(true); }
    // The key help's rows with the keys as bound (valid as long as the controls).
    std::span<const KeyHelpRow> key_help() const { return help_rows_; }
    Stats stats() const;

private:
    void set_cursor_captured(bool captured);
    bool key_down(const std::string& name) const;
    // A press of a movement key: it counts for the next step even if released before it.
    void latch_tap(int key);
    PlayerInput gather_input() const;
    void step_player(const BlockQuery& solid, const BlockQuery& water);

    GLFWwindow* window_;
    ImGuiLayer& imgui_;
    bool scripted_;
    KeyBindings keys_;
    double mouse_sensitivity_ = 1.0;
    Camera camera_;
    Player player_;
    Hotbar hotbar_;
    std::map<std::string, int64_t> script_keys_;  // `key NAME FRAMES`: steps still held
    bool cursor_captured_ = false;
    bool have_cursor_ = false;
    double cursor_x_ = 0.0, cursor_y_ = 0.0;
    bool show_key_help_ = true;      // the key help shows: at the start, and after F1
    bool key_help_toggled_ = false;  // F1 was pressed: from then on only F1 hides the help
    // The player's fixed steps: the real time not simulated yet, `clock real` under a script,
    // the steps taken, and the movement keys tapped since the last step (app/key_events.hpp).
    struct Stepping {
        double accumulator = 0.0;
        bool real_time = false;
        uint64_t steps = 0;
        TapLatch taps;
    };
    Stepping stepping_;
    std::vector<std::pair<std::string, std::string>> help_text_;  // the key help, keys as bound
    std::vector<KeyHelpRow> help_rows_;                           // views into help_text_
};

}  // namespace slotcraft
