#pragma once
// The App: a thin loop over the parts. Each part has a narrow interface and its own Stats
// struct; the App wires them together in the order one frame's data flows through them:
//
//   Window events -> Controls (keys, mouse, player, hotbar) or the ScriptRunner (script)
//   -> Editor (what the user does to the cells; keys, clicks, the Edit panel, scripts)
//   -> WorldSession (world edits and streaming -> InstanceSlots -> world file)
//   -> SceneRenderer::upload (slot writes uploaded) -> CullView (octree, frustum)
//   -> ScenePasses: opaque, water, lines, ui (Overlay and HUD), capture -> swap.
//
// Needs GLFW, so it is not unit-tested: the render tests run it for real.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "edit/editor.hpp"
#include "edit/world_session.hpp"
#include "config/options.hpp"
#include "script/script.hpp"
#include "config/settings.hpp"
#include "gfx/debug.hpp"
#include "ui/frame_times.hpp"
#include "ui/hud.hpp"
#include "ui/overlay.hpp"
#include "ui/stage_times.hpp"
#include "minecraft/minecraft_ground.hpp"
#include "world/raycast.hpp"
#include "world/region.hpp"

namespace slotcraft {

class Window;
struct DisplayLost;
class ImGuiLayer;
class StatsJson;
class WorldSession;
class Controls;
class CullView;
class SceneRenderer;
class ScenePasses;
struct ChunkBox;
struct SceneMarks;
struct Eye;
class ScriptRunner;
class BuildFiles;
enum class UserAction;

// Exit codes of the program, documented in the README.
inline constexpr int kExitOk = 0;
inline constexpr int kExitEnvironment = 1;  // no display, GL too old, missing shader, world file refused
inline constexpr int kExitUsage = 2;        // bad flag, bad script line, refused command, failed verify
inline constexpr int kExitGlErrors = 3;     // the run met GL errors (debug output on)
inline constexpr int kExitNotSaved = 4;     // edits could not be written to the world file

class App final : private ScriptLoop {
public:
    // settings: the settings file's values (the options already hold those the flags did not
    // override); settings_path: the file the Settings panel's changes are written back to at
    // the end of an interactive run, whose folder keeps imgui.ini; empty: neither.
    App(Options options, Script script, const Settings& settings, std::string settings_path);
    ~App() override;
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
    // Files dropped on the window: the first is imported into the clipboard.
    void on_drop(int count, const char** paths);

private:
    WorldSessionConfig session_config(bool scripted, int far_distance) const;
    // A frame to save as a PNG once it is drawn, and who asked for it.
    struct CaptureRequest {
        std::string path;
        int script_line = 0;    // a script line: a failure stops the run there
        bool from_key = false;  // F2: the outcome is a message
    };
    // The message line under the crosshair.
    struct Message {
        std::string text;
        int64_t until_frame = 0;
    };

    // [SECTION] the loop (app.cpp)
    void simulate();
    void capture_final_frame();
    void render_frame();
    SceneMarks scene_marks(const std::optional<RayHit>& hit, const Eye& eye);
    void take_captures();
    void perform(UserAction action);
    void toggle_mode();
    void request_screenshot_from_key();
    // The block under the crosshair (one ray a frame: the outline, the overlay, the stats).
    std::optional<RayHit> crosshair_hit() const;
    OverlayView overlay_view(const std::optional<RayHit>& target) const;
    HudView hud_view() const;
    // ImGui's frame: the overlay, the HUD (the key help beside the panels or alone) and the picker.
    void draw_ui(const std::optional<RayHit>& hit);
    // The block picker while it is open; a click puts the block into the selected hotbar slot.
    void draw_picker();
    // Closes the block picker and gives the mouse back to the view, as a click into the world does.
    void close_picker();
    void save_meta();
    void watch_saving();
    // The bounded last try to write every edit; returns kExitNotSaved (after saying so) or kExitOk.
    int finish_saving();
    // The frames until the run ends, then the end of the run (run() wraps it).
    int run_frames();
    // The X server went away: the edits are committed, the world file closed, and the process
    // ends here (129, as SIGHUP) without a call that would touch the display again.
    [[noreturn]] void end_after_display_lost(const DisplayLost& lost);
    void save_settings() const;
    LiveSettings live_settings() const;
    // What a script line drives: the parts, and the App for the loop-level things.
    ScriptContext script_context();

    // [SECTION] the loop-level things scripts ask for (app.cpp; see ScriptLoop)
    void capture_next_frame(const std::string& path, int line) override;
    void write_stats(const std::string& path) override;
    void verify() override;
    void resize(int width, int height) override;
    bool overlay_shown() const override { return overlay_.visible; }
    void show_overlay(bool on) override;
    // What a panel or a script line asked for (view settings, an Edit panel button).
    void apply_view(const OverlayActions& actions) override;
    void eye_moved() override;
    void show_message(std::string text) override;
    void press(std::string_view name) override;
    void set_frame_sleep(int ms) override { measures_.frame_sleep_ms = ms; }
    void record_layout(int frames, const std::string& path, int line) override;

    // [SECTION] stats (app_stats.cpp)
    void collect_stats(StatsJson& json) const;
    void write_stats_file(const std::string& path) const;
    // A frame that showed the overlay: its layout and the HUD's texts into the `record-layout`
    // file, while recording.
    void record_layout(std::span<const overlay_layout::NamedRect> hud);
    // At the end of a run: a layout record the run ended before is written as far as it got,
    // and said on stderr, never dropped without a word.
    void finish_layout_record();

    Options options_;
    // The settings file: where it is (empty: none) and the values it started with (written
    // back at exit only where they changed).
    struct SettingsFile {
        std::string path;
        LiveSettings at_start;
    };
    SettingsFile settings_file_;
    std::unique_ptr<Window> window_;
    std::unique_ptr<ImGuiLayer> imgui_;
    gfx::GlDebugStats gl_debug_;
    std::unique_ptr<SceneRenderer> frame_;
    // `record-layout FRAMES PATH`: the lines recorded so far and the frames still to record.
    struct LayoutRecording {
        std::string path;
        int frames = 0;  // asked for
        int frames_left = 0;
        int script_line = 0;
        std::string lines;
    };
    // What the frame's passes need beyond the renderer: the passes in their order, the chunk
    // boxes the lines pass draws, and the frames to save once drawn (as PNGs, or the
    // overlay's layout as JSON).
    struct FrameState {
        std::unique_ptr<ScenePasses> passes;
        std::vector<ChunkBox> boxes_scratch;
        std::vector<CaptureRequest> captures;
        LayoutRecording layout;
    };
    FrameState frame_state_;
    std::unique_ptr<WorldSession> session_;
    std::unique_ptr<Controls> controls_;
    std::unique_ptr<Editor> editor_;     // over session_ and controls_
    std::unique_ptr<BuildFiles> files_;  // export and import, over session_ and editor_
    std::unique_ptr<CullView> cull_;
    std::unique_ptr<ScriptRunner> script_;  // null: an interactive run
    Overlay overlay_;
    // What the program measures of itself, frame by frame (the Frame panel and the stats).
    struct Measures {
        AllocatorHistory allocator_history;
        FrameTimes frame_times;
        // The main thread's CPU time per stage: this frame's, being summed, and the history.
        StageTimes::Frame stage_frame{};
        StageTimes stage_times;
        // stream.frames_to_settle: frames from the last `camera` command (or the start)
        // until nothing was pending; nullopt while streaming.
        int64_t settle_from_frame = 0;
        std::optional<int64_t> frames_to_settle;
        // Wall-clock time: when the last frame ended, and how long it took.
        double last_frame_time = 0.0;
        double frame_seconds = 0.0;
        // The end of the last frame whose real time the player's steps have caught up to.
        double stepped_to = 0.0;
        int frame_sleep_ms = 0;  // `frame-sleep MS`, a test hook
        // frame.page_faults: the process's minor page faults at the end of the last frame,
        // and how many that frame took (platform/page_faults.hpp; -1 when getrusage fails).
        int64_t page_faults_at_end = 0;
        int64_t frame_page_faults = 0;
    };
    Measures measures_;
    Message message_;
    // What the HUD and the panels showed, kept between frames.
    struct Shown {
        // The world file's state (updated every frame).
        std::string save_problem;  // the HUD line while saving does not work (empty: it works)
        std::string save_summary;  // the World panel's line (empty: nothing is saved)
        uint64_t write_backs_seen = 0;
        uint64_t edge_stops_seen = 0;                 // the player's stops at the world's bound, as last shown
        overlay_layout::Rect hotbar_rect;             // where the hotbar was drawn last frame
        bool first_idle_seen = false;                 // the first chunks have loaded (hides the loading bar)
        std::optional<ChunkCoord> highlighted_chunk;  // chosen in the occupancy panel
    };
    Shown shown_;
    std::shared_ptr<MinecraftGround> ground_;  // --minecraft: the world read as the ground
    double daylight_ = 1.0;                    // --daylight, `daylight F`, the overlay's slider
    bool picker_open_ = false;                 // the block picker shows (the picker key, `press picker`)
};

}  // namespace slotcraft
