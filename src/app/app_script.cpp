// The App's script commands. The parser (script.cpp) has checked each line's words.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "app/app.hpp"
#include "app/window.hpp"
#include "world/world.hpp"

namespace slotcraft {

namespace {
// A `camera` that never reaches idle is a bug or a stuck stream: stop instead of hanging.
constexpr int64_t kMaxFramesToIdle = 20000;

int to_int(double v) { return static_cast<int>(std::floor(v)); }
}  // namespace

bool App::advance_script() {
    while (true) {
        if (wait_frames_ > 0) {
            --wait_frames_;
            return true;
        }
        if (await_idle_) {
            if (frames_at_pose_ == 0 || !idle()) {
                if (frames_at_pose_ > kMaxFramesToIdle) {
                    throw ScriptError(await_idle_line_,
                                      "streaming did not finish within " + std::to_string(kMaxFramesToIdle) + " frames");
                }
                return true;
            }
            await_idle_ = false;
        }
        if (quit_ || next_command_ >= script_.size()) return false;
        run_command(script_[next_command_++]);
    }
}

void App::run_command(const ScriptCommand& cmd) {
    if (cmd.verb == "wait") {
        wait_frames_ = static_cast<int64_t>(cmd.number(0));
    } else if (cmd.verb == "camera") {
        try {
            player_.set_eye({cmd.number(0), cmd.number(1), cmd.number(2)});
        } catch (const PositionOutOfRange& e) {
            throw ScriptError(cmd.line, e.what());
        }
        camera_.position = player_.eye();
        camera_.yaw = std::remainder(cmd.number(3), 360.0);
        camera_.pitch = std::clamp(cmd.number(4), -90.0, 90.0);
        await_idle_ = true;
        await_idle_line_ = cmd.line;
        frames_at_pose_ = 0;
    } else if (cmd.verb == "settle") {
        await_idle_ = true;
        await_idle_line_ = cmd.line;
        frames_at_pose_ = 0;
    } else if (cmd.verb == "screenshot") {
        capture_path_ = cmd.arg(0);
        capture_line_ = cmd.line;
        wait_frames_ = 1;
    } else if (cmd.verb == "stats") {
        try {
            write_stats(cmd.arg(0));
        } catch (const std::runtime_error& e) {
            throw ScriptError(cmd.line, e.what());
        }
    } else if (cmd.verb == "overlay") {
        const bool show = cmd.arg(0) == "on";
        // ImGui measures an auto-sized window on its first frame and shows it from the
        // second: render two frames so the next screenshot shows the panels as a user would.
        if (show && !overlay_.visible) wait_frames_ = 2;
        overlay_.visible = show;
    } else if (cmd.verb == "quit") {
        quit_ = true;
    } else if (cmd.verb == "set") {
        const BlockPos p{to_int(cmd.number(0)), to_int(cmd.number(1)), to_int(cmd.number(2))};
        try {
            edit(p, *block_from_name(cmd.arg(3)));  // the parser checked the name
        } catch (const EditRefused& e) {
            throw ScriptError(cmd.line, "cannot set " + cmd.arg(3) + " at " + std::to_string(p.x) + " " +
                                            std::to_string(p.y) + " " + std::to_string(p.z) + ": " +
                                            std::string(describe(e.reason)));
        }
    } else if (cmd.verb == "verify") {
        verify_buffer(cmd.line);
    } else if (cmd.verb == "cull") {
        set_cull_frozen(cmd.arg(0) == "freeze");
    } else if (cmd.verb == "boxes") {
        show_boxes_ = cmd.arg(0) == "on";
    } else if (cmd.verb == "break" || cmd.verb == "pick") {
        const std::string error = act(cmd.verb == "break" ? Action::kBreak : Action::kPick, std::nullopt);
        if (!error.empty()) throw ScriptError(cmd.line, error);
    } else if (cmd.verb == "place") {
        const std::string error = act(Action::kPlace, *block_from_name(cmd.arg(0)));  // checked by the parser
        if (!error.empty()) throw ScriptError(cmd.line, error);
    } else if (cmd.verb == "select") {
        hotbar_.select(static_cast<int>(cmd.number(0)) - 1);  // the parser checked 1..9
    } else if (cmd.verb == "mode") {
        set_mode(*kMoveModeNames.parse(cmd.arg(0)));  // the parser checked the word
    } else if (cmd.verb == "key") {
        hold_key(cmd.arg(0), static_cast<int64_t>(cmd.number(0)));  // numbers: the numeric words only
        wait_frames_ = static_cast<int64_t>(cmd.number(0));
    } else if (cmd.verb == "look") {
        look(cmd.number(0), cmd.number(1));
    } else if (cmd.verb == "resize") {
        window_->resize(static_cast<int>(cmd.number(0)), static_cast<int>(cmd.number(1)));  // checked by the parser
        wait_frames_ = 1;
    } else {
        throw ScriptError(cmd.line, "'" + cmd.verb + "' needs a part of Slotcraft that is not built yet");
    }
}

}  // namespace slotcraft
