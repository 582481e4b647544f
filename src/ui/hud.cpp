// The HUD: hotbar and mode, key help, loading bar, message, the save problem line.
#include "ui/hud.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

namespace slotcraft {

namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                    ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoInputs;
constexpr ImU32 kSelectedColour = IM_COL32(255, 230, 90, 255);
constexpr ImU32 kTextColour = IM_COL32(225, 225, 225, 255);
constexpr ImU32 kKeyColour = IM_COL32(150, 200, 255, 255);

// Draws `text` centred in the current window's content width.
void centred_text(const char* text) {
    const float width = ImGui::CalcTextSize(text).x;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (ImGui::GetContentRegionAvail().x - width) * 0.5f));
    ImGui::TextUnformatted(text);
}

overlay_layout::Rect draw_hotbar(const HudView& view, const ImGuiViewport* vp) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y - 10),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.6f);
    ImGui::Begin("##hotbar", nullptr, kFixed);
    // Compact enough (about 540 px) to stay between the overlay's side columns at 1280 px:
    // each slot is its block's texture over its number and name.
    for (int i = 0; i < 9; ++i) {
        if (i) ImGui::SameLine(0.0f, 10.0f);
        const bool selected = i == view.selected;
        const auto slot = static_cast<size_t>(i);
        char label[48];
        std::snprintf(label, sizeof label, selected ? "[%d %.*s]" : "%d %.*s", i + 1,
                      static_cast<int>(view.hotbar[slot].size()), view.hotbar[slot].data());
        ImGui::BeginGroup();
        if (view.hotbar_icons[slot] != 0) {
            constexpr float kIcon = 24.0f;
            const float label_width = ImGui::CalcTextSize(label).x;
            ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (label_width - kIcon) * 0.5f));
            const ImVec4 border = selected ? ImGui::ColorConvertU32ToFloat4(kSelectedColour) : ImVec4(0, 0, 0, 0);
            ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(view.hotbar_icons[slot])),
                         ImVec2(kIcon, kIcon), ImVec2(0, 0), ImVec2(1, 1), ImVec4(1, 1, 1, 1), border);
        }
        ImGui::PushStyleColor(ImGuiCol_Text, selected ? kSelectedColour : kTextColour);
        ImGui::TextUnformatted(label);
        ImGui::PopStyleColor();
        ImGui::EndGroup();
    }
    // The movement mode, as readable as the blocks: it decides what Space and Shift do.
    const std::string mode = view.mode + " mode   (F: " + (view.mode == "fly" ? "walk" : "fly") + ",  F1: keys)";
    ImGui::PushStyleColor(ImGuiCol_Text, kTextColour);
    centred_text(mode.c_str());
    ImGui::PopStyleColor();
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    ImGui::End();
    return {pos.x, pos.y, size.x, size.y};
}

// Every key, two columns of key and action, just above the hotbar.
void draw_key_help(const HudView& view, const ImGuiViewport* vp, const overlay_layout::Rect& hotbar) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, hotbar.y - overlay_layout::kGap),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.8f);
    ImGui::Begin("##keys", nullptr, kFixed);
    centred_text("Keys  (F1 shows and hides this)");
    const size_t rows = (view.key_help.size() + 1) / 2;
    if (ImGui::BeginTable("##key_table", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX)) {
        for (size_t r = 0; r < rows; ++r) {
            ImGui::TableNextRow();
            for (size_t half = 0; half < 2; ++half) {
                const size_t i = r + half * rows;
                if (i >= view.key_help.size()) break;
                const KeyHelpRow& row = view.key_help[i];
                ImGui::TableNextColumn();
                ImGui::TextColored(ImColor(kKeyColour), "%.*s", static_cast<int>(row.keys.size()), row.keys.data());
                ImGui::TableNextColumn();
                ImGui::Text("%.*s", static_cast<int>(row.action.size()), row.action.data());
            }
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

}  // namespace

overlay_layout::Rect draw_hud(const HudView& view) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const overlay_layout::Rect hotbar = draw_hotbar(view, vp);
    if (view.show_key_help && !view.key_help.empty()) draw_key_help(view, vp, hotbar);
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
        // Under the crosshair, or above it while the key help fills the lower half.
        const bool above = view.show_key_help && !view.key_help.empty();
        ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f,
                                       vp->WorkPos.y + vp->WorkSize.y * 0.5f + (above ? -24.0f : 24.0f)),
                                ImGuiCond_Always, ImVec2(0.5f, above ? 1.0f : 0.0f));
        ImGui::SetNextWindowBgAlpha(0.6f);
        ImGui::Begin("##message", nullptr, kFixed);
        ImGui::TextUnformatted(view.message.c_str());
        ImGui::End();
    }
    if (!view.save_problem.empty()) {
        // At the top, in red, for as long as the world file cannot be written.
        ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + 8.0f), ImGuiCond_Always,
                                ImVec2(0.5f, 0.0f));
        ImGui::SetNextWindowBgAlpha(0.8f);
        ImGui::Begin("##save_problem", nullptr, kFixed);
        ImGui::PushTextWrapPos(vp->WorkSize.x * 0.8f);
        ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.3f, 1.0f), "%s", view.save_problem.c_str());
        ImGui::PopTextWrapPos();
        ImGui::End();
    }
    return hotbar;
}

}  // namespace slotcraft
