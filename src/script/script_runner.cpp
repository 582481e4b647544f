// See script_runner.hpp.
#include "script/script_runner.hpp"

#include <string>

#include "world/refused.hpp"

namespace slotcraft {

bool ScriptRunner::advance(ScriptContext& context, bool world_idle) {
    while (true) {
        if (wait_frames_ > 0) {
            --wait_frames_;
            return true;
        }
        if (await_idle_) {
            if (frames_at_pose_ == 0 || !world_idle) {
                if (frames_at_pose_ > kMaxFramesToIdle) {
                    throw ScriptError(await_idle_line_, "streaming did not finish within " +
                                                            std::to_string(kMaxFramesToIdle) + " frames");
                }
                return true;
            }
            await_idle_ = false;
        }
        if (stopped_ || next_ >= script_.size()) return false;
        const ScriptCommand cmd = script_[next_++];  // parsed again from its line
        ScriptWait wait;
        try {
            wait = cmd.spec->run(cmd, context);
        } catch (const ScriptError&) {
            throw;
        } catch (const Refused& e) {
            throw ScriptError(cmd.line, e.what());  // the line cannot be carried out: exit 2
        }  // anything else (a GPU or disk failure) is not the script's fault: it travels up
        if (wait.stop) stopped_ = true;
        wait_frames_ = wait.frames;
        if (wait.until_idle) {
            await_idle_ = true;
            await_idle_line_ = cmd.line;
            frames_at_pose_ = 0;
        }
    }
}

}  // namespace slotcraft
