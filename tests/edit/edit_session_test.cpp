// Edit operations through the world session on a streaming world: random fills, replaces,
// copies, pastes, rotations and single edits with undo and redo mixed in, every cell of the
// area compared with a model after each step; refusals that change nothing; a fill undone
// gives the slots back.
#include "edit/world_session.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace slotcraft {
namespace {

WorldSessionConfig flat_session(int view_distance) {
    WorldSessionConfig c;
    c.type = WorldType::kFlat;
    c.view_distance = view_distance;
    return c;  // no world file: nothing is saved
}

// The model: every cell of the area, and the snapshots the undo and redo steps go back to.
struct AreaModel {
    Region area;
    std::vector<BlockType> cells;
    std::vector<std::vector<BlockType>> undo, redo;

    BlockType& at(const BlockPos& p) { return cells[area.index_of(p)]; }
    // After an operation: a step only when it changed something, and redo is cleared.
    void commit(const std::vector<BlockType>& before) {
        if (before == cells) return;
        undo.push_back(before);
        redo.clear();
    }
};

std::size_t count_mismatches(const WorldSession& s, const AreaModel& m) {
    const std::vector<BlockType> got = s.world().read_region(m.area);
    std::size_t bad = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (got[i] == m.cells[i]) continue;
        if (++bad <= 5)
            ADD_FAILURE() << "cell #" << i << " holds " << block_name(got[i]) << ", the model says "
                          << block_name(m.cells[i]);
    }
    return bad;
}

TEST(EditSession, RandomOperationsWithUndoAndRedoOnAStreamingWorldMatchTheModel) {
    WorldSession session(flat_session(2));
    AreaModel m;
    m.area = Region::between({-24, 58, -24}, {40, 72, 24});
    m.cells = session.world().read_region(m.area);
    std::mt19937 rng(1414);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    auto random_block = [&] { return static_cast<BlockType>(pick(0, kBlockTypeCount - 1)); };
    auto random_region = [&] {
        const BlockPos a{pick(m.area.min.x, m.area.max.x), pick(m.area.min.y, m.area.max.y),
                         pick(m.area.min.z, m.area.max.z)};
        const BlockPos b = glm::clamp(a + glm::ivec3(pick(-10, 10), pick(-5, 5), pick(-10, 10)), m.area.min,
                                      m.area.max);
        return Region::between(a, b);
    };
    Clipboard model_clipboard;
    int undos = 0, redos = 0, pastes = 0, unloaded_edits = 0;
    for (int step = 0; step < 150; ++step) {
        // Streaming moves on between steps: chunks of the area load and unload.
        const glm::dvec3 camera{-40.0 + 80.0 * ((step / 20) % 2) + (step % 20) * 2.0, 70.0, 0.0};
        for (int f = 0; f < 3; ++f) session.update(camera, 64);
        const std::vector<BlockType> before = m.cells;
        const int op = pick(0, 9);
        if (op <= 1) {
            const Region r = random_region();
            const BlockType t = random_block();
            session.fill(r, t);
            for (int y = r.min.y; y <= r.max.y; ++y)
                for (int z = r.min.z; z <= r.max.z; ++z)
                    for (int x = r.min.x; x <= r.max.x; ++x) m.at({x, y, z}) = t;
            m.commit(before);
        } else if (op == 2) {
            const Region r = random_region();
            const BlockType from = pick(0, 2) == 0 ? BlockType::kAir : random_block();
            const BlockType to = random_block();
            session.replace(r, from, to);
            for (int y = r.min.y; y <= r.max.y; ++y)
                for (int z = r.min.z; z <= r.max.z; ++z)
                    for (int x = r.min.x; x <= r.max.x; ++x)
                        if (m.at({x, y, z}) == from) m.at({x, y, z}) = to;
            m.commit(before);
        } else if (op == 3) {
            const Region r = random_region();
            session.copy(r);
            model_clipboard.size = glm::ivec3(r.extent());
            model_clipboard.cells.clear();
            for (int y = r.min.y; y <= r.max.y; ++y)
                for (int z = r.min.z; z <= r.max.z; ++z)
                    for (int x = r.min.x; x <= r.max.x; ++x) model_clipboard.cells.push_back(m.at({x, y, z}));
            const int turns = pick(0, 3);
            if (turns) {
                session.rotate(turns);
                model_clipboard = rotated(model_clipboard, turns);
            }
            EXPECT_EQ(session.clipboard().cells, model_clipboard.cells);
        } else if (op == 4 && !model_clipboard.empty()) {
            const glm::ivec3 s = model_clipboard.size;
            const BlockPos o{pick(m.area.min.x, m.area.max.x - s.x + 1), pick(m.area.min.y, m.area.max.y - s.y + 1),
                             pick(m.area.min.z, m.area.max.z - s.z + 1)};
            if (m.area.contains(o)) {
                // Half the pastes write the clipboard's air too; the others leave what is under it.
                const bool with_air = pick(0, 1) == 1;
                session.paste(o, with_air);
                for (int dy = 0; dy < s.y; ++dy)
                    for (int dz = 0; dz < s.z; ++dz)
                        for (int dx = 0; dx < s.x; ++dx) {
                            const BlockType t = model_clipboard.at(dx, dy, dz);
                            if (with_air || t != BlockType::kAir) m.at(o + glm::ivec3(dx, dy, dz)) = t;
                        }
                m.commit(before);
                ++pastes;
            }
        } else if (op == 5) {
            const BlockPos p{pick(m.area.min.x, m.area.max.x), pick(m.area.min.y, m.area.max.y),
                             pick(m.area.min.z, m.area.max.z)};
            const BlockType t = random_block();
            try {
                session.edit(p, t);
                m.at(p) = t;
                m.commit(before);
            } catch (const EditRefused& e) {
                EXPECT_EQ(e.reason, EditError::kChunkNotLoaded);
                ++unloaded_edits;
            }
        } else if (op <= 7) {
            if (m.undo.empty()) {
                EXPECT_THROW(session.undo(), OperationRefused);
            } else {
                session.undo();
                m.redo.push_back(m.cells);
                m.cells = m.undo.back();
                m.undo.pop_back();
                ++undos;
            }
        } else {
            if (m.redo.empty()) {
                EXPECT_THROW(session.redo(), OperationRefused);
            } else {
                session.redo();
                m.undo.push_back(m.cells);
                m.cells = m.redo.back();
                m.redo.pop_back();
                ++redos;
            }
        }
        ASSERT_EQ(session.journal().undo_depth(), m.undo.size()) << "step " << step;
        ASSERT_EQ(session.journal().redo_depth(), m.redo.size()) << "step " << step;
        ASSERT_EQ(count_mismatches(session, m), 0u) << "step " << step << " op " << op;
        ASSERT_EQ(session.slots().find_invariant_violation(), std::nullopt) << "step " << step;
    }
    EXPECT_GT(undos, 10);
    EXPECT_GT(redos, 5);
    EXPECT_GT(pastes, 3);
    // Every slot agrees with the world's instances once streaming settles.
    const glm::dvec3 camera{0.0, 70.0, 0.0};
    for (int f = 0; f < 20000 && !session.idle(); ++f) session.update(camera, 64);
    ASSERT_TRUE(session.idle());
    EXPECT_EQ(count_mismatches(session, m), 0u);
    uint64_t instances = 0;
    for (const ChunkCoord& c : session.world().loaded_coords()) instances += session.world().instances(c).size();
    EXPECT_EQ(session.slots().stats().instances, instances);
}

TEST(EditSession, AFillUndoneGivesEverySlotBackAndRefusalsChangeNothing) {
    WorldSession session(flat_session(1));
    const glm::dvec3 camera{8.0, 70.0, 8.0};
    for (int f = 0; f < 20000 && !session.idle(); ++f) session.update(camera, 0);
    ASSERT_TRUE(session.idle());
    session.slots().take_uploads();
    const InstanceSlots::Stats before = session.slots().stats();
    const Region r = Region::between({-10, 64, -10}, {20, 80, 20});
    const EditReport fill = session.fill(r, BlockType::kStone);
    EXPECT_EQ(fill.cells, r.cells());
    EXPECT_GT(fill.instance_writes, 0u);
    EXPECT_EQ(session.journal().undo_depth(), 1u);
    EXPECT_NE(session.slots().stats().instances, before.instances);
    const EditReport undo = session.undo();
    EXPECT_EQ(undo.cells, r.cells());
    EXPECT_EQ(session.slots().stats().instances, before.instances);
    EXPECT_EQ(session.slots().stats().high_water, before.high_water);
    EXPECT_EQ(session.journal().redo_depth(), 1u);

    // Refusals: nothing changes, the journal neither.
    const std::vector<BlockType> cells = session.world().read_region(r);
    EXPECT_THROW(session.paste({0, 64, 0}), OperationRefused) << "empty clipboard";
    EXPECT_THROW(session.rotate(1), OperationRefused);
    EXPECT_THROW(session.fill(Region::between({0, 0, 0}, {256, 255, 255}), BlockType::kStone), RegionRefused);
    EXPECT_THROW(session.fill(Region::between({0, 314, 0}, {1, 320, 1}), BlockType::kStone), RegionRefused);
    session.copy(Region::between({0, 200, 0}, {3, 255, 3}));
    EXPECT_THROW(session.paste({0, 265, 0}), RegionRefused) << "reaches above y 319";
    EXPECT_THROW(session.edit({0, 330, 0}, BlockType::kStone), EditRefused);
    EXPECT_EQ(session.world().read_region(r), cells);
    EXPECT_EQ(session.journal().undo_depth(), 0u);
    EXPECT_EQ(session.journal().redo_depth(), 1u);
    EXPECT_EQ(session.slots().stats().instances, before.instances);
    session.redo();
    EXPECT_EQ(session.world().block_at({0, 70, 0}), BlockType::kStone);
    EXPECT_THROW(session.redo(), OperationRefused);
}

TEST(EditSession, TheBudgetDropsTheOldestSteps) {
    WorldSessionConfig c = flat_session(1);
    c.undo_bytes = 200;  // about three steps of one run each
    WorldSession session(c);
    std::vector<ChunkCoord> column;
    for (int y = kMinChunkY; y <= kTopChunkY; ++y) column.push_back({0, y, 0});
    session.load_now(column);
    std::size_t dropped = 0;
    for (int i = 0; i < 6; ++i) {
        const Region r = Region::between({0, 64 + i, 0}, {15, 64 + i, 15});
        session.fill(r, BlockType::kStone);
        dropped += session.replace(r, BlockType::kStone, BlockType::kBrick).steps_dropped;
    }
    EXPECT_GT(dropped, 0u);
    EXPECT_LE(session.journal().bytes(), 200u);
    EXPECT_LE(session.journal().undo_depth(), 3u);
    EXPECT_GE(session.journal().undo_depth(), 1u);
}

// A paste at 1e9 100 1e9 with a 10^3 clipboard once wrote cells up to 1e9 + 9, past the
// world's one bound: refused through the session, nothing written, the journal unchanged.
TEST(EditSession, APastePastTheWorldsBoundIsRefusedWritingNothing) {
    WorldSession session(flat_session(1));
    std::vector<ChunkCoord> column;
    for (int y = kMinChunkY; y <= kTopChunkY; ++y) column.push_back({0, y, 0});
    session.load_now(column);
    session.copy(Region::between({0, 60, 0}, {9, 69, 9}));
    const uint64_t applied = session.world().stats().edits_applied;
    try {
        session.paste({1'000'000'000, 100, 1'000'000'000});
        FAIL() << "pasted past the bound";
    } catch (const RegionRefused& e) {
        EXPECT_NE(std::string(e.what()).find("beyond the world's bounds"), std::string::npos) << e.what();
    }
    EXPECT_THROW(session.paste({999'999'992, 100, 0}), RegionRefused) << "x reaches 1e9 + 1";
    EXPECT_NO_THROW(session.paste({999'999'991, 100, 0})) << "x reaches 1e9 exactly";
    EXPECT_GT(session.world().stats().edits_applied, applied) << "the paste inside was written";
}

}  // namespace
}  // namespace slotcraft
