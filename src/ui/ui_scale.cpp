// The UI's scale (see ui_scale.hpp).
#include "ui/ui_scale.hpp"

#include <imgui.h>

namespace slotcraft {

overlay_layout::SizeClass scale_ui(float width, float height) {
    const overlay_layout::SizeClass size = overlay_layout::size_class(width, height);
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
