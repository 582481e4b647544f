#pragma once
// Light (docs/light.md): sky light and block light in levels 0..15 per cell, and the
// incremental breadth-first passes that keep them right after every change. The rule:
// - a cell that does not let light through (block.hpp: lets_light_through) has 0;
// - sky: a cell with nothing opaque above it up to the top of the world, or up to a chunk
//   that is not loaded (the sky counts as open there until it loads), has 15; light goes
//   down from a 15 cell without loss and everywhere else loses 1 per step;
// - block: a cell next to a light-giving block (the lamp) has that block's light (15);
//   it spreads the same way, losing 1 per step;
// - chunks that are not loaded pass no light sideways or upwards (like the face masks).
// Plain C++20; never depends on GL.
#include "alloc/hash.hpp"
#include "world/chunk.hpp"
#include "world/coords.hpp"

#include <tsl/robin_map.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace slotcraft {

inline constexpr int kSkyChannel = 0;
inline constexpr int kBlockChannel = 1;
inline constexpr uint8_t kOpenSkyLight = 0xF0;  // sky 15, block 0: every cell of an open-sky chunk

constexpr uint8_t pack_light(uint8_t sky, uint8_t block) { return static_cast<uint8_t>(sky << 4 | (block & 15)); }
constexpr uint8_t sky_level(uint8_t light) { return light >> 4; }
constexpr uint8_t block_level(uint8_t light) { return light & 15; }
constexpr uint8_t channel_level(uint8_t light, int channel) {
    return channel == kSkyChannel ? sky_level(light) : block_level(light);
}

// The loaded chunk at a coordinate, or nullptr (not loaded, or outside the world's height).
using ChunkFinder = std::function<Chunk*(ChunkCoord)>;

// One relight: seeds, then run() does the removal pass (cells whose light may have come
// from what changed go dark, breadth-first), gives the darkened cells their own source
// light back, and runs the add pass (light spreads breadth-first into every cell it
// improves). Never visits a cell the change cannot affect: no relight of a whole world.
class LightPropagator {
public:
    // `track`: remember each changed cell's old light (changed_cells(), cells_changed()).
    LightPropagator(ChunkFinder find, bool track);

    // [SECTION] seeds (before run)

    // The cell's light is no longer to be trusted (its block or a neighbour's changed, or an
    // assumption about a neighbour chunk failed): it goes dark in the channels of
    // `channels` (bit 0 sky, bit 1 block), and so does every cell that may have had its
    // light from it; then it gets its own source light back and its neighbours' light.
    void remove(Chunk* chunk, uint16_t index, uint8_t channels = 3);
    // The cell may have gained light (a source next to it, a neighbour that now lets light
    // through, a chunk that loaded next to it): its source light and its neighbours' light
    // are taken into account.
    void reconsider(Chunk* chunk, uint16_t index);
    // remove() of the block channel of the six cells next to this one (a light-giving
    // block appeared or went here).
    void remove_neighbours(Chunk* chunk, uint16_t index);
    // The cell `index` of `gone` is about to vanish (its chunk unloads): the cell across
    // `face`, in `other` (the loaded chunk there), loses whatever light it may have had
    // from it.
    void remove_across(const Chunk& gone, uint16_t index, Face face, Chunk& other);
    // Chunks `a` and `b` (b across `face` of a) are both loaded now: light crosses the border
    // both ways wherever it improves the other side, and a light-giving block on one side
    // lights the cell across.
    void join_border(Chunk& a, Face face, Chunk& b);
    // The cell gets at least `level` in `channel`, and spreads it.
    void raise(Chunk* chunk, uint16_t index, int channel, uint8_t level);

    // Runs the passes. Afterwards every seeded change is fully propagated.
    void run();
    // Forgets the seeds and the changed cells, keeping the memory: one propagator serves
    // every edit (building one per edit cost more than a small relight).
    void reset();

    // [SECTION] results (with track)

    // Cells whose light differs from before the first seed, with their old light.
    template <class F>
    void for_each_changed(F&& f) const {
        for (const Touched& t : touched_) {
            if (t.chunk->light(t.index) != t.old_light) f(t.chunk, t.index, t.old_light);
        }
    }
    std::size_t cells_changed() const;
    // Buckets of the table of changed cells (one entry a cell): a small multiple of the cells
    // changed, as an edit's memory must be, whatever chunks hold them.
    std::size_t table_buckets() const { return touched_at_.bucket_count(); }

    // The light of one chunk on its own (a generation worker): open sky above it (or, with
    // `sky_above` false, a roof: no sky light at all), nothing loaded around it. Leaves no
    // array when the light is uniform. Either guess is joined right when the neighbours come
    // (LoadedChunks::relight_fresh cuts sky a roof stops and lets in sky a shaft brings); the
    // better the guess, the less work that join is on the main thread.
    static void light_alone(Chunk& chunk, bool sky_above = true);

private:
    struct Node {
        Chunk* chunk;
        uint16_t index;
        uint8_t level;
    };
    struct Cell {
        Chunk* chunk = nullptr;
        uint16_t index = 0;
    };
    struct Touched {
        Chunk* chunk;
        uint16_t index;
        uint8_t old_light;
    };

    static uint64_t touched_key(const Chunk* chunk, uint16_t index) {
        return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(chunk)) * kChunkVolume + index;
    }
    Cell across(Chunk* chunk, uint16_t index, Face face) const;
    uint8_t source(Chunk* chunk, uint16_t index, int channel) const;
    void set_level(Chunk* chunk, uint16_t index, int channel, uint8_t level);
    void remove_pass(int channel);
    void add_pass(int channel);

    ChunkFinder find_;
    bool track_;
    std::vector<Node> removals_[2];
    std::vector<Cell> reconsider_[2];
    std::vector<Node> adds_[2];
    std::vector<Touched> touched_;
    tsl::robin_map<uint64_t, uint32_t, MixHash> touched_at_;
};

}  // namespace slotcraft
