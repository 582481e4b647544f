#pragma once
// Carries a parsed script out between frames: the cursor, the frames still to wait, and
// the wait for streaming after `camera` and `settle`. The commands' handlers drive the parts
// in a ScriptContext; a refused one (any Refused) stops the run at its line. No GLFW, no GL:
// unit-tested.
#include <cstdint>
#include <vector>

#include "script/script.hpp"

namespace slotcraft {

class ScriptRunner {
public:
    // A `camera` whose world never becomes idle is a bug or a stuck stream: the run stops
    // after this many frames instead of hanging.
    static constexpr int64_t kMaxFramesToIdle = 20000;

    explicit ScriptRunner(Script script) : script_(std::move(script)) {}

    // Before a frame: carries out commands until one needs frames rendered. False when the
    // script has ended (or asked to quit). Throws ScriptError naming the line that failed.
    // world_idle: every chunk in view is loaded and uploaded (ends a wait for streaming).
    bool advance(ScriptContext& context, bool world_idle);
    // After each rendered frame.
    void frame_rendered() { ++frames_at_pose_; }
    size_t next_line_index() const { return next_; }

private:
    Script script_;
    size_t next_ = 0;
    int64_t wait_frames_ = 0;  // frames still to render for `wait`, `screenshot`, ...
    bool await_idle_ = false;  // `camera`, `settle`: render until nothing is pending
    int await_idle_line_ = 0;
    int64_t frames_at_pose_ = 0;  // frames rendered since the last wait for idle began
    bool stopped_ = false;
};

}  // namespace slotcraft
