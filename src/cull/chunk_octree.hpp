#pragma once
// ChunkOctree: a sparse octree over chunk cells (integer chunk coordinates, one chunk per
// cell) that answers "which chunks does this frustum see" with exactly the brute-force answer.
// Chunks come and go one at a time; the tree re-roots upward for a chunk outside it and
// shrinks back when the far part empties. Nodes come from pools: no heap traffic once warm.
// C++, GLM and tsl::robin_map only: never GL, GLFW or ImGui.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <tsl/robin_map.h>

#include "alloc/pool.hpp"
#include "cull/frustum.hpp"
#include "cull/key_hash.hpp"

namespace slotcraft {

class ChunkOctree {
public:
    using Key = std::uint64_t;  // opaque to the tree: whatever names a chunk for the caller

    // Leaves hold a cube of 4^3 chunk cells (level 2); node levels count up from single cells.
    static constexpr int kLeafLevel = 2;
    static constexpr int kLeafSide = 1 << kLeafLevel;
    static constexpr int kLeafCells = kLeafSide * kLeafSide * kLeafSide;

    struct Stats {
        std::size_t chunks = 0;         // chunks in the tree
        std::size_t nodes = 0;          // live nodes, leaves included
        std::size_t leaves = 0;         // live leaves
        int root_level = -1;            // the root covers 2^root_level chunks a side; -1 when empty
        std::size_t node_capacity = 0;  // nodes the pool holds without allocating
        std::size_t leaf_capacity = 0;  // leaves the pool holds without allocating
        // Last cull() query:
        std::size_t chunks_visible = 0;  // keys it returned
        std::size_t nodes_visited = 0;   // nodes it reached, including those passed whole
        std::size_t boxes_tested = 0;    // node and chunk boxes it tested against planes
        double query_us = 0.0;           // its wall-clock time, microseconds
    };

    // One chunk in the tree, for listing (the overlay's chunk boxes).
    struct Entry {
        Key key = 0;
        glm::ivec3 coord{0};
    };

    // One node's cube, for listing (an overlay may draw the tree itself).
    struct NodeCube {
        glm::i64vec3 origin{0};  // minimum chunk coordinate
        int level = 0;           // side 2^level chunks
        std::uint32_t chunks = 0;
        bool leaf = false;
    };

    ChunkOctree() = default;
    ChunkOctree(const ChunkOctree&) = delete;
    ChunkOctree& operator=(const ChunkOctree&) = delete;
    ChunkOctree(ChunkOctree&& other) noexcept;
    ChunkOctree& operator=(ChunkOctree&& other) noexcept;

    // Adds chunk `coord` under `key`. False (tree unchanged) when the key is already present or
    // another key holds that coordinate.
    bool insert(Key key, glm::ivec3 coord);
    // False when the key is absent.
    bool remove(Key key);
    void clear();

    bool contains(Key key) const { return coord_of_.contains(key); }
    std::optional<glm::ivec3> coord_of(Key key) const;
    std::size_t size() const { return coord_of_.size(); }

    // Replaces `out` with the keys of the chunks whose boxes `frustum` does not cull, in no
    // particular order: the same set brute_force_cull gives. Records the query in stats().
    void cull(const Frustum& frustum, std::vector<Key>& out);

    Stats stats() const;
    void list_chunks(std::vector<Entry>& out) const;
    void list_nodes(std::vector<NodeCube>& out) const;

    // A description of the first broken invariant (counts, bounds, masks, key map), or nothing.
    // Walks the whole tree: for tests.
    std::optional<std::string> find_invariant_violation() const;

private:
    using NodeIndex = std::uint32_t;
    static constexpr NodeIndex kNone = Pool<int>::kNoIndex;
    static constexpr int kMaxLevel = 40;  // far beyond any int32 coordinate span

    struct Node {
        glm::i64vec3 origin{0};  // minimum chunk coordinate of the cube
        std::uint32_t chunks = 0;
        // Inner node: child node per octant (bit 0: +x half, bit 1: +y, bit 2: +z), kNone if
        // empty. Leaf: child[0] is its LeafCells index.
        NodeIndex child[8] = {kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone};
        std::uint8_t level = 0;
        std::uint8_t child_mask = 0;
        bool is_leaf() const { return level == kLeafLevel; }
    };

    // A leaf's chunks, packed: keys[0..chunks) with their cells, so a leaf wholly inside the
    // frustum is one copy.
    struct LeafCells {
        Key keys[kLeafCells];
        std::uint8_t cell_of[kLeafCells];  // cell (x + 4y + 16z) of keys[i]
        std::uint8_t slot_of[kLeafCells];  // index into keys of a cell; valid where occupied
        std::uint64_t occupied = 0;        // bit per cell
    };
    static_assert(kLeafCells <= 64, "a leaf's occupancy is one 64-bit word");

    struct Query;  // cull() state, in the .cpp

    NodeIndex make_node(glm::i64vec3 origin, int level);
    void free_node(NodeIndex index);
    bool covers(NodeIndex index, glm::i64vec3 coord) const;
    void grow_toward(glm::i64vec3 coord);
    void shrink_root();
    static int octant_of(const Node& node, glm::i64vec3 coord);
    static int cell_of(const Node& leaf, glm::i64vec3 coord);

    void cull_node(Query& query, NodeIndex index, unsigned plane_mask) const;
    void cull_leaf(Query& query, const Node& leaf, unsigned plane_mask) const;
    void emit_subtree(Query& query, NodeIndex index) const;

    std::optional<std::string> check_node(NodeIndex index, std::size_t& chunks_seen, std::size_t& nodes_seen) const;

    Pool<Node> nodes_;
    Pool<LeafCells, 64> leaves_;
    NodeIndex root_ = kNone;
    tsl::robin_map<Key, glm::ivec3, ChunkKeyHash> coord_of_;
    Stats last_query_;  // the query fields of Stats
};

}  // namespace slotcraft
