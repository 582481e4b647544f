// InstanceSlots against the world: after loads, unloads, edits and compaction, every exposed
// cube's slot holds its packed instance, a buffer that replays the frame work equals the
// CPU copy slot by slot, every page that goes back is cleared or released in the frame's
// work, and the allocator's promises hold.
#include "slots/instance_slots.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <string>

#include "world/world.hpp"
#include "world/world_probes.hpp"

namespace slotcraft {
namespace {

// What the GPU does with a frame's work, on a plain vector.
void replay(const InstanceSlots::Uploads& work, std::vector<PackedInstance>& gpu) {
    for (uint32_t page : work.cleared_pages) {
        if (gpu.size() < (page + 1) * kSlotsPerPage) gpu.resize((page + 1) * kSlotsPerPage, 0);
        std::fill_n(gpu.begin() + page * kSlotsPerPage, kSlotsPerPage, 0u);
    }
    for (const SlotWrite& w : work.writes) {
        if (gpu.size() <= w.slot) gpu.resize((w.slot / kSlotsPerPage + 1) * kSlotsPerPage, 0);
        gpu[w.slot] = w.value;
    }
}

// The pages a renderer believes owned, from the frames' work alone (hand-outs add, clears and
// releases take away; a page both handed out and released within a frame is owned when a
// chunk owns it at the end), against the pages a chunk owns: a page freed without a word would
// keep what the renderer holds beside it (a corner block) for ever.
void track_owned_pages(const InstanceSlots::Uploads& work, const InstanceSlots& slots, std::set<uint32_t>& owned) {
    std::set<uint32_t> gone(work.cleared_pages.begin(), work.cleared_pages.end());
    gone.insert(work.released_pages.begin(), work.released_pages.end());
    for (uint32_t page : gone) owned.erase(page);
    for (const PageHandOut& p : work.pages) {
        if (!gone.contains(p.page) || slots.chunk_of_page(p.page)) owned.insert(p.page);
    }
    std::set<uint32_t> actual;
    for (uint32_t page = 0; page < slots.cpu_copy().size() / kSlotsPerPage; ++page) {
        if (slots.chunk_of_page(page)) actual.insert(page);
    }
    EXPECT_EQ(owned, actual) << "a page went back to the allocator without being cleared or released";
}

void expect_matches_world(const World& world, const InstanceSlots& slots, const std::vector<ChunkCoord>& chunks) {
    ASSERT_EQ(slots.find_invariant_violation(), std::nullopt);
    uint64_t exposed = 0;
    for (const ChunkCoord& c : chunks) {
        for (const CubeInstance& cube : rebuild_instances(world, c)) {
            ++exposed;
            const auto slot = slots.slot_of(c, cube.index);
            ASSERT_TRUE(slot.has_value());
            ASSERT_EQ(slots.cpu_copy()[*slot], pack_instance(cube.index, cube.type, cube.face_mask, cube.shade));
        }
    }
    EXPECT_EQ(slots.stats().instances, exposed);
}

TEST(InstanceSlots, PacksEightBytesWithEmptyAsZero) {
    EXPECT_EQ(kInstanceBytes, 8u);
    const CubeShade shade{(1u << kOccluderCount) - 1};
    const PackedInstance v = pack_instance(local_index(15, 14, 13), BlockType::kLamp, kAllFaces, shade);
    EXPECT_EQ(v & 15u, 15u);
    EXPECT_EQ((v >> 4) & 15u, 14u);
    EXPECT_EQ((v >> 8) & 15u, 13u);
    EXPECT_EQ((v >> 12) & 63u, static_cast<uint32_t>(BlockType::kLamp));
    EXPECT_EQ(packed_face_mask(v), kAllFaces);
    EXPECT_EQ((v >> 24) & 0xFFu, 0u) << "bits 24-31 of the low word are free (the light is in the light pages)";
    EXPECT_EQ((v >> 32) & 0xFFFFFu, 0xFFFFFu) << "20 occluder bits";
    EXPECT_EQ(v >> 52, 0u) << "bits 20-31 of the high word are free";
    EXPECT_EQ(packed_face_mask(pack_instance(0, BlockType::kStone, 1)), 1u);
    EXPECT_EQ(pack_instance(0, BlockType::kAir, 0), 0u) << "the empty instance is all zero";
}

TEST(InstanceSlots, OccluderBitsAreTheTwentyEdgeAndCornerNeighboursAndMatchTheShader) {
    std::set<int> bits;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int b = occluder_bit(dx, dy, dz);
                const int nonzero = (dx != 0) + (dy != 0) + (dz != 0);
                EXPECT_EQ(b >= 0, nonzero >= 2) << dx << " " << dy << " " << dz;
                if (b >= 0) bits.insert(b);
            }
    EXPECT_EQ(bits.size(), static_cast<std::size_t>(kOccluderCount));
    EXPECT_EQ(*bits.rbegin(), kOccluderCount - 1);
    // shaders/face_corners.comp numbers them with one 27-bit mask: bit t = (dx+1) + 3(dz+1) + 9(dy+1)
    // is set for an edge or corner neighbour, whose occluder bit is the count of set bits below t.
    uint32_t cells = 0;
    for (int t = 0; t < 27; ++t) {
        if (occluder_bit(t % 3 - 1, t / 9 - 1, t / 3 % 3 - 1) >= 0) cells |= 1u << t;
    }
    for (int t = 0; t < 27; ++t) {
        if ((cells >> t & 1u) == 0) continue;
        EXPECT_EQ(std::popcount(cells & ((1u << t) - 1u)), occluder_bit(t % 3 - 1, t / 9 - 1, t / 3 % 3 - 1)) << t;
    }
    std::ifstream file(std::string(SLOTCRAFT_SOURCE_DIR) + "/shaders/face_corners.comp");
    ASSERT_TRUE(file) << "cannot read shaders/face_corners.comp";
    const std::string shader((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    char want[64];
    std::snprintf(want, sizeof want, "const uint kOccluderCells = 0x%xu;", cells);
    EXPECT_NE(shader.find(want), std::string::npos)
        << "face_corners.comp's kOccluderCells differs from occluder_bit(): " << want;
}

// The column of chunks 0 y 0 of a flat world, loaded into `slots`; returns its chunks.
std::vector<ChunkCoord> load_flat_column(World& world, InstanceSlots& slots) {
    std::vector<ChunkCoord> chunks;
    for (int y = kMinChunkY; y <= kTopChunkY; ++y) chunks.push_back({0, y, 0});
    slots.apply(world.load_now(chunks));
    return chunks;
}

// The renderer gives each frame's work back (give_back); the frame after next queues into
// those buffers (two sets take turns: the next frame's set is handed out when this one is
// taken), emptied, and replaying frames made that way still ends at the CPU copy.
TEST(InstanceSlots, WorkGivenBackIsReusedEmpty) {
    World world({WorldType::kFlat, 1, 2, 1, 0});
    InstanceSlots slots;
    load_flat_column(world, slots);
    std::vector<PackedInstance> gpu;
    InstanceSlots::Uploads first = slots.take_uploads();
    replay(first, gpu);
    ASSERT_EQ(first.writes.size(), 256u) << "the flat world's top layer";
    const SlotWrite* buffer = first.writes.data();
    slots.give_back(std::move(first));
    const BlockPos top{5, 63, 5};
    for (const BlockType type : {BlockType::kAir, BlockType::kStone}) {
        slots.apply_changes(world.set_block(top, type));
        InstanceSlots::Uploads frame = slots.take_uploads();
        if (type == BlockType::kStone) {
            EXPECT_EQ(frame.writes.data(), buffer) << "the third frame queues into the first frame's buffer";
        }
        EXPECT_TRUE(frame.pages.empty());
        EXPECT_GE(frame.writes.size(), 1u);
        EXPECT_LE(frame.writes.size(), 11u) << "only this frame's writes, none left from an earlier one";
        replay(frame, gpu);
        slots.give_back(std::move(frame));
    }
    EXPECT_TRUE(slots.take_uploads().writes.empty()) << "nothing queued: an empty frame";
    EXPECT_EQ(gpu, slots.cpu_copy());
}

TEST(InstanceSlots, BreakFreesASlotAndPlaceReusesIt) {
    World world({WorldType::kFlat, 1, 2, 1, 0});
    InstanceSlots slots;
    const std::vector<ChunkCoord> chunks = load_flat_column(world, slots);
    std::vector<PackedInstance> gpu;
    replay(slots.take_uploads(), gpu);
    const auto before = slots.stats();
    const BlockPos top{5, 63, 5};
    const uint32_t slot = *slots.slot_of(chunk_of(top), local_index(top));
    slots.apply_changes(world.set_block(top, BlockType::kAir));
    const auto frame = slots.take_uploads();
    EXPECT_LE(frame.writes.size(), 11u) << "the block, its neighbours, the diagonal cubes' occlusion";
    replay(frame, gpu);
    // The block below is now exposed: one instance less, one more: taken is unchanged...
    EXPECT_EQ(slots.stats().instances, before.instances);
    // ...and the new instance took the freed slot, the chunk's lowest free one.
    const BlockPos below{5, 62, 5};
    EXPECT_EQ(*slots.slot_of(chunk_of(below), local_index(below)), slot);
    EXPECT_EQ(gpu[slot],
              pack_instance(local_index(below), BlockType::kDirt, world.exposed_faces(below), world.shade_at(below)));
    slots.apply_changes(world.set_block(top, BlockType::kGrass));
    replay(slots.take_uploads(), gpu);
    EXPECT_EQ(slots.stats().high_water, before.high_water);
    EXPECT_EQ(gpu, slots.cpu_copy());
    ASSERT_NO_FATAL_FAILURE(expect_matches_world(world, slots, chunks));
}

// A page whose last cube an edit removes goes back to the allocator: the frame's work says so
// (released_pages), so what the renderer keeps beside the page goes back too.
TEST(InstanceSlots, APageEmptiedByEditsIsReleasedInTheFramesWork) {
    World world({WorldType::kFlat, 1, 2, 1, 0});
    InstanceSlots slots;
    load_flat_column(world, slots);
    slots.take_uploads();
    for (int x = 0; x < 8; ++x) slots.apply_changes(world.set_block({x, 100, 0}, BlockType::kGlass));
    const InstanceSlots::Uploads placed = slots.take_uploads();
    ASSERT_EQ(placed.pages.size(), 1u) << "eight cubes in the air: one new page";
    const uint32_t page = placed.pages[0].page;
    EXPECT_TRUE(placed.released_pages.empty());
    for (int x = 0; x < 8; ++x) slots.apply_changes(world.set_block({x, 100, 0}, BlockType::kAir));
    const InstanceSlots::Uploads removed = slots.take_uploads();
    EXPECT_FALSE(slots.chunk_of_page(page));
    EXPECT_EQ(removed.released_pages, std::vector<uint32_t>{page});
    EXPECT_TRUE(removed.cleared_pages.empty()) << "its slots are written 0 one by one, no clear needed";
}

TEST(InstanceSlots, RandomEditsLoadsAndUnloadsKeepEveryCubeInItsSlot) {
    World world({WorldType::kTerrain, 7, 2, 1, 0});
    InstanceSlots slots;
    std::vector<PackedInstance> gpu;
    std::mt19937 rng(12345);
    std::vector<ChunkCoord> loaded;
    auto column = [](int x, int z) {
        std::vector<ChunkCoord> out;
        for (int y = kMinChunkY; y <= kTopChunkY; ++y) out.push_back({x, y, z});
        return out;
    };
    for (int x = -1; x <= 1; ++x) {
        for (int z = -1; z <= 1; ++z) {
            auto col = column(x, z);
            slots.apply(world.load_now(col));
            loaded.insert(loaded.end(), col.begin(), col.end());
        }
    }
    std::set<uint32_t> owned;
    const auto frame = [&] {
        const InstanceSlots::Uploads work = slots.take_uploads();
        replay(work, gpu);
        track_owned_pages(work, slots, owned);
    };
    frame();
    std::uniform_int_distribution<int> xz(-16, 31), y(40, 100), type(0, kBlockTypeCount - 1);
    for (int round = 0; round < 40; ++round) {
        for (int i = 0; i < 100; ++i) {
            try {
                slots.apply_changes(world.set_block({xz(rng), y(rng), xz(rng)}, static_cast<BlockType>(type(rng))));
            } catch (const EditRefused&) {  // its chunk is not loaded
            }
        }
        if (round % 10 == 3) {  // drop a column and bring it back: its pages are released
            auto col = column(1, 1);
            slots.apply(world.unload_now(col));
            frame();
            slots.apply(world.load_now(col));
        }
        slots.compact(round % 2 ? 64 : 1000000);
        frame();
        ASSERT_EQ(gpu.size() >= slots.cpu_copy().size(), true);
        for (size_t s = 0; s < gpu.size(); ++s) {
            const PackedInstance cpu = s < slots.cpu_copy().size() ? slots.cpu_copy()[s] : 0;
            ASSERT_EQ(gpu[s], cpu) << "slot " << s;
        }
        ASSERT_NO_FATAL_FAILURE(expect_matches_world(world, slots, loaded)) << "round " << round;
    }
    // Compaction run to completion: each chunk holds ceil(live / 64) pages of opaque cubes
    // and ceil(live / 64) pages of water.
    slots.compact(SIZE_MAX);
    frame();
    EXPECT_EQ(slots.find_invariant_violation(), std::nullopt);
    std::vector<ChunkCoord> live;
    slots.all_chunks(live);
    uint64_t water_seen = 0;
    for (const ChunkCoord& c : live) {
        std::vector<SlotRun> runs, water;
        slots.chunk_runs(c, runs);
        slots.water_runs(c, water);
        uint64_t pages = 0, water_pages = 0;
        for (const SlotRun& r : runs) pages += (r.count + kSlotsPerPage - 1) / kSlotsPerPage;
        for (const SlotRun& r : water) water_pages += (r.count + kSlotsPerPage - 1) / kSlotsPerPage;
        uint64_t cubes = 0, water_cubes = 0;
        for (const CubeInstance& cube : rebuild_instances(world, c)) ++(is_water(cube.type) ? water_cubes : cubes);
        EXPECT_EQ(pages, (cubes + kSlotsPerPage - 1) / kSlotsPerPage);
        EXPECT_EQ(water_pages, (water_cubes + kSlotsPerPage - 1) / kSlotsPerPage);
        water_seen += water_cubes;
    }
    EXPECT_GT(water_seen, 0u) << "the random edits place water too";
}

// Water cubes live on pages of their own: the opaque runs never cover a water slot and the
// water runs never an opaque one; a cube that turns into water (or out of it) moves.
TEST(InstanceSlots, WaterLivesOnItsOwnPages) {
    World world({WorldType::kFlat, 1, 2, 1, 0});
    InstanceSlots slots;
    const ChunkCoord chunk{0, 3, 0};
    const std::vector<ChunkCoord> column = {chunk, {0, 4, 0}};
    slots.apply(world.load_now(column));
    // A 4 x 4 pool one deep in the grass at y = 63.
    for (int x = 2; x < 6; ++x)
        for (int z = 2; z < 6; ++z) slots.apply_changes(world.set_block({x, 63, z}, BlockType::kWater));
    ASSERT_EQ(slots.find_invariant_violation(), std::nullopt);
    std::vector<SlotRun> opaque, water;
    slots.chunk_runs(chunk, opaque);
    slots.water_runs(chunk, water);
    ASSERT_EQ(water.size(), 1u);
    EXPECT_EQ(water[0].count, 16u);  // the pool's 16 tops; no face between two water cells
    auto types_in = [&](const std::vector<SlotRun>& runs) {
        std::set<BlockType> types;
        for (const SlotRun& r : runs)
            for (uint32_t s = r.first_slot; s < r.first_slot + r.count; ++s)
                if (slots.cpu_copy()[s] != 0) types.insert(instance_type(slots.cpu_copy()[s]));
        return types;
    };
    EXPECT_EQ(types_in(water), std::set<BlockType>{BlockType::kWater});
    EXPECT_FALSE(types_in(opaque).contains(BlockType::kWater));
    // Each water cube shows only its top (under air); the sides meet water or grass.
    const auto slot = slots.slot_of(chunk, local_index(2, 63 - 48, 2));
    ASSERT_TRUE(slot.has_value());
    EXPECT_EQ(packed_face_mask(slots.cpu_copy()[*slot]), face_bit(kPosY));
    // Water turned into stone moves to the opaque pages, and back.
    slots.apply_changes(world.set_block({3, 63, 3}, BlockType::kStone));
    ASSERT_EQ(slots.find_invariant_violation(), std::nullopt);
    slots.apply_changes(world.set_block({3, 63, 3}, BlockType::kWater));
    ASSERT_EQ(slots.find_invariant_violation(), std::nullopt);
    water.clear();
    slots.water_runs(chunk, water);
    EXPECT_EQ(types_in(water), std::set<BlockType>{BlockType::kWater});
}

// The order a loaded chunk's cubes take their slots (instance_slots.cpp kLoadRank): by face
// axes group (tops alone, tops with sides, sides alone), then by face mask within a group.
int load_rank(uint8_t mask) {
    constexpr uint8_t kOrder[] = {2, 3, 6, 7, 5, 1, 4};
    const auto group = std::find(std::begin(kOrder), std::end(kOrder), face_axes(mask)) - std::begin(kOrder);
    return static_cast<int>(group) * 64 + mask;
}

TEST(InstanceSlots, ALoadedChunkIsGroupedByFaceAxesThenFacesAndEachRunCoversItsCubesFaces) {
    World world({WorldType::kTerrain, 1, 2, 1, 0});
    std::vector<ChunkCoord> chunks;
    for (int x = -2; x <= 2; ++x)
        for (int z = -2; z <= 2; ++z)
            for (int y = 2; y <= 6; ++y) chunks.push_back({x, y, z});
    InstanceSlots slots;
    slots.apply(world.load_now(chunks));
    uint64_t faces_needed = 0, faces_drawn = 0, cubes = 0, one_sided = 0;
    for (const ChunkCoord& c : chunks) {
        std::vector<SlotRun> runs;
        slots.chunk_runs(c, runs);
        int rank = 0;
        for (const SlotRun& r : runs) {
            ASSERT_NE(r.axes, 0) << "a run with cubes has axes";
            ASSERT_EQ(r.faces, slots.page_faces(r.first_slot / kSlotsPerPage));
            ASSERT_EQ(r.axes, face_axes(r.faces));
            // One face on each of its axes: the cull view can leave an axis out from either side.
            const bool run_one_sided = (r.faces & (r.faces >> 1) & 0x15u) == 0;
            faces_drawn += uint64_t{r.count} * static_cast<uint64_t>(std::popcount(unsigned{r.axes}));
            for (uint32_t s = r.first_slot; s < r.first_slot + r.count; ++s) {
                const PackedInstance v = slots.cpu_copy()[s];
                if (v == 0) continue;
                const uint8_t mask = packed_face_mask(v), axes = face_axes(mask);
                ASSERT_EQ(r.faces & mask, mask) << "slot " << s << " shows a face its run leaves out";
                ASSERT_EQ(r.axes & axes, axes) << "slot " << s << " shows a face its run's table leaves out";
                ASSERT_GE(load_rank(mask), rank) << "slot " << s << ": a loaded chunk's cubes come grouped by faces";
                rank = load_rank(mask);
                one_sided += run_one_sided;
                faces_needed += static_cast<uint64_t>(std::popcount(unsigned{axes}));
                ++cubes;
            }
        }
    }
    ASSERT_GT(cubes, 5000u);
    // Only the pages where one group ends and the next begins mix axes: the tables draw
    // little more than the faces the cubes have (2.12 a cube here), well under the 3 a cube
    // one table for all would draw.
    EXPECT_LT(faces_drawn, faces_needed + faces_needed / 5)
        << faces_drawn << " faces drawn, " << faces_needed << " needed";
    EXPECT_LT(2 * faces_drawn, 5 * cubes) << faces_drawn << " faces drawn for " << cubes << " cubes";
    // Grouped by faces, the runs with one face on each axis hold about half the cubes (4,599
    // of 9,517 here).
    EXPECT_GT(5 * one_sided, 2 * cubes) << one_sided << " of " << cubes << " cubes on one-sided runs";
    // Edits and compaction keep every page's axes covering its cubes (find_invariant_violation).
    std::mt19937 rng(3);
    for (int i = 0; i < 400; ++i) {
        const glm::ivec3 p(std::uniform_int_distribution<int>(-32, 47)(rng),
                           std::uniform_int_distribution<int>(40, 100)(rng),
                           std::uniform_int_distribution<int>(-32, 47)(rng));
        slots.apply_changes(world.set_block(p, i % 3 == 0 ? BlockType::kStone : BlockType::kAir));
        if (i % 50 == 49) slots.compact(200);
    }
    EXPECT_EQ(slots.find_invariant_violation(), std::nullopt);
}

TEST(InstanceSlots, ChunkRunsCoverEveryLiveSlotAndEndAtTheLastOne) {
    World world({WorldType::kFlat, 1, 2, 1, 0});
    std::vector<ChunkCoord> chunks = {{0, 3, 0}, {1, 3, 0}, {0, 3, 1}, {0, 4, 0}, {1, 4, 0}, {0, 4, 1}};
    InstanceSlots slots;
    slots.apply(world.load_now(chunks));
    for (const ChunkCoord& c : {ChunkCoord{0, 3, 0}, ChunkCoord{1, 3, 0}, ChunkCoord{0, 3, 1}}) {
        std::vector<SlotRun> runs;
        slots.chunk_runs(c, runs);
        ASSERT_FALSE(runs.empty());
        uint64_t covered_live = 0;
        for (const SlotRun& r : runs) {
            ASSERT_NE(slots.cpu_copy()[r.first_slot + r.count - 1], 0u) << "a run ends at a used slot";
            for (uint32_t s = r.first_slot; s < r.first_slot + r.count; ++s) covered_live += slots.cpu_copy()[s] != 0;
        }
        EXPECT_EQ(covered_live, rebuild_instances(world, c).size());
    }
}

}  // namespace
}  // namespace slotcraft
