// The chunk table: which entry holds the loaded chunk at a coordinate.
#pragma once

#include "world/coords.hpp"

#include <tsl/robin_map.h>

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

namespace slotcraft {

// Loaded chunks by coordinate, kept a column at a time: one record per loaded column holds
// the entries of its 16 chunks and a bit per loaded chunk. Linking a fresh chunk's 26
// neighbours reads 9 records (3 chunks each) instead of making 26 look-ups, into a table of
// 16 times fewer records (3.6 times fewer bytes: 88-byte buckets against 20). A table keyed
// by chunk missed the cache on most look-ups, and linking was then a large share of the
// main thread's streaming time (docs/world.md "Neighbour links", docs/benchmarks.md).
class ChunkTable {
public:
    static constexpr uint32_t kNone = UINT32_MAX;
    static_assert(kChunksPerColumn <= 32, "a column record keeps one bit per chunk in 32 bits");

    struct Column {
        std::array<uint32_t, kChunksPerColumn> entries;  // kNone where no chunk is loaded
        uint32_t loaded = 0;                             // bit column_slot(y): entries[column_slot(y)] holds a chunk
    };

    // Room for this many chunks in whole columns, so a view that fills never rehashes.
    void reserve(std::size_t chunks) { columns_.reserve(chunks / kChunksPerColumn + 1); }

    // The entry of the chunk at c, kNone when none is loaded there (or c.y is outside the world).
    uint32_t find(const ChunkCoord& c) const {
        if (!chunk_y_in_world(c.y)) return kNone;
        const Column* column = find_column(c.x, c.z);
        return column == nullptr ? kNone : column->entries[static_cast<std::size_t>(column_slot(c.y))];
    }
    bool contains(const ChunkCoord& c) const { return find(c) != kNone; }

    // The record of column (x, z), nullptr when none of its chunks is loaded.
    const Column* find_column(int32_t x, int32_t z) const {
        const auto it = columns_.find(column_key(x, z));
        return it == columns_.end() ? nullptr : &it->second;
    }

    void insert(const ChunkCoord& c, uint32_t entry) {
        assert(chunk_y_in_world(c.y) && "ChunkTable::insert: a chunk outside the world's height");
        assert(entry != kNone && "ChunkTable::insert: kNone is no entry");
        auto [it, fresh] = columns_.try_emplace(column_key(c.x, c.z));
        Column& column = it.value();
        if (fresh) column.entries.fill(kNone);
        const uint32_t bit = 1u << column_slot(c.y);
        assert((column.loaded & bit) == 0 && "ChunkTable::insert: the chunk is in the table already");
        column.entries[static_cast<std::size_t>(column_slot(c.y))] = entry;
        column.loaded |= bit;
        ++size_;
    }

    // Takes the chunk at c out; a column with no chunk left goes too. Returns whether it was in.
    bool erase(const ChunkCoord& c) {
        if (!chunk_y_in_world(c.y)) return false;
        const auto it = columns_.find(column_key(c.x, c.z));
        if (it == columns_.end()) return false;
        Column& column = it.value();
        const uint32_t bit = 1u << column_slot(c.y);
        if ((column.loaded & bit) == 0) return false;
        column.entries[static_cast<std::size_t>(column_slot(c.y))] = kNone;
        column.loaded &= ~bit;
        --size_;
        if (column.loaded == 0) columns_.erase(it);
        return true;
    }

    std::size_t size() const { return size_; }
    std::size_t columns() const { return columns_.size(); }

    // f(ChunkCoord, entry) for every loaded chunk: column by column, bottom up in each.
    template <class F>
    void for_each(F&& f) const {
        for (const auto& [key, column] : columns_) {
            const int32_t x = key_x(key), z = key_z(key);
            for (uint32_t bits = column.loaded; bits != 0; bits &= bits - 1) {
                const int slot = std::countr_zero(bits);
                f(ChunkCoord{x, slot + kMinChunkY, z}, column.entries[static_cast<std::size_t>(slot)]);
            }
        }
    }

private:
    static uint64_t column_key(int32_t x, int32_t z) {
        return static_cast<uint64_t>(static_cast<uint32_t>(x)) << 32 | static_cast<uint32_t>(z);
    }
    static int32_t key_x(uint64_t key) { return static_cast<int32_t>(static_cast<uint32_t>(key >> 32)); }
    static int32_t key_z(uint64_t key) { return static_cast<int32_t>(static_cast<uint32_t>(key)); }
    struct KeyHash {
        std::size_t operator()(uint64_t key) const noexcept { return static_cast<std::size_t>(mix64(key)); }
    };

    tsl::robin_map<uint64_t, Column, KeyHash> columns_;
    std::size_t size_ = 0;
};

}  // namespace slotcraft
