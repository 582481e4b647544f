// See editor.hpp.
#include "app/editor.hpp"

#include <string>

#include "app/world_session.hpp"
#include "user/shown_text.hpp"
#include "ui/overlay.hpp"

namespace slotcraft {

Editor::Editor(WorldSession& session, const Camera& eye, const Player& player, Hotbar& hotbar, int undo_mib, Say say)
    : session_(session), eye_(eye), player_(player), hotbar_(hotbar), undo_mib_(undo_mib), say_(std::move(say)) {}

std::optional<RayHit> Editor::target() const { return session_.world().raycast(eye_.position, eye_.forward()); }

ActionRefused Editor::nothing_in_reach(const char* what) {
    return ActionRefused(std::string(what) + ": no block within reach (" +
                         std::to_string(static_cast<int>(kPickReach)) + " blocks) under the crosshair");
}

RayHit Editor::target_for(const char* what) const {
    const std::optional<RayHit> hit = target();
    if (!hit) throw nothing_in_reach(what);
    return *hit;
}

bool Editor::picks_water(const std::optional<RayHit>& hit) const {
    const auto water = session_.world().first_water(eye_.position, eye_.forward());
    return water && (!hit || water->distance < hit->distance);
}

void Editor::act(Action action, std::optional<BlockType> type) {
    const std::optional<RayHit> hit = target();
    if (action == Action::kPick && picks_water(hit)) {
        hotbar_.pick(BlockType::kWater);
        return;
    }
    if (!hit) throw nothing_in_reach("nothing targeted");
    if (action == Action::kPick) {
        hotbar_.pick(hit->type);
        return;
    }
    const BlockPos cell = action == Action::kBreak ? hit->block : hit->place;
    // A block broken under water leaves water (world.md "Water").
    const BlockType placed = action == Action::kBreak ? session_.world().left_after_break(cell) : *type;
    if (action == Action::kPlace && is_firm(placed) && player_.overlaps_block(cell)) {
        throw ActionRefused("cannot place a block inside the player");
    }
    try {
        session_.edit(cell, placed);
    } catch (const EditRefused& e) {  // said as the action the user took
        throw ActionRefused("cannot " + std::string(action == Action::kBreak ? "break" : "place") +
                            " there: " + std::string(describe(e.reason)));
    }
}

void Editor::set_block(const BlockPos& p, BlockType type) {
    try {
        session_.edit(p, type);
    } catch (const EditRefused& e) {  // said as the script line asked it
        throw ActionRefused("cannot set " + std::string(block_name(type)) + " at " + to_string(p) + ": " +
                            std::string(describe(e.reason)));
    }
}

// [SECTION] the selection and its operations

void Editor::set_region(const std::optional<Region>& region) {
    if (region) check_region_bounds(*region, "select");  // the cell count is checked per operation
    selection_ = {region, std::nullopt, std::nullopt};
}

void Editor::set_corner(bool first) {
    const BlockPos p = target_for("cannot set a region corner").block;
    (first ? selection_.corner_one : selection_.corner_two) = p;
    say_(std::string(first ? "first" : "second") + " corner at " + to_string(p));
    if (selection_.corner_one && selection_.corner_two)
        selection_.region = Region::between(*selection_.corner_one, *selection_.corner_two);
}

const Region& Editor::selected(const char* what) const {
    if (!selection_.region) {
        throw ActionRefused(std::string("cannot ") + what +
                            ": no region is selected; select one with `region X1 Y1 Z1 X2 Y2 Z2` or the B and N keys");
    }
    return *selection_.region;
}

void Editor::after_edit(const EditReport& report) {
    if (report.step_lost) {  // said on stderr too: a script's user must learn it (docs/scripting.md)
        const std::size_t older = report.steps_dropped - 1;
        const std::string text = "undo: this operation cannot be undone: its step alone needs " +
                                 std::to_string(report.step_bytes) + " bytes, over --undo-mib " +
                                 std::to_string(undo_mib_) +
                                 (older > 0 ? " (the " + std::to_string(older) + " older step(s) were dropped too)"
                                            : "") +
                                 "; raise --undo-mib to undo operations this large";
        print_message("warning: " + text);
        say_(text);
        return;
    }
    if (report.steps_dropped == 0) return;
    say_("undo: dropped the " + std::to_string(report.steps_dropped) + " oldest step(s) to stay within --undo-mib " +
         std::to_string(undo_mib_));
}

void Editor::fill(BlockType type) { after_edit(session_.fill(selected("fill"), type)); }
void Editor::replace(BlockType from, BlockType to) { after_edit(session_.replace(selected("replace"), from, to)); }
void Editor::copy() { session_.copy(selected("copy")); }
void Editor::paste(const BlockPos& origin) { after_edit(session_.paste(origin)); }
void Editor::rotate(int degrees) { session_.rotate(degrees / 90); }
void Editor::undo() { after_edit(session_.undo()); }
void Editor::redo() { after_edit(session_.redo()); }

void Editor::perform(const EditRequest& request) {
    using Op = EditRequest::Op;
    switch (request.op) {
        case Op::kFill: fill(request.block); break;
        case Op::kReplace: replace(request.from, request.block); break;
        case Op::kCopy:
            copy();
            say_("copied " + describe_size(*selection_.region));
            break;
        case Op::kPaste: paste(target_for("cannot paste").place); break;
        case Op::kRotate: rotate(request.degrees); break;
        case Op::kUndo: undo(); break;
        case Op::kRedo: redo(); break;
    }
}

void Editor::expect(const BlockPos& p, BlockType type) const {
    const std::optional<BlockType> held = session_.world().block_at(p);
    if (!held) {
        throw ActionRefused("expect: the cell " + to_string(p) + " cannot be read: " +
                            (block_y_in_world(p.y) ? "its chunk is not loaded (move the camera near it first)"
                                                   : "it is below the world (y 0..255)"));
    }
    if (*held != type) {
        throw ActionRefused("expect: the cell " + to_string(p) + " holds " + std::string(block_name(*held)) + ", not " +
                            std::string(block_name(type)));
    }
}

}  // namespace slotcraft
