#pragma once
// Which GPU light page each chunk's light box lives in (docs/light.md "Light pages"): light
// events -> pages handed out lowest-first by a SlotTree, and the frame's GPU work (whole pages,
// single bytes, changed page-table references). A uniform box holds no page, only its value.
// Plain C++20 on world/ and alloc/, never GL or gfx/ (gfx/ uploads the work).
#include <tsl/robin_map.h>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "alloc/slot_tree.hpp"
#include "world/events.hpp"

namespace slotcraft {

inline constexpr uint32_t kLightPageBytes = kLightBoxVolume;  // 5832, a multiple of 4
static_assert(kLightPageBytes % 4 == 0, "light pages are read as 32-bit words");

// What the instance page table's .w says about a chunk's light (shaders/cube.vert):
// >= 0: the index of its light page; < 0: every open cell of its box has -(ref + 1).
constexpr int32_t uniform_light_ref(uint8_t value) { return -1 - static_cast<int32_t>(value); }

// One byte of the light buffer, as the light scatter shader reads it (uvec2).
struct LightByteWrite {
    uint32_t address;  // byte offset in the light buffer
    uint32_t value;    // 0..255
};

class LightPageTable {
public:
    struct Stats {
        uint64_t pages = 0;           // chunks holding a page
        uint64_t uniform_chunks = 0;  // chunks whose box is one value (no page)
        uint64_t high_water = 0;      // one past the highest page in use
        uint64_t upload_bytes_total = 0;
    };

    // The GPU work of one frame, in the order it must be uploaded: the whole pages (their bytes
    // one after the other in `page_data`), then the byte writes (one per byte), then the
    // chunks whose instance page table entries must be written again (.w: ref_of).
    struct Uploads {
        std::vector<uint32_t> pages;
        std::vector<uint8_t> page_data;
        std::vector<LightByteWrite> writes;
        std::vector<ChunkCoord> refs_changed;
        // Every chunk whose light box changed (whole, by bytes or its uniform value): the
        // corners of its cubes' faces must be worked out again (gfx/face_corners.hpp).
        std::vector<ChunkCoord> relit;
        uint64_t bytes() const { return page_data.size() + writes.size() * sizeof(LightByteWrite); }
    };

    // World events in their documented order: the boxes of unloaded chunks go, then the light.
    void apply(const WorldEvents& events);
    void apply(const LightEvents& light);
    // The chunk unloaded: its page (if any) goes back.
    void release(const ChunkCoord& chunk);

    // The .w of the chunk's instance pages, or nullopt when the chunk has no box.
    std::optional<int32_t> ref_of(const ChunkCoord& chunk) const;
    // Pages the GPU buffer must hold (one past the highest in use).
    uint32_t page_high_water() const { return static_cast<uint32_t>(pages_.high_water()); }
    // Bytes queued for upload this frame so far (whole pages and byte writes).
    uint64_t queued_bytes() const { return frame_.bytes(); }
    Uploads take_uploads();
    // Every chunk with a box and its reference.
    template <class F>
    void for_each_chunk(F&& f) const {
        for (const auto& [coord, ref] : refs_) f(coord, ref);
    }
    Stats stats() const;

private:
    void set_ref(const ChunkCoord& chunk, int32_t ref);
    void free_page_of(const ChunkCoord& chunk);
    void write_byte(uint32_t address, uint8_t value);
    void mark_relit(const ChunkCoord& chunk);

    SlotTree pages_;
    tsl::robin_map<ChunkCoord, int32_t, ChunkCoordHash> refs_;
    Uploads frame_;
    tsl::robin_map<uint32_t, uint32_t> write_pos_;  // address -> index in frame_.writes
    tsl::robin_map<uint32_t, uint32_t> page_pos_;   // page uploaded this frame -> index in frame_.pages
    tsl::robin_map<ChunkCoord, bool, ChunkCoordHash> ref_changed_;
    tsl::robin_map<ChunkCoord, bool, ChunkCoordHash> relit_;
    uint64_t upload_bytes_total_ = 0;
};

}  // namespace slotcraft
