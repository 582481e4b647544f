#pragma once
// Dear ImGui's context, its GLFW platform backend and (through gfx/) its OpenGL renderer
// backend, for the window's lifetime.
#include <memory>
#include <string>
#include <vector>

#include "app/key_events.hpp"

struct GLFWwindow;

namespace slotcraft {

namespace gfx {
class ImGuiGlBackend;
}

class ImGuiLayer {
public:
    // ini_path: where ImGui keeps its imgui.ini (the panels' fold state), read at the start
    // and written while the program runs; empty (scripted runs): none is read or written.
    ImGuiLayer(GLFWwindow* window, std::string ini_path);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    void begin_frame();
    void end_frame();  // renders the draw data into the current framebuffer
    bool wants_mouse() const;
    bool wants_keyboard() const;
    void set_mouse_enabled(bool enabled);
    // A key's press or release from the window's key callback (the App's, which GLFW calls in
    // place of the backend's): ImGui takes the queued events at its next frames, a press and
    // its release never in the same frame, so a tap shorter than a frame is seen.
    void queue_key(int key, bool press) { keys_.push_back({key, press}); }

private:
    void take_key_events();

    std::vector<KeyEvent> keys_;  // queued, oldest first
    std::string ini_path_;        // ImGui keeps a pointer to it
    std::unique_ptr<gfx::ImGuiGlBackend> gl_;
};

}  // namespace slotcraft
