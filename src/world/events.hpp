#pragma once
// What the world tells the renderer: which cubes have an instance (position, type, mask of
// visible faces), as bulk lists for chunks that load and as short change lists for edits
// and border fix-ups. This stream is the ONLY way the renderer learns about instances.
// Plain C++20; never depends on GL.
#include "world/block.hpp"
#include "world/coords.hpp"

#include <array>
#include <cassert>
#include <cstdint>
#include <new>
#include <type_traits>
#include <vector>

namespace slotcraft {

// A reference to a loaded chunk: the index of its entry in the world's chunk table plus the
// entry's generation. When the chunk unloads the generation moves on, so an old handle is
// detected (World::chunk returns nullptr), never followed to whatever chunk reuses the entry.
struct ChunkHandle {
    uint32_t index = UINT32_MAX;
    uint32_t generation = 0;
    friend constexpr bool operator==(const ChunkHandle&, const ChunkHandle&) = default;
};

// One exposed cube of a chunk: local index (0..4095, see local_index), type, face mask
// (bit i = Face i visible; never 0 for an instance).
struct CubeInstance {
    uint16_t index = 0;
    BlockType type = BlockType::kAir;
    uint8_t face_mask = 0;
    friend constexpr bool operator==(const CubeInstance&, const CubeInstance&) = default;
};

struct InstanceChange {
    enum class Kind : uint8_t {
        kAdded,    // the cube gained an instance
        kRemoved,  // the cube lost its instance (type: the type it had, face_mask 0)
        kChanged,  // the cube keeps its instance; type and/or face_mask changed
    };
    Kind kind = Kind::kAdded;
    ChunkCoord chunk;
    uint16_t index = 0;
    BlockType type = BlockType::kAir;
    uint8_t face_mask = 0;
    friend constexpr bool operator==(const InstanceChange&, const InstanceChange&) = default;
};

// The instance changes of one edit: the block and its six neighbours, so at most seven.
// Fixed storage, so an edit allocates nothing; the places past size() are left unwritten
// (zeroing them was a sixth of an edit's cost).
class EditChanges {
public:
    static constexpr int kMax = 7;
    EditChanges() {}
    EditChanges(const EditChanges& other) { copy_from(other); }
    EditChanges& operator=(const EditChanges& other) {
        count_ = 0;
        copy_from(other);
        return *this;
    }

    void push(const InstanceChange& c) {
        assert(count_ < kMax && "an edit changes at most the block and its six neighbours");
        new (&storage_.items[count_++]) InstanceChange(c);
    }
    const InstanceChange* begin() const { return storage_.items; }
    const InstanceChange* end() const { return storage_.items + count_; }
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    const InstanceChange& operator[](std::size_t i) const {
        assert(i < count_ && "EditChanges index out of range");
        return storage_.items[i];
    }

private:
    void copy_from(const EditChanges& other) {
        for (const InstanceChange& c : other) push(c);
    }
    union Storage {
        Storage() {}
        InstanceChange items[kMax];
    };
    static_assert(std::is_trivially_destructible_v<InstanceChange>);
    Storage storage_;
    uint8_t count_ = 0;
};

struct ChunkLoaded {
    ChunkHandle handle;
    ChunkCoord coord;
    std::vector<CubeInstance> instances;  // every instance of the chunk, ascending index
};

// What World::update (and load_now / unload_now) produced. Apply in this order:
// 1. unloaded: all of these chunks' instances are gone;
// 2. loaded: these chunks' complete instance lists (already fixed up against their
//    neighbours, including those loaded in the same batch);
// 3. changes: border fix-ups of chunks that were loaded before this batch and still are
//    (at most one change per cube, relative to what the renderer had before the batch).
struct WorldEvents {
    std::vector<ChunkCoord> unloaded;
    std::vector<ChunkLoaded> loaded;
    std::vector<InstanceChange> changes;

    bool empty() const { return unloaded.empty() && loaded.empty() && changes.empty(); }
    void clear() {
        unloaded.clear();
        loaded.clear();
        changes.clear();
    }
};

}  // namespace slotcraft
