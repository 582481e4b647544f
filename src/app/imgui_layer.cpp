// ImGui's context and its GLFW platform backend (the one place in app/ that includes ImGui);
// the OpenGL renderer backend is gfx::ImGuiGlBackend.
#include "app/imgui_layer.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>

#include <utility>

#include "gfx/imgui_backend.hpp"
#include "ui/ui_scale.hpp"

namespace slotcraft {

ImGuiLayer::ImGuiLayer(GLFWwindow* window, std::string ini_path) : ini_path_(std::move(ini_path)) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // Never ImGui's default, "imgui.ini" in the current folder.
    io.IniFilename = ini_path_.empty() ? nullptr : ini_path_.c_str();
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    gl_ = std::make_unique<gfx::ImGuiGlBackend>();
}

ImGuiLayer::~ImGuiLayer() {
    gl_.reset();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::take_key_events() {
    ImGuiIO& io = ImGui::GetIO();
    const std::size_t n = frame_key_events(keys_);
    for (std::size_t i = 0; i < n; ++i) {
        const KeyEvent& e = keys_[i];
        if (e.key >= 0 && e.key < IM_ARRAYSIZE(io.KeysDown)) io.KeysDown[e.key] = e.press;
    }
    keys_.erase(keys_.begin(), keys_.begin() + static_cast<std::ptrdiff_t>(n));
    // As the backend's key callback sets them: from the keys, not the events' mods.
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
}

void ImGuiLayer::begin_frame() {
    take_key_events();
    gl_->new_frame();
    ImGui_ImplGlfw_NewFrame();  // the display size of this frame
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    scale_ui(display.x, display.y);  // before NewFrame, which fixes the frame's font size
    ImGui::NewFrame();
}

void ImGuiLayer::end_frame() {
    ImGui::Render();
    gl_->render();
}

bool ImGuiLayer::wants_mouse() const { return ImGui::GetIO().WantCaptureMouse; }
bool ImGuiLayer::wants_keyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

void ImGuiLayer::set_mouse_enabled(bool enabled) {
    ImGuiIO& io = ImGui::GetIO();
    if (enabled) io.ConfigFlags &= ~ImGuiConfigFlags_NoMouse;
    else io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
}

}  // namespace slotcraft
