// The UI's scale (see ui_scale.hpp).
#include "ui/ui_scale.hpp"

#include <imgui.h>

namespace slotcraft {

overlay_layout::SizeClass scale_ui() {
    const ImVec2 work = ImGui::GetMainViewport()->WorkSize;
    const overlay_layout::SizeClass size = overlay_layout::size_class(work.x, work.y);
    ImGuiIO& io = ImGui::GetIO();
    if (io.FontGlobalScale != size.scale) {
        // From ImGui's own sizes each time, so scaling back and forth never drifts.
        ImGuiStyle style;
        ImGui::StyleColorsDark(&style);
        style.ScaleAllSizes(size.scale);
        ImGui::GetStyle() = style;
        io.FontGlobalScale = size.scale;
    }
    return size;
}

}  // namespace slotcraft
