#pragma once
// Ground that is read rather than generated: a Minecraft world (src/minecraft). The terrain
// generator hands its chunks out instead of its own when a world stands on one
// (TerrainGenerator's `source`); edits lie on top as on generated ground. Plain C++20; the
// sources live above world/ and come in through this interface.
#include <cstdint>
#include <memory>

#include "world/chunk.hpp"
#include "world/coords.hpp"

namespace slotcraft {

class ChunkSource {
public:
    virtual ~ChunkSource() = default;
    // The blocks of chunk `c` (no masks, no light yet): air where the source holds nothing.
    // Called by the workers at once: thread-safe.
    virtual std::unique_ptr<Chunk> chunk(ChunkCoord c) const = 0;
    // The same blocks for a look at one cell (an edit's old block, a reference): read again
    // rather than taken from what the streaming has in hand, and not counted as streamed.
    virtual std::unique_ptr<Chunk> peek_chunk(ChunkCoord c) const = 0;
    // The y of the top solid block (water included) of column (x, z), or kMinBlockY - 1 where
    // there is none; and that block (air where none). What far terrain samples. Thread-safe.
    virtual int surface_height(int32_t x, int32_t z) const = 0;
    virtual BlockType surface_block(int32_t x, int32_t z) const = 0;
};

}  // namespace slotcraft
