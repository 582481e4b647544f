// The block picker (see block_picker.hpp).
#include "ui/block_picker.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>

namespace slotcraft {

namespace {
constexpr float kTile = 48.0f;   // pixels per block texture
constexpr int kPerRow = 6;       // tiles a row: 11 blocks in two rows
constexpr float kLabel = 64.0f;  // the width of a tile's column, its name under it
}  // namespace

std::optional<BlockType> draw_block_picker(const BlockPickerView& view, bool& open) {
    if (!open) return std::nullopt;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.4f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowFocus();
    const std::string title = "Blocks: click one for hotbar slot " + std::to_string(view.slot + 1) + "###blocks";
    std::optional<BlockType> chosen;
    if (ImGui::Begin(title.c_str(), &open,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove |
                         ImGuiWindowFlags_NoSavedSettings)) {
        const std::span<const BlockType> blocks = placeable_blocks();
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            if (i % kPerRow != 0) ImGui::SameLine();
            const BlockType type = blocks[i];
            const std::string name(block_name(type));
            ImGui::BeginGroup();
            ImGui::PushID(static_cast<int>(type));
            const float pad = (kLabel - kTile) * 0.5f;
            ImGui::SetCursorPosX(ImGui::GetCursorPosX() + pad);
            const auto icon = view.icons[static_cast<std::size_t>(type)];
            if (ImGui::ImageButton(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(icon)), ImVec2(kTile, kTile))) {
                chosen = type;
            }
            ImGui::PopID();
            const float width = ImGui::CalcTextSize(name.c_str()).x;
            ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (kLabel + 8.0f - width) * 0.5f));
            ImGui::TextUnformatted(name.c_str());
            ImGui::EndGroup();
        }
    }
    ImGui::End();
    if (chosen) open = false;
    return chosen;
}

}  // namespace slotcraft
