// The Edit panel: the region's and the clipboard's sizes, the undo and redo depths, a block
// chooser and one button per operation (the App carries them out as the script commands).
#include <cstdio>
#include <string>

#include "ui/panels.hpp"

namespace slotcraft::ui_detail {

namespace {

// A combo of every block type, air included; `value` is a BlockType value.
void block_combo(const char* id, int& value) {
    const std::string_view current = block_name(static_cast<BlockType>(value));
    ImGui::SetNextItemWidth(84.0f);
    if (!ImGui::BeginCombo(id, std::string(current).c_str())) return;
    for (int t = 0; t < kBlockTypeCount; ++t) {
        const std::string name(block_name(static_cast<BlockType>(t)));
        if (ImGui::Selectable(name.c_str(), t == value)) value = t;
    }
    ImGui::EndCombo();
}

}  // namespace

void edit_panel(const OverlayView& view, int& block, int& from, OverlayActions& actions) {
    if (view.region) {
        value_row("region", "%s", describe_size(*view.region).c_str());
    } else {
        value_row("region", "none (B and N set corners)");
    }
    const glm::ivec3 c = view.clipboard_size;
    if (c.x > 0) {
        value_row("clipboard", "%d by %d by %d (%lld cells)", c.x, c.y, c.z,
                  static_cast<long long>(c.x) * c.y * static_cast<long long>(c.z));
    } else {
        value_row("clipboard", "empty");
    }
    value_row("undo / redo", "%zu / %zu steps, %.1f KiB", view.undo_depth, view.redo_depth,
              static_cast<double>(view.undo_bytes) / 1024.0);

    auto request = [&](EditRequest::Op op) {
        EditRequest r;
        r.op = op;
        r.block = static_cast<BlockType>(block);
        r.from = static_cast<BlockType>(from);
        actions.edit = r;
    };
    // One row of choosers and one of buttons, so the panel fits under Culling at 720 pixels.
    ImGui::TextColored(kLabelColour, "block");
    ImGui::SameLine(kValueColumn);
    block_combo("##edit_block", block);
    ImGui::SameLine();
    ImGui::TextColored(kLabelColour, "from");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("replace: the region's cells of this block become 'block'");
    ImGui::SameLine();
    block_combo("##edit_from", from);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(4.0f, 3.0f));
    if (ImGui::Button("fill")) request(EditRequest::Op::kFill);
    ImGui::SameLine();
    if (ImGui::Button("replace")) request(EditRequest::Op::kReplace);
    ImGui::SameLine();
    if (ImGui::Button("copy")) request(EditRequest::Op::kCopy);
    ImGui::SameLine();
    if (ImGui::Button("paste")) request(EditRequest::Op::kPaste);
    ImGui::SameLine();
    if (ImGui::Button("rotate")) request(EditRequest::Op::kRotate);  // 90 degrees clockwise
    ImGui::SameLine();
    if (ImGui::Button("undo")) request(EditRequest::Op::kUndo);
    ImGui::SameLine();
    if (ImGui::Button("redo")) request(EditRequest::Op::kRedo);
    ImGui::PopStyleVar();
}

void build_file_rows(std::array<char, 512>& path, OverlayActions& actions) {
    ImGui::TextColored(kLabelColour, "file");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("a .vox (MagicaVoxel) or .schem (Sponge schematic) file");
    ImGui::SameLine(kValueColumn);
    ImGui::SetNextItemWidth(96.0f);  // the field and both buttons fit the panel's width
    ImGui::InputText("##build_file", path.data(), path.size());
    const auto request = [&](BuildFileRequest::Op op) { actions.build_file = BuildFileRequest{op, path.data()}; };
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(4.0f, 3.0f));
    ImGui::SameLine();
    if (ImGui::Button("export")) request(BuildFileRequest::Op::kExport);  // the region, else the clipboard
    ImGui::SameLine();
    if (ImGui::Button("import")) request(BuildFileRequest::Op::kImport);  // into the clipboard
    ImGui::PopStyleVar();
}

}  // namespace slotcraft::ui_detail
