// Script parsing and the ONE table of script commands: words, checks, help and handler.
#include "script/script.hpp"

#include "io/user_file.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "edit/build_rules.hpp"
#include "edit/import_export.hpp"
#include "script/build_commands.hpp"
#include "formats/format_error.hpp"  // with_commas: the one digit grouping of messages
#include "config/settings.hpp"
#include "config/user_actions.hpp"
#include "edit/editor.hpp"
#include "config/options.hpp"
#include "ui/overlay.hpp"

namespace slotcraft {

namespace {

using enum ArgKind;

int to_int(double v) { return static_cast<int>(std::floor(v)); }

std::string block_list() {
    std::string out;
    for (int i = 0; i < kBlockTypeCount; ++i) {
        if (i) out += ' ';
        out += block_name(static_cast<BlockType>(i));
    }
    return out;
}

// [SECTION] handlers, one per command: each drives the parts in the context.

// The part a handler drives, asserted present (a test's context holds only what it runs).
template <typename Part>
Part& part(Part* p) {
    assert(p && "ScriptContext: this command's part is missing from the context");
    return *p;
}

BlockPos cell(const ScriptCommand& cmd, size_t first) {
    return {to_int(cmd.number(first)), to_int(cmd.number(first + 1)), to_int(cmd.number(first + 2))};
}

BlockType block_arg(const ScriptCommand& cmd, size_t i) {
    return *block_from_name(cmd.arg(i));
}  // checked by the parser

ScriptWait run_wait(const ScriptCommand& cmd, ScriptContext&) { return {static_cast<int64_t>(cmd.number(0)), false}; }

ScriptWait run_camera(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.controls).move_eye({cmd.number(0), cmd.number(1), cmd.number(2)}, cmd.number(3), cmd.number(4));
    part(ctx.loop).eye_moved();
    return {0, true};
}

ScriptWait run_settle(const ScriptCommand&, ScriptContext&) { return {0, true}; }

ScriptWait run_screenshot(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.loop).capture_next_frame(cmd.arg(0), cmd.line);
    return {1, false};
}

ScriptWait run_stats(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.loop).write_stats(cmd.arg(0));
    return {};
}

ScriptWait run_overlay(const ScriptCommand& cmd, ScriptContext& ctx) {
    // ImGui measures an auto-sized window on its first frame and shows it from the second;
    // the layout folds what does not fit once it knows the panels' heights (third frame),
    // and the folds show on the fourth: render four frames so the next screenshot shows the
    // panels as a user would.
    ScriptLoop& loop = part(ctx.loop);
    const bool on = cmd.arg(0) == "on";
    const bool newly_shown = on && !loop.overlay_shown();
    loop.show_overlay(on);
    return {newly_shown ? 4 : 0, false};
}

ScriptWait run_quit(const ScriptCommand&, ScriptContext&) { return {0, false, true}; }

ScriptWait run_set(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).set_block(cell(cmd, 0), block_arg(cmd, 3));
    return {};
}

ScriptWait run_verify(const ScriptCommand&, ScriptContext& ctx) {
    part(ctx.loop).verify();
    return {};
}

ScriptWait run_daylight(const ScriptCommand& cmd, ScriptContext& ctx) {
    OverlayActions change;  // one view setting, as the overlay would change it
    change.daylight = cmd.number(0);
    part(ctx.loop).apply_view(change);
    return {};
}

ScriptWait run_far_distance(const ScriptCommand& cmd, ScriptContext& ctx) {
    OverlayActions change;  // as the World panel's far slider would change it
    change.far_distance = static_cast<int>(cmd.number(0));
    part(ctx.loop).apply_view(change);
    return {};
}

ScriptWait run_cull(const ScriptCommand& cmd, ScriptContext& ctx) {
    OverlayActions change;  // one view setting, as the overlay would change it
    change.cull_frozen = cmd.arg(0) == "freeze";
    part(ctx.loop).apply_view(change);
    return {};
}

ScriptWait run_boxes(const ScriptCommand& cmd, ScriptContext& ctx) {
    OverlayActions change;  // one view setting, as the overlay would change it
    change.show_boxes = cmd.arg(0) == "on";
    part(ctx.loop).apply_view(change);
    return {};
}

ScriptWait run_occlusion(const ScriptCommand& cmd, ScriptContext& ctx) {
    OverlayActions change;  // as the Culling panel's switch would change it
    change.occlusion = cmd.arg(0) == "on";
    part(ctx.loop).apply_view(change);
    return {};
}

ScriptWait run_break(const ScriptCommand&, ScriptContext& ctx) {
    part(ctx.editor).act(Action::kBreak, std::nullopt);
    return {};
}

ScriptWait run_place(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).act(Action::kPlace, block_arg(cmd, 0));
    return {};
}

ScriptWait run_pick(const ScriptCommand&, ScriptContext& ctx) {
    part(ctx.editor).act(Action::kPick, std::nullopt);
    return {};
}

ScriptWait run_select(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.controls).select_hotbar(static_cast<int>(cmd.number(0)) - 1);  // the parser checked 1..9
    return {};
}

ScriptWait run_mode(const ScriptCommand& cmd, ScriptContext& ctx) {
    const MoveMode mode = *kMoveModeNames.parse(cmd.arg(0));  // the parser checked the word
    part(ctx.controls).set_mode(mode);
    part(ctx.loop).show_message(std::string(move_mode_name(mode)) + " mode");
    return {};
}

ScriptWait run_key(const ScriptCommand& cmd, ScriptContext& ctx) {
    const auto frames = static_cast<int64_t>(cmd.number(0));  // numbers: the numeric words only
    part(ctx.controls).hold_key(cmd.arg(0), frames);
    return {frames, false};
}

ScriptWait run_look(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.controls).look(cmd.number(0), cmd.number(1));
    return {};
}

void check_resize(const ScriptCommand& cmd) {
    if ((cmd.number(0) == 0) != (cmd.number(1) == 0)) {
        throw ScriptError(cmd.line, "'resize' needs W and H both 1..16384, or 0 0 to minimise");
    }
}

ScriptWait run_resize(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.loop).resize(static_cast<int>(cmd.number(0)), static_cast<int>(cmd.number(1)));  // checked by the parser
    return {1, false};
}

ScriptWait run_region(const ScriptCommand& cmd, ScriptContext& ctx) {
    const bool none = cmd.args.size() == 1;  // region none
    part(ctx.editor).set_region(none ? std::nullopt : std::optional(Region::between(cell(cmd, 0), cell(cmd, 3))));
    return {};
}

ScriptWait run_fill(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).fill(Pattern::parse(cmd.arg(0)));  // checked by the parser
    return {};
}

ScriptWait run_replace(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).replace(block_arg(cmd, 0), Pattern::parse(cmd.arg(1)));
    return {};
}

ScriptWait run_copy(const ScriptCommand&, ScriptContext& ctx) {
    part(ctx.editor).copy();
    return {};
}

ScriptWait run_paste(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).paste(cell(cmd, 0));
    return {};
}

ScriptWait run_rotate(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).rotate(std::stoi(cmd.arg(0)));  // the parser checked 90|180|270
    return {};
}

ScriptWait run_undo(const ScriptCommand&, ScriptContext& ctx) {
    part(ctx.editor).undo();
    return {};
}

ScriptWait run_redo(const ScriptCommand&, ScriptContext& ctx) {
    part(ctx.editor).redo();
    return {};
}

ScriptWait run_paste_air(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).set_paste_air(cmd.arg(0) == "on");
    return {};
}

ScriptWait run_press(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.loop).press(cmd.arg(0));  // the parser checked the name
    return {};
}

std::string press_choices() {
    std::string out;
    for (const PressName& p : press_names()) out += (out.empty() ? "" : "|") + std::string(p.name);
    return out;
}

ScriptWait run_picker(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).choose_block(block_arg(cmd, 0));
    return {};
}

ScriptWait run_clock(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.controls).set_real_time(cmd.arg(0) == "real");
    return {};
}

ScriptWait run_frame_sleep(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.loop).set_frame_sleep(static_cast<int>(cmd.number(0)));  // whole, 0..kMaxCount
    return {};
}

ScriptWait run_view_distance(const ScriptCommand& cmd, ScriptContext& ctx) {
    OverlayActions change;  // one view setting, as the overlay's slider changes it
    change.view_distance = static_cast<int>(cmd.number(0));
    part(ctx.loop).apply_view(change);
    return {};
}

ScriptWait run_record_layout(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.loop).record_layout(static_cast<int>(cmd.number(0)), cmd.arg(1), cmd.line);
    return {};
}

ScriptWait run_expect(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.editor).expect(cell(cmd, 0), block_arg(cmd, 3));
    return {};
}

ScriptWait run_export(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.files).export_to(cmd.arg(0));
    return {};
}

ScriptWait run_import(const ScriptCommand& cmd, ScriptContext& ctx) {
    part(ctx.files).import_from(cmd.arg(0));
    return {};
}

// An argument that is one of `words` ("on|off"), as the table writes it.
const ScriptArg kOnOff = ScriptArg::one_of("on|off");
const ScriptArg kFreezeOrLive = ScriptArg::one_of("freeze|live");

std::string join(const std::vector<std::string>& words, const char* separator) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
    return out;
}

}  // namespace

// [SECTION] the table

namespace {

// The editor's build files, switches and keys, and the clock: the table's second part.
std::vector<ScriptCommandSpec> editor_and_clock_commands() {
    const std::string press = press_choices();
    return {
        {"export",
         {kOutputFile},
         "export PATH: write the region (or the clipboard when no region is selected) to PATH, a .vox or .schem file",
         run_export},
        {"import",
         {kInputFile},
         "import PATH: read a .vox or .schem file into the clipboard (then `paste X Y Z` places it)",
         run_import},
        {"paste-air",
         {kOnOff},
         "paste-air on|off: a paste writes the clipboard's air too (on), or leaves what is under it (off, the "
         "default)",
         run_paste_air},
        {"press",
         {ScriptArg::one_of(press)},
         "press " + press +
             ": do what that editor key does, at the crosshair; a refusal is the HUD's message, "
             "not the end of the run",
         run_press},
        {"picker",
         {kPlaceable},
         "picker BLOCK: choose BLOCK for the selected hotbar slot, as a click on it in the block picker does",
         run_picker},
        {"clock",
         {ScriptArg::one_of("real|fixed")},
         "clock real|fixed: the player steps by the real time as an interactive run does (real), or one "
         "1/60 s step a frame (fixed, the default of scripts)",
         run_clock},
        {"frame-sleep",
         {ScriptArg::whole("milliseconds", 0, kMaxCount)},
         "frame-sleep MS: a test hook: every frame sleeps MS milliseconds after its swap (0: no more)",
         run_frame_sleep},
        {"view-distance",
         {ScriptArg::whole("chunks", kMinViewDistance, kMaxViewDistance)},
         "view-distance N: load N chunks around the eye (as the World panel's slider; " +
             std::to_string(kMinViewDistance) + ".." + std::to_string(kMaxViewDistance) + ")",
         run_view_distance},
        {"record-layout",
         {ScriptArg::whole("frames", 1, kMaxRecordedFrames), kOutputFile},
         "record-layout FRAMES PATH: a test hook: the next FRAMES frames that show the overlay each add one line of "
         "JSON to PATH (every panel's and control's rectangle; docs/scripting.md), written when the last is "
         "recorded; the script goes on meanwhile",
         run_record_layout},
    };
}

// The commands before the editor's switches and the clock.
// The far terrain's (docs/world.md "Far terrain") and the occlusion walk's (docs/culling.md).
std::vector<ScriptCommandSpec> view_commands() {
    return {
        {"occlusion",
         {kOnOff},
         "occlusion on|off: leave out the chunks no line of sight reaches (on) or draw all the frustum keeps",
         run_occlusion},
        {"far-distance",
         {ScriptArg::whole("chunks", 0, kMaxFarDistance)},
         "far-distance N: coarse far terrain out to N chunks, 0 (off).." + std::to_string(kMaxFarDistance),
         run_far_distance},
    };
}

std::vector<ScriptCommandSpec> first_commands() {
    static const std::string keys = join(script_key_names(), "|");
    static const std::string modes = kMoveModeNames.choices("|");
    return {
        {"wait", {kCount}, "wait FRAMES: render FRAMES frames", run_wait},
        {"camera",
         {kCoordinate, kCoordinate, kCoordinate, kAngle, kAngle},
         "camera X Y Z YAW PITCH: move the eye, wait for streaming, render",
         run_camera},
        {"settle",
         {},
         "settle: wait until nothing is pending (as camera does, without moving), render a frame",
         run_settle},
        {"screenshot", {kOutputFile}, "screenshot PATH: render a frame and save it as PNG", run_screenshot},
        {"stats", {kOutputFile}, "stats PATH: write the stats JSON (see docs/stats.md)", run_stats},
        {"overlay",
         {kOnOff},
         "overlay on|off: show or hide the overlay (on renders four frames, so the panels are sized and placed)",
         run_overlay},
        {"quit", {}, "quit: end the run", run_quit},
        {"set",
         {kCoordinate, kCoordinate, kCoordinate, kBlock},
         "set X Y Z BLOCK: put BLOCK (or air) at the cell X Y Z",
         run_set},
        {"verify",
         {},
         "verify: compare the GPU instance buffer with the CPU copy and the light pages with the world",
         run_verify},
        {"cull", {kFreezeOrLive}, "cull freeze|live: freeze the culling frustum or follow the camera", run_cull},
        {"boxes", {kOnOff}, "boxes on|off: draw the boxes of the chunks in the octree", run_boxes},
        {"daylight",
         {kFraction},
         "daylight F: scale the sky light by F, 0..1 (1 day, 0.1 night); block light stays",
         run_daylight},
        {"break", {}, "break: break the block under the crosshair (as a left click)", run_break},
        {"place",
         {kPlaceable},
         "place BLOCK: place BLOCK on the targeted face (as a right click with BLOCK selected)",
         run_place},
        {"pick", {}, "pick: take the targeted block's type into the hotbar (as a middle click)", run_pick},
        {"select", {kHotbarSlot}, "select N: choose hotbar slot N (1..9)", run_select},
        {"mode", {ScriptArg::one_of(modes)}, "mode " + modes + ": fly, or walk with gravity and collision", run_mode},
        {"key",
         {ScriptArg::one_of(keys), kCount},
         "key NAME FRAMES: hold a key for FRAMES frames (" + join(script_key_names(), " ") + ")",
         run_key},
        {"look", {kAngle, kAngle}, "look DYAW DPITCH: turn as the mouse would, in degrees", run_look},
        {"resize",
         {kPixels, kPixels},
         "resize W H: resize the window (1..16384 each); resize 0 0 minimises it",
         run_resize,
         check_resize},
        {"region",
         {kCoordinate, kCoordinate, kCoordinate, kCoordinate, kCoordinate, kCoordinate},
         "region X1 Y1 Z1 X2 Y2 Z2 | region none: select the box between two corner cells (inclusive, any "
         "order), or nothing",
         run_region,
         nullptr,
         {ScriptArg::one_of("none")}},
        {"fill", {kPattern}, "fill PATTERN: every cell of the region the mask allows gets PATTERN's block", run_fill},
        {"replace", {kBlock, kPattern}, "replace FROM TO: the region's FROM cells become TO (a pattern)", run_replace},
        {"copy", {}, "copy: the region's blocks, air included, into the clipboard", run_copy},
        {"paste",
         {kCoordinate, kCoordinate, kCoordinate},
         "paste X Y Z: the clipboard with its minimum corner at X Y Z (its air skipped unless paste-air is on)",
         run_paste},
        {"rotate",
         {ScriptArg::one_of("90|180|270")},
         "rotate 90|180|270: turn the clipboard clockwise seen from above (+x east, +z south)",
         run_rotate},
        {"undo", {}, "undo: take the last edit back (nothing to undo stops the run)", run_undo},
        {"redo", {}, "redo: do the last undone edit again (nothing to redo stops the run)", run_redo},
        {"expect",
         {kCoordinate, kCoordinate, kCoordinate, kBlock},
         "expect X Y Z BLOCK: stop the run (exit 2) unless the cell X Y Z holds BLOCK",
         run_expect},
    };
}

}  // namespace

const std::vector<ScriptCommandSpec>& script_commands() {
    static const std::vector<ScriptCommandSpec> table = [] {
        std::vector<ScriptCommandSpec> all = first_commands();
        for (ScriptCommandSpec& spec : editor_and_clock_commands()) all.push_back(std::move(spec));
        for (ScriptCommandSpec& spec : view_commands()) all.push_back(std::move(spec));
        for (ScriptCommandSpec& spec : build_commands()) all.push_back(std::move(spec));
        return all;
    }();
    return table;
}

// [SECTION] parsing

namespace {

bool is_whole(double v) { return v == static_cast<double>(static_cast<int64_t>(v)); }

// A numeric kind's check of `word`; `refuse` makes the ScriptError for a reason.
template <typename Refuse>
double check_number(const std::string& word, ArgKind kind, const Refuse& refuse) {
    const auto v = parse_double(word);
    if (!v) throw refuse("needs a number, got " + shown(word));
    if (kind == kCount && !(*v >= 0 && *v <= static_cast<double>(kMaxCount) && is_whole(*v))) {
        throw refuse("needs a whole number of frames from 0 to " + with_commas(static_cast<uint64_t>(kMaxCount)) +
                     ", got " + shown(word));
    }
    if (kind == kCoordinate && !(std::abs(*v) <= kWorldBound)) {
        throw refuse(
            "needs a coordinate between -1e9 and 1e9 (the world's bound, where a flying player stops too), "
            "got " +
            shown(word));
    }
    if (kind == kAngle && !(std::abs(*v) <= 1e6)) {
        throw refuse("needs an angle in degrees between -1e6 and 1e6, got " + shown(word));
    }
    if (kind == kFraction && !(*v >= 0 && *v <= 1)) throw refuse("needs a number from 0 to 1, got '" + word + "'");
    if (kind == kHotbarSlot && !(*v >= 1 && *v <= 9 && is_whole(*v))) {
        throw refuse("needs a hotbar slot 1..9, got " + shown(word));
    }
    if (kind == kPixels && !(*v >= 0 && *v <= 16384 && is_whole(*v))) {
        throw refuse("needs a whole number of pixels 0..16384, got " + shown(word));
    }
    return *v;
}

// Checks argument `index` against `arg`; returns its value when the kind is numeric. Throws
// ScriptError naming the line, the argument and the command's usage when it is not one.
std::optional<double> check_value(const ScriptCommand& cmd, const ScriptArg& arg, size_t index) {
    const std::string& word = cmd.args[index];
    const auto refuse = [&](const std::string& why) {
        return ScriptError(cmd.line, "'" + cmd.verb + "' argument " + std::to_string(index + 1) + " " + why +
                                         " (usage: " + cmd.spec->help + ")");
    };
    switch (arg.kind) {
        case kBlock:
        case kPlaceable: {
            const auto type = block_from_name(word);
            if (!type) throw refuse(shown(word) + " is not a block (" + block_list() + ")");
            if (arg.kind == kPlaceable && !is_solid(*type))
                throw refuse(shown(word) + " cannot be placed: choose a solid block");
            return std::nullopt;
        }
        case kOutputFile: return std::nullopt;
        case kInputFile: return std::nullopt;
        case kPattern:
        case kMask:
            try {
                if (arg.kind == kPattern) {
                    (void)Pattern::parse(word);
                } else {
                    (void)Mask::parse(word);
                }
            } catch (const BuildRefused& e) {
                throw refuse(std::string("is not a ") + (arg.kind == kPattern ? "pattern" : "mask") + ": " + e.what());
            }
            return std::nullopt;
        case kChoice:
            if (("|" + arg.choices + "|").find("|" + word + "|") == std::string::npos) {
                throw refuse("needs one of " + arg.choices + ", got " + shown(word));
            }
            return std::nullopt;
        case kWhole: {
            const auto v = parse_double(word);
            if (!v || !(*v >= static_cast<double>(arg.min) && *v <= static_cast<double>(arg.max) && is_whole(*v))) {
                throw refuse("needs a whole number of " + arg.unit + " from " +
                             with_commas(static_cast<uint64_t>(arg.min)) + " to " +
                             with_commas(static_cast<uint64_t>(arg.max)) + ", got " + shown(word));
            }
            return *v;
        }
        default: return check_number(word, arg.kind, refuse);
    }
}

ScriptCommand parse_line(int line_number, const std::vector<std::string>& words,
                         const std::vector<ScriptCommandSpec>& table) {
    const std::string& verb = words.front();
    const auto spec = std::find_if(table.begin(), table.end(),
                                   [&](const ScriptCommandSpec& s) { return s.verb == verb; });
    if (spec == table.end()) throw ScriptError(line_number, "unknown command " + shown(verb));
    ScriptCommand cmd{line_number, verb, {words.begin() + 1, words.end()}, {}, &*spec};
    const bool other_form = !spec->other_params.empty() && cmd.args.size() == spec->other_params.size();
    const std::vector<ScriptArg>& params = other_form ? spec->other_params : spec->params;
    if (cmd.args.size() != params.size()) {
        const bool takes_path = std::any_of(params.begin(), params.end(),
                                            [](const ScriptArg& a) { return a.kind == kOutputFile; });
        throw ScriptError(line_number, "'" + verb + "' takes " + std::to_string(spec->params.size()) +
                                           " argument(s), got " + std::to_string(cmd.args.size()) +
                                           " (usage: " + spec->help + ")" +
                                           (takes_path && cmd.args.size() > params.size()
                                                ? "; a path in a script cannot hold spaces: name one without"
                                                : ""));
    }
    for (size_t i = 0; i < cmd.args.size(); ++i) {
        if (const auto number = check_value(cmd, params[i], i)) cmd.numbers.push_back(*number);
    }
    if (spec->check) spec->check(cmd);
    return cmd;
}

// The line starting at `offset` (without its LF), and where the next one starts.
std::string_view line_at(const std::string& text, std::size_t offset, std::size_t* next) {
    const std::size_t lf = text.find('\n', offset);
    const std::size_t end = lf == std::string::npos ? text.size() : lf;
    *next = lf == std::string::npos ? text.size() : lf + 1;
    return std::string_view(text).substr(offset, end - offset);
}

// The words of a line, its comment left out (the separators of `>>`: space, tab, CR, VT, FF).
std::vector<std::string> line_words(std::string_view line) {
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    constexpr std::string_view kSpace = " \t\r\v\f";
    std::vector<std::string> words;
    for (std::size_t at = line.find_first_not_of(kSpace); at != std::string_view::npos;) {
        const std::size_t end = std::min(line.find_first_of(kSpace, at), line.size());
        words.emplace_back(line.substr(at, end - at));
        at = line.find_first_not_of(kSpace, end);
    }
    return words;
}

// Throws ScriptError for what no line may hold, whatever its command.
void check_line_bytes(std::string_view line, int line_number) {
    // A CR not ending the line (CRLF's CR is): old Mac line ends would run every line into one.
    if (const auto cr = line.find('\r'); cr != std::string_view::npos && cr + 1 < line.size()) {
        throw ScriptError(line_number, "a carriage return (CR) inside the line, in column " + std::to_string(cr + 1) +
                                           ": the file's lines end with CR alone; save it with LF (or CRLF) line ends");
    }
    if (const auto nul = line.find('\0'); nul != std::string_view::npos) {
        // ScriptError names the line ("line 3: "); the reason names the column.
        throw ScriptError(line_number, "a NUL byte in column " + std::to_string(nul + 1) +
                                           ": a script is text; check that the file is the script you meant");
    }
}

}  // namespace

Script::Script(std::string text, const std::vector<ScriptCommandSpec>& table) : text_(std::move(text)), table_(&table) {
    // Offsets are 32 bits: load_script reads at most 256 MiB, and text made in a program is smaller.
    if (text_.size() > UINT32_MAX) {
        throw std::runtime_error("a script of " + std::to_string(text_.size()) +
                                 " bytes: a script holds at most 4 GiB; split it into smaller scripts");
    }
    // A UTF-8 byte order mark (editors on Windows write one) is not part of the first line.
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    std::size_t offset = text_.starts_with(kBom) ? kBom.size() : 0;
    // One entry a line at most, reserved at once: growing by doubling would hold two copies.
    lines_.reserve(static_cast<std::size_t>(std::count(text_.begin(), text_.end(), '\n')) + 1);
    uint32_t line_number = 0;
    while (offset < text_.size()) {
        std::size_t next = 0;
        const std::string_view line = line_at(text_, offset, &next);
        ++line_number;
        check_line_bytes(line, static_cast<int>(line_number));
        const std::vector<std::string> words = line_words(line);
        if (!words.empty()) {
            parse_line(static_cast<int>(line_number), words, table);  // checked now, kept as its offset
            lines_.push_back({static_cast<uint32_t>(offset), line_number});
        }
        offset = next;
    }
}

ScriptCommand Script::operator[](std::size_t i) const {
    const Line& line = lines_.at(i);
    std::size_t next = 0;
    return parse_line(static_cast<int>(line.number), line_words(line_at(text_, line.offset, &next)), *table_);
}

Script parse_script(std::string text) { return Script(std::move(text)); }

Script load_script(const std::string& path) {
    // Through the one reader of named files: a folder, a pipe or a device each get their own
    // message, and a script never holds more than 256 MiB (a million `set` lines are 25 MB).
    constexpr std::size_t kMaxScriptBytes = std::size_t{256} * 1024 * 1024;
    std::string text;
    try {
        text = read_user_file(path, {"script", kMaxScriptBytes});
    } catch (const UserFileError& e) {
        throw std::runtime_error(e.what());
    }
    return parse_script(std::move(text));
}

std::vector<std::string> output_files(const ScriptCommand& cmd) {
    std::vector<std::string> files;
    for (std::size_t i = 0; i < cmd.args.size() && i < cmd.spec->params.size(); ++i) {
        if (cmd.spec->params[i].kind == kOutputFile) files.push_back(cmd.args[i]);
    }
    return files;
}

std::string script_reference() {
    std::string out;
    for (const auto& s : script_commands()) out += "  " + s.help + "\n";
    return out;
}

}  // namespace slotcraft
