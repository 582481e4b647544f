#pragma once
// Test helper: what a renderer knows about instances, built only by replaying the world's
// events, plus the brute-force check that compares it (and the world's stored masks) with
// masks recomputed from the blocks. Shared by the world tests.
#include "world/world.hpp"

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <tuple>

namespace slotcraft::test {

// Chunks are named as everywhere else: "X Y Z" (world/coords.hpp).
using slotcraft::to_string;

struct CoordLess {
    bool operator()(const ChunkCoord& a, const ChunkCoord& b) const {
        return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
    }
};

// Per chunk: local index -> instance. A chunk is present once its ChunkLoaded arrived.
class InstanceModel {
public:
    void apply(const WorldEvents& e) {
        for (const ChunkCoord& c : e.unloaded) {
            EXPECT_EQ(chunks_.erase(c), 1u) << "unload of a chunk never loaded " << to_string(c);
        }
        for (const ChunkLoaded& l : e.loaded) {
            EXPECT_FALSE(chunks_.contains(l.coord)) << "loaded twice " << to_string(l.coord);
            auto& cubes = chunks_[l.coord];
            cubes.clear();
            for (const CubeInstance& i : l.instances) {
                EXPECT_NE(i.face_mask, 0) << "bulk list holds a cube with no visible face";
                EXPECT_TRUE(cubes.insert({i.index, i}).second) << "duplicate cube in bulk list";
            }
        }
        for (const InstanceChange& c : e.changes) apply(c);
    }

    void apply(const EditChanges& changes) {
        for (const InstanceChange& c : changes) apply(c);
    }

    void apply(const InstanceChange& c) {
        ++changes_applied_;
        const auto it = chunks_.find(c.chunk);
        ASSERT_NE(it, chunks_.end()) << "change for a chunk the renderer does not have " << to_string(c.chunk);
        auto& cubes = it->second;
        switch (c.kind) {
            case InstanceChange::Kind::kAdded:
                EXPECT_NE(c.face_mask, 0);
                EXPECT_TRUE(cubes.insert({c.index, {c.index, c.type, c.face_mask, c.shade}}).second)
                    << "added a cube that already has an instance";
                break;
            case InstanceChange::Kind::kRemoved:
                EXPECT_EQ(cubes.erase(c.index), 1u) << "removed a cube that had no instance";
                break;
            case InstanceChange::Kind::kChanged: {
                EXPECT_NE(c.face_mask, 0);
                const auto cube = cubes.find(c.index);
                ASSERT_NE(cube, cubes.end()) << "changed a cube that has no instance";
                // A change may rewrite an instance unchanged (a cube next to a cell whose light
                // changed is rewritten whether its own shade moved or not).
                cube->second = {c.index, c.type, c.face_mask, c.shade};
                break;
            }
        }
    }

    bool has_chunk(const ChunkCoord& c) const { return chunks_.contains(c); }
    std::size_t chunk_count() const { return chunks_.size(); }
    std::size_t changes_applied() const { return changes_applied_; }
    std::size_t instance_count() const {
        std::size_t n = 0;
        for (const auto& [coord, cubes] : chunks_) n += cubes.size();
        return n;
    }
    // The model's mask of a cube (0: no instance).
    uint8_t mask(const ChunkCoord& c, uint16_t index) const {
        const auto it = chunks_.find(c);
        if (it == chunks_.end()) return 0;
        const auto cube = it->second.find(index);
        return cube == it->second.end() ? 0 : cube->second.face_mask;
    }
    CubeShade shade(const ChunkCoord& c, uint16_t index) const {
        const auto it = chunks_.find(c);
        if (it == chunks_.end()) return {};
        const auto cube = it->second.find(index);
        return cube == it->second.end() ? CubeShade{} : cube->second.shade;
    }
    BlockType type(const ChunkCoord& c, uint16_t index) const {
        const auto it = chunks_.find(c);
        if (it == chunks_.end()) return BlockType::kAir;
        const auto cube = it->second.find(index);
        return cube == it->second.end() ? BlockType::kAir : cube->second.type;
    }

private:
    std::map<ChunkCoord, std::map<uint16_t, CubeInstance>, CoordLess> chunks_;
    std::size_t changes_applied_ = 0;
};

// Compares, for every cube of every loaded chunk accepted by `filter`: the brute-force
// mask from the blocks, the world's stored mask, and the model's mask, type and shade
// (against the shade recomputed from the world's blocks and light). Returns
// the number of disagreeing cubes (and reports the first few).
template <class Filter>
std::size_t count_exposure_mismatches(const World& world, const InstanceModel& model, Filter&& filter) {
    std::size_t bad = 0;
    for (const ChunkCoord& c : world.loaded_coords()) {
        EXPECT_TRUE(model.has_chunk(c)) << "the renderer never heard of loaded chunk " << to_string(c);
        if (!filter(c)) continue;
        for (int i = 0; i < kChunkVolume; ++i) {
            const auto index = static_cast<uint16_t>(i);
            const BlockPos p = world_position(c, index);
            const uint8_t brute = world.exposed_faces(p);
            const uint8_t stored = world.face_mask(p);
            const uint8_t replayed = model.mask(c, index);
            const BlockType type = *world.block_at(p);
            const bool type_ok = brute == 0 || model.type(c, index) == type;
            const bool shade_ok = brute == 0 || model.shade(c, index) == world.shade_at(p);
            if (brute == stored && brute == replayed && type_ok && shade_ok) continue;
            if (++bad <= 5) {
                ADD_FAILURE() << "cube (" << p.x << "," << p.y << "," << p.z << ") brute " << int(brute) << " stored "
                              << int(stored) << " replayed " << int(replayed) << " type " << int(type)
                              << (shade_ok ? "" : " shade differs");
            }
        }
    }
    EXPECT_EQ(model.chunk_count(), world.loaded_coords().size());
    return bad;
}

inline std::size_t count_exposure_mismatches(const World& world, const InstanceModel& model) {
    return count_exposure_mismatches(world, model, [](const ChunkCoord&) { return true; });
}

}  // namespace slotcraft::test
