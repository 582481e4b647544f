#pragma once
// The Dear ImGui overlay: panels that read the stats structs of the other parts and own no
// state of the world. The only ImGui user besides the backend set-up in app/.
#include <string>

#include "ui/frame_times.hpp"

namespace slotcraft {

// Everything the overlay shows, gathered by the App each frame.
struct OverlayView {
    const FrameTimes* frame = nullptr;
    std::string gl_renderer;
};

class Overlay {
public:
    void draw(const OverlayView& view);
    bool visible = true;
};

}  // namespace slotcraft
