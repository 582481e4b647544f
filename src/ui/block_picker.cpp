// The block picker (see block_picker.hpp).
#include "ui/block_picker.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>

namespace slotcraft {

namespace {
constexpr float kMaxTile = 48.0f;  // pixels per block texture in a window with room
constexpr float kMinTile = 24.0f;  // the smallest it gets in a small window
constexpr int kMaxPerRow = 12;     // tiles a row at most (57 blocks: five rows)
}  // namespace

// The tiles fill at most nine tenths of the window each way: as many a row as fit (up to
// twelve), as large as the rows then allow. A tile's name shows while the mouse is over it,
// and under the grid the name of the block under the mouse.
std::optional<BlockType> draw_block_picker(const BlockPickerView& view, bool& open) {
    if (!open) return std::nullopt;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.45f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowFocus();
    const std::string title = "Blocks: click one for hotbar slot " + std::to_string(view.slot + 1) + "###blocks";
    std::optional<BlockType> chosen;
    const std::span<const BlockType> blocks = placeable_blocks();
    const ImGuiStyle& style = ImGui::GetStyle();
    const float cell_pad = 2.0f * style.FramePadding.x + style.ItemSpacing.x;
    const float room_x = vp->WorkSize.x * 0.9f - 2.0f * style.WindowPadding.x;
    const float room_y = vp->WorkSize.y * 0.9f - 3.0f * ImGui::GetFrameHeightWithSpacing() -
                         2.0f * style.WindowPadding.y;
    const int per_row = std::clamp(static_cast<int>(room_x / (kMaxTile + cell_pad)), 1, kMaxPerRow);
    const int rows = static_cast<int>((blocks.size() + static_cast<std::size_t>(per_row) - 1) /
                                      static_cast<std::size_t>(per_row));
    const float tile = std::clamp(std::min(room_x / static_cast<float>(per_row), room_y / static_cast<float>(rows)) -
                                      cell_pad,
                                  kMinTile, kMaxTile);
    if (ImGui::Begin(title.c_str(), &open,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove |
                         ImGuiWindowFlags_NoSavedSettings)) {
        std::string hovered = "point at a block to see its name";
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            if (i % static_cast<std::size_t>(per_row) != 0) ImGui::SameLine();
            const BlockType type = blocks[i];
            const std::string name(block_name(type));
            ImGui::PushID(static_cast<int>(type));
            const auto icon = view.icons[static_cast<std::size_t>(type)];
            if (ImGui::ImageButton(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(icon)), ImVec2(tile, tile))) {
                chosen = type;
            }
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("%s", name.c_str());
                hovered = name;
            }
            ImGui::PopID();
        }
        ImGui::TextUnformatted(hovered.c_str());
    }
    ImGui::End();
    if (chosen) open = false;
    return chosen;
}

}  // namespace slotcraft
