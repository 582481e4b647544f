#pragma once
// What the building operations write and where (docs/scripting.md "Building"): patterns
// (weighted blocks, "stone:3,cobblestone:1"), masks (the cells an operation may change), the
// shapes inscribed in a region (sphere, cylinder, pyramid; solid or a one-block shell), the
// region's walls and inside, and the unit directions `stack`, `expand`, `contract` and
// `shift` take. Pure functions of cells: no world, no GL. Unit-tested against models
// (tests/edit/build_rules_test.cpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "world/block.hpp"
#include "world/coords.hpp"
#include "world/names.hpp"
#include "world/refused.hpp"
#include "world/region.hpp"

namespace slotcraft {

// A pattern or a mask that cannot be read: the message names the word and why.
struct BuildRefused : Refused {
    using Refused::Refused;
};

// [SECTION] patterns

// Where a block is asked for, a pattern may stand: blocks with whole weights. The block of
// cell p is chosen by a hash of p and the seed, so a replay with the same seed builds the
// same cells; over many cells each block's share tends to its weight over the total.
class Pattern {
public:
    struct Entry {
        BlockType block = BlockType::kAir;
        uint32_t weight = 1;
    };
    Pattern() = default;
    explicit Pattern(BlockType block) : entries_{{block, 1}}, total_(1) {}
    // "stone" or "stone:3,cobblestone:1,gravel:1": names as block names go (air included),
    // weights whole numbers 1..1,000,000. Throws BuildRefused naming the part that is wrong.
    static Pattern parse(std::string_view text);

    BlockType at(const BlockPos& p, uint64_t seed) const;
    const std::vector<Entry>& entries() const { return entries_; }
    bool single() const { return entries_.size() == 1; }
    // "stone", or "stone:3,cobblestone:1" as parse() reads it.
    std::string describe() const;

private:
    std::vector<Entry> entries_;
    uint64_t total_ = 0;
};

// [SECTION] masks

// The cells an operation may change, by what they hold now: every cell (none), air, solid
// blocks (any but air and water), or a list of blocks.
class Mask {
public:
    enum class Kind : uint8_t { kNone, kAir, kSolid, kBlocks };
    Mask() = default;
    // "none", "air", "solid" or "stone,dirt" (block names, air included). Throws BuildRefused.
    static Mask parse(std::string_view text);

    bool allows(BlockType held) const;
    bool none() const { return kind_ == Kind::kNone; }
    Kind kind() const { return kind_; }
    // "none", "air", "solid" or "stone,dirt".
    std::string describe() const;

private:
    Kind kind_ = Kind::kNone;
    std::vector<BlockType> blocks_;
};

// [SECTION] shapes in a region

enum class ShapeKind : uint8_t { kSphere, kCylinder, kPyramid };
inline constexpr NameTable<ShapeKind, 3> kShapeNames{{{
    {ShapeKind::kSphere, "sphere"},
    {ShapeKind::kCylinder, "cylinder"},
    {ShapeKind::kPyramid, "pyramid"},
}}};

// Whether cell p (inside r) is in the shape inscribed in r, judged at the cell's centre, in
// exact integer arithmetic (offsets in half cells from the region's centre, extents E):
// - sphere: the ellipsoid, sum over the axes of (offset / (E / 2))^2 <= 1;
// - cylinder: upright, the same over x and z only, every layer;
// - pyramid: base at the region's bottom, apex at its top: in layer k from the bottom (of H
//   layers) the x and z offsets, as fractions of the half extents, are at most (H - k) / H.
bool in_shape(ShapeKind kind, const Region& r, const BlockPos& p);
// In the shape, and at least one of its six face neighbours is not (cells outside the region
// are not): the shell one block thick.
bool in_shell(ShapeKind kind, const Region& r, const BlockPos& p);
// On the region's four upright sides (x or z at an edge), every layer.
bool on_walls(const Region& r, const BlockPos& p);
// On none of the region's six faces: what `hollow` clears.
bool inside_faces(const Region& r, const BlockPos& p);

// [SECTION] brushes

enum class BrushKind : uint8_t { kSphere, kCube, kSmooth };
inline constexpr NameTable<BrushKind, 3> kBrushNames{{{
    {BrushKind::kSphere, "sphere"},
    {BrushKind::kCube, "cube"},
    {BrushKind::kSmooth, "smooth"},
}}};
struct Brush {
    BrushKind kind = BrushKind::kSphere;
    int radius = 2;  // 0..32
};
inline constexpr int kMaxBrushRadius = 32;
// Whether the cell at offset o from a dab's centre is in a brush of radius r: a sphere holds
// the offsets with o.x^2 + o.y^2 + o.z^2 <= r (r + 1) (the lattice points within r + 1/2), a
// cube every offset within r on each axis; `smooth` works on the sphere's columns.
bool in_brush(BrushKind kind, int r, const glm::ivec3& o);

// The `smooth` brush's new heights: `heights` is a (2r + 3)^2 grid of column heights around
// the centre (x fastest), the top firm cell of each column in the dab's reach, `none` where a
// column has no ground in reach; each column of the inner (2r + 1)^2 grid within the disc
// dx^2 + dz^2 <= r (r + 1) that has ground gets the rounded mean (halves away from zero) of the
// columns with ground in its 3 x 3 neighbourhood (one pass of WorldEdit's //smooth); the
// others keep theirs.
std::vector<int> smoothed_heights(const std::vector<int>& heights, int r, int none);

// [SECTION] directions

// The six unit directions by name: up (+y), down (-y), north (-z), south (+z), east (+x),
// west (-x), as WorldEdit names them.
enum class Direction : uint8_t { kUp, kDown, kNorth, kSouth, kEast, kWest };
inline constexpr NameTable<Direction, 6> kDirectionNames{{{
    {Direction::kUp, "up"},
    {Direction::kDown, "down"},
    {Direction::kNorth, "north"},
    {Direction::kSouth, "south"},
    {Direction::kEast, "east"},
    {Direction::kWest, "west"},
}}};
glm::ivec3 direction_step(Direction d);
// The direction whose axis the vector `forward` follows most (ties: y, then x, then z).
Direction facing(const glm::dvec3& forward);
// The unit step `step` names, or nullopt when it is not one of the six.
std::optional<Direction> direction_of(const glm::ivec3& step);

// The region grown by n cells toward d (expand: its face toward d moves out), shrunk by n
// toward d (contract: its face away from d moves in, as WorldEdit's //contract; throws
// BuildRefused when nothing would be left), or moved by n along d (shift).
// The result is not checked against the world's bounds here (the editor does).
Region expanded(const Region& r, int n, Direction d);
Region contracted(const Region& r, int n, Direction d);
Region shifted(const Region& r, int n, Direction d);

// The clipboard mirrored along `axis` (0 x, 1 y, 2 z): the cell at offset o along it moves to
// size - 1 - o.
Clipboard flipped(const Clipboard& clipboard, int axis);

}  // namespace slotcraft
