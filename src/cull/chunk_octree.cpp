// ChunkOctree: insertion with upward growth, removal with pruning and root shrinking, the
// frustum query, and the invariant check.
//
// Index:
// [SECTION] Nodes and growth
// [SECTION] Insert and remove
// [SECTION] Query
// [SECTION] Listing and stats
// [SECTION] Invariants
#include "cull/chunk_octree.hpp"

#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <utility>

#include "cull/plane_test.hpp"

namespace slotcraft {

namespace {

std::int64_t floor_to_multiple(std::int64_t v, std::int64_t step) {
    std::int64_t q = v / step;
    if (v % step != 0 && v < 0) --q;
    return q * step;
}

glm::i64vec3 octant_offset(int octant, std::int64_t half) {
    return {(octant & 1) ? half : 0, (octant & 2) ? half : 0, (octant & 4) ? half : 0};
}

}  // namespace

ChunkOctree::ChunkOctree(ChunkOctree&& other) noexcept
    : nodes_(std::move(other.nodes_)),
      leaves_(std::move(other.leaves_)),
      root_(std::exchange(other.root_, kNone)),
      coord_of_(std::move(other.coord_of_)),
      last_query_(std::exchange(other.last_query_, Stats{})) {
    other.coord_of_.clear();
}

ChunkOctree& ChunkOctree::operator=(ChunkOctree&& other) noexcept {
    if (this != &other) {
        nodes_ = std::move(other.nodes_);
        leaves_ = std::move(other.leaves_);
        root_ = std::exchange(other.root_, kNone);
        coord_of_ = std::move(other.coord_of_);
        other.coord_of_.clear();
        last_query_ = std::exchange(other.last_query_, Stats{});
    }
    return *this;
}

// [SECTION] Nodes and growth

ChunkOctree::NodeIndex ChunkOctree::make_node(glm::i64vec3 origin, int level) {
    assert(level >= kLeafLevel && level <= kMaxLevel && "ChunkOctree: node level out of range");
    NodeIndex index = nodes_.acquire();
    Node& node = nodes_[index];
    node.origin = origin;
    node.level = static_cast<std::uint8_t>(level);
    if (level == kLeafLevel) node.child[0] = leaves_.acquire();
    return index;
}

void ChunkOctree::free_node(NodeIndex index) {
    Node& node = nodes_[index];
    if (node.is_leaf()) leaves_.release(node.child[0]);
    nodes_.release(index);
}

bool ChunkOctree::covers(NodeIndex index, glm::i64vec3 coord) const {
    const Node& node = nodes_[index];
    std::int64_t side = std::int64_t{1} << node.level;
    for (int axis = 0; axis < 3; ++axis) {
        if (coord[axis] < node.origin[axis] || coord[axis] >= node.origin[axis] + side) return false;
    }
    return true;
}

// The old root becomes one octant of a parent twice its size, placed so that the parent
// extends toward `coord`; repeated, the side doubles each step, so a chunk at distance d
// costs log2(d) new levels.
void ChunkOctree::grow_toward(glm::i64vec3 coord) {
    const Node& old_root = nodes_[root_];
    int level = old_root.level;
    assert(level < kMaxLevel && "ChunkOctree: root level limit reached");
    std::int64_t side = std::int64_t{1} << level;
    glm::i64vec3 origin = old_root.origin;
    int octant = 0;
    for (int axis = 0; axis < 3; ++axis) {
        if (coord[axis] < old_root.origin[axis]) {
            origin[axis] -= side;
            octant |= 1 << axis;  // the old root sits in the upper half of this axis
        }
    }
    std::uint32_t chunks = old_root.chunks;
    NodeIndex parent_index = make_node(origin, level + 1);
    Node& parent = nodes_[parent_index];
    parent.child[octant] = root_;
    parent.child_mask = static_cast<std::uint8_t>(1u << octant);
    parent.chunks = chunks;
    root_ = parent_index;
}

// A root with a single child is pure height: drop it, so a tree whose far part emptied
// goes back to the size of what is left.
void ChunkOctree::shrink_root() {
    while (root_ != kNone) {
        const Node& root = nodes_[root_];
        if (root.is_leaf() || std::popcount(root.child_mask) != 1) return;
        NodeIndex only_child = root.child[std::countr_zero(root.child_mask)];
        nodes_.release(root_);
        root_ = only_child;
    }
}

int ChunkOctree::octant_of(const Node& node, glm::i64vec3 coord) {
    std::int64_t half = std::int64_t{1} << (node.level - 1);
    int octant = 0;
    for (int axis = 0; axis < 3; ++axis) {
        if (coord[axis] >= node.origin[axis] + half) octant |= 1 << axis;
    }
    return octant;
}

int ChunkOctree::cell_of(const Node& leaf, glm::i64vec3 coord) {
    glm::i64vec3 local = coord - leaf.origin;
    return static_cast<int>(local.x + kLeafSide * (local.y + kLeafSide * local.z));
}

// [SECTION] Insert and remove

bool ChunkOctree::insert(Key key, glm::ivec3 coord) {
    if (coord_of_.contains(key)) return false;
    glm::i64vec3 c(coord);
    if (root_ == kNone) {
        glm::i64vec3 origin;
        for (int axis = 0; axis < 3; ++axis) origin[axis] = floor_to_multiple(c[axis], kLeafSide);
        root_ = make_node(origin, kLeafLevel);
    }
    while (!covers(root_, c)) grow_toward(c);

    NodeIndex path[kMaxLevel + 1];
    int depth = 0;
    NodeIndex at = root_;
    while (!nodes_[at].is_leaf()) {
        path[depth++] = at;
        Node& node = nodes_[at];
        int octant = octant_of(node, c);
        if (node.child[octant] == kNone) {
            // A fresh node is empty, so a coordinate already taken can only be found on a path
            // that existed before: returning false below never leaves a node behind.
            std::int64_t half = std::int64_t{1} << (node.level - 1);
            node.child[octant] = make_node(node.origin + octant_offset(octant, half), node.level - 1);
            node.child_mask = static_cast<std::uint8_t>(node.child_mask | (1u << octant));
        }
        at = node.child[octant];
    }

    Node& leaf = nodes_[at];
    LeafCells& cells = leaves_[leaf.child[0]];
    int cell = cell_of(leaf, c);
    if ((cells.occupied >> cell) & 1u) return false;
    std::uint32_t slot = leaf.chunks++;
    cells.keys[slot] = key;
    cells.cell_of[slot] = static_cast<std::uint8_t>(cell);
    cells.slot_of[cell] = static_cast<std::uint8_t>(slot);
    cells.occupied |= std::uint64_t{1} << cell;
    for (int i = 0; i < depth; ++i) ++nodes_[path[i]].chunks;
    coord_of_.emplace(key, coord);
    return true;
}

bool ChunkOctree::remove(Key key) {
    auto it = coord_of_.find(key);
    if (it == coord_of_.end()) return false;
    glm::i64vec3 c(it->second);
    coord_of_.erase(it);

    NodeIndex path[kMaxLevel + 1];
    int octants[kMaxLevel + 1];
    int depth = 0;
    NodeIndex at = root_;
    assert(at != kNone && covers(at, c) && "ChunkOctree: a known key's chunk lies outside the tree");
    while (!nodes_[at].is_leaf()) {
        const Node& node = nodes_[at];
        int octant = octant_of(node, c);
        path[depth] = at;
        octants[depth++] = octant;
        at = node.child[octant];
        assert(at != kNone && "ChunkOctree: a known key's chunk has no node");
    }

    Node& leaf = nodes_[at];
    LeafCells& cells = leaves_[leaf.child[0]];
    int cell = cell_of(leaf, c);
    assert(((cells.occupied >> cell) & 1u) && cells.keys[cells.slot_of[cell]] == key &&
           "ChunkOctree: the key map and the leaf disagree");
    // Keep keys packed: the last entry fills the hole.
    std::uint32_t slot = cells.slot_of[cell];
    std::uint32_t last = --leaf.chunks;
    if (slot != last) {
        cells.keys[slot] = cells.keys[last];
        cells.cell_of[slot] = cells.cell_of[last];
        cells.slot_of[cells.cell_of[slot]] = static_cast<std::uint8_t>(slot);
    }
    cells.occupied &= ~(std::uint64_t{1} << cell);

    // Walk back up: every node on the path loses one chunk; the empty ones go back to the pool.
    bool child_emptied = leaf.chunks == 0;
    if (child_emptied) free_node(at);
    for (int i = depth - 1; i >= 0; --i) {
        Node& node = nodes_[path[i]];
        --node.chunks;
        if (child_emptied) {
            node.child[octants[i]] = kNone;
            node.child_mask = static_cast<std::uint8_t>(node.child_mask & ~(1u << octants[i]));
        }
        child_emptied = node.chunks == 0;
        if (child_emptied) free_node(path[i]);
    }
    if (child_emptied) root_ = kNone;
    shrink_root();
    return true;
}

void ChunkOctree::clear() {
    nodes_.clear();
    leaves_.clear();
    root_ = kNone;
    coord_of_.clear();
}

std::optional<glm::ivec3> ChunkOctree::coord_of(Key key) const {
    auto it = coord_of_.find(key);
    if (it == coord_of_.end()) return std::nullopt;
    return it->second;
}

// [SECTION] Query

struct ChunkOctree::Query {
    std::array<Plane, Frustum::kPlaneCount> planes;
    glm::i64vec3 origin;
    std::vector<Key>* out;
    std::size_t nodes_visited = 0;
    std::size_t boxes_tested = 0;
};

void ChunkOctree::cull(const Frustum& frustum, std::vector<Key>& out) {
    auto start = std::chrono::steady_clock::now();
    out.clear();
    Query query{frustum.planes(), glm::i64vec3(frustum.origin_chunk()), &out};
    if (root_ != kNone) cull_node(query, root_, (1u << Frustum::kPlaneCount) - 1);
    auto end = std::chrono::steady_clock::now();
    last_query_.chunks_visible = out.size();
    last_query_.nodes_visited = query.nodes_visited;
    last_query_.boxes_tested = query.boxes_tested;
    last_query_.query_us = std::chrono::duration<double, std::micro>(end - start).count();
}

// plane_mask holds the planes the node's parent straddles. A node inside a plane has every
// chunk box in it inside that plane too (the test is monotone in the box corners), so the
// plane is dropped for the subtree; with no plane left the subtree passes whole.
void ChunkOctree::cull_node(Query& query, NodeIndex index, unsigned plane_mask) const {
    const Node& node = nodes_[index];
    ++query.nodes_visited;
    ++query.boxes_tested;
    std::int64_t side = std::int64_t{1} << node.level;
    Box box;
    for (int axis = 0; axis < 3; ++axis) {
        box.min[axis] = relative_block(node.origin[axis], query.origin[axis]);
        box.max[axis] = relative_block(node.origin[axis] + side, query.origin[axis]);
    }
    for (unsigned bits = plane_mask; bits != 0; bits &= bits - 1) {
        int p = std::countr_zero(bits);
        const Plane& plane = query.planes[static_cast<std::size_t>(p)];
        if (cull_detail::outside(plane, box)) return;
        if (cull_detail::inside(plane, box)) plane_mask &= ~(1u << p);
    }
    if (plane_mask == 0) {
        emit_subtree(query, index);
    } else if (node.is_leaf()) {
        cull_leaf(query, node, plane_mask);
    } else {
        for (unsigned bits = node.child_mask; bits != 0; bits &= bits - 1) {
            cull_node(query, node.child[std::countr_zero(bits)], plane_mask);
        }
    }
}

// Each chunk box gets exactly brute_force_cull's test on the same floats: its faces are
// relative_block of the same integer coordinates, and the distance of its farthest corner is
// summed in cull_detail::plane_distance's order, ((nx*x + ny*y) + nz*z) + offset. The leaf's
// 4^3 cells share their faces, so one plane is worked out for all cells at once: the
// products per axis first, then the sums, in loops that vectorise.
void ChunkOctree::cull_leaf(Query& query, const Node& leaf, unsigned plane_mask) const {
    const LeafCells& cells = leaves_[leaf.child[0]];
    float faces[3][kLeafSide + 1];
    for (int axis = 0; axis < 3; ++axis) {
        for (int k = 0; k <= kLeafSide; ++k) {
            faces[axis][k] = relative_block(leaf.origin[axis] + k, query.origin[axis]);
        }
    }
    constexpr int kLayer = kLeafSide * kLeafSide;  // cells with the same z
    std::int32_t culled[kLeafCells] = {};
    for (unsigned bits = plane_mask; bits != 0; bits &= bits - 1) {
        const Plane& plane = query.planes[static_cast<std::size_t>(std::countr_zero(bits))];
        // Farthest corner along the normal: the high face (k + 1) where the component is >= 0.
        int step[3] = {plane.normal.x >= 0.0f, plane.normal.y >= 0.0f, plane.normal.z >= 0.0f};
        float along_x[kLeafSide], along_y[kLeafSide], along_z[kLeafSide];
        for (int k = 0; k < kLeafSide; ++k) {
            along_x[k] = plane.normal.x * faces[0][k + step[0]];
            along_y[k] = plane.normal.y * faces[1][k + step[1]];
            along_z[k] = plane.normal.z * faces[2][k + step[2]];
        }
        float along_xy[kLayer];
        for (int y = 0; y < kLeafSide; ++y) {
            for (int x = 0; x < kLeafSide; ++x) along_xy[x + kLeafSide * y] = along_x[x] + along_y[y];
        }
        for (int z = 0; z < kLeafSide; ++z) {
            std::int32_t* layer = culled + kLayer * z;
            for (int xy = 0; xy < kLayer; ++xy) {
                float distance = along_xy[xy] + along_z[z] + plane.offset;
                layer[xy] |= distance < 0.0f ? 1 : 0;
            }
        }
    }
    Key kept[kLeafCells];
    std::size_t count = 0;
    for (std::uint32_t i = 0; i < leaf.chunks; ++i) {
        kept[count] = cells.keys[i];  // written always, counted only when visible: no branch
        count += culled[cells.cell_of[i]] ? 0 : 1;
    }
    query.out->insert(query.out->end(), kept, kept + count);
    query.boxes_tested += leaf.chunks;
}

void ChunkOctree::emit_subtree(Query& query, NodeIndex index) const {
    const Node& node = nodes_[index];
    if (node.is_leaf()) {
        const LeafCells& cells = leaves_[node.child[0]];
        query.out->insert(query.out->end(), cells.keys, cells.keys + node.chunks);
        return;
    }
    for (unsigned bits = node.child_mask; bits != 0; bits &= bits - 1) {
        ++query.nodes_visited;
        emit_subtree(query, node.child[std::countr_zero(bits)]);
    }
}

// [SECTION] Listing and stats

ChunkOctree::Stats ChunkOctree::stats() const {
    Stats stats = last_query_;
    stats.chunks = coord_of_.size();
    stats.nodes = nodes_.size();
    stats.leaves = leaves_.size();
    stats.root_level = root_ == kNone ? -1 : nodes_[root_].level;
    stats.node_capacity = nodes_.stats().capacity;
    stats.leaf_capacity = leaves_.stats().capacity;
    return stats;
}

void ChunkOctree::list_chunks(std::vector<Entry>& out) const {
    out.clear();
    out.reserve(coord_of_.size());
    for (const auto& [key, coord] : coord_of_) out.push_back(Entry{key, coord});
}

void ChunkOctree::list_nodes(std::vector<NodeCube>& out) const {
    out.clear();
    if (root_ == kNone) return;
    std::vector<NodeIndex> stack{root_};
    while (!stack.empty()) {
        const Node& node = nodes_[stack.back()];
        stack.pop_back();
        out.push_back(NodeCube{node.origin, node.level, node.chunks, node.is_leaf()});
        if (node.is_leaf()) continue;
        for (unsigned bits = node.child_mask; bits != 0; bits &= bits - 1) {
            stack.push_back(node.child[std::countr_zero(bits)]);
        }
    }
}

// [SECTION] Invariants

std::optional<std::string> ChunkOctree::find_invariant_violation() const {
    if (root_ == kNone) {
        if (!coord_of_.empty()) return "no root, but the key map holds chunks";
        if (nodes_.size() != 0 || leaves_.size() != 0) return "no root, but the pools hold live nodes";
        return std::nullopt;
    }
    const Node& root = nodes_[root_];
    if (root.chunks != coord_of_.size()) return "the root's count differs from the key map's size";
    if (!root.is_leaf() && std::popcount(root.child_mask) < 2) return "the root has a single child (not shrunk)";
    std::size_t chunks_seen = 0;
    std::size_t nodes_seen = 0;
    if (auto why = check_node(root_, chunks_seen, nodes_seen)) return why;
    if (chunks_seen != coord_of_.size()) return "the leaves hold a different number of chunks than the key map";
    if (nodes_seen != nodes_.size()) return "the node pool holds nodes the tree does not reach";
    return std::nullopt;
}

std::optional<std::string> ChunkOctree::check_node(NodeIndex index, std::size_t& chunks_seen,
                                                   std::size_t& nodes_seen) const {
    const Node& node = nodes_[index];
    ++nodes_seen;
    if (node.chunks == 0) return "an empty node was kept";
    if (node.level < kLeafLevel || node.level > kMaxLevel) return "a node level is out of range";
    if (node.is_leaf()) {
        const LeafCells& cells = leaves_[node.child[0]];
        if (static_cast<std::uint32_t>(std::popcount(cells.occupied)) != node.chunks) {
            return "a leaf's occupancy differs from its count";
        }
        for (std::uint32_t i = 0; i < node.chunks; ++i) {
            int cell = cells.cell_of[i];
            if (!((cells.occupied >> cell) & 1u) || cells.slot_of[cell] != i) return "a leaf's cell index is stale";
            glm::i64vec3 local(cell % kLeafSide, (cell / kLeafSide) % kLeafSide, cell / (kLeafSide * kLeafSide));
            auto it = coord_of_.find(cells.keys[i]);
            if (it == coord_of_.end()) return "a leaf holds a key the key map lacks";
            if (glm::i64vec3(it->second) != node.origin + local) return "a chunk sits in the wrong cell";
        }
        chunks_seen += node.chunks;
        return std::nullopt;
    }
    std::uint32_t sum = 0;
    std::int64_t half = std::int64_t{1} << (node.level - 1);
    for (int octant = 0; octant < 8; ++octant) {
        bool in_mask = (node.child_mask >> octant) & 1u;
        if (in_mask != (node.child[octant] != kNone)) return "a child mask disagrees with the child indices";
        if (!in_mask) continue;
        const Node& child = nodes_[node.child[octant]];
        if (child.level + 1 != node.level) return "a child is not one level below its parent";
        if (child.origin != node.origin + octant_offset(octant, half)) return "a child is not in its octant";
        sum += child.chunks;
        if (auto why = check_node(node.child[octant], chunks_seen, nodes_seen)) return why;
    }
    if (sum != node.chunks) return "a node's count differs from the sum of its children's";
    return std::nullopt;
}

}  // namespace slotcraft
