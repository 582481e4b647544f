#pragma once
// The program's stats figures, each declared once (stats/stats_keys.hpp): key, type, doc line
// and how it is read from the parts (FigureSources). The stats JSON is written from this table
// and docs/stats.md's key table is made from it; the order is the page's.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/controls.hpp"
#include "draw/cull_view.hpp"
#include "draw/scene_renderer.hpp"
#include "edit/import_export.hpp"
#include "edit/world_session.hpp"
#include "gfx/debug.hpp"
#include "stats/stats_keys.hpp"
#include "ui/frame_times.hpp"
#include "ui/overlay.hpp"
#include "ui/stage_times.hpp"
#include "world/raycast.hpp"
#include "world/region.hpp"
#include "minecraft/minecraft_ground.hpp"

namespace slotcraft {

// What the figures read: the parts' Stats and the few things only the App holds, gathered
// once for a stats document.
struct FigureSources {
    const FrameTimes& frame_times;
    int64_t page_faults = -1;
    gfx::GlDebugStats gl;
    Controls::Stats controls;
    int width = 0, height = 0;
    WorldSession::Stats session;
    const WorldSession& world_session;
    std::optional<RayHit> target;
    std::optional<Region> region;
    bool paste_air = false;
    std::string mask = "none";  // the editor's mask (Mask::describe)
    bool paste_preview = true;
    double stepped_to = 0.0;
    const std::string& hud_message;
    BuildFiles::Stats files;
    SceneRenderer::Stats renderer;
    CullView::Stats cull;
    const StageTimes& stage_times;
    std::optional<int64_t> frames_to_settle;
    const Overlay& overlay;
    std::vector<std::string> passes;  // the passes that ran last frame, in order
    double daylight = 1.0;
    const MinecraftGround* ground = nullptr;  // --minecraft, else null
    MinecraftReport minecraft;                // ground->report(), read once for the document
};

// Every figure of the stats JSON, in the order docs/stats.md lists them.
std::span<const Figure<FigureSources>> program_figures();

}  // namespace slotcraft
