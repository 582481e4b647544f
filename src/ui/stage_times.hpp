#pragma once
// The main thread's CPU time per stage of the last 240 frames: what the Frame panel stacks
// and the stats JSON reports as cpu.<stage>_ms. Plain C++; app/ measures and fills it, ui/
// reads it. One table (kStageNames) names the stages for both.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ui/history.hpp"

namespace slotcraft {

enum class FrameStage : uint8_t {
    kStream,  // world update: streaming plan, drops, integration, and their slot work
    kCull,    // octree tracking, frustum culling, near-to-far order of the visible chunks
    kSlots,   // slot bookkeeping: compaction, the frame's slot work taken for the GPU
    kUpload,  // uploading the slot work to the GPU (page table, copies, scatter)
    kDraw,    // draw submission: commands, the multi-draw, lines, end of frame
    kUi,      // overlay and HUD, ImGui's frame and its draw
};
inline constexpr std::size_t kFrameStageCount = 6;

// The stages' names, in enum order: the stats keys (cpu.<name>_ms) and the panel's legend.
inline constexpr std::array<std::string_view, kFrameStageCount> kStageNames = {"stream", "cull", "slots",
                                                                               "upload", "draw", "ui"};

class StageTimes {
public:
    static constexpr int kHistory = 240;
    using Frame = std::array<float, kFrameStageCount>;  // milliseconds per stage

    void add(const Frame& ms) {
        history_.add(ms);
        stream_max_ = std::max(stream_max_, static_cast<double>(ms[index(FrameStage::kStream)]));
    }
    int64_t count() const { return history_.count(); }
    int size() const { return history_.size(); }
    // The i-th oldest of the kept frames, 0 <= i < size().
    const Frame& at(int i) const { return history_.at(i); }
    // The newest frame (all zero before the first).
    Frame last() const { return history_.last(); }
    // The largest streaming time of any frame so far (not only the kept ones).
    double stream_max_ms() const { return stream_max_; }
    // The largest sum over the stages among the kept frames (the plot's scale).
    double max_total_ms() const {
        double top = 0.0;
        for (int i = 0; i < size(); ++i) {
            double sum = 0.0;
            for (const float v : at(i)) sum += v;
            top = std::max(top, sum);
        }
        return top;
    }

    static constexpr std::size_t index(FrameStage s) { return static_cast<std::size_t>(s); }

private:
    History<Frame, kHistory> history_;
    double stream_max_ = 0.0;
};

}  // namespace slotcraft
