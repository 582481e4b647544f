// The editor's brush, strokes and symmetry (editor.hpp "the brush and symmetry"; the rules of
// a dab's cells are in build_rules.hpp).
#include <algorithm>
#include <cstdio>
#include <string>

#include "edit/editor.hpp"
#include "edit/world_session.hpp"
#include "world/counted.hpp"

namespace slotcraft {

void Editor::toggle_brush() { set_brush(brush_ ? std::nullopt : std::optional<Brush>(last_brush_)); }

void Editor::change_brush_radius(int step) {
    Brush b = brush_.value_or(last_brush_);
    b.radius = std::clamp(b.radius + step, 0, kMaxBrushRadius);
    set_brush(b);
}

std::string Editor::describe_brush() const {
    if (!brush_) return "off";
    return std::string(kBrushNames.name(brush_->kind)) + " r " + std::to_string(brush_->radius);
}

void Editor::set_brush(const std::optional<Brush>& brush) {
    brush_ = brush;
    if (brush) last_brush_ = *brush;
    if (!brush) {
        say_("brush off: clicks break and place single blocks");
        return;
    }
    say_("brush " + std::string(kBrushNames.name(brush->kind)) + " r " + std::to_string(brush->radius) +
         (brush->kind == BrushKind::kSmooth ? ": a click levels the ground under the crosshair"
                                            : ": right click paints, left click digs; drag for a stroke"));
}

void Editor::set_symmetry(std::optional<int> axis) {
    if (axis) selected("set symmetry (its mirror plane goes through the region's centre)");
    symmetry_ = axis;
    if (!axis) {
        say_("symmetry off");
        return;
    }
    const Region& r = *selection_.region;
    char centre[32];
    std::snprintf(centre, sizeof centre, "%.1f", (double(r.min[*axis]) + double(r.max[*axis]) + 1.0) / 2.0);
    say_(std::string("symmetry ") + (*axis == 0 ? "x" : "z") + ": edits and brush dabs repeat mirrored across " +
         (*axis == 0 ? "x" : "z") + " = " + centre);
}

std::optional<BlockPos> Editor::mirrored(const BlockPos& p) const {
    if (!symmetry_ || !selection_.region) return std::nullopt;
    const Region& r = *selection_.region;
    BlockPos m = p;
    m[*symmetry_] = r.min[*symmetry_] + r.max[*symmetry_] - p[*symmetry_];
    if (m == p) return std::nullopt;  // on the plane: one edit
    return m;
}

void Editor::begin_stroke() {
    if (stroke_.open) return;
    stroke_ = Stroke{};
    stroke_.open = true;
    stroke_.first_serial = session_.next_step_serial();
}

void Editor::press_brush(bool paint, const Pattern& pattern) {
    begin_stroke();
    stroke_.dragging = true;
    stroke_.paint = paint;
    dab(paint, pattern);
}

void Editor::drag_brush(const Pattern& pattern) {
    if (!stroke_.dragging || !brush_) return;
    if (eye_.position == stroke_.eye && eye_.yaw == stroke_.yaw && eye_.pitch == stroke_.pitch) return;
    const std::optional<BlockPos> at = brush_target(stroke_.paint);
    if (!at || at == stroke_.last) return;  // the sky, or the same cell: nothing new to paint
    dab_centred(*at, stroke_.paint, pattern);
}

void Editor::release_brush() {
    if (stroke_.dragging) end_stroke();
}

namespace {
// What a stroke's merge could not do, said after it ("" when it did all).
std::string merge_note(const EditJournal::Merge& m, int undo_mib) {
    std::string note;
    if (m.steps >= 2 && !m.merged) {
        note += "; its cells span a box over " + std::to_string(kMaxRegionCells) + " cells, so it stays " +
                std::to_string(m.steps) + " undo steps";
    }
    if (m.dropped > 0) {
        note += "; undo dropped the " + counted(m.dropped, "oldest step") + " to stay within --undo-mib " +
                std::to_string(undo_mib);
    }
    return note;
}
}  // namespace

void Editor::end_stroke() {
    if (!stroke_.open) return;
    const Stroke done = stroke_;
    stroke_ = {};
    if (done.dabs == 0 && session_.next_step_serial() == done.first_serial) return;
    const EditJournal::Merge m = session_.merge_steps_since(done.first_serial, done.dabs > 0
                                                                                   ? EditKind::kBrush
                                                                                   : session_.last_edit().kind);
    const std::string note = merge_note(m, undo_mib_);
    if (done.dabs > 0) {
        say_("brush stroke: " + counted(done.dabs, "dab") + ", " + counted(done.cells, "cell") + " changed" + note);
    } else if (!note.empty()) {
        say_("stroke" + note);
    }
}

std::optional<BlockPos> Editor::brush_target(bool paint) const {
    const std::optional<RayHit> hit = far_crosshair_hit();
    if (!hit) return std::nullopt;
    return paint && brush_ && brush_->kind != BrushKind::kSmooth ? hit->place : hit->block;
}

void Editor::dab(bool paint, const Pattern& pattern) {
    const std::optional<BlockPos> centre = brush_target(paint);
    if (!centre) {
        throw ActionRefused("cannot paint: no block under the crosshair within the loaded world (" +
                            std::to_string(static_cast<int>(far_reach())) + " blocks)");
    }
    dab_centred(*centre, paint, pattern);
}

void Editor::dab_centred(const BlockPos& centre, bool paint, const Pattern& pattern) {
    const bool own = !stroke_.open;
    if (own) begin_stroke();
    stroke_.last = centre;
    stroke_.eye = eye_.position;
    stroke_.yaw = eye_.yaw;
    stroke_.pitch = eye_.pitch;
    try {
        stroke_.cells += dab_at(centre, paint, pattern);
    } catch (const Refused&) {
        if (own) end_stroke();  // a stroke of its own never stays open
        throw;
    }
    ++stroke_.dabs;
    if (const std::optional<BlockPos> m = mirrored(centre)) {
        try {
            stroke_.cells += dab_at(*m, paint, pattern);
        } catch (const Refused& e) {  // the dab stands; the user learns why its image does not
            say_("the mirror image of the dab at " + to_string(*m) + " was not painted: " + e.what());
        }
    }
    if (own) end_stroke();
}

namespace {

// The (2r + 3)^2 columns around c (x fastest): the top firm cell of each within c.y - r - 1 ..
// c.y + r, else c.y - r - 2 (none: below the reach). `cells` holds the box `reach` in region order.
std::vector<int> column_heights(const std::vector<BlockType>& cells, const Region& reach) {
    const glm::i64vec3 e = reach.extent();
    std::vector<int> heights(static_cast<std::size_t>(e.x * e.z), reach.min.y - 1);
    for (int z = 0; z < e.z; ++z)
        for (int x = 0; x < e.x; ++x)
            for (int y = static_cast<int>(e.y) - 1; y >= 0; --y) {
                if (is_firm(cells[reach.index_of(reach.min + glm::ivec3(x, y, z))])) {
                    heights[static_cast<std::size_t>(z * e.x + x)] = reach.min.y + y;
                    break;
                }
            }
    return heights;
}

}  // namespace

std::size_t Editor::dab_at(const BlockPos& c, bool paint, const Pattern& pattern) {
    const int r = brush_->radius;
    const int lo = std::max(c.y - r, kMinBlockY), hi = std::min(c.y + r, kWorldTop - 1);
    const Region box{{c.x - r, lo, c.z - r}, {c.x + r, hi, c.z + r}};
    const uint64_t seed = session_.seed();
    const Mask mask = mask_;
    if (brush_->kind != BrushKind::kSmooth) {
        const BrushKind kind = brush_->kind;
        return session_
            .edit_region(
                box,
                [&](std::size_t i, BlockType old) {
                    const BlockPos p = box.position_of(i);
                    if (!in_brush(kind, r, p - c) || !mask.allows(old)) return old;
                    return paint ? pattern.at(p, seed) : BlockType::kAir;
                },
                EditKind::kBrush, "paint")
            .cells;
    }
    // Smooth: the heights of the columns (and a ring of one around them, for the means), then
    // each column of the disc raised with its top block or cut down with air to its new height.
    const Region reach{{c.x - r - 1, std::max(lo - 1, kMinBlockY), c.z - r - 1}, {c.x + r + 1, hi, c.z + r + 1}};
    const std::vector<BlockType> cells = session_.world().read_region(reach, "smooth");
    const std::vector<int> before = column_heights(cells, reach);
    const std::vector<int> after = smoothed_heights(before, r, reach.min.y - 1);
    const int n = 2 * r + 3;
    return session_
        .edit_region(
            box,
            [&](std::size_t i, BlockType old) {
                const BlockPos p = box.position_of(i);
                const int gx = p.x - reach.min.x, gz = p.z - reach.min.z;
                const int h0 = before[static_cast<std::size_t>(gz * n + gx)];
                const int h1 = after[static_cast<std::size_t>(gz * n + gx)];
                if (!mask.allows(old) || h0 < reach.min.y) return old;  // no ground in reach: as it is
                if (p.y > h1 && p.y <= h0) return BlockType::kAir;      // cut down
                if (p.y <= h1 && p.y > h0) return cells[reach.index_of({p.x, h0, p.z})];  // raised: its top block
                return old;
            },
            EditKind::kBrush, "smooth")
        .cells;
}

void Editor::edit_with_mirror(const BlockPos& cell, BlockType type, Action action) {
    const EditKind kind = action == Action::kBreak ? EditKind::kBreak : EditKind::kPlace;
    const std::optional<BlockPos> m = mirrored(cell);
    if (!m) {
        session_.edit(cell, type, kind);
        return;
    }
    // The cell and its mirror image: one undo step.
    const uint64_t since = session_.next_step_serial();
    session_.edit(cell, type, kind);
    const BlockType mirrored_type = action == Action::kBreak ? session_.world().left_after_break(*m) : type;
    try {
        if (action == Action::kPlace && is_firm(mirrored_type) && player_.overlaps_block(*m)) {
            throw ActionRefused("it would be inside the player");
        }
        session_.edit(*m, mirrored_type, kind);
    } catch (const Refused& e) {  // the edit stands; the user learns why its image does not
        say_("the mirror image at " + to_string(*m) + " was not changed: " + e.what());
    }
    session_.merge_steps_since(since, kind);  // two single cells: their box always fits
}

}  // namespace slotcraft
