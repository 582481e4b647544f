#pragma once
// The frame as a pass graph (PassGraph, seed 003): the opaque cubes, the water, the
// lines, the UI (HUD and overlay) and the capture, each declared with the resources it reads
// and writes, ordered once by Kahn's algorithm and run every frame with its CPU time.
// Needs GL through SceneRenderer: the render tests exercise it; the graph is unit-tested.
#include <functional>
#include <string>
#include <vector>

#include "edit/camera.hpp"
#include "draw/scene_renderer.hpp"
#include "slots/pass_graph.hpp"

namespace slotcraft {

class ScenePasses {
public:
    // What the drawing passes draw this frame.
    struct Plan {
        Eye eye;
        const std::vector<SlotRun>* opaque = nullptr;       // the visible chunks' cubes
        const std::vector<SlotRun>* translucent = nullptr;  // their water, far to near
        const std::vector<SlotRun>* far_opaque = nullptr;   // the far rings' cubes (none: no far terrain)
        const std::vector<SlotRun>* far_translucent = nullptr;
        int view_distance = kDefaultViewDistance;
        int fog_distance = kDefaultViewDistance;  // the view distance, or the far distance when larger
        SceneMarks marks;
    };

    // ui draws the HUD and the overlay (ImGui's render); capture saves the requested PNGs.
    // Throws PassGraphError if the declared passes cannot be ordered.
    ScenePasses(SceneRenderer& frame, std::function<void()> ui, std::function<void()> capture);

    // Runs the passes in order: the drawing passes only with a plan (null: minimised), the
    // capture only when `capture` is set.
    void run(const Plan* plan, bool capture);

    // The passes that ran in the last frame, in order, with their CPU time.
    const std::vector<PassGraph::RanPass>& last_run() const { return graph_.last_run(); }
    // Every declared pass, in execution order.
    std::vector<std::string> order() const { return graph_.order(); }

private:
    SceneRenderer& frame_;
    const Plan* plan_ = nullptr;
    PassGraph graph_;
    std::vector<PassGraph::PassId> drawing_;  // opaque, water, lines
    PassGraph::PassId capture_ = 0;
};

}  // namespace slotcraft
