// See editor.hpp.
#include "edit/editor.hpp"

#include <cmath>
#include <string>

#include "edit/world_session.hpp"
#include "io/shown_text.hpp"
#include "world/counted.hpp"

namespace slotcraft {

Editor::Editor(WorldSession& session, const Camera& eye, const Player& player, Hotbar& hotbar, int undo_mib, Say say)
    : session_(session), eye_(eye), player_(player), hotbar_(hotbar), undo_mib_(undo_mib), say_(std::move(say)) {}

std::optional<RayHit> Editor::crosshair_hit() const { return session_.world().raycast(eye_.position, eye_.forward()); }

ActionRefused Editor::nothing_in_reach(const char* what) {
    return ActionRefused(std::string(what) + ": no block within reach (" +
                         std::to_string(static_cast<int>(kPickReach)) + " blocks) under the crosshair");
}

double Editor::far_reach() const {
    // From the eye to the farthest loaded cell: the loaded columns' radius across, the
    // world's height up or down (cells beyond read as air, so a longer ray costs only steps).
    const double across = (session_.world().view_distance() + 1.0) * kChunkSize * std::sqrt(2.0);
    return std::sqrt(across * across + static_cast<double>(kWorldHeight) * kWorldHeight);
}

std::optional<RayHit> Editor::far_crosshair_hit() const {
    return session_.world().raycast(eye_.position, eye_.forward(), far_reach());
}

RayHit Editor::far_target_for(const char* what) const {
    const std::optional<RayHit> hit = far_crosshair_hit();
    if (!hit) {
        throw ActionRefused(std::string(what) + ": no block under the crosshair within the loaded world (" +
                            std::to_string(static_cast<int>(far_reach())) + " blocks)");
    }
    return *hit;
}

BlockPos Editor::paste_origin(const char* what) const { return far_target_for(what).place; }

RayHit Editor::target_for(const char* what) const {
    const std::optional<RayHit> hit = crosshair_hit();
    if (!hit) throw nothing_in_reach(what);
    return *hit;
}

bool Editor::picks_water(const std::optional<RayHit>& hit) const {
    const auto water = session_.world().first_water(eye_.position, eye_.forward());
    return water && (!hit || water->distance < hit->distance);
}

void Editor::act(Action action, std::optional<BlockType> type) {
    const std::optional<RayHit> hit = crosshair_hit();
    if (action == Action::kPick && picks_water(hit)) {
        hotbar_.pick(BlockType::kWater);
        return;
    }
    if (action == Action::kPick) {
        if (!hit) throw nothing_in_reach("nothing targeted");
        hotbar_.pick(hit->type);
        return;
    }
    if (brush_) {  // a dab as far as the loaded world (a brush paints at a distance)
        dab(action == Action::kPlace, Pattern(type.value_or(BlockType::kStone)));
        return;
    }
    if (!hit) throw nothing_in_reach("nothing targeted");
    const BlockPos cell = action == Action::kBreak ? hit->block : hit->place;
    // A block broken under water leaves water (world.md "Water").
    const BlockType placed = action == Action::kBreak ? session_.world().left_after_break(cell) : *type;
    if (action == Action::kPlace && is_firm(placed) && player_.overlaps_block(cell)) {
        throw ActionRefused("cannot place a block inside the player");
    }
    try {
        edit_with_mirror(cell, placed, action);
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
    if (!region) {
        clear_region();
        return;
    }
    check_region_bounds(*region, "select");  // the cell count is checked per operation
    selection_ = {region, std::nullopt, std::nullopt};
    say_("region " + describe_size(*region) + " from " + to_string(region->min) + " to " + to_string(region->max));
}

void Editor::clear_region() {
    if (!selection_.region && !selection_.corner_one && !selection_.corner_two) {
        say_("no region to clear");
        return;
    }
    const std::string was = selection_.region ? " (it was " + describe_size(*selection_.region) + ")" : "";
    selection_ = {};
    // The mirror plane went through the region's centre: with the region, symmetry goes too.
    const std::string mirror = symmetry_ ? "; symmetry off (its plane went through the region's centre)" : "";
    symmetry_.reset();
    say_("region cleared" + was + mirror);
}

std::optional<BlockPos> Editor::lone_corner() const {
    if (selection_.region || selection_.corner_one.has_value() == selection_.corner_two.has_value())
        return std::nullopt;
    return selection_.corner_one ? selection_.corner_one : selection_.corner_two;
}

void Editor::set_corner(bool first, CornerAt at) {
    BlockPos p;
    const char* where = "";
    if (at == CornerAt::kFeet) {
        p = BlockPos(glm::floor(player_.feet()));  // the cell the player stands in
        where = " (at your feet)";
    } else if (const std::optional<RayHit> hit = far_crosshair_hit()) {
        p = hit->block;  // as far as the view: the first solid block along the ray
    } else {
        // Nothing under the crosshair (the sky): a cell in the air at the pick reach.
        p = BlockPos(glm::floor(eye_.position + eye_.forward() * kPickReach));
        where = " (in the air)";
    }
    check_region_bounds(Region{p, p}, "set a region corner");
    (first ? selection_.corner_one : selection_.corner_two) = p;
    std::string said = std::string(first ? "first" : "second") + " corner at " + to_string(p) + where;
    if (selection_.corner_one && selection_.corner_two) {
        selection_.region = Region::between(*selection_.corner_one, *selection_.corner_two);
        said += ": region " + describe_size(*selection_.region);
    }
    say_(said);
}

void Editor::set_paste_preview(bool on) {
    paste_preview_ = on;
    say_(on ? "paste preview on: the clipboard shows where Ctrl+V puts it" : "paste preview off");
}

const Region& Editor::selected(const char* what) const {
    if (!selection_.region) {
        throw ActionRefused(std::string("cannot ") + what +
                            ": no region is selected; select one with `region X1 Y1 Z1 X2 Y2 Z2` or the B and N keys");
    }
    return *selection_.region;
}

void Editor::after_edit(const EditReport& report, std::string done) {
    if (report.step_lost) {  // said on stderr too: a script's user must learn it (docs/scripting.md)
        const std::size_t older = report.steps_dropped - 1;
        const std::string text = "undo: this operation cannot be undone: its step alone needs " +
                                 std::to_string(report.step_bytes) + " bytes, over --undo-mib " +
                                 std::to_string(undo_mib_) +
                                 (older > 0 ? " (the " + counted(older, "older step") + " dropped too)" : "") +
                                 "; raise --undo-mib to undo operations this large";
        print_message("warning: " + text);
        say_(std::move(done) + "; " + text);
        return;
    }
    if (report.steps_dropped > 0) {
        done += "; undo dropped the " + counted(report.steps_dropped, "oldest step") + " to stay within --undo-mib " +
                std::to_string(undo_mib_);
    }
    say_(std::move(done));
}

namespace {
// " where the mask allows (mask: stone)" while a mask is set, else nothing.
std::string mask_note(const Mask& mask) { return mask.none() ? "" : " (mask: " + mask.describe() + ")"; }
}  // namespace

EditReport Editor::paint_region(const Region& r, const Pattern& pattern, EditKind kind, const std::string& what,
                                const std::function<bool(const BlockPos&)>& in) {
    end_stroke();  // an open stroke's dabs are one step before this one
    const uint64_t seed = session_.seed();
    const Mask mask = mask_;
    return session_.edit_region(
        r,
        [&](std::size_t i, BlockType old) {
            const BlockPos p = r.position_of(i);
            return in(p) && mask.allows(old) ? pattern.at(p, seed) : old;
        },
        kind, what);
}

void Editor::fill(const Pattern& pattern) {
    const Region& r = selected("fill");
    const EditReport report = paint_region(r, pattern, EditKind::kFill, "fill", [](const BlockPos&) { return true; });
    std::string done = "filled " + counted(r.cells(), "cell") + " with " + pattern.describe() + mask_note(mask_);
    if (report.cells != r.cells()) done += " (" + std::to_string(report.cells) + " changed)";
    after_edit(report, std::move(done));
}

void Editor::replace(BlockType from, const Pattern& to) {
    end_stroke();  // an open stroke's dabs are one step before this one
    const Region& r = selected("replace");
    const uint64_t seed = session_.seed();
    const EditReport report = session_.edit_region(
        r, [&](std::size_t i, BlockType old) { return old == from ? to.at(r.position_of(i), seed) : old; },
        EditKind::kReplace, "replace");
    after_edit(report,
               "replaced " + counted(report.cells, std::string(block_name(from)) + " cell") + " with " + to.describe());
}

void Editor::replace_targeted(BlockType to) {
    selected("replace");  // no region: that refusal first
    replace(target_for("cannot replace").type, to);
}

void Editor::copy() {
    const Region& r = selected("copy");
    session_.copy(r);
    say_("copied " + describe_size(r));
}

void Editor::paste(const BlockPos& origin) {
    end_stroke();  // an open stroke's dabs are one step before this one
    const EditReport report = session_.paste(origin, paste_air_, mask_);
    const glm::ivec3 c = session_.clipboard().size;
    after_edit(report, "pasted " + std::to_string(c.x) + " by " + std::to_string(c.y) + " by " + std::to_string(c.z) +
                           " at " + to_string(origin) + ": " + counted(report.cells, "cell") + " changed" +
                           (paste_air_ ? " (air too)" : " (air skipped)") + mask_note(mask_));
}

void Editor::set_paste_air(bool on) {
    paste_air_ = on;
    say_(on ? "paste air on: the clipboard's air overwrites" : "paste air off: the clipboard's air is skipped");
}

void Editor::rotate(int degrees) {
    session_.rotate(degrees / 90);
    const glm::ivec3 c = session_.clipboard().size;
    say_("turned the clipboard " + std::to_string(degrees) + " degrees: now " + std::to_string(c.x) + " by " +
         std::to_string(c.y) + " by " + std::to_string(c.z));
}

void Editor::flip(int axis) {
    session_.flip(axis);
    const char* names[] = {"x", "y", "z"};
    say_(std::string("flipped the clipboard along ") + names[axis]);
}

void Editor::clear_clipboard() {
    if (session_.clipboard().empty()) {
        say_("the clipboard is empty already");
        return;
    }
    session_.clear_clipboard();
    say_("clipboard cleared");
}

// [SECTION] building

void Editor::shape(ShapeKind kind, const Pattern& pattern, bool hollow) {
    const std::string name(kShapeNames.name(kind));
    const Region& r = selected(name.c_str());
    const EditReport report = paint_region(r, pattern, EditKind::kShape, name, [&](const BlockPos& p) {
        return hollow ? in_shell(kind, r, p) : in_shape(kind, r, p);
    });
    const glm::i64vec3 e = r.extent();
    after_edit(report, std::string(kShapeNames.name(kind)) + (hollow ? " (hollow)" : "") + " of " + pattern.describe() +
                           " in " + std::to_string(e.x) + " by " + std::to_string(e.y) + " by " + std::to_string(e.z) +
                           ": " + counted(report.cells, "cell") + " changed" + mask_note(mask_));
}

void Editor::walls(const Pattern& pattern) {
    const Region& r = selected("build walls");
    const EditReport report = paint_region(r, pattern, EditKind::kWalls, "build walls in",
                                           [&](const BlockPos& p) { return on_walls(r, p); });
    after_edit(report, "walls of " + pattern.describe() + " around " + describe_size(r) + ": " +
                           counted(report.cells, "cell") + " changed" + mask_note(mask_));
}

void Editor::hollow() {
    end_stroke();  // an open stroke's dabs are one step before this one
    const Region& r = selected("hollow");
    const EditReport report = session_.edit_region(
        r, [&](std::size_t i, BlockType old) { return inside_faces(r, r.position_of(i)) ? BlockType::kAir : old; },
        EditKind::kHollow, "hollow");
    after_edit(report, "hollowed " + describe_size(r) + ": " + counted(report.cells, "cell") + " cleared");
}

void Editor::clear_blocks() {
    end_stroke();  // an open stroke's dabs are one step before this one
    const Region& r = selected("clear the region's blocks");
    const EditReport report = session_.edit_region(
        r, [](std::size_t, BlockType) { return BlockType::kAir; }, EditKind::kClear, "clear");
    after_edit(report, "cleared the blocks of " + describe_size(r) + ": " + counted(report.cells, "cell") + " changed");
}

void Editor::move(const glm::ivec3& d) {
    end_stroke();  // an open stroke's dabs are one step before this one
    const Region r = selected("move");
    const EditReport report = session_.move(r, d);
    selection_ = {Region{r.min + d, r.max + d}, std::nullopt, std::nullopt};
    after_edit(report, "moved " + describe_size(r) + " by " + to_string(BlockPos(d)) + ": " +
                           counted(report.cells, "cell") + " changed; the region moved with it");
}

void Editor::stack(int copies, std::optional<glm::ivec3> dir) {
    end_stroke();  // an open stroke's dabs are one step before this one
    const Region& r = selected("stack");
    const glm::ivec3 step = dir ? *dir : direction_step(eye_direction());
    const std::optional<Direction> named = direction_of(step);
    if (!named) {
        throw ActionRefused("cannot stack along " + to_string(BlockPos(step)) +
                            ": the direction must be a unit step along one axis, as 1 0 0 or 0 -1 0");
    }
    const EditReport report = session_.stack(r, copies, step);
    after_edit(report, "stacked " + std::to_string(copies) + (copies == 1 ? " copy" : " copies") + " of " +
                           describe_size(r) + " " + std::string(kDirectionNames.name(*named)) + ": " +
                           counted(report.cells, "cell") + " changed");
}

void Editor::set_mask(const Mask& mask) {
    mask_ = mask;
    say_(mask.none() ? "mask off: edits change every cell"
                     : "mask " + mask.describe() +
                           ": fill, shapes, walls, "
                           "paste and the brush change "
                           "only these cells");
}

Direction Editor::eye_direction() const { return facing(eye_.forward()); }

void Editor::resize_region(Resize how, int n, std::optional<Direction> dir) {
    static constexpr const char* kVerb[] = {"expand", "contract", "shift"};
    const char* verb = kVerb[static_cast<int>(how)];
    const Region r = selected(verb);
    const Direction d = dir ? *dir : eye_direction();
    const Region next = how == Resize::kExpand     ? expanded(r, n, d)
                        : how == Resize::kContract ? contracted(r, n, d)
                                                   : shifted(r, n, d);
    check_region_bounds(next, verb);
    selection_ = {next, std::nullopt, std::nullopt};
    say_(std::string(how == Resize::kExpand     ? "expanded"
                     : how == Resize::kContract ? "contracted"
                                                : "shifted") +
         " the region " + std::to_string(n) + " " + std::string(kDirectionNames.name(d)) + ": " + describe_size(next) +
         " from " + to_string(next.min) + " to " + to_string(next.max));
}

void Editor::undo() {
    end_stroke();  // an open stroke's dabs are one step before this one
    const EditReport report = session_.undo();
    after_edit(report, "undid " + std::string(edit_kind_name(report.kind)) + " of " + counted(report.cells, "cell"));
}

void Editor::redo() {
    end_stroke();  // an open stroke's dabs are one step before this one
    const EditReport report = session_.redo();
    after_edit(report, "redid " + std::string(edit_kind_name(report.kind)) + " of " + counted(report.cells, "cell"));
}

void Editor::perform(const EditRequest& request) {
    using Op = EditRequest::Op;
    switch (request.op) {
        case Op::kFill: fill(request.block); break;
        case Op::kReplace: replace(request.from, request.block); break;
        case Op::kCopy: copy(); break;
        case Op::kPaste:
            // The empty clipboard is the real reason, whatever the crosshair meets.
            if (session_.clipboard().empty()) throw nothing_copied("paste");
            paste(paste_origin("cannot paste"));
            break;
        case Op::kRotate: rotate(request.degrees); break;
        case Op::kUndo: undo(); break;
        case Op::kRedo: redo(); break;
        case Op::kClearRegion: clear_region(); break;
        case Op::kPasteAir: set_paste_air(request.paste_air); break;
        case Op::kShape: shape(request.shape, Pattern(request.block), request.hollow); break;
        case Op::kWalls: walls(Pattern(request.block)); break;
        case Op::kHollow: hollow(); break;
        case Op::kClearBlocks: clear_blocks(); break;
        case Op::kStack: stack(1, std::nullopt); break;
        case Op::kMove: move(direction_step(eye_direction())); break;
        case Op::kFlip: flip(request.axis); break;
        case Op::kExpand: resize_region(Resize::kExpand, 1, std::nullopt); break;
        case Op::kContract: resize_region(Resize::kContract, 1, std::nullopt); break;
        case Op::kShift: resize_region(Resize::kShift, 1, std::nullopt); break;
        case Op::kMask: set_mask(Mask::parse(block_name(request.from))); break;
        case Op::kMaskOff: set_mask(Mask{}); break;
        case Op::kClearClipboard: clear_clipboard(); break;
        case Op::kBrush: set_brush(Brush{request.brush, (brush_ ? *brush_ : last_brush_).radius}); break;
        case Op::kBrushOff: set_brush(std::nullopt); break;
        case Op::kBrushRadius: change_brush_radius(request.step); break;
        case Op::kSymmetry: set_symmetry(request.axis < 0 ? std::nullopt : std::optional<int>(request.axis)); break;
    }
}

void Editor::choose_block(BlockType type) {
    hotbar_.set_block(hotbar_.selected(), type);
    say_("hotbar slot " + std::to_string(hotbar_.selected() + 1) + ": " + std::string(block_name(type)));
}

void Editor::expect(const BlockPos& p, BlockType type) const {
    const std::optional<BlockType> held = session_.world().block_at(p);
    if (!held) {
        throw ActionRefused("expect: the cell " + to_string(p) + " cannot be read: " +
                            (block_y_in_world(p.y) ? "its chunk is not loaded (move the camera near it first)"
                                                   : "it is below the world (y -64..319)"));
    }
    if (*held != type) {
        throw ActionRefused("expect: the cell " + to_string(p) + " holds " + std::string(block_name(*held)) + ", not " +
                            std::string(block_name(type)));
    }
}

}  // namespace slotcraft
