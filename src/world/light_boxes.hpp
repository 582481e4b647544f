#pragma once
// The light boxes: what the renderer holds of each shown chunk's light (its 18^3 box, or
// one uniform value; docs/light.md "Light pages"), kept right at the end of every batch
// (LightBoxes::emit turns a batch's LightTrack into light events), built from the neighbour
// view, and checked against the world. What was sent for each chunk lives in its chunk-table
// entry (LoadedChunks::ChunkEntry::light_box), beside the flags the emit reads with it.
// Plain C++20 and GLM; never depends on GL.
#include "world/around.hpp"
#include "world/change_tracker.hpp"
#include "world/events.hpp"
#include "world/loaded_chunks.hpp"

#include <tsl/robin_map.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace slotcraft {

class LightBoxes {
public:
    // `chunks` must outlive the boxes.
    explicit LightBoxes(LoadedChunks& chunks) : chunks_(chunks) {}

    // The end of a batch: which chunks' boxes the renderer must get again (chunks that
    // gained cubes to draw, shown chunks, uniform boxes a change broke), which it must
    // forget (no cubes left), and which bytes of whole boxes changed (the batch's changed
    // cells, and the apron of every box next to a chunk that loaded). Clears `track`.
    void emit(LightTrack& track, std::span<const InstanceChange> changes, LightEvents& out);

    // Compares what a renderer holds for chunk c (a uniform value, or a whole box when
    // `cells` is not empty) with the world's light, on every cell of the box that lets light
    // through. A description of the first difference, or nullopt when they agree.
    std::optional<std::string> check(ChunkCoord c, uint8_t uniform, std::span<const uint8_t> cells) const;

    // The chunk's whole box into `cells`, or the uniform value when every open cell of the
    // box holds one light (then `cells` is left alone).
    static std::optional<uint8_t> build(const Around& around, std::vector<uint8_t>& cells);

private:
    // What a batch did to one chunk's box.
    struct Affected {
        std::vector<uint16_t> cells;  // box indices of changed cells
        uint32_t fresh_dirs = 0;      // bit (dx+1) + 3 (dz+1) + 9 (dy+1): that neighbour loaded in this batch
        bool fresh = false;           // shown in this batch: the whole box goes out
    };
    using AffectedBoxes = tsl::robin_map<ChunkCoord, Affected, ChunkCoordHash>;
    using BoxRegions = std::vector<std::pair<glm::ivec3, glm::ivec3>>;  // box coordinates, inclusive

    // The phases of emit: which boxes the batch touched, then each box brought up to date.
    static void note_changed_cells(const LightTrack& track, AffectedBoxes& affected);
    void note_fresh_aprons(const LightTrack& track, AffectedBoxes& affected) const;
    void note_shown(const LightTrack& track, AffectedBoxes& affected) const;
    void update_box(const ChunkCoord& coord, const Affected& a, BoxRegions& aprons, LightEvents& out);
    static void fresh_aprons(uint32_t fresh_dirs, BoxRegions& aprons);
    static bool uniform_broken(const Around& around, uint8_t value, const Affected& a, const BoxRegions& aprons);
    static void send_box(const ChunkCoord& coord, LoadedChunks::ChunkEntry& entry, const Around& around,
                         LightEvents& out);
    static void send_cells(const ChunkCoord& coord, const Around& around, const Affected& a, const BoxRegions& aprons,
                           LightEvents& out);

    LoadedChunks& chunks_;
};

}  // namespace slotcraft
