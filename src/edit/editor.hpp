#pragma once
// The editor: what a user does to the cells, from a script line, a key, a click or the Edit
// panel alike. Break, place and pick at the crosshair; single cells; the selection (script
// `region`, keys B and N) and its operations (fill, replace, copy, paste, rotate); undo and
// redo; the `expect` oracle; and the messages these produce. Every change goes through the
// WorldSession. No GLFW, no GL, no ImGui: unit-tested (tests/edit/editor_test.cpp).
#include <functional>
#include <glm/glm.hpp>
#include <optional>
#include <string>

#include "edit/build_rules.hpp"
#include "edit/camera.hpp"
#include "edit/edit_request.hpp"
#include "edit/hotbar.hpp"
#include "world/edit_journal.hpp"
#include "world/player.hpp"
#include "world/raycast.hpp"
#include "world/refused.hpp"
#include "world/region.hpp"

namespace slotcraft {

class WorldSession;
struct EditReport;

// A user action or script command that cannot be carried out here and now (nothing
// targeted, a block inside the player, no region selected, a folder that cannot be written):
// the message says why. One of the Refused family (docs/errors.md).
struct ActionRefused : Refused {
    using Refused::Refused;
};

// The break, place and pick actions the mouse and the script share.
enum class Action { kBreak, kPlace, kPick };

// Every method that cannot do what it was asked throws a Refused (world/refused.hpp) whose
// message is complete, having changed nothing; the caller shows it (keys, the Edit panel) or
// stops the script at its line.
class Editor {
public:
    // Where a message for the user goes (the HUD's message line; a list in tests).
    using Say = std::function<void(std::string)>;
    // The eye the crosshair ray starts from, the player's body (no block is placed inside
    // it) and the hotbar a pick fills belong to the controls; they outlive the editor.
    // undo_mib: the journal's budget (--undo-mib), named when old steps are dropped.
    Editor(WorldSession& session, const Camera& eye, const Player& player, Hotbar& hotbar, int undo_mib, Say say);

    // The block under the crosshair within reach (kPickReach), if any.
    std::optional<RayHit> crosshair_hit() const;
    // The first solid block under the crosshair within the loaded world (far_reach()), if any:
    // where B and N set corners and Ctrl+V pastes.
    std::optional<RayHit> far_crosshair_hit() const;
    double far_reach() const;
    // Where Ctrl+V (and the paste preview) puts the clipboard's minimum corner: the cell in
    // front of the far target's face; refuses naming `what` when there is none.
    BlockPos paste_origin(const char* what) const;
    // Break, place (with `type`) or pick at the crosshair: one code path for the mouse and the script.
    void act(Action action, std::optional<BlockType> type);
    // One cell (script `set`).
    void set_block(const BlockPos& p, BlockType type);

    // [SECTION] the selection and its operations (docs/scripting.md "Region editing")
    void set_region(const std::optional<Region>& region);  // nullopt: none
    const std::optional<Region>& region() const { return selection_.region; }
    // B and N: a corner at the first solid block along the crosshair's ray within the loaded
    // world (not only within reach), or in the air at the pick reach when the ray meets none;
    // Shift+B and Shift+N: at the player's feet. Both set make the region.
    enum class CornerAt { kCrosshair, kFeet };
    void set_corner(bool first, CornerAt at = CornerAt::kCrosshair);
    // The paste preview (the clipboard's ghost at the crosshair): the `paste_preview` key and
    // `paste-preview on|off` hide and show it.
    void set_paste_preview(bool on);
    bool paste_preview() const { return paste_preview_; }
    // The corner set with B or N while the other is not yet (no region): the world marks it.
    std::optional<BlockPos> lone_corner() const;
    // The region key and `region none`: no region (and no corners) any more.
    void clear_region();
    void fill(BlockType type) { fill(Pattern(type)); }
    // Every cell of the region the mask allows gets the pattern's block.
    void fill(const Pattern& pattern);
    void replace(BlockType from, BlockType to) { replace(from, Pattern(to)); }
    // Every `from` cell of the region gets the pattern's block.
    void replace(BlockType from, const Pattern& to);
    // The replace key: the region's cells of the targeted block's type become `to`.
    void replace_targeted(BlockType to);
    void copy();
    void paste(const BlockPos& origin);
    // The paste-air switch: off (the default), the clipboard's air keeps what is under it.
    void set_paste_air(bool on);
    bool paste_air() const { return paste_air_; }
    void rotate(int degrees);  // 90, 180 or 270, clockwise seen from above
    void flip(int axis);       // 0 x, 1 y, 2 z: mirrors the clipboard
    void clear_clipboard();    // `clipboard clear`

    // [SECTION] building (docs/scripting.md "Building"): patterns, masks, shapes, move, stack
    // The shape inscribed in the region (build_rules.hpp), solid or its one-block shell,
    // with the pattern, where the mask allows.
    void shape(ShapeKind kind, const Pattern& pattern, bool hollow);
    // The region's four upright sides with the pattern, where the mask allows.
    void walls(const Pattern& pattern);
    // The region's inside (off its six faces) becomes air.
    void hollow();
    // The region's blocks become air (the clear key; unlike `fill air`, the mask does not apply).
    void clear_blocks();
    // The region's blocks move by d (air left behind); the region moves with them.
    void move(const glm::ivec3& d);
    // `copies` copies of the region's blocks beyond it along `dir` (a unit step), by default
    // the direction the eye faces most.
    void stack(int copies, std::optional<glm::ivec3> dir);
    // The mask of fill, shape, walls, paste and the brush (none: every cell).
    void set_mask(const Mask& mask);
    const Mask& mask() const { return mask_; }
    // The region grows, shrinks or moves by n cells toward `dir` (by default the direction
    // the eye faces most), as WorldEdit's //expand, //contract and //shift.
    enum class Resize { kExpand, kContract, kShift };
    void resize_region(Resize how, int n, std::optional<Direction> dir);
    // The direction the eye faces most (build_rules.hpp facing()).
    Direction eye_direction() const;

    // [SECTION] the brush and symmetry (brush.cpp; docs/scripting.md "Brushes")
    // With a brush on, break and place paint a dab of it at the crosshair: place paints the
    // pattern (the hotbar block, or the script's BLOCK), break digs (air); `smooth` levels the
    // ground under it instead. nullopt: off.
    void set_brush(const std::optional<Brush>& brush);
    const std::optional<Brush>& brush() const { return brush_; }
    // What the brush key turns on: the brush as it last was (a sphere of radius 2 at first).
    const Brush& last_brush() const { return last_brush_; }
    // The brush key: off, or on again as it last was (a sphere of radius 2 at first).
    void toggle_brush();
    // The Edit panel's radius buttons: the brush's radius by `step`, within 0..kMaxBrushRadius.
    void change_brush_radius(int step);
    // "sphere r 2", or "off".
    std::string describe_brush() const;
    // A stroke (the mouse button's press to its release): every dab and mirrored edit between
    // begin and end is one undo step. act() makes a stroke of its own when none is open.
    // Undo, redo and the region operations end an open stroke first (its dabs so far are one
    // step before theirs).
    void begin_stroke();
    void end_stroke();
    bool in_stroke() const { return stroke_.open; }
    // One dab of the brush at the crosshair (and at its mirror image), within a stroke; `paint`
    // with `pattern`, else dig. Refuses when nothing is in reach.
    void dab(bool paint, const Pattern& pattern);
    // The mouse's stroke with a brush on: the press dabs once (paint: the right button), each
    // frame's drag dabs again when the eye moved or turned and the crosshair meets another
    // cell (held still, a dab's own blocks would be painted over and over), the release ends
    // the stroke (one undo step).
    void press_brush(bool paint, const Pattern& pattern);
    void drag_brush(const Pattern& pattern);
    void release_brush();
    // Where the brush lands now (for the outline): the dab's centre, if the crosshair meets a block.
    std::optional<BlockPos> brush_target(bool paint) const;
    // A mirror plane through the region's centre, across x (0) or z (2), or none: placed and
    // broken blocks and brush dabs repeat on its other side. Refuses without a region.
    void set_symmetry(std::optional<int> axis);
    std::optional<int> symmetry() const { return symmetry_; }
    void undo();
    void redo();
    // The Edit panel's buttons and the Ctrl keys (copy says what it copied; paste goes in
    // front of the targeted face).
    void perform(const EditRequest& request);
    // The block picker's click (and script `picker BLOCK`): `type` into the selected hotbar slot.
    void choose_block(BlockType type);
    // Refuses unless cell p is loaded and holds `type` (script `expect`).
    void expect(const BlockPos& p, BlockType type) const;

private:
    // The middle click picks water when the crosshair meets water before the targeted block
    // (the pick ray passes through water, so it is never the target itself).
    bool picks_water(const std::optional<RayHit>& hit) const;
    static ActionRefused nothing_in_reach(const char* what);
    // The targeted block, or a refusal saying that nothing is in reach to `what`.
    RayHit target_for(const char* what) const;
    // The same as far as the view (corners, paste), or a refusal saying so to `what`.
    RayHit far_target_for(const char* what) const;
    // The region an operation works on; refuses naming `what` when none is set.
    const Region& selected(const char* what) const;
    // After an edit operation: says `done` (one line with its size), and when the journal
    // dropped old steps, that too.
    void after_edit(const EditReport& report, std::string done);

    WorldSession& session_;
    const Camera& eye_;
    const Player& player_;
    Hotbar& hotbar_;
    int undo_mib_;
    Say say_;
    struct Selection {
        std::optional<Region> region;
        std::optional<BlockPos> corner_one;  // set with B
        std::optional<BlockPos> corner_two;  // set with N; both set: the region
    };
    // One batch over r: the cells `in` says and the mask allows get the pattern's block.
    EditReport paint_region(const Region& r, const Pattern& pattern, EditKind kind, const std::string& what,
                            const std::function<bool(const BlockPos&)>& in);
    // The cells mirrored across the symmetry plane (p itself when symmetry is off).
    std::optional<BlockPos> mirrored(const BlockPos& p) const;
    // dab() once its centre is known (the drag found it already): the dab, its mirror image,
    // the stroke's figures.
    void dab_centred(const BlockPos& centre, bool paint, const Pattern& pattern);
    // One dab's cells centred on `c` (brush.cpp).
    std::size_t dab_at(const BlockPos& c, bool paint, const Pattern& pattern);
    void edit_with_mirror(const BlockPos& cell, BlockType type, Action action);

    Selection selection_;
    bool paste_air_ = false;
    bool paste_preview_ = true;
    Mask mask_;
    std::optional<Brush> brush_;
    Brush last_brush_;  // what the brush key turns on
    std::optional<int> symmetry_;
    struct Stroke {
        bool open = false;
        uint64_t first_serial = 0;  // WorldSession::next_step_serial() at its start
        std::size_t cells = 0, dabs = 0;
        bool dragging = false, paint = false;  // a mouse stroke, and which button
        std::optional<BlockPos> last;          // the last dab's centre
        glm::dvec3 eye{0.0};                   // and the eye's place and turn then:
        double yaw = 0.0, pitch = 0.0;         // a still crosshair paints nothing more
    };
    Stroke stroke_;
};

}  // namespace slotcraft
