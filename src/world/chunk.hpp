#pragma once
// One chunk: 16^3 block types, the face mask of each cube (its instance: 0 = none), the
// light of each cell, and the edits made to it since generation. Exposure inside the chunk and across one border.
// A chunk never reads another chunk except the neighbour handed to fix_border.
// Plain C++20; never depends on GL.
#include "world/block.hpp"
#include "world/coords.hpp"
#include "world/events.hpp"
#include "world/layer_masks.hpp"
#include "world/visibility.hpp"
#include "world/paletted_blocks.hpp"

#include <tsl/robin_map.h>

#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace slotcraft {

// A block changed by the user, kept so the chunk regenerates with it after an unload.
struct BlockEdit {
    uint16_t index = 0;
    BlockType type = BlockType::kAir;
};

class Chunk {
public:
    explicit Chunk(ChunkCoord coord) : coord_(coord) {}

    ChunkCoord coord() const { return coord_; }

    // The blocks are kept with a palette (PalettedBlocks): a uniform chunk (every block the
    // same type: the sky above the ground, the stone deep below it) allocates no block
    // storage, only its one type, and a chunk of a few kinds packs 1, 2 or 4 bits a cell; a
    // uniform opaque chunk has no exposed cube inside and no mask storage either. set_block
    // allocates on the first block that differs and widens the cells when a new kind arrives.
    BlockType block(uint16_t index) const { return blocks_.get(index); }
    // The storage itself, for bulk readers (blocks().copy_to decodes a run of cells at once).
    const PalettedBlocks& blocks() const { return blocks_; }
    void set_block(uint16_t index, BlockType type);
    // True unless the chunk is uniform air.
    bool has_blocks() const { return !blocks_.uniform() || blocks_.get(0) != BlockType::kAir; }
    // Every block becomes `type` (storage freed; masks and edits untouched).
    void fill(BlockType type);
    // Frees the block storage when every block has the same type (after generation).
    void make_uniform_if_possible();
    // After generation and edits: drops the palette entries no block uses any more and
    // narrows the cells to what is left; a chunk of one type becomes uniform (storage freed).
    // A chunk is written at 8 bits a cell until this first runs (PalettedBlocks).
    void compact_blocks();
    bool uniform() const { return blocks_.uniform(); }
    // A chunk with the same coordinate and blocks, no masks and no edits (for rebuilds).
    std::unique_ptr<Chunk> copy_blocks() const;

    uint8_t mask(uint16_t index) const { return masks_ ? masks_->get(index) : uint8_t{0}; }
    void set_mask(uint16_t index, uint8_t mask);
    uint32_t instance_count() const { return instance_count_; }

    // Every cube's mask from the blocks of this chunk alone: faces toward other chunks are
    // hidden (their neighbours are not known yet), except the top of the world (y = 319),
    // which faces air. Run by the generation workers.
    void compute_interior_masks();

    // Recomputes bit `face` of the cubes on this chunk's `face` border from `neighbour`
    // (the loaded chunk across that border) or as hidden when `neighbour` is nullptr.
    // Calls on_change(index, old_mask) for every cube whose mask changed.
    template <class OnChange>
    void fix_border(Face face, const Chunk* neighbour, OnChange&& on_change);

    // A summary of the six border planes, one bit per face (face_bit): whether every cell on
    // that plane is opaque, and whether any is solid (can hold a cube). Worked out when first
    // asked (the workers ask it in compute_interior_masks) and kept until a block changes, so
    // the main thread's border fix-ups skip the planes where nothing can show.
    struct BorderPlanes {
        uint8_t all_opaque = 0;
        uint8_t any_solid = 0;
    };
    BorderPlanes border_planes() const;

    // Which faces see each other through the chunk's open cells (world/visibility.hpp), for
    // the occlusion walk. Worked out when first asked (the workers ask it for new chunks,
    // the walk for edited ones) and kept until a block changes.
    FaceLinks face_links() const;

    // The mask the cube at `index` has from the blocks inside this chunk only (0 for a
    // non-solid block); faces that leave the chunk count as hidden, except the world's top.
    uint8_t interior_mask(uint16_t index) const;

    // Appends every instance (mask != 0) in ascending index order.
    void append_instances(std::vector<CubeInstance>& out) const;

    // Edits since generation (index -> type), replayed when the chunk is generated again.
    void record_edit(uint16_t index, BlockType type) { edits_[index] = type; }
    std::vector<BlockEdit> edits() const;
    void apply_edits(std::span<const BlockEdit> edits);

    // Light (docs/light.md): one byte per cell, sky level in the high nibble, block level in
    // the low one. A chunk whose cells all have the same light (sky chunks: sky 15; solid
    // or dark chunks: 0) stores that one byte and no array; the array is made on the first
    // differing write and dropped again by compact_light().
    uint8_t light(uint16_t index) const { return light_ ? (*light_)[index] : uniform_light_; }
    void set_light(uint16_t index, uint8_t value);
    // Drops the array when every cell has the same light. Returns true when it did.
    bool compact_light();
    bool has_light_array() const { return light_ != nullptr; }
    // The light array (light() of cell i is light_data()[i]), nullptr while the chunk has none.
    const uint8_t* light_data() const { return light_ ? light_->data() : nullptr; }
    // Every cell gets `value`, no array.
    void fill_light(uint8_t value) {
        light_.reset();
        uniform_light_ = value;
        open_light_ = kUnknownLight;
    }

    // The light every open (not opaque) cell holds, when they all hold one (0..255);
    // kNoOpenCell when every cell is opaque; kMixedLight when open cells differ. Worked out
    // when first asked and kept until a block changes or a cell gets another light than that
    // one: the light box asks its 27 chunks this before it reads any of their cells.
    static constexpr int kNoOpenCell = 256, kMixedLight = 257, kUnknownLight = -1;
    int open_light() const;
    // The same question for cells i0 .. i0 + n - 1, after `seen` (kNoOpenCell, a light, or
    // kMixedLight) from cells asked before: one scan serves the chunk's answer and the light
    // box's runs of a neighbour's cells (LightBoxes::build).
    int open_light_in(int i0, int n, int seen) const;
    // The kept answer, or kUnknownLight when it has not been worked out since a change.
    int known_open_light() const { return open_light_; }
    // False while no block of the chunk has ever been set to one that gives light (a lamp)
    // since its last fill: then no cell of it seeds block light.
    bool may_emit() const { return may_emit_; }

    // Bytes of block, mask and light storage (for stats: air chunks cost almost nothing).
    std::size_t storage_bytes() const;
    std::size_t light_bytes() const { return light_ ? sizeof(*light_) : 0; }

private:
    void hide_faces_between_water(const BlockType* blocks, std::array<uint8_t, kChunkVolume>& masks) const;

    ChunkCoord coord_;
    PalettedBlocks blocks_;
    std::unique_ptr<LayerMasks> masks_;  // null while no cube shows a face
    std::unique_ptr<std::array<uint8_t, kChunkVolume>> light_;
    uint32_t instance_count_ = 0;
    uint8_t uniform_light_ = 0;
    mutable int16_t open_light_ = kUnknownLight;  // open_light()'s answer, kept
    mutable BorderPlanes planes_;                 // border_planes()' answer while planes_known_
    mutable bool planes_known_ = false;
    static constexpr uint32_t kLinksUnknown = 0x10000;
    mutable uint32_t links_ = kLinksUnknown;  // face_links()' answer, or kLinksUnknown
    bool may_emit_ = false;
    tsl::robin_map<uint16_t, BlockType> edits_;
};

// [SECTION] border fix-up

// The local index of cell (u, v) on the `face` border plane of a chunk (u, v in 0..15),
// and of the cell across that border in the neighbour chunk (the same u, v).
constexpr uint16_t border_cell(Face face, int u, int v) {
    const int edge = face_is_positive(face) ? kChunkSize - 1 : 0;
    switch (face_axis(face)) {
        case 0: return local_index(edge, u, v);
        case 1: return local_index(u, edge, v);
        default: return local_index(u, v, edge);
    }
}

template <class OnChange>
void Chunk::fix_border(Face face, const Chunk* neighbour, OnChange&& on_change) {
    if (uniform() && !is_solid(block(0))) return;  // no cube here, nothing to fix
    const uint8_t bit = face_bit(face);
    const Face across = opposite(face);
    if ((border_planes().any_solid & bit) == 0) return;  // no cube on this border
    // No exposed cube, and nothing across the border to expose one (unloaded, or an opaque
    // plane): every bit of this face stays hidden. The common case underground.
    const bool closed_across = neighbour == nullptr || (neighbour->border_planes().all_opaque & face_bit(across)) != 0;
    if (!masks_ && closed_across) return;
    // The plane's cells by strides (x is bit 0-3 of an index, z 4-7, y 8-11); the cell across
    // the border is the same index with the face's axis flipped from one edge to the other.
    const int axis = face_axis(face);
    const int shift = axis == 0 ? 0 : axis == 1 ? 8 : 4;
    const int du = axis == 0 ? 256 : 1, dv = axis == 2 ? 256 : 16;
    const int base = face_is_positive(face) ? 15 << shift : 0;
    const int flip = 15 << shift;
    for (int v = 0; v < kChunkSize; ++v) {
        for (int u = 0; u < kChunkSize; ++u) {
            const auto i = static_cast<uint16_t>(base + u * du + v * dv);
            assert(i == border_cell(face, u, v) && "fix_border: the strides walk border_cell's plane");
            const BlockType self = block(i);
            if (!is_solid(self)) continue;
            bool visible = false;
            if (!closed_across) {
                const auto j = static_cast<uint16_t>(i ^ flip);
                visible = face_shows(self, neighbour->block(j));
            }
            const uint8_t old_mask = mask(i);
            const auto new_mask = static_cast<uint8_t>(visible ? (old_mask | bit) : (old_mask & ~bit));
            if (new_mask == old_mask) continue;
            set_mask(i, new_mask);
            on_change(i, old_mask);
        }
    }
}

}  // namespace slotcraft
