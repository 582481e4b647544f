// The stats JSON document, written from the program's figures (app/figures.cpp: each key
// declared once with its type, doc line and how it is read), and the layout record.
#include "app/app.hpp"

#include <utility>

#include "app/controls.hpp"
#include "app/figures.hpp"
#include "draw/cull_view.hpp"
#include "draw/scene_passes.hpp"
#include "draw/scene_renderer.hpp"
#include "edit/import_export.hpp"
#include "edit/world_session.hpp"
#include "io/atomic_file.hpp"
#include "io/shown_text.hpp"
#include "io/user_file.hpp"
#include "stats/stats_json.hpp"

namespace slotcraft {

void App::collect_stats(StatsJson& json) const {
    std::vector<std::string> passes;
    for (const auto& pass : frame_state_.passes->last_run()) passes.push_back(pass.name);
    const FigureSources sources{
        .frame_times = measures_.frame_times,
        .page_faults = measures_.frame_page_faults,
        .gl = gl_debug_,
        .controls = controls_->stats(),
        .width = frame_->width(),
        .height = frame_->height(),
        .session = session_->stats(),
        .world_session = *session_,
        .target = crosshair_hit(),
        .region = editor_->region(),
        .paste_air = editor_->paste_air(),
        .mask = editor_->mask().describe(),
        .paste_preview = editor_->paste_preview(),
        .stepped_to = measures_.stepped_to,
        .hud_message = message_.text,
        .files = files_->stats(),
        .renderer = frame_->stats(),
        .cull = cull_->stats(),
        .stage_times = measures_.stage_times,
        .frames_to_settle = measures_.frames_to_settle,
        .overlay = overlay_,
        .passes = std::move(passes),
        .daylight = daylight_,
        .ground = ground_.get(),
        .minecraft = ground_ ? ground_->report() : MinecraftReport{},
    };
    write_figures(json, program_figures(), sources);
}

// [SECTION] the layout record (`record-layout`, a test hook: docs/scripting.md)

void App::record_layout(int frames, const std::string& path, int line) {
    frame_state_.layout = {path, frames, frames, line, {}};
}

void App::record_layout(std::span<const overlay_layout::NamedRect> hud) {
    LayoutRecording& r = frame_state_.layout;
    if (r.frames_left <= 0 || !overlay_.shown()) return;  // only frames a user sees
    r.lines += overlay_.layout_json(hud) + "\n";
    if (--r.frames_left > 0) return;
    try {
        write_file_atomically(r.path, std::exchange(r.lines, {}), "the layout record");
    } catch (const OutputFileError& e) {
        throw ScriptError(r.script_line, e.what());  // the line that asked for it stops the run
    }
}

void App::finish_layout_record() {
    LayoutRecording& r = frame_state_.layout;
    if (r.frames_left <= 0) return;
    const int recorded = r.frames - r.frames_left;
    r.frames_left = 0;
    try {
        write_file_atomically(r.path, std::exchange(r.lines, {}), "the layout record");
    } catch (const OutputFileError& e) {
        print_message(e.what());
        return;
    }
    print_message("record-layout (script line " + std::to_string(r.script_line) + ") asked for " +
                  std::to_string(r.frames) + " frames showing the overlay; the run ended after " +
                  std::to_string(recorded) + ": " + quoted_path(r.path) + " holds the " + std::to_string(recorded) +
                  " recorded");
}

}  // namespace slotcraft
