#pragma once
// The editor: what a user does to the cells, from a script line, a key, a click or the Edit
// panel alike. Break, place and pick at the crosshair; single cells; the selection (script
// `region`, keys B and N) and its operations (fill, replace, copy, paste, rotate); undo and
// redo; the `expect` oracle; and the messages these produce. Every change goes through the
// WorldSession. No GLFW, no GL, no ImGui: unit-tested (tests/edit/editor_test.cpp).
#include <functional>
#include <optional>
#include <string>

#include "edit/camera.hpp"
#include "edit/edit_request.hpp"
#include "edit/hotbar.hpp"
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
    // world (not only within reach); both set make the region.
    void set_corner(bool first);
    // The corner set with B or N while the other is not yet (no region): the world marks it.
    std::optional<BlockPos> lone_corner() const;
    // The region key and `region none`: no region (and no corners) any more.
    void clear_region();
    void fill(BlockType type);
    void replace(BlockType from, BlockType to);
    // The replace key: the region's cells of the targeted block's type become `to`.
    void replace_targeted(BlockType to);
    void copy();
    void paste(const BlockPos& origin);
    // The paste-air switch: off (the default), the clipboard's air keeps what is under it.
    void set_paste_air(bool on);
    bool paste_air() const { return paste_air_; }
    void rotate(int degrees);  // 90, 180 or 270, clockwise seen from above
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
    Selection selection_;
    bool paste_air_ = false;
};

}  // namespace slotcraft
