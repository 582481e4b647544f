// PalettedBlocks against a plain array of 4096 types: random sets, paints, fills, copies and
// compactions with 1 to 200 kinds; every read equals the array, and the width and the bytes
// are what the kinds need. Then the chunks the generator makes: compacted, and counted right.
#include "world/paletted_blocks.hpp"
#include "world/streaming.hpp"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <set>
#include <string>

namespace slotcraft {
namespace {

using Model = std::array<BlockType, kChunkVolume>;

BlockType kind(int k) { return static_cast<BlockType>(k); }

// The bytes a storage of `bits` bits a cell must have: the packed cells, and at 1..4 bits a
// palette of 16 bytes.
std::size_t bytes_at(int bits) {
    if (bits == 0) return 0;
    return kChunkVolume / 8 * static_cast<std::size_t>(bits) + (bits == 8 ? 0 : std::size_t{16});
}

// Every cell, one at a time and decoded at once, and a random run.
void expect_same(const PalettedBlocks& blocks, const Model& model, std::mt19937& rng, const std::string& where) {
    Model decoded{};
    blocks.copy_to(0, kChunkVolume, decoded.data());
    for (int i = 0; i < kChunkVolume; ++i) {
        ASSERT_EQ(blocks.get(static_cast<uint16_t>(i)), model[static_cast<std::size_t>(i)]) << where << ", cell " << i;
        ASSERT_EQ(decoded[static_cast<std::size_t>(i)], model[static_cast<std::size_t>(i)])
            << where << ", decoded cell " << i;
    }
    const int i0 = static_cast<int>(rng() % kChunkVolume);
    const int n = static_cast<int>(rng() % static_cast<unsigned>(kChunkVolume - i0 + 1));
    Model run{};
    blocks.copy_to(i0, n, run.data());
    for (int k = 0; k < n; ++k) {
        ASSERT_EQ(run[static_cast<std::size_t>(k)], model[static_cast<std::size_t>(i0 + k)])
            << where << ", run from " << i0 << " of " << n << ", cell " << k;
    }
}

// The kinds the storage has seen since its last fill or compaction decide its width: the
// palette grows with each new kind and shrinks only when compacted. Before its first
// compaction a storage of more than one kind is 8 bits wide.
void expect_width(const PalettedBlocks& blocks, const std::set<BlockType>& seen, bool compacted,
                  const std::string& where) {
    const int kinds = static_cast<int>(seen.size());
    const int bits = compacted ? PalettedBlocks::bits_for(kinds) : kinds > 1 ? 8 : 0;
    ASSERT_EQ(blocks.compacted(), compacted) << where;
    ASSERT_EQ(blocks.bits(), bits) << where << ": " << seen.size() << " kinds seen";
    ASSERT_EQ(blocks.uniform(), bits == 0) << where;
    if (bits > 0 && bits < 8) {
        ASSERT_EQ(blocks.palette_size(), static_cast<int>(seen.size())) << where;
    }
    ASSERT_EQ(blocks.heap_bytes(), bytes_at(bits)) << where;
}

void run_random_session(int kinds, uint32_t seed, bool compact_first) {
    std::mt19937 rng(seed);
    PalettedBlocks blocks;  // air: kind 0
    bool compacted = compact_first;
    if (compact_first) blocks.compact();
    Model model;
    model.fill(kind(0));
    std::set<BlockType> seen{kind(0)};
    auto random_kind = [&] { return kind(static_cast<int>(rng() % static_cast<unsigned>(kinds))); };
    for (int step = 0; step < 600; ++step) {
        const std::string where = std::to_string(kinds) + " kinds, seed " + std::to_string(seed) + ", step " +
                                  std::to_string(step);
        const auto op = static_cast<unsigned>(rng() % 100);
        if (op < 70) {  // single cells
            for (int k = 0; k < 20; ++k) {
                const auto i = static_cast<uint16_t>(rng() % kChunkVolume);
                const BlockType t = random_kind();
                blocks.set(i, t);
                model[i] = t;
                seen.insert(t);
            }
        } else if (op < 85) {  // a layer of cells, so that whole chunks of one kind happen
            const auto from = static_cast<int>(rng() % kChunkVolume);
            const auto to = std::min(kChunkVolume, from + static_cast<int>(rng() % 2048));
            const BlockType t = random_kind();
            for (int i = from; i < to; ++i) {
                blocks.set(static_cast<uint16_t>(i), t);
                model[static_cast<std::size_t>(i)] = t;
            }
            if (to > from) seen.insert(t);
        } else if (op < 90) {
            const BlockType t = random_kind();
            blocks.fill(t);
            model.fill(t);
            seen = {t};
        } else if (op < 97) {
            blocks.compact();
            compacted = true;
            seen = std::set<BlockType>(model.begin(), model.end());
        } else {  // a copy reads the same and is its own
            PalettedBlocks copy = blocks;
            const auto i = static_cast<uint16_t>(rng() % kChunkVolume);
            copy.set(i, kind(static_cast<int>(model[i]) == 0 ? 1 : 0));
            ASSERT_NO_FATAL_FAILURE(expect_same(blocks, model, rng, where + " (the original after its copy changed)"));
            copy = blocks;
            ASSERT_NO_FATAL_FAILURE(expect_same(copy, model, rng, where + " (a copy)"));
        }
        ASSERT_NO_FATAL_FAILURE(expect_same(blocks, model, rng, where));
        ASSERT_NO_FATAL_FAILURE(expect_width(blocks, seen, compacted, where));
    }
    // The end state compacts to exactly the kinds left.
    blocks.compact();
    ASSERT_NO_FATAL_FAILURE(
        expect_width(blocks, std::set<BlockType>(model.begin(), model.end()), true, "final compact"));
    ASSERT_NO_FATAL_FAILURE(expect_same(blocks, model, rng, "final compact"));
}

TEST(PalettedBlocks, RandomSessionsReadAsAPlainArrayAndKeepTheNarrowestWidth) {
    for (const int kinds : {1, 2, 3, 5, 16, 17, 200}) {
        for (uint32_t seed = 1; seed <= 3; ++seed) {  // the first session starts as a generated chunk does
            ASSERT_NO_FATAL_FAILURE(run_random_session(kinds, seed * 7919 + static_cast<uint32_t>(kinds), seed > 1));
        }
    }
}

// The widths of the issue: 2 kinds in 1 bit a cell, 3-4 in 2, 5-16 in 4, 17 and more in 8
// (the type itself, no palette); one kind on the heap costs nothing.
TEST(PalettedBlocks, BytesFollowTheKinds) {
    PalettedBlocks blocks(kind(3));
    EXPECT_EQ(blocks.heap_bytes(), 0u) << "uniform: no heap";
    blocks.set(0, kind(3));
    EXPECT_TRUE(blocks.uniform()) << "setting the one type allocates nothing";
    blocks.set(0, kind(4));
    EXPECT_EQ(blocks.bits(), 8) << "before the first compaction cells are written at 8 bits";
    EXPECT_TRUE(blocks.compact());
    EXPECT_EQ(blocks.heap_bytes(), 512u + 16u) << "then packed";
    const std::array<std::pair<int, std::size_t>, 5> widths{
        {{2, 512 + 16}, {3, 1024 + 16}, {16, 2048 + 16}, {17, 4096}, {200, 4096}}};
    for (const auto& [kinds, bytes] : widths) {
        blocks.fill(kind(3));
        for (int k = 0; k < kinds; ++k) blocks.set(static_cast<uint16_t>(k * 20), kind(3 + k));
        EXPECT_EQ(blocks.heap_bytes(), bytes) << kinds << " kinds";
        EXPECT_EQ(blocks.get(static_cast<uint16_t>((kinds - 1) * 20)), kind(2 + kinds)) << kinds << " kinds";
    }
    // 200 kinds, then every cell but cell 1 painted over with the first: one bit again.
    blocks.set(1, kind(7));
    for (int i = 2; i < kChunkVolume; ++i) blocks.set(static_cast<uint16_t>(i), kind(3));
    EXPECT_TRUE(blocks.compact());
    EXPECT_EQ(blocks.bits(), 1);
    EXPECT_EQ(blocks.heap_bytes(), 512u + 16u);
    EXPECT_FALSE(blocks.compact()) << "already tight";
    blocks.set(1, kind(3));
    EXPECT_TRUE(blocks.compact());
    EXPECT_TRUE(blocks.uniform());
    EXPECT_EQ(blocks.get(4095), kind(3));
}

// What build_chunk hands the world is compacted, and Chunk::storage_bytes counts what it holds.
TEST(ChunkBlocks, GeneratedChunksAreCompactedAndCountedRight) {
    const TerrainGenerator terrain(WorldType::kTerrain, 1);
    int mixed = 0;
    for (int32_t x = 0; x < 4; ++x) {
        for (int32_t y = 2; y <= 6; ++y) {
            const auto chunk = build_chunk(terrain, GenerationJob{{x, y, 1}, {}});
            Model cells{};
            chunk->blocks().copy_to(0, kChunkVolume, cells.data());
            const std::set<BlockType> kinds(cells.begin(), cells.end());
            const std::string where = "chunk " + to_string(chunk->coord());
            EXPECT_EQ(chunk->blocks().bits(), PalettedBlocks::bits_for(static_cast<int>(kinds.size()))) << where;
            EXPECT_EQ(chunk->uniform(), kinds.size() == 1) << where;
            mixed += kinds.size() > 1 ? 1 : 0;
            const std::size_t light = chunk->light_bytes();
            // The masks keep a layer of 256 for each y layer with a cube showing a face.
            std::size_t layers = 0;
            for (int y = 0; y < kChunkSize; ++y) {
                bool any = false;
                for (int i = 0; i < 256 && !any; ++i) any = chunk->mask(static_cast<uint16_t>(y * 256 + i)) != 0;
                layers += any ? 1 : 0;
            }
            const std::size_t masks = chunk->instance_count() > 0 ? sizeof(LayerMasks) + layers * 256 : 0;
            const int bits = PalettedBlocks::bits_for(static_cast<int>(kinds.size()));
            EXPECT_EQ(chunk->storage_bytes(), sizeof(Chunk) + bytes_at(bits) + masks + light) << where;
        }
    }
    EXPECT_GT(mixed, 0) << "the surface band has chunks of several kinds";
}

}  // namespace
}  // namespace slotcraft
