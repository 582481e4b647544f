// The App: window, loop, frames. See app.hpp.
#include "app/app.hpp"

#include <GLFW/glfw3.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include <glm/gtc/matrix_transform.hpp>

#include "app/imgui_layer.hpp"
#include "app/pin_libraries.hpp"
#include "app/stats_json.hpp"
#include "app/window.hpp"
#include "gfx/capture.hpp"
#include "gfx/cube_renderer.hpp"
#include "gfx/frame.hpp"
#include "gfx/lines.hpp"
#include "ui/hud.hpp"
#include "world/world.hpp"

namespace slotcraft {

namespace {

#ifdef NDEBUG
constexpr bool kDebugBuild = false;
#else
constexpr bool kDebugBuild = true;
#endif

// Compaction work per frame: bounded, so a burst of breaks never costs a long frame.
constexpr size_t kCompactionMovesPerFrame = 256;

// At most this many fixed steps per frame: a long stall does not turn into a long catch-up.
constexpr int kMaxStepsPerFrame = 5;

App* app_of(GLFWwindow* window) { return static_cast<App*>(glfwGetWindowUserPointer(window)); }
void key_callback(GLFWwindow* w, int key, int /*scancode*/, int action, int mods) { app_of(w)->on_key(key, action, mods); }
void mouse_button_callback(GLFWwindow* w, int button, int action, int /*mods*/) { app_of(w)->on_mouse_button(button, action); }
void scroll_callback(GLFWwindow* w, double /*dx*/, double dy) { app_of(w)->on_scroll(dy); }
void cursor_callback(GLFWwindow* w, double x, double y) { app_of(w)->on_cursor(x, y); }

// shaders/ and assets/ are found next to the executable unless a flag names them.
std::string data_dir(const std::string& flag_value, const char* name) {
    if (!flag_value.empty()) return flag_value;
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return (ec ? std::filesystem::path(".") : exe.parent_path()) / name;
}

}  // namespace

App::App(Options options, std::vector<ScriptCommand> script)
    : options_(std::move(options)), script_(std::move(script)) {
#ifdef SLOTCRAFT_GL_DEBUG_DEFAULT
    options_.gl_debug = true;
#endif
    if (kDebugBuild) options_.gl_debug = true;
    const bool scripted = !options_.script_path.empty();
    WindowConfig config;
    config.width = options_.width;
    config.height = options_.height;
    config.vsync = options_.vsync;
    config.debug_context = options_.gl_debug;
    window_ = std::make_unique<Window>(config);
    if (options_.gl_debug) gfx::enable_debug_output(&gl_debug_);
    gl_renderer_ = gfx::gl_renderer_string() + " / OpenGL " + gfx::gl_version_string();
    glfwSetWindowUserPointer(window_->handle(), this);
    // Ours first: ImGui's backend chains to the callbacks installed before it.
    glfwSetKeyCallback(window_->handle(), key_callback);
    glfwSetMouseButtonCallback(window_->handle(), mouse_button_callback);
    glfwSetScrollCallback(window_->handle(), scroll_callback);
    glfwSetCursorPosCallback(window_->handle(), cursor_callback);
    imgui_ = std::make_unique<ImGuiLayer>(window_->handle(), !scripted);
    overlay_.visible = !scripted;

    gfx::CubeRendererConfig renderer_config;
    renderer_config.shader_dir = data_dir(options_.shaders_dir, "shaders");
    renderer_config.ring_bytes = static_cast<size_t>(options_.ring_kib) * 1024;
    renderer_config.assets_dir = data_dir(options_.assets_dir, "assets");
    const auto layers = face_layer_table();
    renderer_config.face_layers.assign(layers.begin(), layers.end());
    renderer_ = std::make_unique<gfx::CubeRenderer>(renderer_config);
    lines_ = std::make_unique<gfx::LineRenderer>(renderer_config.shader_dir);
    // The world file once the display, GL and shaders are known to work (so a failed start
    // never moves a world aside), and before the world: it decides the seed and type.
    open_store();

    WorldConfig world_config;
    world_config.type = options_.world;
    world_config.seed = options_.seed;
    world_config.view_distance = options_.view_distance;
    world_ = std::make_unique<World>(world_config);
    // Spawn flying over the origin column, above the tallest tree (trunk up to 6, crown 3),
    // looking a little down at the land.
    const int ground = options_.world == WorldType::kFlat ? 63 : world_->terrain().surface_height(0, 0);
    player_.set_eye({0.5, ground + 12.0 + kEyeHeight, 0.5});
    camera_.pitch = -15.0;
    restore_from_store();
    camera_.position = player_.eye();
    show_key_help_ = !scripted;
}

App::~App() {
    close_store();           // commit the last edits and the player's place
    world_.reset();          // join the generation workers first
    pin_loaded_libraries();  // before the window closes the display and unloads the driver
}

// A block's position relative to the corner of chunk `origin_chunk`, in exact integers.
glm::ivec3 chunk_relative(const BlockPos& p, glm::ivec3 origin_chunk) { return p - origin_chunk * kChunkSize; }

// [SECTION] loop

int App::run() {
    const bool scripted = !options_.script_path.empty();
    bool captured_last = false;
    last_frame_time_ = glfwGetTime();
    while (!quit_ && !window_->should_close()) {
        window_->poll_events();
        if (scripted && !advance_script()) break;
        simulate();
        const bool last_by_count = options_.frames && frame_times_.count() + 1 >= *options_.frames;
        const bool capture_final = last_by_count && !options_.screenshot_path.empty();
        if (capture_final) capture_path_ = options_.screenshot_path;
        render_frame(!capture_path_.empty());
        captured_last = capture_final;
        if (options_.verify_every > 0 && frame_times_.count() % options_.verify_every == 0) verify_buffer(0);
        if (last_by_count) break;
    }
    // The last frame is wanted as a PNG but the run ended another way: render it now.
    if (!options_.screenshot_path.empty() && !captured_last) {
        capture_path_ = options_.screenshot_path;
        render_frame(true);
    }
    if (!options_.stats_json_path.empty()) write_stats(options_.stats_json_path);
    if (gl_debug_.errors > 0) {
        std::fprintf(stderr, "slotcraft: the run met %lld GL error(s), see the messages above\n",
                     static_cast<long long>(gl_debug_.errors));
        return kExitGlErrors;
    }
    return kExitOk;
}

// The simulation: fixed 60 Hz steps of the player (one per frame under --script, so runs
// do not depend on the wall clock), then streaming around the camera, whose changes become
// slot work.
void App::simulate() {
    if (!options_.script_path.empty()) {
        step_player();
    } else {
        step_accumulator_ = std::min(step_accumulator_ + frame_seconds_, kMaxStepsPerFrame * kStepSeconds);
        while (step_accumulator_ >= kStepSeconds) {
            step_player();
            step_accumulator_ -= kStepSeconds;
        }
    }
    save_meta_now_and_then();
    slots_.apply(world_->update(camera_.position));
    if (!first_idle_seen_ && world_->idle()) first_idle_seen_ = true;
    slots_.compact(kCompactionMovesPerFrame);
}

void App::land_pending_work() { renderer_->land(slots_.take_frame()); }

void App::render_frame(bool capture) {
    window_->framebuffer_size(width_, height_);
    renderer_->begin_frame();
    record_allocator_history();
    land_pending_work();
    update_octree();
    imgui_->begin_frame();
    apply_overlay_actions(overlay_.draw(overlay_view()));
    draw_hud(hud_view());
    if (width_ > 0 && height_ > 0) {
        gfx::begin_frame(width_, height_, kSkyColour);
        draw_world();
    }
    imgui_->end_frame();
    if (capture) save_capture();
    renderer_->end_frame();
    window_->swap_buffers();
    const double now = glfwGetTime();
    frame_seconds_ = now - last_frame_time_;
    frame_times_.add(frame_seconds_ * 1000.0);
    last_frame_time_ = now;
    ++frames_at_pose_;
}

// Saves the frame just drawn (before the swap). A failure stops a script at its line or a
// run's final --screenshot, and is only a message for F2.
void App::save_capture() {
    const std::string path = std::exchange(capture_path_, {});
    const int line = std::exchange(capture_line_, 0);
    const bool from_key = std::exchange(capture_from_key_, false);
    try {
        if (width_ <= 0 || height_ <= 0) {
            throw std::runtime_error("cannot take the screenshot '" + path + "': the window is minimised (0x0)");
        }
        gfx::write_png(path, width_, height_, gfx::read_back_buffer(width_, height_));
        if (from_key) show_message("saved " + path);
    } catch (const std::runtime_error& e) {
        if (from_key) show_message(e.what());
        else if (line > 0) throw ScriptError(line, e.what());
        else throw;
    }
}

// [SECTION] culling and drawing

// Chunks enter the octree when they gain their first instance and leave when they lose
// their last (or unload): no rebuild per frame.
void App::update_octree() {
    slots_.take_chunk_changes(gained_, emptied_);
    for (const ChunkCoord& c : emptied_) octree_.remove(chunk_key(c));
    for (const ChunkCoord& c : gained_) {
        if (slots_.has_chunk(c)) octree_.insert(chunk_key(c), glm::ivec3(c.x, c.y, c.z));
    }
}

App::Eye App::eye() const {
    Eye e;
    const glm::dvec3 origin = glm::floor(camera_.position / double{kChunkSize});
    e.origin_chunk = glm::ivec3(origin);
    e.offset = glm::vec3(camera_.position - origin * double{kChunkSize});
    const float far_plane = static_cast<float>((world_->view_distance() + 2) * kChunkSize);
    const float aspect = height_ > 0 ? static_cast<float>(width_) / static_cast<float>(height_) : 1.0f;  // minimised
    e.view_projection = camera_.projection(aspect, 0.05f, far_plane) *
                        camera_.view_relative_to(origin * double{kChunkSize});
    return e;
}

void App::draw_world() {
    const Eye e = eye();
    if (!cull_frozen_) frustum_ = Frustum(e.view_projection, e.origin_chunk);
    octree_.cull(frustum_, visible_keys_);
    runs_.clear();
    for (ChunkOctree::Key key : visible_keys_) {
        const glm::ivec3 c = *octree_.coord_of(key);
        slots_.chunk_runs(ChunkCoord{c.x, c.y, c.z}, runs_);
    }
    gfx::CubeView view;
    view.origin_chunk = e.origin_chunk;
    view.camera_offset = e.offset;
    view.view_projection = e.view_projection;
    view.sky_colour = glm::vec3(kSkyColour.r, kSkyColour.g, kSkyColour.b) / 255.0f;
    view.fog_end = static_cast<float>(world_->view_distance() * kChunkSize);
    view.fog_start = view.fog_end * 0.7f;
    if (highlighted_chunk_) view.highlight_chunk = glm::ivec3(highlighted_chunk_->x, highlighted_chunk_->y, highlighted_chunk_->z);
    renderer_->draw(runs_, view);

    lines_scratch_.clear();
    if (const auto hit = target()) {
        const glm::vec3 lo = glm::vec3(chunk_relative(hit->block, e.origin_chunk)) - glm::vec3(0.004f);
        gfx::LineRenderer::add_box(lines_scratch_, lo, lo + glm::vec3(1.008f), glm::vec4(0.05f, 0.05f, 0.05f, 0.9f));
    }
    if (show_boxes_) add_chunk_boxes(e.origin_chunk);
    lines_->draw_lines(lines_scratch_, e.view_projection);
    lines_->draw_crosshair(width_, height_);
}

// Boxes of every chunk in the octree (yellow: drawn this frame, red: culled), and the
// frozen frustum when culling is frozen.
void App::add_chunk_boxes(glm::ivec3 origin_chunk) {
    tsl::robin_set<ChunkOctree::Key> visible(visible_keys_.begin(), visible_keys_.end());
    chunk_list_.clear();
    octree_.list_chunks(chunk_list_);
    for (const ChunkOctree::Entry& c : chunk_list_) {
        const glm::vec3 lo = glm::vec3((c.coord - origin_chunk) * kChunkSize) + glm::vec3(0.02f);
        const glm::vec4 colour = visible.contains(c.key) ? glm::vec4(1.0f, 0.9f, 0.1f, 0.8f) : glm::vec4(0.9f, 0.2f, 0.2f, 0.5f);
        gfx::LineRenderer::add_box(lines_scratch_, lo, lo + glm::vec3(kChunkSize - 0.04f), colour);
    }
    if (cull_frozen_) {
        const auto corners = frustum_corners(frozen_view_projection_);
        glm::vec3 c[8];
        const glm::vec3 shift = glm::vec3((frustum_.origin_chunk() - origin_chunk) * kChunkSize);
        for (int i = 0; i < 8; ++i) c[i] = corners[static_cast<size_t>(i)] + shift;
        gfx::LineRenderer::add_frustum(lines_scratch_, c, glm::vec4(0.2f, 1.0f, 1.0f, 1.0f));
    }
}

void App::set_cull_frozen(bool frozen) {
    if (frozen && !cull_frozen_) frozen_view_projection_ = eye().view_projection;
    cull_frozen_ = frozen;
}

bool App::idle() const { return world_->idle(); }

void App::record_allocator_history() {
    const InstanceSlots::Stats s = slots_.stats();
    const int i = static_cast<int>(allocator_history_.count % AllocatorHistory::kHistory);
    allocator_history_.allocations[i] = static_cast<float>(s.slot_allocations - allocations_seen_);
    allocator_history_.frees[i] = static_cast<float>(s.slot_frees - frees_seen_);
    ++allocator_history_.count;
    allocations_seen_ = s.slot_allocations;
    frees_seen_ = s.slot_frees;
}

OverlayView App::overlay_view() const {
    OverlayView v;
    v.frame = &frame_times_;
    v.gl_renderer = gl_renderer_;
    v.slots = &slots_;
    const gfx::CubeRenderer::Stats r = renderer_->stats();
    v.renderer = RendererFigures{r.buffer_slots, r.buffer_bytes, kInstanceBytes, r.growths, r.upload_bytes_total,
                                 r.upload_bytes_last_frame, r.draw_bytes_last_frame, r.ring.bytes, r.ring.used,
                                 r.ring.waits, r.draw_commands, r.draw_calls, r.instances_drawn};
    v.allocator = &allocator_history_;
    v.world = world_->stats();
    v.world_type = std::string(world_type_name(options_.world));
    v.seed = options_.seed;
    v.camera = camera_.position;
    v.yaw = camera_.yaw;
    v.pitch = camera_.pitch;
    v.target = target();
    if (v.target) v.target_slot = slots_.slot_of(chunk_of(v.target->block), local_index(v.target->block));
    v.view_distance = world_->view_distance();
    v.highlighted_chunk = highlighted_chunk_;
    v.cull = octree_.stats();
    v.cull_frozen = cull_frozen_;
    v.show_boxes = show_boxes_;
    return v;
}

HudView App::hud_view() const {
    HudView v;
    for (int i = 0; i < Hotbar::kSlots; ++i) v.hotbar[static_cast<size_t>(i)] = block_name(hotbar_.slot(i));
    v.selected = hotbar_.selected();
    v.show_key_help = show_key_help_;
    const World::Stats w = world_->stats();
    v.loading = !first_idle_seen_;
    v.chunks_loaded = static_cast<int>(w.chunks_loaded);
    v.chunks_wanted = static_cast<int>(w.chunks_loaded + w.stream_pending);
    v.mode = std::string(move_mode_name(player_.mode()));
    if (frame_times_.count() < message_until_frame_) v.message = message_;
    return v;
}

void App::apply_overlay_actions(const OverlayActions& actions) {
    if (actions.view_distance) world_->set_view_distance(*actions.view_distance);
    if (actions.cull_frozen) set_cull_frozen(*actions.cull_frozen);
    if (actions.show_boxes) show_boxes_ = *actions.show_boxes;
    if (actions.highlight) highlighted_chunk_ = *actions.highlight;
}

void App::verify_buffer(int line) {
    land_pending_work();  // edits made since the last frame must be on the GPU first
    try {
        renderer_->verify(slots_.cpu_copy());
    } catch (const gfx::VerifyError& e) {
        if (line > 0) throw ScriptError(line, "verify failed: " + e.difference);
        throw gfx::VerifyError("verify failed after frame " + std::to_string(frame_times_.count()) + ": " +
                                   e.difference, e.difference);
    }
}

std::optional<RayHit> App::target() const { return world_->raycast(camera_.position, camera_.forward()); }

}  // namespace slotcraft
