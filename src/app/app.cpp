// The App: the loop over the parts, wired together (see app.hpp); what a user does to the
// cells is the Editor's (editor.hpp).
#include "app/app.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <thread>

#include "edit/import_export.hpp"
#include "platform/page_faults.hpp"
#include "app/controls.hpp"
#include "world/cpu_clock.hpp"
#include "draw/cull_view.hpp"
#include "io/data_dir.hpp"
#include "edit/editor.hpp"
#include "draw/scene_passes.hpp"
#include "draw/scene_renderer.hpp"
#include "app/imgui_layer.hpp"
#include "platform/lsan_pins.hpp"
#include "io/screenshot_path.hpp"
#include "script/script_runner.hpp"
#include "stats/stats_json.hpp"
#include "platform/stop_signals.hpp"
#include "app/window.hpp"
#include "edit/world_session.hpp"
#include "io/shown_text.hpp"
#include "io/user_file.hpp"
#include "ui/hud.hpp"
#include "io/atomic_file.hpp"

namespace slotcraft {

namespace {

#ifdef NDEBUG
constexpr bool kDebugBuild = false;
#else
constexpr bool kDebugBuild = true;
#endif

// Compaction work per frame: bounded, so a burst of breaks never costs a long frame.
constexpr size_t kCompactionMovesPerFrame = 256;
// The player's place and hotbar are queued for saving this often (rendered frames).
constexpr int64_t kMetaEveryFrames = 60;
// How long a message stays under the crosshair (rendered frames).
constexpr int64_t kMessageFrames = 150;
// The last try to write the edits at the end of a run gives up after this long without
// progress (a commit of millions of edits that is moving is waited for; docs/saving.md).
constexpr std::chrono::milliseconds kLastSaveStall{5000};

App* app_of(GLFWwindow* window) { return static_cast<App*>(glfwGetWindowUserPointer(window)); }
void key_callback(GLFWwindow* w, int key, int /*scancode*/, int action, int mods) {
    app_of(w)->on_key(key, action, mods);
}
void mouse_button_callback(GLFWwindow* w, int button, int action, int /*mods*/) {
    app_of(w)->on_mouse_button(button, action);
}
void scroll_callback(GLFWwindow* w, double /*dx*/, double dy) { app_of(w)->on_scroll(dy); }
void cursor_callback(GLFWwindow* w, double x, double y) { app_of(w)->on_cursor(x, y); }
void drop_callback(GLFWwindow* w, int count, const char** paths) { app_of(w)->on_drop(count, paths); }

// imgui.ini sits next to the settings file, in a folder made for it; empty (none kept) when
// there is no settings folder or it cannot be made, which is said once.
std::string imgui_ini_path(const std::string& settings_path) {
    if (settings_path.empty()) return {};
    const std::filesystem::path folder = std::filesystem::path(settings_path).parent_path();
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) {
        print_message("cannot create the settings folder " + quoted_path(folder.string()) + " (" + ec.message() +
                      "): the panels' fold state is not kept");
        return {};
    }
    return (folder / "imgui.ini").string();
}

}  // namespace

// [SECTION] start and end

App::App(Options options, Script script, const Settings& settings, std::string settings_path)
    : options_(std::move(options)), settings_file_{std::move(settings_path), {}} {
#ifdef SLOTCRAFT_GL_DEBUG_DEFAULT
    options_.gl_debug = true;
#endif
    if (kDebugBuild) options_.gl_debug = true;
    const bool scripted = !options_.script_path.empty();
    // The data folders first: a missing one is one message, before any window opens.
    const std::filesystem::path exe_dir = executable_dir();
    SceneRendererConfig frame_config;
    frame_config.clear_colour = options_.clear_colour;
    frame_config.shader_dir = find_data_dir(options_.shaders_dir, exe_dir, "shaders", "--shaders").string();
    frame_config.assets_dir = find_data_dir(options_.assets_dir, exe_dir, "assets", "--assets").string();
    frame_config.ring_bytes = static_cast<size_t>(options_.ring_kib) * 1024;
    if (scripted) script_ = std::make_unique<ScriptRunner>(std::move(script));
    // A Minecraft world is opened (or refused, exit code 1) before any window is.
    if (!options_.minecraft.empty()) ground_ = MinecraftGround::open(options_.minecraft);
    const std::string title = ground_ ? "Slotcraft: " + ground_->name() + " (Minecraft)" : std::string("Slotcraft");
    WindowConfig config;
    config.title = title.c_str();
    config.width = options_.width;
    config.height = options_.height;
    config.vsync = options_.vsync;
    config.debug_context = options_.gl_debug;
    window_ = std::make_unique<Window>(config);
    if (options_.gl_debug) gfx::enable_debug_output(&gl_debug_);
    glfwSetWindowUserPointer(window_->handle(), this);
    // Ours first: ImGui's backend chains to the callbacks installed before it.
    glfwSetKeyCallback(window_->handle(), key_callback);
    glfwSetMouseButtonCallback(window_->handle(), mouse_button_callback);
    glfwSetScrollCallback(window_->handle(), scroll_callback);
    glfwSetCursorPosCallback(window_->handle(), cursor_callback);
    glfwSetDropCallback(window_->handle(), drop_callback);
    imgui_ = std::make_unique<ImGuiLayer>(window_->handle(),
                                          scripted ? std::string() : imgui_ini_path(settings_file_.path));
    // Keys reach ImGui through our callback, queued a frame at a time (ImGuiLayer::queue_key):
    // the backend's own key callback, which sets them as a state, is replaced.
    glfwSetKeyCallback(window_->handle(), key_callback);
    overlay_.visible = !scripted && settings.overlay;

    frame_ = std::make_unique<SceneRenderer>(frame_config);
    frame_state_.passes = std::make_unique<ScenePasses>(
        *frame_, [this] { imgui_->end_frame(); }, [this] { take_captures(); });
    cull_ = std::make_unique<CullView>();
    cull_->set_occlusion(options_.occlusion);
    controls_ = std::make_unique<Controls>(window_->handle(), *imgui_, scripted, settings.keys);
    controls_->set_fov(settings.fov);
    controls_->set_mouse_sensitivity(settings.mouse_sensitivity);
    // Far terrain's default depends on the renderer (a software one cannot afford it), so it
    // is decided now the context is current; a value the run was not given is written back
    // only when the user changes it.
    const int far_distance = options_.far_distance.value_or(default_far_distance(gfx::gl_renderer_string()));
    settings_file_.at_start = {options_.view_distance, settings.fov,      settings.mouse_sensitivity,
                               options_.daylight,      settings.key_help, far_distance};
    if (!settings.key_help) controls_->dismiss_key_help();

    // The world file once the display, GL and shaders are known to work (so a failed start
    // never moves a world aside); its saved seed and type decide the world.
    daylight_ = options_.daylight;
    const WorldSessionConfig world_config = session_config(scripted, far_distance);
    session_ = std::make_unique<WorldSession>(world_config);
    editor_ = std::make_unique<Editor>(*session_, controls_->camera(), controls_->player(), controls_->hotbar(),
                                       options_.undo_mib, [this](std::string text) { show_message(std::move(text)); });
    files_ = std::make_unique<BuildFiles>(*session_, *editor_, world_config.undo_bytes,
                                          [this](std::string text) { show_message(std::move(text)); });
    controls_->place_at_spawn(session_->spawn_eye());
    if (session_->saved_meta()) controls_->restore(*session_->saved_meta());
    save_meta();
}

// What the world session is made from: the flags, and the Minecraft world when there is one.
WorldSessionConfig App::session_config(bool scripted, int far_distance) const {
    WorldSessionConfig world_config;
    world_config.type = options_.world;
    world_config.seed = options_.seed;
    world_config.seed_given = options_.seed_given;
    world_config.new_generator_version = generator_version_for(options_.caves);
    world_config.caves_given = options_.caves_given;
    world_config.view_distance = options_.view_distance;
    world_config.far_distance = far_distance;
    world_config.stream_budget_ms = options_.stream_budget_ms;
    // Over a Minecraft world the edits go by default into a world file named after it, so
    // reopening it brings them back (scripted runs too).
    const std::string world_name = ground_ && options_.world_name.empty() ? ground_->file_name() : options_.world_name;
    world_config.world_file = world_file_for(options_.world_file, world_name, scripted);
    if (ground_) {
        world_config.ground = ground_;
        std::error_code ec;
        const std::filesystem::path canonical = std::filesystem::weakly_canonical(options_.minecraft, ec);
        world_config.ground_path = ec ? options_.minecraft : canonical.string();
        world_config.ground_spawn = ground_->start_eye();
    }
    world_config.new_world = options_.new_world;
    world_config.undo_bytes = static_cast<size_t>(options_.undo_mib) * 1024 * 1024;
    return world_config;
}

App::~App() {
    save_meta();             // the player's last place, committed with the last edits
    files_.reset();          // it holds the editor and the session
    editor_.reset();         // it holds the session
    session_.reset();        // commits, closes the file, joins the generation workers
    pin_loaded_libraries();  // before the window closes the display and unloads the driver
}

// [SECTION] the loop

int App::run() {
    try {
        return run_frames();
    } catch (const DisplayLost& lost) {
        end_after_display_lost(lost);
    }
}

void App::end_after_display_lost(const DisplayLost& lost) {
    const bool saving = session_->save_stats().has_value();
    const int saved = finish_saving();
    editor_.reset();
    session_.reset();  // commits what is left, closes the file, joins the generation workers
    print_message(
        std::string(lost.what()) + ": stopping; " +
        (saving ? "the last edits were committed and the world file closed" : "no world file: nothing to save") +
        (options_.stats_json_path.empty() && options_.screenshot_path.empty()
             ? ""
             : "; the stats and screenshot files at exit are not written (they need the display)"));
    std::fflush(stderr);
    std::_Exit(saved != kExitOk ? saved : 128 + SIGHUP);  // no teardown: it would talk to the display
}

int App::run_frames() {
    bool captured_last = false;
    measures_.last_frame_time = glfwGetTime();
    measures_.page_faults_at_end = process_page_faults();  // the first frame counts its own only
    while (!window_->should_close()) {
        if (stop_signal() != 0) break;  // SIGINT, SIGTERM, SIGHUP: end cleanly, now
        window_->poll_events();
        if (script_) {
            ScriptContext context = script_context();
            if (!script_->advance(context, session_->idle())) break;
        }
        simulate();
        const bool last_by_count = options_.frames && measures_.frame_times.count() + 1 >= *options_.frames;
        const bool capture_final = last_by_count && !options_.screenshot_path.empty();
        if (capture_final) capture_final_frame();
        render_frame();
        captured_last = capture_final;
        if (options_.verify_every > 0 && measures_.frame_times.count() % options_.verify_every == 0) {
            try {
                frame_->verify(session_->slots(), session_->light(), session_->world());
            } catch (const gfx::VerifyError& e) {
                throw gfx::VerifyError("verify failed after frame " + std::to_string(measures_.frame_times.count()) +
                                           ": " + e.difference,
                                       e.difference);
            }
        }
        if (last_by_count) break;
    }
    const int signal = stop_signal();
    if (signal != 0) {
        // Only a run with a world file has edits to commit (docs/saving.md).
        print_message(std::string(stop_signal_name(signal)) +
                      (session_->save_stats() ? ": stopping; committing the last edits and closing the world file"
                                              : ": stopping (no world file: nothing to save)"));
    }
    // The last frame is wanted as a PNG but the run ended another way: render it now.
    if (!options_.screenshot_path.empty() && !captured_last && signal == 0) {
        capture_final_frame();
        render_frame();
    }
    finish_layout_record();
    const int saved = finish_saving();  // before the stats, so they show the final save state
    if (!options_.stats_json_path.empty()) write_stats_file(options_.stats_json_path);
    if (!script_) save_settings();  // scripted runs read the settings file, never write it
    if (saved != kExitOk) return saved;
    if (signal != 0) return 128 + signal;
    if (gl_debug_.errors > 0) {
        std::fprintf(stderr, "slotcraft: the run met %lld GL error(s), see the messages above\n",
                     static_cast<long long>(gl_debug_.errors));
        return kExitGlErrors;
    }
    return kExitOk;
}

int App::finish_saving() {
    save_meta();  // the player's last place, committed with the last edits
    try {
        session_->finish_saving(kLastSaveStall);
        return kExitOk;
    } catch (const EditsNotSaved& e) {  // said now; the stats file and settings still get written
        print_message(e.what());
        return kExitNotSaved;
    }
}

// Every frame: what the HUD and the World panel say about the world file; a file written
// back after it was deleted or replaced is said once, on screen and on stderr. So is each
// damaged chunk of a Minecraft world (it shows as missing; the rest of the world shows).
void App::watch_saving() {
    if (ground_) {
        for (const std::string& problem : ground_->take_new_problems()) {
            print_message(problem);
            show_message(problem);
        }
    }
    const std::optional<WorldStore::Stats> s = session_->save_stats();
    if (!s) return;
    shown_.save_problem = save_problem(*s);
    shown_.save_summary = save_summary(*s);
    if (s->write_backs != shown_.write_backs_seen) {
        shown_.write_backs_seen = s->write_backs;
        print_message(s->last_write_back);
        show_message(s->last_write_back);
    }
}

// --screenshot: the last frame goes to its path. A script's screenshot asked for the same
// frame keeps its line, so a failure still names it.
void App::capture_final_frame() {
    for (CaptureRequest& c : frame_state_.captures) {
        if (c.script_line > 0) {  // the script's screenshot of this frame goes to --screenshot's path
            c.path = options_.screenshot_path;
            return;
        }
    }
    frame_state_.captures.push_back(CaptureRequest{options_.screenshot_path});
}

// The simulation: the player's fixed steps, then streaming around the camera, whose
// changes become slot work.
void App::simulate() {
    controls_->step(measures_.frame_seconds, solid_for_player(session_->world()), water_for_player(session_->world()));
    measures_.stepped_to = measures_.last_frame_time;
    if (const uint64_t stops = controls_->player().stats().edge_stops; stops != shown_.edge_stops_seen) {
        shown_.edge_stops_seen = stops;
        show_message("the world's edge: |x|, |y|, |z| stay within 1e9 (blocks); the player stops here");
    }
    if (measures_.frame_times.count() % kMetaEveryFrames == 0) save_meta();
    watch_saving();
    try {  // a brush stroke in progress paints where the crosshair moved
        editor_->drag_brush(Pattern(controls_->hotbar().selected_type()));
    } catch (const Refused& e) {
        show_message(e.what());
    }
    session_->update(controls_->camera().position, kCompactionMovesPerFrame);
    const WorldSession::UpdateTimes& times = session_->update_times();
    measures_.stage_frame[StageTimes::index(FrameStage::kStream)] += static_cast<float>(times.stream_ms);
    measures_.stage_frame[StageTimes::index(FrameStage::kSlots)] += static_cast<float>(times.compact_ms);
    const bool idle = session_->idle();
    if (!shown_.first_idle_seen && idle) shown_.first_idle_seen = true;
    if (!measures_.frames_to_settle && idle)
        measures_.frames_to_settle = measures_.frame_times.count() - measures_.settle_from_frame;
}

// What the frame draws besides the cubes: the outline, the boxes, the region, the ghost.
SceneMarks App::scene_marks(const std::optional<RayHit>& hit, const Eye& eye) {
    SceneMarks marks;
    if (hit) marks.outline = hit->block;
    if (cull_->show_boxes()) {
        cull_->chunk_boxes(frame_state_.boxes_scratch);
        marks.boxes = &frame_state_.boxes_scratch;
        marks.frozen_frustum = cull_->frozen_frustum(eye.origin_chunk);
    }
    marks.highlight = shown_.highlighted_chunk;
    if (const auto& region = editor_->region()) marks.selection = std::pair{region->min, region->max};
    marks.lone_corner = editor_->lone_corner();
    if (const std::optional<Brush>& brush = editor_->brush()) {
        if (const std::optional<BlockPos> at = editor_->brush_target(brush->kind != BrushKind::kSmooth)) {
            marks.brush = SceneMarks::BrushMark{*at, brush->radius, brush->kind == BrushKind::kCube};
        }
    }
    // The paste preview follows the crosshair while the clipboard holds something (unless hidden).
    if (!session_->clipboard().empty() && editor_->paste_preview()) {
        if (const std::optional<RayHit> far = editor_->far_crosshair_hit()) {
            marks.ghost = &session_->clipboard();
            marks.ghost_origin = far->place;
        }
    }
    marks.daylight = static_cast<float>(daylight_);
    return marks;
}

void App::render_frame() {
    // Each stage's CPU time is the lap since the previous mark; what no stage owns (the
    // picking ray, captures, the buffer swap) is skipped.
    double mark = thread_cpu_ms();
    const auto lap = [this, &mark](std::optional<FrameStage> stage) {
        const double now = thread_cpu_ms();
        if (stage) measures_.stage_frame[StageTimes::index(*stage)] += static_cast<float>(now - mark);
        mark = now;
    };
    constexpr std::optional<FrameStage> skip;
    int width = 0, height = 0;
    window_->framebuffer_size(width, height);
    frame_->begin(width, height);
    const InstanceSlots::Stats slot_stats = session_->slots().stats();
    measures_.allocator_history.record(slot_stats.slot_allocations, slot_stats.slot_frees);
    lap(FrameStage::kSlots);
    frame_->upload(session_->slots(), session_->light());
    lap(FrameStage::kUpload);
    cull_->track(session_->slots());
    lap(FrameStage::kCull);
    const std::optional<RayHit> hit = crosshair_hit();  // one ray a frame: the outline and the overlay
    lap(skip);

    draw_ui(hit);
    lap(FrameStage::kUi);

    ScenePasses::Plan plan;
    const bool drawable = width > 0 && height > 0;  // minimised: nothing to cull or draw into
    if (drawable) {
        const World& world = session_->world();
        plan.eye = eye_of(controls_->camera(), world.view_distance(), frame_->aspect(), world.far_distance());
        const OcclusionSource occlusion{world.loaded_table(), world.view_distance()};
        plan.opaque = &cull_->cull(plan.eye, session_->slots(), world.far().rings(), &occlusion);
        plan.translucent = &cull_->translucent_runs();
        plan.far_opaque = &cull_->far_runs();
        plan.far_translucent = &cull_->far_translucent_runs();
        lap(FrameStage::kCull);
        plan.view_distance = world.view_distance();
        plan.fog_distance = std::max(world.view_distance(), world.far_distance());
        plan.marks = scene_marks(hit, plan.eye);
    }
    lap(skip);
    frame_state_.passes->run(drawable ? &plan : nullptr, !frame_state_.captures.empty());
    // The passes time themselves on this thread's CPU clock: the drawing passes count as
    // draw, the HUD and overlay as ui; the capture belongs to no stage.
    for (const PassGraph::RanPass& pass : frame_state_.passes->last_run()) {
        if (pass.name == "ui")
            measures_.stage_frame[StageTimes::index(FrameStage::kUi)] += static_cast<float>(pass.cpu_ms);
        else if (pass.name != "capture")
            measures_.stage_frame[StageTimes::index(FrameStage::kDraw)] += static_cast<float>(pass.cpu_ms);
    }
    lap(skip);
    frame_->end();
    lap(FrameStage::kDraw);
    measures_.stage_times.add(std::exchange(measures_.stage_frame, {}));
    window_->swap_buffers();
    if (measures_.frame_sleep_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(measures_.frame_sleep_ms));
    const double now = glfwGetTime();
    measures_.frame_seconds = now - measures_.last_frame_time;
    measures_.frame_times.add(measures_.frame_seconds * 1000.0);
    measures_.last_frame_time = now;
    const int64_t faults = process_page_faults();
    measures_.frame_page_faults = faults < 0 || measures_.page_faults_at_end < 0
                                      ? -1
                                      : faults - measures_.page_faults_at_end;
    measures_.page_faults_at_end = faults;
    if (script_) script_->frame_rendered();
}

// The capture pass: every request of this frame (F2 pressed twice in one frame saves two files).
void App::take_captures() {
    for (const CaptureRequest& request : std::exchange(frame_state_.captures, {})) {
        try {
            frame_->capture(request.path);
            if (request.from_key) show_message("saved " + request.path);
        } catch (const std::runtime_error& e) {
            // A failure stops a script at its line or a run's final --screenshot; for F2
            // it is only a message.
            if (request.from_key) show_message(e.what());
            else if (request.script_line > 0) throw ScriptError(request.script_line, e.what());
            else throw;
        }
    }
}

std::optional<RayHit> App::crosshair_hit() const { return editor_->crosshair_hit(); }

void App::save_meta() {
    WorldMeta meta;
    meta.seed = session_->seed();
    meta.type = session_->type();
    meta.minecraft = session_->ground_path();
    controls_->fill_meta(meta);
    session_->save_meta(meta);
}

LiveSettings App::live_settings() const {
    return {session_->world().view_distance(), controls_->camera().fov_y,
            controls_->mouse_sensitivity(),    daylight_,
            controls_->key_help_visible(),     session_->world().far_distance()};
}

// The Settings panel's changes go back into the file; a failure is said, and the run still
// ends normally (the file is the old one or the whole new one, never a part).
void App::save_settings() const {
    if (settings_file_.path.empty()) return;
    try {
        write_back_settings(settings_file_.path, settings_file_.at_start, live_settings());
    } catch (const SettingsError& e) {
        print_message(e.what());
    }
}

void App::show_message(std::string text) {
    message_.text = safe_message(text);  // whatever the source, no control byte reaches the HUD
    message_.until_frame = measures_.frame_times.count() + kMessageFrames;
}

// [SECTION] user actions

void App::on_key(int key, int action, int mods) {
    if (action != GLFW_REPEAT) imgui_->queue_key(key, action == GLFW_PRESS);
    perform(controls_->on_key(key, action, mods));
}
void App::on_mouse_button(int button, int action) {
    const UserAction a = controls_->on_mouse_button(button, action);
    // With a brush on, the left and right buttons stroke (Editor::press_brush) until released.
    if (editor_->brush() && (a == UserAction::kBreak || a == UserAction::kPlace)) {
        try {
            editor_->press_brush(a == UserAction::kPlace, Pattern(controls_->hotbar().selected_type()));
        } catch (const Refused& e) {
            show_message(e.what());
        }
        return;
    }
    if (action == GLFW_RELEASE && (button == GLFW_MOUSE_BUTTON_LEFT || button == GLFW_MOUSE_BUTTON_RIGHT)) {
        editor_->release_brush();
    }
    perform(a);
}
void App::on_scroll(double dy) { controls_->on_scroll(dy); }
void App::on_cursor(double x, double y) { controls_->on_cursor(x, y); }

void App::on_drop(int count, const char** paths) {
    if (count < 1) return;
    try {
        files_->import_from(paths[0]);
        if (count > 1)
            show_message(message_.text + " (" + std::to_string(count - 1) + " more dropped file(s) ignored)");
    } catch (const Refused& e) {
        show_message(e.what());
    }
}

void App::perform(UserAction action) {
    using Op = EditRequest::Op;
    try {
        switch (action) {
            case UserAction::kNone: break;
            case UserAction::kQuit: window_->request_close(); break;
            case UserAction::kToggleOverlay: overlay_.visible = !overlay_.visible; break;
            case UserAction::kFullscreen: window_->toggle_fullscreen(); break;
            case UserAction::kScreenshot: request_screenshot_from_key(); break;
            case UserAction::kToggleMode: toggle_mode(); break;
            case UserAction::kBreak: editor_->act(Action::kBreak, std::nullopt); break;
            case UserAction::kPlace: editor_->act(Action::kPlace, controls_->hotbar().selected_type()); break;
            case UserAction::kPick: editor_->act(Action::kPick, std::nullopt); break;
            case UserAction::kCornerOne: editor_->set_corner(true); break;
            case UserAction::kCornerTwo: editor_->set_corner(false); break;
            case UserAction::kCornerOneFeet: editor_->set_corner(true, Editor::CornerAt::kFeet); break;
            case UserAction::kCornerTwoFeet: editor_->set_corner(false, Editor::CornerAt::kFeet); break;
            case UserAction::kPastePreview: editor_->set_paste_preview(!editor_->paste_preview()); break;
            case UserAction::kUndo: editor_->perform({Op::kUndo}); break;
            case UserAction::kRedo: editor_->perform({Op::kRedo}); break;
            case UserAction::kCopy: editor_->perform({Op::kCopy}); break;
            case UserAction::kPaste: editor_->perform({Op::kPaste}); break;
            case UserAction::kFill: editor_->fill(controls_->hotbar().selected_type()); break;
            case UserAction::kReplace: editor_->replace_targeted(controls_->hotbar().selected_type()); break;
            case UserAction::kRotate: editor_->rotate(90); break;
            case UserAction::kClearRegion: editor_->clear_region(); break;
            case UserAction::kPasteAir: editor_->set_paste_air(!editor_->paste_air()); break;
            case UserAction::kPicker:
                if (picker_open_) {
                    close_picker();
                } else {
                    picker_open_ = true;
                    controls_->free_mouse();
                }
                break;
            case UserAction::kExport: files_->export_to(overlay_.build_path()); break;
            case UserAction::kExpand: editor_->perform({Op::kExpand}); break;
            case UserAction::kContract: editor_->perform({Op::kContract}); break;
            case UserAction::kShiftRegion: editor_->perform({Op::kShift}); break;
            case UserAction::kClearBlocks: editor_->perform({Op::kClearBlocks}); break;
            case UserAction::kBrush: editor_->toggle_brush(); break;
        }
    } catch (const Refused& e) {
        show_message(e.what());  // a refused action is the user's to see, not a reason to stop
    }
}

// F: fly <-> walk, said under the crosshair (as the script's `mode` says it).
void App::toggle_mode() {
    const MoveMode mode = controls_->player().mode() == MoveMode::kFly ? MoveMode::kWalk : MoveMode::kFly;
    controls_->set_mode(mode);
    show_message(std::string(move_mode_name(mode)) + " mode");
}

// F2: the next frame is saved in the pictures folder under a name no other screenshot has;
// render_frame reports the outcome, with the full path, as a message (a folder that cannot be
// written is the user's to fix, not a reason to end the demo).
void App::request_screenshot_from_key() {
    std::filesystem::path folder;
    try {
        folder = screenshot_folder(lookup_pictures());
    } catch (const std::runtime_error& e) {
        throw ActionRefused(std::string("cannot save a screenshot: ") + e.what());
    }
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) {
        throw ActionRefused("cannot save a screenshot: cannot create '" + folder.string() + "': " + ec.message() +
                            " (check its permissions, or set XDG_PICTURES_DIR in user-dirs.dirs)");
    }
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    const int millis = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000);
    std::tm local{};
    localtime_r(&seconds, &local);
    // Taken: a file already there, or a name this frame will write.
    const std::filesystem::path path = unique_screenshot_path(folder, local, millis, [&](const auto& p) {
        std::error_code exists_ec;
        if (std::filesystem::exists(p, exists_ec) || exists_ec) return true;
        return std::any_of(frame_state_.captures.begin(), frame_state_.captures.end(),
                           [&](const auto& c) { return c.path == p.string(); });
    });
    frame_state_.captures.push_back(CaptureRequest{path.string(), 0, true});
}

// [SECTION] the loop-level things scripts ask for

ScriptContext App::script_context() { return {editor_.get(), controls_.get(), this, files_.get()}; }

void App::eye_moved() {
    measures_.settle_from_frame = measures_.frame_times.count();
    measures_.frames_to_settle.reset();
}

void App::capture_next_frame(const std::string& path, int line) {
    frame_state_.captures.push_back(CaptureRequest{path, line, false});
}

void App::write_stats(const std::string& path) {
    try {
        write_stats_file(path);
    } catch (const OutputFileError& e) {  // the file could not be written: the line's fault
        throw ActionRefused(e.what());
    }
}

void App::write_stats_file(const std::string& path) const {
    StatsJson json;
    collect_stats(json);
    write_file_atomically(path, json.dump());
}

void App::show_overlay(bool on) { overlay_.visible = on; }

void App::verify() {
    try {
        frame_->verify(session_->slots(), session_->light(), session_->world());
    } catch (const gfx::VerifyError& e) {
        throw ActionRefused(e.what());  // "verify failed: ..." stops the script at its line
    }
}

void App::resize(int width, int height) { window_->resize(width, height); }

void App::press(std::string_view name) {
    for (const PressName& p : press_names()) {
        if (p.name == name) perform(p.action);  // refusals become the message, as for a key
    }
}

}  // namespace slotcraft
