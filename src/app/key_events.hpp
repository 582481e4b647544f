#pragma once
// Keys read from events, not sampled once a frame (at 5 frames a second a normal 60 ms tap
// falls between two frames: sampled, it would be lost). Two pure pieces the controls and the ImGui
// layer wire to GLFW's key callback:
//  - TapLatch: a movement key pressed since the player's last step counts as down for that
//    step, so a tap shorter than a frame still jumps, moves or sneaks;
//  - frame_key_events: which queued key events ImGui takes this frame, so a press and its
//    release never land in the same frame (ImGui 1.86 reads keys as a state at each frame's
//    start: Return or Ctrl+A tapped within one frame would never be seen down).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace slotcraft {

class TapLatch {
public:
    static constexpr int kKeys = 32;  // latched keys, by index (the bindings' order)

    // A press event of key `index`.
    void press(int index) {
        if (index >= 0 && index < kKeys) pressed_ |= uint32_t{1} << index;
    }
    // Whether key `index` counts as down for the step about to run: down now, or pressed
    // since the last step.
    bool down(int index, bool down_now) const {
        return down_now || (index >= 0 && index < kKeys && (pressed_ >> index & 1u) != 0);
    }
    // A step ran: the taps it saw are used up.
    void stepped() { pressed_ = 0; }

private:
    uint32_t pressed_ = 0;
};

struct KeyEvent {
    int key;
    bool press;  // false: a release (repeats are not queued)
};

// How many of `queued` (oldest first) to hand to ImGui this frame: all of them, up to the
// first release of a key pressed among those taken, which waits for the next frame.
inline std::size_t frame_key_events(std::span<const KeyEvent> queued) {
    std::vector<int> pressed;
    for (std::size_t i = 0; i < queued.size(); ++i) {
        const KeyEvent& e = queued[i];
        if (e.press) {
            pressed.push_back(e.key);
        } else if (std::find(pressed.begin(), pressed.end(), e.key) != pressed.end()) {
            return i;
        }
    }
    return queued.size();
}

}  // namespace slotcraft
