// The frame's passes (see scene_passes.hpp). The colour target is one resource per state:
// "colour.opaque" after the opaque pass, "colour.water" after the water, and so on, so each
// name has one writer and the order follows from the reads.
#include "draw/scene_passes.hpp"

#include <cassert>

namespace slotcraft {

ScenePasses::ScenePasses(SceneRenderer& frame, std::function<void()> ui, std::function<void()> capture)
    : frame_(frame) {
    // "instances" is uploaded before the passes run (SceneRenderer::upload): an input here.
    drawing_.push_back(graph_.add("opaque", {"instances"}, {"depth", "colour.opaque"}, [this] {
        frame_.draw_opaque(plan_->eye, *plan_->opaque, *plan_->far_opaque, plan_->fog_distance, plan_->marks);
    }));
    drawing_.push_back(graph_.add("water", {"instances", "depth", "colour.opaque"}, {"colour.water"},
                                  [this] { frame_.draw_translucent(*plan_->translucent, *plan_->far_translucent); }));
    drawing_.push_back(graph_.add("lines", {"depth", "colour.water"}, {"colour.lines"},
                                  [this] { frame_.draw_lines(plan_->eye, plan_->marks); }));
    graph_.add("ui", {"colour.lines"}, {"colour.ui"}, std::move(ui));
    capture_ = graph_.add("capture", {"colour.ui"}, {"capture"}, std::move(capture));
    graph_.compile();
}

void ScenePasses::run(const Plan* plan, bool capture) {
    assert((!plan || (plan->opaque && plan->translucent && plan->far_opaque && plan->far_translucent)) &&
           "ScenePasses::Plan needs its four run lists (empty ones when there is no far terrain)");
    plan_ = plan;
    for (PassGraph::PassId id : drawing_) graph_.set_enabled(id, plan != nullptr);
    graph_.set_enabled(capture_, capture);
    graph_.run();
    plan_ = nullptr;
}

}  // namespace slotcraft
