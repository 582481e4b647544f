// The overlay's panels.
#include "ui/overlay.hpp"

#include <imgui.h>

namespace slotcraft {

namespace {

// A fixed corner window in the spirit of ImGui's simple overlay example.
void begin_corner(const char* name) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + 10, vp->WorkPos.y + 10), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.6f);
    ImGui::Begin(name, nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove);
}

}  // namespace

OverlayActions Overlay::draw(const OverlayView& view) {
    OverlayActions actions;
    if (!visible || !view.frame) return actions;
    const FrameTimes& ft = *view.frame;
    begin_corner("Frame");
    const double avg = ft.average_ms();
    ImGui::Text("%.1f FPS   %.2f ms", avg > 0 ? 1000.0 / avg : 0.0, avg);
    ImGui::Text("min %.2f  max %.2f ms (last %d frames)", ft.min_ms(), ft.max_ms(), ft.size());
    ImGui::TextDisabled("%s", view.gl_renderer.c_str());
    ImGui::End();
    return actions;
}

}  // namespace slotcraft
