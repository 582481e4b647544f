// The HUD: hotbar, key help, loading bar, message.
#include "ui/hud.hpp"

#include <imgui.h>

namespace slotcraft {

namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                    ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoInputs;

void draw_hotbar(const HudView& view, const ImGuiViewport* vp) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y - 10),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.55f);
    ImGui::Begin("##hotbar", nullptr, kFixed);
    // Compact enough (about 560 px) to stay between the overlay's side columns at 1280 px.
    for (int i = 0; i < 9; ++i) {
        if (i) ImGui::SameLine(0.0f, 10.0f);
        const bool selected = i == view.selected;
        ImGui::PushStyleColor(ImGuiCol_Text, selected ? IM_COL32(255, 230, 90, 255) : IM_COL32(220, 220, 220, 255));
        ImGui::Text(selected ? "[%d %.*s]" : "%d %.*s", i + 1,
                    static_cast<int>(view.hotbar[static_cast<size_t>(i)].size()),
                    view.hotbar[static_cast<size_t>(i)].data());
        ImGui::PopStyleColor();
    }
    ImGui::TextDisabled("mode: %s", view.mode.c_str());
    ImGui::End();
}

}  // namespace

void draw_hud(const HudView& view) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    draw_hotbar(view, vp);
    if (view.show_key_help) {
        // Above the hotbar, between the overlay's side columns; gone at the first key press.
        ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y - 72),
                                ImGuiCond_Always, ImVec2(0.5f, 1.0f));
        ImGui::SetNextWindowBgAlpha(0.55f);
        ImGui::Begin("##keys", nullptr, kFixed);
        // Three short lines: narrow enough to stay between the overlay's side columns.
        ImGui::TextUnformatted("Click to play, Esc frees the mouse.  F3 overlay");
        ImGui::TextUnformatted("WASD move  Space/Shift up/down  Ctrl sprint  F walk/fly");
        ImGui::TextUnformatted("LMB break  RMB place  MMB pick  1-9/wheel block  F2 shot");
        ImGui::TextUnformatted("B/N region corners  Ctrl+C/V copy/paste  Ctrl+Z/Y undo/redo");
        ImGui::End();
    }
    if (!view.region.empty()) {  // the edit region's size, at the top in the middle
        ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + 10), ImGuiCond_Always,
                                ImVec2(0.5f, 0.0f));
        ImGui::SetNextWindowBgAlpha(0.55f);
        ImGui::Begin("##region", nullptr, kFixed);
        ImGui::Text("region %s", view.region.c_str());
        ImGui::End();
    }
    if (view.loading) {
        ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f,
                                       vp->WorkPos.y + vp->WorkSize.y * 0.5f + 40),
                                ImGuiCond_Always, ImVec2(0.5f, 0.0f));
        ImGui::SetNextWindowBgAlpha(0.7f);
        ImGui::Begin("##loading", nullptr, kFixed);
        ImGui::Text("Generating the world: %d of %d chunks", view.chunks_loaded, view.chunks_wanted);
        const float fraction = view.chunks_wanted > 0
                                   ? static_cast<float>(view.chunks_loaded) / static_cast<float>(view.chunks_wanted)
                                   : 0.0f;
        ImGui::ProgressBar(fraction, ImVec2(320, 0));
        ImGui::End();
    }
    if (!view.message.empty()) {
        ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f,
                                       vp->WorkPos.y + vp->WorkSize.y * 0.5f + 24),
                                ImGuiCond_Always, ImVec2(0.5f, 0.0f));
        ImGui::SetNextWindowBgAlpha(0.6f);
        ImGui::Begin("##message", nullptr, kFixed);
        ImGui::TextUnformatted(view.message.c_str());
        ImGui::End();
    }
}

}  // namespace slotcraft
