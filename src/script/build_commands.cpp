// The building commands of the script table (docs/scripting.md "Building"): shapes, walls,
// hollow, clear, masks, move, stack, flip, the clipboard, and growing, shrinking and
// shifting the region. Their entries join the one table in script.cpp (script_commands).
#include "script/build_commands.hpp"

#include <cassert>
#include <cmath>

#include "edit/build_rules.hpp"
#include "edit/editor.hpp"

namespace slotcraft {

namespace {

using enum ArgKind;

Editor& editor(ScriptContext& ctx) {
    assert(ctx.editor && "ScriptContext: the building commands need the editor");
    return *ctx.editor;
}

int whole(const ScriptCommand& cmd, std::size_t i) { return static_cast<int>(cmd.number(i)); }

std::optional<Direction> direction_arg(const ScriptCommand& cmd, std::size_t i) {
    if (cmd.args.size() <= i) return std::nullopt;
    return kDirectionNames.parse(cmd.arg(i));  // checked by the parser
}

ScriptWait run_shape(const ScriptCommand& cmd, ScriptContext& ctx) {
    editor(ctx).shape(*kShapeNames.parse(cmd.arg(0)), Pattern::parse(cmd.arg(1)), cmd.args.size() == 3);
    return {};
}

ScriptWait run_walls(const ScriptCommand& cmd, ScriptContext& ctx) {
    editor(ctx).walls(Pattern::parse(cmd.arg(0)));
    return {};
}

ScriptWait run_hollow(const ScriptCommand&, ScriptContext& ctx) {
    editor(ctx).hollow();
    return {};
}

ScriptWait run_clear(const ScriptCommand&, ScriptContext& ctx) {
    editor(ctx).clear_blocks();
    return {};
}

ScriptWait run_mask(const ScriptCommand& cmd, ScriptContext& ctx) {
    editor(ctx).set_mask(Mask::parse(cmd.arg(0)));
    return {};
}

ScriptWait run_move(const ScriptCommand& cmd, ScriptContext& ctx) {
    editor(ctx).move({whole(cmd, 0), whole(cmd, 1), whole(cmd, 2)});
    return {};
}

ScriptWait run_stack(const ScriptCommand& cmd, ScriptContext& ctx) {
    std::optional<glm::ivec3> dir;
    if (cmd.args.size() == 4) dir = glm::ivec3(whole(cmd, 1), whole(cmd, 2), whole(cmd, 3));
    editor(ctx).stack(whole(cmd, 0), dir);
    return {};
}

ScriptWait run_flip(const ScriptCommand& cmd, ScriptContext& ctx) {
    editor(ctx).flip(cmd.arg(0)[0] - 'x');  // the parser checked x|y|z
    return {};
}

ScriptWait run_clipboard(const ScriptCommand&, ScriptContext& ctx) {
    editor(ctx).clear_clipboard();  // the one form: clipboard clear
    return {};
}

ScriptWait run_brush(const ScriptCommand& cmd, ScriptContext& ctx) {
    if (cmd.args.size() == 1) {
        editor(ctx).set_brush(std::nullopt);  // brush off
    } else {
        editor(ctx).set_brush(Brush{*kBrushNames.parse(cmd.arg(0)), whole(cmd, 0)});
    }
    return {};
}

ScriptWait run_symmetry(const ScriptCommand& cmd, ScriptContext& ctx) {
    const std::string& a = cmd.arg(0);
    editor(ctx).set_symmetry(a == "off" ? std::nullopt : std::optional<int>(a == "x" ? 0 : 2));
    return {};
}

ScriptWait run_stroke(const ScriptCommand& cmd, ScriptContext& ctx) {
    if (cmd.arg(0) == "begin") {
        editor(ctx).begin_stroke();
    } else {
        editor(ctx).end_stroke();
    }
    return {};
}

ScriptWait run_paste_preview(const ScriptCommand& cmd, ScriptContext& ctx) {
    editor(ctx).set_paste_preview(cmd.arg(0) == "on");
    return {};
}

template <Editor::Resize How>
ScriptWait run_resize_region(const ScriptCommand& cmd, ScriptContext& ctx) {
    editor(ctx).resize_region(How, whole(cmd, 0), direction_arg(cmd, 1));
    return {};
}

// `move` and `stack` steps are whole numbers of cells.
void check_whole_steps(const ScriptCommand& cmd) {
    for (std::size_t i = 0; i < cmd.numbers.size(); ++i) {
        if (cmd.numbers[i] != std::floor(cmd.numbers[i])) {
            throw ScriptError(cmd.line, "'" + cmd.verb + "' argument " + std::to_string(i + 1) +
                                            " needs a whole number of cells (usage: " + cmd.spec->help + ")");
        }
    }
}

void check_stack(const ScriptCommand& cmd) {
    check_whole_steps(cmd);
    if (cmd.numbers.size() == 4 && !direction_of({whole(cmd, 1), whole(cmd, 2), whole(cmd, 3)}).has_value()) {
        throw ScriptError(cmd.line,
                          "'stack' needs DX DY DZ to be a unit step along one axis, as 1 0 0 or 0 -1 0 (usage: " +
                              cmd.spec->help + ")");
    }
}

}  // namespace

std::vector<ScriptCommandSpec> build_commands() {
    const std::string shapes = kShapeNames.choices();
    const std::string dirs = kDirectionNames.choices();
    const ScriptArg count = ScriptArg::whole("cells", 1, 1 << 24);
    const ScriptArg copies = ScriptArg::whole("copies", 1, 4096);
    // expand, contract and shift: N, and a direction or the eye's.
    const auto resize = [&](const char* verb, const std::string& what, ScriptCommandSpec::Handler run) {
        return ScriptCommandSpec{verb, {count}, std::string(verb) + " N [" + dirs + "]: " + what,
                                 run,  nullptr, {count, ScriptArg::one_of(dirs)}};
    };
    return {
        {"shape",
         {ScriptArg::one_of(shapes), kPattern},
         "shape " + shapes +
             " PATTERN [hollow]: the ellipsoid, upright cylinder or pyramid inscribed in the region, solid or its "
             "one-block shell",
         run_shape,
         nullptr,
         {ScriptArg::one_of(shapes), kPattern, ScriptArg::one_of("hollow")}},
        {"walls", {kPattern}, "walls PATTERN: the region's four upright sides", run_walls},
        {"hollow", {}, "hollow: the region's inside (off its six faces) becomes air", run_hollow},
        {"clear", {}, "clear: the region's blocks become air (the region stays selected)", run_clear},
        {"mask",
         {kMask},
         "mask BLOCK[,BLOCK...]|air|solid|none: fill, shape, walls, paste and the brush change only cells holding "
         "these now",
         run_mask},
        {"move",
         {kCoordinate, kCoordinate, kCoordinate},
         "move DX DY DZ: the region's blocks (air too) move by whole cells, air left behind; the region moves too",
         run_move,
         check_whole_steps},
        {"stack",
         {copies},
         "stack N [DX DY DZ]: N copies of the region's blocks beyond it along a unit step (by default the way the "
         "eye faces most)",
         run_stack,
         check_stack,
         {copies, kCoordinate, kCoordinate, kCoordinate}},
        {"flip", {ScriptArg::one_of("x|y|z")}, "flip x|y|z: mirror the clipboard along an axis", run_flip},
        {"clipboard", {ScriptArg::one_of("clear")}, "clipboard clear: empty the clipboard", run_clipboard},
        {"paste-preview",
         {ScriptArg::one_of("on|off")},
         "paste-preview on|off: show or hide the clipboard's ghost at the crosshair (the paste_preview key)",
         run_paste_preview},
        {"brush",
         {ScriptArg::one_of(kBrushNames.choices()), ScriptArg::whole("blocks", 0, kMaxBrushRadius)},
         "brush sphere|cube|smooth R | brush off: with a brush on, place BLOCK paints a dab of radius R at the "
         "crosshair, break digs one (smooth levels the ground under it)",
         run_brush,
         nullptr,
         {ScriptArg::one_of("off")}},
        {"stroke",
         {ScriptArg::one_of("begin|end")},
         "stroke begin|end: every place, break and dab between them is one undo step (a held mouse button's stroke)",
         run_stroke},
        {"symmetry",
         {ScriptArg::one_of("x|z|off")},
         "symmetry x|z|off: placed and broken blocks and brush dabs repeat mirrored across the region's centre",
         run_symmetry},
        resize("expand", "grow the region N cells that way (by default the way the eye faces most)",
               run_resize_region<Editor::Resize::kExpand>),
        resize("contract", "shrink the region N cells that way: its face away from that way moves in (as WorldEdit)",
               run_resize_region<Editor::Resize::kContract>),
        resize("shift", "move the region (not its blocks) N cells that way", run_resize_region<Editor::Resize::kShift>),
    };
}

}  // namespace slotcraft
