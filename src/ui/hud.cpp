// The HUD: hotbar and mode, key help, loading bar, message, the save problem line.
#include "ui/hud.hpp"

#include <imgui.h>

#include <cmath>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>

#include "world/counted.hpp"

namespace slotcraft {

namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                    ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoInputs;
constexpr ImU32 kSelectedColour = IM_COL32(255, 230, 90, 255);
constexpr ImU32 kTextColour = IM_COL32(225, 225, 225, 255);
constexpr ImU32 kKeyColour = IM_COL32(150, 200, 255, 255);
// The narrowest room the HUD's texts wrap into (pixels at scale 1): about 22 characters.
constexpr float kMinTextRoom = 160.0f;

// `pixels` at the UI's scale (ui_scale.hpp).
float px(float pixels) { return pixels * ImGui::GetIO().FontGlobalScale; }

// A window of one text at `pos` (its `pivot`), sized from the text, not auto-fitted: ImGui
// hides an auto-fitted window in the frame it first appears, while it measures it, so a
// screenshot taken right after a command lacked the command's message. `wrap` > 0
// wraps the text at that width. Returns the window's rectangle.
overlay_layout::Rect text_window(const char* name, const std::string& text, ImVec2 pos, ImVec2 pivot, float alpha,
                                 const ImVec4* colour = nullptr, float wrap = 0.0f) {
    const ImVec2 padding = ImGui::GetStyle().WindowPadding;
    const ImVec2 text_size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap > 0.0f ? wrap : -1.0f);
    const ImVec2 size(std::ceil(text_size.x) + 2.0f * padding.x, std::ceil(text_size.y) + 2.0f * padding.y);
    ImGui::SetNextWindowPos(pos, ImGuiCond_Always, pivot);
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(alpha);
    ImGui::Begin(name, nullptr, kFixed & ~ImGuiWindowFlags_AlwaysAutoResize);
    if (wrap > 0.0f) ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
    if (colour) {
        ImGui::PushStyleColor(ImGuiCol_Text, *colour);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopStyleColor();
    } else {
        ImGui::TextUnformatted(text.c_str());
    }
    if (wrap > 0.0f) ImGui::PopTextWrapPos();
    ImGui::End();
    return {pos.x - pivot.x * size.x, pos.y - pivot.y * size.y, size.x, size.y};
}

// Draws `text` centred in the current window's content width.
void centred_text(const char* text) {
    const float width = ImGui::CalcTextSize(text).x;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (ImGui::GetContentRegionAvail().x - width) * 0.5f));
    ImGui::TextUnformatted(text);
}

void draw_hotbar(const HudView& view, const ImGuiViewport* vp, HudPlacement& placed) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y - px(10)),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.6f);
    ImGui::Begin("##hotbar", nullptr, kFixed);
    // Compact enough (about 540 px) to stay between the overlay's side columns at 1280 px:
    // each slot is its block's texture over its number and name. The selected one is marked
    // without taking room (yellow, its icon framed, its label underlined), so no label moves
    // when the selection changes.
    for (int i = 0; i < 9; ++i) {
        if (i) ImGui::SameLine(0.0f, px(10.0f));
        const bool selected = i == view.selected;
        const auto slot = static_cast<size_t>(i);
        char label[48];
        std::snprintf(label, sizeof label, "%d %.*s", i + 1, static_cast<int>(view.hotbar[slot].size()),
                      view.hotbar[slot].data());
        ImGui::BeginGroup();
        if (view.hotbar_icons[slot] != 0) {
            const float kIcon = px(24.0f);
            const float label_width = ImGui::CalcTextSize(label).x;
            ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (label_width - kIcon) * 0.5f));
            // Every icon has a frame (ImGui adds a pixel each side for one): unselected, a faint one.
            const ImVec4 border = ImGui::ColorConvertU32ToFloat4(selected ? kSelectedColour : IM_COL32(0, 0, 0, 90));
            ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(view.hotbar_icons[slot])),
                         ImVec2(kIcon, kIcon), ImVec2(0, 0), ImVec2(1, 1), ImVec4(1, 1, 1, 1), border);
        }
        ImGui::PushStyleColor(ImGuiCol_Text, selected ? kSelectedColour : kTextColour);
        ImGui::TextUnformatted(label);
        ImGui::PopStyleColor();
        if (selected) {
            const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
            ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, max.y), ImVec2(max.x, max.y), kSelectedColour, px(1.0f));
        }
        ImGui::EndGroup();
        const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
        placed.slots[slot] = {min.x, min.y, max.x - min.x, max.y - min.y};
    }
    // The movement mode, as readable as the blocks: it decides what Space and Shift do.
    const std::string mode = view.mode + " mode   (F: " + (view.mode == "fly" ? "walk" : "fly") + ",  F1: keys)";
    ImGui::PushStyleColor(ImGuiCol_Text, kTextColour);
    centred_text(mode.c_str());
    ImGui::PopStyleColor();
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    ImGui::End();
    placed.hotbar = {pos.x, pos.y, size.x, size.y};
}

// How the key help is laid out in a room: one or two pairs of key and action columns, its
// size, and how much smaller than the UI's scale its text must be to fit (1: not at all).
struct KeyHelpFit {
    size_t pairs = 1, rows = 0;
    float width = 0.0f, height = 0.0f;
    float shrink = 1.0f;
};

KeyHelpFit fit_key_help(std::span<const KeyHelpRow> rows, float room_x, float room_y) {
    const ImGuiStyle& style = ImGui::GetStyle();
    float keys_width = 0.0f, actions_width = 0.0f;
    for (const KeyHelpRow& row : rows) {
        keys_width = std::max(keys_width, ImGui::CalcTextSize(row.keys.data(), row.keys.data() + row.keys.size()).x);
        actions_width = std::max(actions_width,
                                 ImGui::CalcTextSize(row.action.data(), row.action.data() + row.action.size()).x);
    }
    // A pair: its two columns with the table's cell padding; around them the window's padding
    // and the title line.
    const float pair = keys_width + actions_width + 4.0f * style.CellPadding.x;
    const float frame_x = 2.0f * (style.WindowPadding.x + style.CellPadding.x + style.ItemSpacing.x);  // with slack
    const float frame_y = 2.0f * style.WindowPadding.y + ImGui::GetTextLineHeightWithSpacing();
    const float row_height = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
    KeyHelpFit fit;
    fit.pairs = 2.0f * pair + frame_x <= room_x ? 2 : 1;
    fit.rows = (rows.size() + fit.pairs - 1) / fit.pairs;
    fit.width = static_cast<float>(fit.pairs) * pair + frame_x;
    fit.height = static_cast<float>(fit.rows) * row_height + frame_y;
    fit.shrink = std::max(0.0f, std::min({1.0f, room_x / fit.width, room_y / fit.height}));
    return fit;
}

// The room for the key help: `view.key_help_room` (or the window) above the hotbar.
overlay_layout::Rect help_room(const HudView& view, const ImGuiViewport* vp, const overlay_layout::Rect& hotbar) {
    overlay_layout::Rect room = view.key_help_room;
    if (room.empty()) {
        const float margin = px(overlay_layout::kMargin);
        room = {vp->WorkPos.x + margin, vp->WorkPos.y + margin, vp->WorkSize.x - 2.0f * margin,
                vp->WorkSize.y - 2.0f * margin};
    }
    room.height = std::max(0.0f, std::min(room.bottom(), hotbar.y - px(overlay_layout::kGap)) - room.y);
    return room;
}

// Every key, in the pairs of columns that fit its room, just above the hotbar and centred in
// the room; smaller text when even one pair does not fit (a very small window).
void draw_key_help(const HudView& view, const ImGuiViewport* vp, const overlay_layout::Rect& hotbar) {
    const overlay_layout::Rect room = help_room(view, vp, hotbar);
    const KeyHelpFit fit = fit_key_help(view.key_help, room.width, room.height);
    const size_t pairs = fit.pairs, rows = fit.rows;
    const float shrink = fit.shrink;
    ImGui::SetNextWindowPos(ImVec2(room.x + room.width * 0.5f, room.bottom()), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.8f);
    ImGui::Begin("##keys", nullptr, kFixed);
    ImGui::SetWindowFontScale(shrink);
    centred_text("Keys  (F1 shows and hides this)");
    if (ImGui::BeginTable("##key_table", static_cast<int>(2 * pairs),
                          ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX)) {
        for (size_t r = 0; r < rows; ++r) {
            ImGui::TableNextRow();
            for (size_t half = 0; half < pairs; ++half) {
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

std::vector<overlay_layout::NamedRect> HudPlacement::named() const {
    static constexpr std::array<std::string_view, 9> kSlotKeys = {"slot1", "slot2", "slot3", "slot4", "slot5",
                                                                  "slot6", "slot7", "slot8", "slot9"};
    std::vector<overlay_layout::NamedRect> out;
    out.push_back({"hotbar", hotbar});
    for (size_t i = 0; i < slots.size(); ++i) {
        if (!slots[i].empty()) out.push_back({kSlotKeys[i], slots[i]});
    }
    if (!message.empty()) out.push_back({"message", message});
    if (!region.empty()) out.push_back({"region", region});
    if (!save_problem.empty()) out.push_back({"save_problem", save_problem});
    return out;
}

HudPlacement draw_hud(const HudView& view) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    HudPlacement placed;
    draw_hotbar(view, vp, placed);
    if (view.show_key_help && !view.key_help.empty()) draw_key_help(view, vp, placed.hotbar);
    // The texts are centred in their room and wrap to its width (less the window's padding).
    const bool in_room = view.text_room.width >= px(kMinTextRoom);
    const overlay_layout::Rect room = !in_room ? overlay_layout::Rect{vp->WorkPos.x, vp->WorkPos.y, vp->WorkSize.x,
                                                                      vp->WorkSize.y}
                                               : view.text_room;
    const float centre_x = room.x + room.width * 0.5f;
    const float wrap = std::max(px(80.0f), room.width - 2.0f * ImGui::GetStyle().WindowPadding.x);
    if (view.loading) {
        ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f,
                                       vp->WorkPos.y + vp->WorkSize.y * 0.5f + px(40)),
                                ImGuiCond_Always, ImVec2(0.5f, 0.0f));
        ImGui::SetNextWindowBgAlpha(0.7f);
        ImGui::Begin("##loading", nullptr, kFixed);
        ImGui::Text("Generating the world: %d of %s", view.chunks_loaded,
                    counted(static_cast<uint64_t>(view.chunks_wanted), "chunk").c_str());
        const float fraction = view.chunks_wanted > 0
                                   ? static_cast<float>(view.chunks_loaded) / static_cast<float>(view.chunks_wanted)
                                   : 0.0f;
        ImGui::ProgressBar(fraction, ImVec2(px(320), 0));
        ImGui::End();
    }
    if (!view.message.empty()) {
        // Under the crosshair, or above it while the key help fills the lower half.
        const bool above = view.show_key_help && !view.key_help.empty();
        placed.message = text_window("##message", view.message,
                                     ImVec2(centre_x,
                                            vp->WorkPos.y + vp->WorkSize.y * 0.5f + px(above ? -24.0f : 24.0f)),
                                     ImVec2(0.5f, above ? 1.0f : 0.0f), 0.6f, nullptr, wrap);
    }
    if (!view.save_problem.empty()) {
        // At the top, in red, for as long as the world file cannot be written.
        const ImVec4 red(1.0f, 0.35f, 0.3f, 1.0f);
        placed.save_problem = text_window(
            "##save_problem", view.save_problem, ImVec2(centre_x, vp->WorkPos.y + 8.0f), ImVec2(0.5f, 0.0f), 0.8f, &red,
            std::min(wrap, vp->WorkSize.x * 0.8f - 2.0f * ImGui::GetStyle().WindowPadding.x));
    }
    // The edit region's size and the mask while one is set, at the top in the middle (under a
    // save problem): "region 4 by 1 by 3 (12 cells), mask: stone".
    if (!view.region.empty() || !view.mask.empty()) {
        const float top = placed.save_problem.empty() ? vp->WorkPos.y + px(10) : placed.save_problem.bottom() + px(4);
        std::string text = view.region.empty() ? "" : "region " + view.region;
        if (!view.mask.empty()) text += (text.empty() ? "" : ", ") + std::string("mask: ") + view.mask;
        placed.region = text_window("##region", text, ImVec2(centre_x, top), ImVec2(0.5f, 0.0f), 0.55f, nullptr, wrap);
    }
    return placed;
}

std::optional<overlay_layout::Rect> key_help_beside_panels(std::span<const KeyHelpRow> rows,
                                                           const overlay_layout::Rect& hotbar) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    overlay_layout::Screen screen;
    screen.width = vp->WorkSize.x;
    screen.height = vp->WorkSize.y;
    screen.scale = overlay_layout::size_class(screen.width, screen.height).scale;
    overlay_layout::Rect room = overlay_layout::beside_panels(screen);
    room.x += vp->WorkPos.x;
    room.y += vp->WorkPos.y;
    HudView in_room;
    in_room.key_help_room = room;
    const overlay_layout::Rect fitted = help_room(in_room, vp, hotbar);
    if (fitted.empty() || fit_key_help(rows, fitted.width, fitted.height).shrink < 1.0f) return std::nullopt;
    return room;
}

}  // namespace slotcraft
