#pragma once
// The App owns the window, the world, the slot bookkeeping, the renderer and the overlay;
// it runs the loop, interactive or scripted. Needs GLFW, so it is not unit-tested: the
// render tests run it for real. Files: app.cpp (loop, frame), app_script.cpp (script
// commands), app_stats.cpp (the stats JSON).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/camera.hpp"
#include "app/options.hpp"
#include "app/script.hpp"
#include "gfx/debug.hpp"
#include "ui/frame_times.hpp"
#include "ui/overlay.hpp"
#include "world/instance_slots.hpp"
#include "world/raycast.hpp"

namespace slotcraft {

class Window;
class ImGuiLayer;
class StatsJson;
class World;
namespace gfx {
class CubeRenderer;
}

// Exit codes of the program, documented in the README.
inline constexpr int kExitOk = 0;
inline constexpr int kExitEnvironment = 1;  // no display, GL too old, missing shader, ...
inline constexpr int kExitUsage = 2;        // bad flag, bad script line, refused command, failed verify
inline constexpr int kExitGlErrors = 3;     // the run met GL errors (debug output on)

class App {
public:
    App(Options options, std::vector<ScriptCommand> script);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    // Runs to the end; returns the exit code. Throws ScriptError for a command that
    // cannot be carried out, and the errors of the parts for bad input.
    int run();

    // Called from GLFW's key callback.
    void on_key(int key, int action, int mods);

private:
    // [SECTION] frame (app.cpp)
    void simulate();
    void render_frame(bool capture);
    void land_pending_work();
    bool idle() const;
    void verify_buffer(int line);
    std::optional<RayHit> target() const;

    // [SECTION] stats (app_stats.cpp)
    void collect_stats(StatsJson& json) const;
    void write_stats(const std::string& path) const;

    // [SECTION] script (app_script.cpp)
    // Carries out script commands until one needs frames rendered; false at the end.
    bool advance_script();
    void run_command(const ScriptCommand& cmd);

    Options options_;
    std::vector<ScriptCommand> script_;
    size_t next_command_ = 0;
    int64_t wait_frames_ = 0;           // frames still to render for `wait`/`screenshot`
    bool await_idle_ = false;           // `camera`: render until nothing is pending
    int64_t frames_at_pose_ = 0;        // frames rendered since the last `camera`
    int await_idle_line_ = 0;
    std::string capture_path_;          // screenshot to save from the next frame
    int capture_line_ = 0;              // the script line that asked for it (0: none)
    bool quit_ = false;

    std::unique_ptr<Window> window_;
    std::unique_ptr<ImGuiLayer> imgui_;
    gfx::GlDebugStats gl_debug_;
    std::string gl_renderer_;
    Overlay overlay_;
    FrameTimes frame_times_;
    Camera camera_;
    std::unique_ptr<World> world_;
    InstanceSlots slots_;
    std::unique_ptr<gfx::CubeRenderer> renderer_;
    std::vector<SlotRun> runs_;         // this frame's draw ranges (kept to reuse memory)
    std::vector<ChunkCoord> chunk_scratch_;
    double last_frame_time_ = 0.0;
    int width_ = 0, height_ = 0;        // framebuffer size of the last rendered frame
};

}  // namespace slotcraft
