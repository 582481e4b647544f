// The Edit panel: the region's and the clipboard's sizes, the undo and redo depths, the block
// choosers and one button per operation (the App carries them out as the script commands).
// Every row fits the panel at any width: the buttons share it, the choosers fill it.
#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <initializer_list>
#include <string>

#include "ui/panels.hpp"
#include "world/counted.hpp"

namespace slotcraft::ui_detail {

namespace {

// A combo of every block type, air included, as wide as the rest of the row; `value` is a
// BlockType value.
void block_combo(const char* id, int& value) {
    const std::string_view current = block_name(static_cast<BlockType>(value));
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (!ImGui::BeginCombo(id, std::string(current).c_str())) return;
    for (int t = 0; t < kBlockTypeCount; ++t) {
        const std::string name(block_name(static_cast<BlockType>(t)));
        if (ImGui::Selectable(name.c_str(), t == value)) value = t;
    }
    ImGui::EndCombo();
}

// A row of buttons sharing the panel's width evenly, so none is cut at any width; returns the
// index of the one pressed (or -1). Each is logged under its label.
int button_row(std::initializer_list<const char*> labels, ItemLog& log) {
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const auto n = static_cast<float>(labels.size());
    const float width = (ImGui::GetContentRegionAvail().x - gap * (n - 1.0f)) / n;
    int pressed = -1, i = 0;
    for (const char* label : labels) {
        if (i > 0) ImGui::SameLine();
        if (ImGui::Button(label, ImVec2(width, 0.0f))) pressed = i;
        log.note(label);
        ++i;
    }
    return pressed;
}

}  // namespace

// Seven fixed rows: the three figures, the two choosers, two rows of buttons (the file row
// follows in build_file_rows).
void edit_panel(const OverlayView& view, EditChoices choices, OverlayActions& actions, ItemLog& log) {
    int& block = choices.block;
    int& from = choices.from;
    if (view.region) {
        value_row(log, "region", "%s", describe_size(*view.region).c_str());
    } else {
        value_row(log, "region", "none (B and N set corners)");
    }
    const glm::ivec3 c = view.clipboard_size;
    if (c.x > 0) {
        const uint64_t cells = static_cast<uint64_t>(c.x) * static_cast<uint64_t>(c.y) * static_cast<uint64_t>(c.z);
        value_row(log, "clipboard", "%d by %d by %d (%s)", c.x, c.y, c.z, counted(cells, "cell").c_str());
    } else {
        value_row(log, "clipboard", "empty");
    }
    value_row(log, "undo / redo", "%s / %s, %.1f KiB", counted(view.undo_depth, "step").c_str(),
              counted(view.redo_depth, "step").c_str(), static_cast<double>(view.undo_bytes) / 1024.0);

    auto request = [&](EditRequest::Op op) {
        EditRequest r;
        r.op = op;
        r.block = static_cast<BlockType>(block);
        r.from = static_cast<BlockType>(from);
        actions.edit = r;
    };
    ImGui::AlignTextToFramePadding();
    label("block");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("fill: the block written; replace: the block written instead");
    block_combo("##edit_block", block);
    log.note("block");
    ImGui::AlignTextToFramePadding();
    label("from");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("replace: the region's cells of this block become 'block'");
    block_combo("##edit_from", from);
    log.note("from");
    using Op = EditRequest::Op;
    constexpr Op kFirst[] = {Op::kFill, Op::kReplace, Op::kCopy, Op::kPaste};
    if (const int i = button_row({"fill", "replace", "copy", "paste"}, log); i >= 0) request(kFirst[i]);
    // The building tools and the brush share the row: the Build window.
    constexpr Op kSecond[] = {Op::kRotate, Op::kUndo, Op::kRedo};  // rotate: 90 degrees clockwise
    if (const int i = button_row({"rotate", "undo", "redo", "build..."}, log); i >= 0) {
        if (i < 3) {
            request(kSecond[i]);
        } else {
            choices.build_open = !choices.build_open;
        }
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("shapes, walls, masks, move and stack, the brush (T: right click paints, left digs)");
    }
}

// The Build window (docs/scripting.md "Building"): the shapes and walls with the Edit panel's
// `block`, hollow and clear, stack and flip, the region grown, shrunk and shifted a cell the
// way the eye faces most, the mask of the `from` block, the clipboard emptied, the brush's
// kind and the mirror.
void build_window(const OverlayView& view, EditChoices choices, OverlayActions& actions) {
    using Op = EditRequest::Op;
    ImGui::SetNextWindowSize(ImVec2(px(430.0f), 0.0f), ImGuiCond_Always);
    const ImGuiViewport* screen = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(screen->WorkPos.x + screen->WorkSize.x * 0.5f, screen->WorkPos.y + px(40.0f)),
                            ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.9f);
    if (!ImGui::Begin("Build###build_window", &choices.build_open,
                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::End();
        return;
    }
    ItemLog log;  // a window of its own: not in the panels' layout record
    const auto request = [&](Op op) {
        EditRequest r;
        r.op = op;
        r.block = static_cast<BlockType>(choices.block);
        r.from = static_cast<BlockType>(choices.from);
        actions.edit = r;
    };
    ImGui::Checkbox("hollow shapes", &choices.hollow);
    log.note("hollow shapes");
    if (const int i = button_row({"sphere", "cylinder", "pyramid", "walls"}, log); i >= 0) {
        request(i == 3 ? Op::kWalls : Op::kShape);
        actions.edit->shape = static_cast<ShapeKind>(std::min(i, 2));
        actions.edit->hollow = choices.hollow;
    }
    constexpr Op kCells[] = {Op::kHollow, Op::kClearBlocks, Op::kMove, Op::kStack, Op::kFlip};
    if (const int i = button_row({"hollow", "clear", "move", "stack", "flip x"}, log); i >= 0) request(kCells[i]);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("move and stack: one cell, one copy, the way you face most");
    constexpr Op kRegion[] = {Op::kExpand, Op::kContract, Op::kShift};
    if (const int i = button_row({"expand", "contract", "shift"}, log); i >= 0) request(kRegion[i]);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the region, one cell the way you face most");
    constexpr Op kMasks[] = {Op::kMask, Op::kMaskOff, Op::kClearClipboard};
    if (const int i = button_row({"mask 'from'", "no mask", "empty clipboard"}, log); i >= 0) request(kMasks[i]);
    value_row(log, "mask", "%s", view.mask.c_str());
    value_row(log, "brush", "%s", view.brush.c_str());
    constexpr BrushKind kKinds[] = {BrushKind::kSphere, BrushKind::kCube, BrushKind::kSmooth};
    if (const int i = button_row({"sphere brush", "cube brush", "smooth", "off"}, log); i >= 0) {
        request(i == 3 ? Op::kBrushOff : Op::kBrush);
        actions.edit->brush = kKinds[std::min(i, 2)];
    }
    if (const int i = button_row({"radius -", "radius +", "mirror x", "mirror z", "no mirror"}, log); i >= 0) {
        request(i < 2 ? Op::kBrushRadius : Op::kSymmetry);
        actions.edit->step = i == 0 ? -1 : 1;
        actions.edit->axis = i == 2 ? 0 : i == 3 ? 2 : -1;
    }
    ImGui::End();
}

void build_file_rows(std::array<char, 512>& path, OverlayActions& actions, ItemLog& log) {
    ImGui::AlignTextToFramePadding();
    label("file");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("a .vox (MagicaVoxel) or .schem (Sponge schematic) file");
    // The field takes what the two buttons leave of the row.
    const ImGuiStyle& style = ImGui::GetStyle();
    const auto button_width = [&](const char* label) {
        return ImGui::CalcTextSize(label).x + 2.0f * style.FramePadding.x;
    };
    const float buttons = button_width("export") + button_width("import") + 2.0f * style.ItemSpacing.x;
    ImGui::SetNextItemWidth(std::max(px(40.0f), ImGui::GetContentRegionAvail().x - buttons));
    ImGui::InputText("##build_file", path.data(), path.size());
    log.note("file");
    const auto request = [&](BuildFileRequest::Op op) { actions.build_file = BuildFileRequest{op, path.data()}; };
    ImGui::SameLine();
    if (ImGui::Button("export")) request(BuildFileRequest::Op::kExport);  // the region, else the clipboard
    log.note("export");
    ImGui::SameLine();
    if (ImGui::Button("import")) request(BuildFileRequest::Op::kImport);  // into the clipboard
    log.note("import");
}

}  // namespace slotcraft::ui_detail
