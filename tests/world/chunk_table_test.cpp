// The chunk table (world/chunk_table.hpp) against a plain std::map, under random inserts
// and erases: finds, column records, counts and the walk over every chunk.
#include "world/chunk_table.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>
#include <vector>

namespace slotcraft {
namespace {

using Key = std::tuple<int32_t, int32_t, int32_t>;  // x, y, z

Key key_of(const ChunkCoord& c) { return {c.x, c.y, c.z}; }

// Every answer of the table against the model: the chunks in and around a small box of
// columns (and the far corners of the coordinate range), each column record, the count, and
// the walk (each chunk once, bottom up inside a column).
void expect_same(const ChunkTable& table, const std::map<Key, uint32_t>& model,
                 const std::vector<std::pair<int32_t, int32_t>>& columns) {
    ASSERT_EQ(table.size(), model.size());
    for (const auto& [x, z] : columns) {
        const ChunkTable::Column* column = table.find_column(x, z);
        uint32_t bits = 0;
        for (int y = kMinChunkY - 1; y <= kTopChunkY + 1; ++y) {
            const ChunkCoord c{x, y, z};
            const auto it = model.find(key_of(c));
            const uint32_t want = it == model.end() ? ChunkTable::kNone : it->second;
            ASSERT_EQ(table.find(c), want) << x << " " << y << " " << z;
            ASSERT_EQ(table.contains(c), want != ChunkTable::kNone);
            if (want != ChunkTable::kNone) bits |= 1u << column_slot(y);
            if (column != nullptr && chunk_y_in_world(y)) {
                ASSERT_EQ(column->entries[static_cast<std::size_t>(column_slot(y))], want);
            }
        }
        // A column with no chunk has no record.
        ASSERT_EQ(column != nullptr, bits != 0) << x << " " << z;
        if (column != nullptr) {
            ASSERT_EQ(column->loaded, bits);
        }
    }
    std::map<Key, uint32_t> walked;
    std::map<std::pair<int32_t, int32_t>, int> last_y;
    table.for_each([&](const ChunkCoord& c, uint32_t e) {
        ASSERT_TRUE(walked.emplace(key_of(c), e).second) << "the walk visits a chunk twice";
        auto [it, first] = last_y.try_emplace({c.x, c.z}, c.y);
        if (!first) {
            ASSERT_GT(c.y, it->second) << "the walk goes bottom up in a column";
            it->second = c.y;
        }
    });
    ASSERT_EQ(walked, model);
}

TEST(ChunkTable, AgreesWithAMapUnderRandomInsertsAndErases) {
    std::mt19937 rng(17);
    ChunkTable table;
    table.reserve(512);
    std::map<Key, uint32_t> model;
    // A 6 x 6 block of columns around the origin, and the corners of the coordinate range
    // (the column key must keep x and z apart, negatives included).
    std::vector<std::pair<int32_t, int32_t>> columns;
    for (int32_t x = -3; x < 3; ++x)
        for (int32_t z = -3; z < 3; ++z) columns.emplace_back(x, z);
    for (const int32_t x : {-(1 << 26), (1 << 26) - 1})
        for (const int32_t z : {-(1 << 26), (1 << 26) - 1}) columns.emplace_back(x, z);
    uint32_t next_entry = 0;
    for (int step = 0; step < 20000; ++step) {
        const auto& [x, z] = columns[rng() % columns.size()];
        const ChunkCoord c{x, kMinChunkY + static_cast<int32_t>(rng() % kChunksPerColumn), z};
        const bool in = model.contains(key_of(c));
        // Mostly fill, sometimes empty out, so columns come and go.
        const bool insert = (step / 2000) % 2 == 0 ? rng() % 4 != 0 : rng() % 4 == 0;
        if (insert && !in) {
            table.insert(c, next_entry);
            model[key_of(c)] = next_entry++;
        } else if (!insert) {
            ASSERT_EQ(table.erase(c), in);
            model.erase(key_of(c));
        }
        if (step % 97 == 0) expect_same(table, model, columns);
    }
    expect_same(table, model, columns);
}

TEST(ChunkTable, ChunksOutsideTheWorldsHeightAreNeverFound) {
    ChunkTable table;
    table.insert({4, 0, 4}, 7);
    table.insert({4, 15, 4}, 8);
    EXPECT_EQ(table.find({4, -1, 4}), ChunkTable::kNone);
    EXPECT_EQ(table.find({4, 16, 4}), ChunkTable::kNone);
    EXPECT_FALSE(table.erase({4, 16, 4}));
    EXPECT_EQ(table.find({4, 0, 4}), 7u);
    EXPECT_EQ(table.find({4, 15, 4}), 8u);
    EXPECT_TRUE(table.erase({4, 0, 4}));
    EXPECT_TRUE(table.erase({4, 15, 4}));
    EXPECT_EQ(table.columns(), 0u);  // the last chunk took its column with it
    EXPECT_EQ(table.size(), 0u);
}

}  // namespace
}  // namespace slotcraft
