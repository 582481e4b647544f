#pragma once
// The loaded chunks: the chunk table of entries with versioned handles, each entry's links
// to its 26 neighbours, the arrival of generated chunks (borders fixed up on both sides,
// light joined across borders), which chunks are shown and which wait for a neighbour, and
// unloading (docs/world.md "The parts of the world", "Neighbour links").
// Plain C++20 and GLM; never depends on GL, the planner or the edit batch.
#include "world/chunk.hpp"
#include "world/chunk_table.hpp"
#include "world/coords.hpp"
#include "world/events.hpp"
#include "world/light.hpp"
#include "world/streaming.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace slotcraft {

class ChangeTracker;

class LoadedChunks {
public:
    static constexpr uint32_t kNoEntry = ChunkTable::kNone;
    // What the light events have told the renderer about a chunk's box (ChunkEntry::light_box).
    static constexpr int16_t kNoBox = -1;      // nothing (no cubes to draw)
    static constexpr int16_t kWholeBox = 256;  // the whole box; 0..255: that uniform value
    // The entries of the 3 x 3 x 3 chunks around a loaded chunk (itself in the middle), link
    // (dx+1) + 3 (dz+1) + 9 (dy+1), kNoEntry where none is loaded: linked both ways when a
    // chunk is integrated and unlinked when it goes, so the integration's border, light and
    // shade work finds its neighbours without the chunk table, whose look-ups miss the cache
    // (docs/world.md "Neighbour links").
    static constexpr int kNearSelf = 13;
    static constexpr int near_link(int dx, int dy, int dz) { return (dx + 1) + 3 * (dz + 1) + 9 * (dy + 1); }
    static constexpr int face_link(Face f) {
        const glm::ivec3 n = kFaceNormals[f];
        return near_link(n.x, n.y, n.z);
    }
    using NearEntries = std::array<uint32_t, 27>;
    static constexpr NearEntries no_entries() {
        NearEntries n{};
        n.fill(kNoEntry);
        return n;
    }
    // One entry of the chunk table; a ChunkHandle is its index and generation.
    struct ChunkEntry {
        std::unique_ptr<Chunk> chunk;
        uint32_t generation = 1;
        bool fresh = false;  // integrated in the batch being processed
        // The renderer holds its list (its ChunkLoaded went out): once each of its 26
        // neighbours is loaded or out of view (docs/world.md "Shown when its neighbours are in").
        bool shown = false;
        int16_t light_box = kNoBox;  // kept by LightBoxes
        // What ready_to_show reads, beside the flags: one cache line per look, where the
        // links and the chunk's coordinate were three.
        ChunkCoord coord{};               // the chunk's, while loaded
        uint32_t loaded_near = 0;         // bit k: near[k] is loaded (bit kNearSelf: itself)
        NearEntries near = no_entries();  // valid while chunk is loaded; near[26 - k] is the way back
        std::vector<CubeInstance>
            inner;  // until shown: the worker's cubes and shade (inner_instances; cleared by an edit)
    };

    // Makes `entries` entries now, lowest handed out first: a first touch of their pages
    // inside a frame would cost a page fault every 27 entries.
    explicit LoadedChunks(std::size_t entries);
    // Room for this many chunks in the table and the entries, so they never rehash
    // (milliseconds at 50,000 chunks) in the middle of a frame while the view fills.
    void reserve(std::size_t chunks);

    // [SECTION] look-ups

    const ChunkTable& table() const { return index_; }
    std::size_t size() const { return index_.size(); }
    bool contains(ChunkCoord c) const { return index_.contains(c); }
    std::optional<uint32_t> entry_of(ChunkCoord c) const {
        const uint32_t e = index_.find(c);
        if (e == kNoEntry) return std::nullopt;
        return e;
    }
    Chunk* find(ChunkCoord c) {
        const uint32_t e = index_.find(c);
        return e == kNoEntry ? nullptr : entries_[e].chunk.get();
    }
    const Chunk* find(ChunkCoord c) const {
        const uint32_t e = index_.find(c);
        return e == kNoEntry ? nullptr : entries_[e].chunk.get();
    }
    ChunkEntry& entry(uint32_t e) { return entries_[e]; }
    const ChunkEntry& entry(uint32_t e) const { return entries_[e]; }
    const std::vector<ChunkEntry>& entries() const { return entries_; }
    // The chunk at link k of entry e's neighbourhood, or nullptr.
    Chunk* near_chunk(uint32_t e, int k) const {
        const uint32_t n = entries_[e].near[static_cast<std::size_t>(k)];
        return n == kNoEntry ? nullptr : entries_[n].chunk.get();
    }
    // The look-up the light passes use.
    ChunkFinder finder();
    std::optional<ChunkHandle> handle(ChunkCoord c) const;
    // The chunk behind `h`, or nullptr when the handle is stale (its chunk unloaded).
    const Chunk* chunk(ChunkHandle h) const;
    // The mask of a cube from the stored blocks: faces inside the chunk from the chunk, faces
    // across a border from the loaded neighbour (hidden when it is not loaded).
    uint8_t full_mask(const Chunk& c, uint16_t index) const;

    // [SECTION] arrivals and departures

    // Generated chunks enter the table, are linked, their borders with loaded chunks are
    // fixed up on both sides and their light joined across them; each is shown once no
    // neighbour `view` may load is missing (`show_all`: at once, ready or not; load_now).
    void integrate(std::vector<GenerationResult> chunks, const ViewDisc& view, WorldEvents& events,
                   ChangeTracker& tracker, bool show_all = false);
    // Entry e's chunk goes: its neighbours' borders face nothing, the light that came through
    // it goes, and the renderer forgets it (when it was shown). Its edits are the caller's.
    void unload(uint32_t e, WorldEvents& events, ChangeTracker& tracker);

    // [SECTION] shown and waiting

    // Whether no neighbour of entry e that `view` may load is missing (then its list is final).
    bool ready_to_show(uint32_t e, const ViewDisc& view) const;
    // The chunk's list goes out whole, and its light box with it (LightBoxes::emit).
    void show(uint32_t e, WorldEvents& events, ChangeTracker& tracker);
    // The view moved or changed size: chunks waiting for a neighbour that left it may be ready.
    void recheck_waiting() { recheck_waiting_ = true; }
    bool must_recheck_waiting() const { return recheck_waiting_; }
    // Shows the waiting chunks that are ready (those out of view wait for the drops).
    void show_waiting(const ViewDisc& view, WorldEvents& events, ChangeTracker& tracker);
    std::size_t waiting() const { return waiting_count_; }

    // What is wrong with the links between loaded chunks and their 26 neighbours, with the
    // waiting count, or with what is shown (a chunk `view` wants whose neighbours are all in
    // must be shown, while `plan_current`), or nothing.
    std::optional<std::string> check_links(const ViewDisc& view, bool plan_current) const;

    std::size_t integrated() const { return integrated_; }  // since start
    std::size_t unloaded() const { return unloaded_; }      // since start

private:
    std::vector<uint32_t> enter(std::vector<GenerationResult>& chunks, ChangeTracker& tracker);
    void link_near(uint32_t e);
    void unlink_near(uint32_t e);
    void fix_fresh_borders(const std::vector<uint32_t>& fresh, ChangeTracker& tracker);
    void relight_fresh(const std::vector<uint32_t>& fresh, ChangeTracker& tracker);
    void show_fresh(const std::vector<uint32_t>& fresh, const ViewDisc& view, bool show_all, WorldEvents& events,
                    ChangeTracker& tracker);
    void unfix_borders(uint32_t e, ChangeTracker& tracker);
    // Takes the chunk out of the table between the light's removal pass (which reads
    // through it) and the sky's return from above (which must not).
    void relight_without(uint32_t e, ChangeTracker& tracker);
    void release(uint32_t e, WorldEvents& events);
    void append_loaded(uint32_t e, const std::vector<CubeInstance>& inner, std::vector<CubeInstance>& out) const;
    // The cubes of the shown chunks around entry e whose occlusion reads e's cells: noted
    // for a rewrite, with their mask unchanged.
    void note_around_chunk(uint32_t e, ChangeTracker& tracker);
    std::optional<std::string> check_entry(const ChunkCoord& c, uint32_t e, const ViewDisc& view,
                                           bool plan_current) const;

    std::vector<ChunkEntry> entries_;
    std::vector<uint32_t> free_entries_;
    ChunkTable index_;  // loaded chunks' entries (chunk_table.hpp)
    // Loaded chunks not shown yet, with their generation (entries shown or unloaded since
    // stay until the list is compacted); how many of them still wait; and whether the view
    // moved or changed size since they were last looked at.
    std::vector<std::pair<uint32_t, uint32_t>> waiting_;
    std::size_t waiting_count_ = 0;
    bool recheck_waiting_ = false;
    std::size_t integrated_ = 0;
    std::size_t unloaded_ = 0;
};

}  // namespace slotcraft
