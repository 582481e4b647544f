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

void key_callback(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
    static_cast<App*>(glfwGetWindowUserPointer(window))->on_key(key, action, mods);
}

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
    glfwSetKeyCallback(window_->handle(), key_callback);  // before ImGui, which chains to it
    imgui_ = std::make_unique<ImGuiLayer>(window_->handle(), !scripted);
    overlay_.visible = !scripted;

    gfx::CubeRendererConfig renderer_config;
    renderer_config.shader_dir = data_dir(options_.shaders_dir, "shaders");
    renderer_config.ring_bytes = static_cast<size_t>(options_.ring_kib) * 1024;
    renderer_ = std::make_unique<gfx::CubeRenderer>(renderer_config);

    WorldConfig world_config;
    world_config.type = options_.world;
    world_config.seed = options_.seed;
    world_config.view_distance = options_.view_distance;
    world_ = std::make_unique<World>(world_config);
    camera_.position = {0.5, options_.world == WorldType::kFlat ? 66.0 : 90.0, 0.5};
}

App::~App() {
    world_.reset();          // join the generation workers first
    pin_loaded_libraries();  // before the window closes the display and unloads the driver
}

void App::on_key(int key, int action, int mods) {
    if (action != GLFW_PRESS) return;
    if (key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL)) window_->request_close();
    if (key == GLFW_KEY_F3) overlay_.visible = !overlay_.visible;
    if (key == GLFW_KEY_F11) window_->toggle_fullscreen();
}

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

// One simulation step: stream chunks around the camera and turn what changed into slot work.
void App::simulate() {
    slots_.apply(world_->update(camera_.position));
    slots_.compact(kCompactionMovesPerFrame);
}

void App::land_pending_work() { renderer_->land(slots_.take_frame()); }

void App::render_frame(bool capture) {
    window_->framebuffer_size(width_, height_);
    renderer_->begin_frame();
    land_pending_work();
    imgui_->begin_frame();
    overlay_.draw(OverlayView{&frame_times_, gl_renderer_});
    if (width_ > 0 && height_ > 0) {
        gfx::begin_frame(width_, height_, kSkyColour);
        runs_.clear();
        chunk_scratch_.clear();
        slots_.all_chunks(chunk_scratch_);
        for (const ChunkCoord& c : chunk_scratch_) slots_.chunk_runs(c, runs_);
        const glm::dvec3 origin_chunk = glm::floor(camera_.position / double{kChunkSize});
        const float far_plane = static_cast<float>((world_->view_distance() + 2) * kChunkSize);
        gfx::CubeView view;
        view.origin_chunk = glm::ivec3(origin_chunk);
        view.camera_offset = glm::vec3(camera_.position - origin_chunk * double{kChunkSize});
        view.view_projection = camera_.projection(static_cast<float>(width_) / static_cast<float>(height_), 0.05f, far_plane) *
                               camera_.view_relative_to(origin_chunk * double{kChunkSize});
        view.sky_colour = glm::vec3(kSkyColour.r, kSkyColour.g, kSkyColour.b) / 255.0f;
        view.fog_end = static_cast<float>(world_->view_distance() * kChunkSize);
        view.fog_start = view.fog_end * 0.7f;
        renderer_->draw(runs_, view);
    }
    imgui_->end_frame();
    if (capture && width_ > 0 && height_ > 0) {
        try {
            gfx::write_png(capture_path_, width_, height_, gfx::read_back_buffer(width_, height_));
        } catch (const std::runtime_error& e) {
            if (capture_line_ > 0) throw ScriptError(capture_line_, e.what());
            throw;
        }
    }
    capture_path_.clear();
    capture_line_ = 0;
    renderer_->end_frame();
    window_->swap_buffers();
    const double now = glfwGetTime();
    frame_times_.add((now - last_frame_time_) * 1000.0);
    last_frame_time_ = now;
    ++frames_at_pose_;
}

bool App::idle() const { return world_->idle(); }

void App::verify_buffer(int line) {
    land_pending_work();  // edits made since the last frame must be on the GPU first
    if (auto difference = renderer_->verify(slots_.cpu_copy())) {
        if (line > 0) throw ScriptError(line, "verify failed: " + *difference);
        throw ScriptError(0, "verify failed after frame " + std::to_string(frame_times_.count()) + ": " + *difference);
    }
}

std::optional<RayHit> App::target() const { return world_->raycast(camera_.position, camera_.forward()); }

}  // namespace slotcraft
