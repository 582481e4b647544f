#pragma once
// The App owns the window, the world, the slot bookkeeping, the renderer and the overlay;
// it runs the loop, interactive or scripted. Needs GLFW, so it is not unit-tested: the
// render tests run it for real. Files: app.cpp (loop, frame), app_script.cpp (script
// commands), app_stats.cpp (the stats JSON).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/camera.hpp"
#include "app/hotbar.hpp"
#include "app/options.hpp"
#include "app/script.hpp"
#include "cull/chunk_octree.hpp"
#include "cull/frustum.hpp"
#include "gfx/debug.hpp"
#include "ui/frame_times.hpp"
#include "ui/hud.hpp"
#include "ui/overlay.hpp"
#include "gfx/instance_slots.hpp"
#include "world/player.hpp"
#include "save/save.hpp"
#include "world/world.hpp"
#include "world/raycast.hpp"

namespace slotcraft {

class Window;
class ImGuiLayer;
class StatsJson;
class World;
namespace gfx {
class CubeRenderer;
class LineRenderer;
struct ColouredVertex;
}  // namespace gfx

glm::ivec3 chunk_relative(const BlockPos& p, glm::ivec3 origin_chunk);

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

    // Called from GLFW's callbacks.
    void on_key(int key, int action, int mods);
    void on_mouse_button(int button, int action);
    void on_scroll(double dy);
    void on_cursor(double x, double y);

private:
    // The eye in the renderer's integer-exact form.
    struct Eye {
        glm::ivec3 origin_chunk{0};
        glm::vec3 offset{0.0f};
        glm::mat4 view_projection{1.0f};
    };

    // [SECTION] frame (app.cpp)
    void update_octree();
    Eye eye() const;
    void draw_world();
    void add_chunk_boxes(glm::ivec3 origin_chunk);
    void set_cull_frozen(bool frozen);
    void simulate();
    void render_frame(bool capture);
    void save_capture();
    void land_pending_work();
    bool idle() const;
    void verify_buffer(int line);
    std::optional<RayHit> target() const;
    OverlayView overlay_view() const;
    HudView hud_view() const;
    void record_allocator_history();
    void apply_overlay_actions(const OverlayActions& actions);

    // [SECTION] controls (controls.cpp)
    enum class Action { kBreak, kPlace, kPick };
    // Break, place or pick at the crosshair: one code path for the mouse and the script.
    // Returns why nothing happened, or "" when it did.
    std::string act(Action action, std::optional<BlockType> type);
    void set_cursor_captured(bool captured);
    void turn(double dx_pixels, double dy_pixels);
    void look(double dyaw, double dpitch);
    bool key_down(const char* name) const;
    PlayerInput gather_input() const;
    void step_player();
    void set_mode(MoveMode mode);
    void hold_key(const std::string& name, int64_t frames);
    void show_message(std::string text);
    void save_timestamped_screenshot();

    // [SECTION] world file (app_save.cpp)
    void open_store();
    void restore_from_store();
    WorldMeta current_meta() const;
    void save_meta();
    void save_meta_now_and_then();
    void edit(const BlockPos& p, BlockType type);
    void close_store();

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
    bool capture_from_key_ = false;     // F2 asked for it: report the outcome as a message
    bool quit_ = false;

    std::unique_ptr<Window> window_;
    std::unique_ptr<ImGuiLayer> imgui_;
    gfx::GlDebugStats gl_debug_;
    std::string gl_renderer_;
    Overlay overlay_;
    FrameTimes frame_times_;
    Camera camera_;
    Player player_;
    Hotbar hotbar_;
    std::map<std::string, int64_t> script_keys_;  // `key NAME FRAMES`: frames still held
    bool cursor_captured_ = false;
    bool have_cursor_ = false;
    double cursor_x_ = 0.0, cursor_y_ = 0.0;
    bool show_key_help_ = true;
    bool first_idle_seen_ = false;      // the first chunks have loaded (hides the loading bar)
    std::string message_;
    int64_t message_until_frame_ = 0;
    double step_accumulator_ = 0.0;     // interactive runs: real time not yet simulated
    std::unique_ptr<WorldStore> store_;      // null: nothing is saved
    std::optional<WorldMeta> saved_meta_;    // what the file held at start
    std::unique_ptr<World> world_;
    InstanceSlots slots_;
    std::unique_ptr<gfx::CubeRenderer> renderer_;
    std::unique_ptr<gfx::LineRenderer> lines_;
    ChunkOctree octree_;
    Frustum frustum_;                   // the frustum the octree was last queried with
    glm::mat4 frozen_view_projection_{1.0f};
    bool cull_frozen_ = false;
    bool show_boxes_ = false;
    std::vector<ChunkOctree::Key> visible_keys_;
    std::vector<ChunkOctree::Entry> chunk_list_;
    std::vector<ChunkCoord> gained_, emptied_;
    std::vector<gfx::ColouredVertex> lines_scratch_;
    std::vector<SlotRun> runs_;         // this frame's draw ranges (kept to reuse memory)
    AllocatorHistory allocator_history_;
    uint64_t allocations_seen_ = 0, frees_seen_ = 0;  // slot counters at the last frame
    std::optional<ChunkCoord> highlighted_chunk_;  // chosen in the occupancy panel
    double last_frame_time_ = 0.0;
    double frame_seconds_ = 0.0;        // wall-clock length of the last frame
    int width_ = 0, height_ = 0;        // framebuffer size of the last rendered frame
};

}  // namespace slotcraft
