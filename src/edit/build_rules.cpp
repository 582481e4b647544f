// See build_rules.hpp.
#include "edit/build_rules.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "io/shown_text.hpp"

namespace slotcraft {

namespace {

// Splits on `sep`, keeping empty parts (so "stone,,dirt" is refused for its empty name).
std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = text.find(sep, start);
        parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return parts;
        start = at + 1;
    }
}

BlockType named_block(std::string_view name, std::string_view whole, const char* what) {
    if (const std::optional<BlockType> b = block_from_name(name)) return *b;
    throw BuildRefused(std::string(what) + " " + shown(std::string(whole)) + ": " + shown(std::string(name)) +
                       " is not a block name (the block picker and docs/scripting.md list them)");
}

// splitmix64: a well-mixed 64-bit hash of the cell and the seed.
uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

}  // namespace

// [SECTION] patterns

Pattern Pattern::parse(std::string_view text) {
    Pattern p;
    for (const std::string_view part : split(text, ',')) {
        const std::size_t colon = part.find(':');
        const std::string_view name = part.substr(0, colon);
        Entry e{named_block(name, text, "pattern"), 1};
        if (colon != std::string_view::npos) {
            const std::string_view w = part.substr(colon + 1);
            int64_t v = 0;
            const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
            if (ec != std::errc() || end != w.data() + w.size() || v < 1 || v > 1'000'000) {
                throw BuildRefused("pattern " + shown(std::string(text)) + ": the weight " + shown(std::string(w)) +
                                   " of " + std::string(name) +
                                   " is not a whole number from 1 to 1,000,000 (write BLOCK:WEIGHT, as stone:3)");
            }
            e.weight = static_cast<uint32_t>(v);
        }
        p.entries_.push_back(e);
        p.total_ += e.weight;
    }
    return p;
}

BlockType Pattern::at(const BlockPos& p, uint64_t seed) const {
    if (entries_.size() == 1) return entries_[0].block;
    const uint64_t h = mix(mix(mix(seed ^ static_cast<uint32_t>(p.x)) ^ static_cast<uint32_t>(p.y)) ^
                           static_cast<uint32_t>(p.z));
    uint64_t pick = h % total_;
    for (const Entry& e : entries_) {
        if (pick < e.weight) return e.block;
        pick -= e.weight;
    }
    return entries_.back().block;  // unreachable: the weights sum to total_
}

std::string Pattern::describe() const {
    if (entries_.size() == 1) return std::string(block_name(entries_[0].block));
    std::string out;
    for (const Entry& e : entries_) {
        if (!out.empty()) out += ",";
        out += std::string(block_name(e.block)) + ":" + std::to_string(e.weight);
    }
    return out;
}

// [SECTION] masks

Mask Mask::parse(std::string_view text) {
    Mask m;
    if (text == "none") return m;
    if (text == "air") {
        m.kind_ = Kind::kAir;
        return m;
    }
    if (text == "solid") {
        m.kind_ = Kind::kSolid;
        return m;
    }
    m.kind_ = Kind::kBlocks;
    for (const std::string_view name : split(text, ',')) m.blocks_.push_back(named_block(name, text, "mask"));
    return m;
}

bool Mask::allows(BlockType held) const {
    switch (kind_) {
        case Kind::kNone: return true;
        case Kind::kAir: return held == BlockType::kAir;
        case Kind::kSolid: return is_firm(held);
        case Kind::kBlocks: return std::find(blocks_.begin(), blocks_.end(), held) != blocks_.end();
    }
    return true;
}

std::string Mask::describe() const {
    switch (kind_) {
        case Kind::kNone: return "none";
        case Kind::kAir: return "air";
        case Kind::kSolid: return "solid";
        case Kind::kBlocks: break;
    }
    std::string out;
    for (const BlockType b : blocks_) {
        if (!out.empty()) out += ",";
        out += block_name(b);
    }
    return out;
}

// [SECTION] shapes in a region

namespace {

// Offsets of the cell's centre from the region's centre in half cells, and the extents.
struct Centred {
    glm::i64vec3 d;  // 2 (p - min) + 1 - E
    glm::i64vec3 e;  // extents
};
Centred centred(const Region& r, const BlockPos& p) {
    const glm::i64vec3 e = r.extent();
    const glm::i64vec3 d = int64_t{2} * (glm::i64vec3(p) - glm::i64vec3(r.min)) + int64_t{1} - e;
    return {d, e};
}

// 128-bit products for the sphere's exact test (GCC and Clang; __extension__ says so to -Wpedantic).
__extension__ typedef __int128 Wide;

// a^2 / A^2 + b^2 / B^2 <= 1, exactly: a^2 B^2 + b^2 A^2 <= A^2 B^2 (a region's extents
// multiply to at most 2^24, so every product fits in 64 bits).
bool in_ellipse(int64_t a, int64_t A, int64_t b, int64_t B) { return a * a * B * B + b * b * A * A <= A * A * B * B; }

}  // namespace

bool in_shape(ShapeKind kind, const Region& r, const BlockPos& p) {
    if (!r.contains(p)) return false;
    const Centred c = centred(r, p);
    const glm::i64vec3 d = c.d, e = c.e;
    switch (kind) {
        case ShapeKind::kSphere: {
            // d.x^2 (Ey Ez)^2 + d.y^2 (Ex Ez)^2 + d.z^2 (Ex Ey)^2 <= (Ex Ey Ez)^2, in 128 bits.
            const int64_t yz = e.y * e.z, xz = e.x * e.z, xy = e.x * e.y, all = e.x * e.y * e.z;
            const Wide lhs = static_cast<Wide>(d.x * d.x) * yz * yz + static_cast<Wide>(d.y * d.y) * xz * xz +
                             static_cast<Wide>(d.z * d.z) * xy * xy;
            return lhs <= static_cast<Wide>(all) * all;
        }
        case ShapeKind::kCylinder: return in_ellipse(d.x, e.x, d.z, e.z);
        case ShapeKind::kPyramid: {
            const int64_t k = int64_t{p.y} - r.min.y, h = e.y;
            // |d| / E <= (H - k) / H, with d in half cells over the half extent E / 2 ... the
            // halves cancel: |d| H <= E (H - k).
            return std::abs(d.x) * h <= e.x * (h - k) && std::abs(d.z) * h <= e.z * (h - k);
        }
    }
    return false;
}

bool in_shell(ShapeKind kind, const Region& r, const BlockPos& p) {
    if (!in_shape(kind, r, p)) return false;
    for (const glm::ivec3& n : kFaceNormals) {
        if (!in_shape(kind, r, p + n)) return true;
    }
    return false;
}

bool on_walls(const Region& r, const BlockPos& p) {
    return r.contains(p) && (p.x == r.min.x || p.x == r.max.x || p.z == r.min.z || p.z == r.max.z);
}

bool inside_faces(const Region& r, const BlockPos& p) {
    return glm::all(glm::greaterThan(p, r.min)) && glm::all(glm::lessThan(p, r.max));
}

// [SECTION] brushes

bool in_brush(BrushKind kind, int r, const glm::ivec3& o) {
    if (glm::any(glm::greaterThan(glm::abs(o), glm::ivec3(r)))) return false;
    if (kind == BrushKind::kCube) return true;
    return o.x * o.x + o.y * o.y + o.z * o.z <= r * (r + 1);
}

std::vector<int> smoothed_heights(const std::vector<int>& heights, int r, int none) {
    const int n = 2 * r + 3;
    std::vector<int> out = heights;
    for (int z = 1; z < n - 1; ++z) {
        for (int x = 1; x < n - 1; ++x) {
            const int dx = x - (r + 1), dz = z - (r + 1);
            if (dx * dx + dz * dz > r * (r + 1) || heights[static_cast<std::size_t>(z * n + x)] == none) continue;
            int sum = 0, count = 0;
            for (int j = -1; j <= 1; ++j)
                for (int i = -1; i <= 1; ++i) {
                    const int h = heights[static_cast<std::size_t>((z + j) * n + x + i)];
                    if (h == none) continue;  // no ground there: not part of the mean
                    sum += h;
                    ++count;
                }
            // The rounded mean, halves away from zero, in integers: floor((2 sum + count) / (2 count)).
            const int twice = 2 * sum;
            out[static_cast<std::size_t>(z * n + x)] = twice >= 0 ? (twice + count) / (2 * count)
                                                                  : -((-twice + count) / (2 * count));
        }
    }
    return out;
}

// [SECTION] directions

glm::ivec3 direction_step(Direction d) {
    switch (d) {
        case Direction::kUp: return {0, 1, 0};
        case Direction::kDown: return {0, -1, 0};
        case Direction::kNorth: return {0, 0, -1};
        case Direction::kSouth: return {0, 0, 1};
        case Direction::kEast: return {1, 0, 0};
        case Direction::kWest: return {-1, 0, 0};
    }
    return {0, 0, 0};
}

Direction facing(const glm::dvec3& f) {
    const glm::dvec3 a = glm::abs(f);
    if (a.y >= a.x && a.y >= a.z) return f.y >= 0 ? Direction::kUp : Direction::kDown;
    if (a.x >= a.z) return f.x >= 0 ? Direction::kEast : Direction::kWest;
    return f.z >= 0 ? Direction::kSouth : Direction::kNorth;
}

std::optional<Direction> direction_of(const glm::ivec3& step) {
    for (const auto& [d, name] : kDirectionNames.rows) {
        if (direction_step(d) == step) return d;
    }
    return std::nullopt;
}

Region expanded(const Region& r, int n, Direction d) {
    const glm::ivec3 s = direction_step(d);
    Region out = r;
    for (int a = 0; a < 3; ++a) {
        if (s[a] > 0) out.max[a] += n;
        if (s[a] < 0) out.min[a] -= n;
    }
    return out;
}

Region contracted(const Region& r, int n, Direction d) {
    const glm::ivec3 s = direction_step(d);
    Region out = r;
    for (int a = 0; a < 3; ++a) {
        if (s[a] == 0) continue;
        if (int64_t{r.max[a]} - r.min[a] + 1 <= n) {
            throw BuildRefused("cannot contract the region by " + std::to_string(n) + " " +
                               std::string(kDirectionNames.name(d)) + ": it is only " +
                               std::to_string(int64_t{r.max[a]} - r.min[a] + 1) +
                               " cells along that axis; contract by less");
        }
        // The side away from d moves toward d: contract 2 up raises the bottom (as WorldEdit's
        // //contract; expand 2 up raises the top).
        if (s[a] > 0) out.min[a] += n;
        if (s[a] < 0) out.max[a] -= n;
    }
    return out;
}

Region shifted(const Region& r, int n, Direction d) {
    const glm::ivec3 s = direction_step(d) * n;
    return {r.min + s, r.max + s};
}

Clipboard flipped(const Clipboard& clipboard, int axis) {
    Clipboard out = clipboard;
    const glm::ivec3 size = clipboard.size;
    for (int dy = 0; dy < size.y; ++dy)
        for (int dz = 0; dz < size.z; ++dz)
            for (int dx = 0; dx < size.x; ++dx) {
                glm::ivec3 to{dx, dy, dz};
                to[axis] = size[axis] - 1 - to[axis];
                out.cells[out.index(to.x, to.y, to.z)] = clipboard.at(dx, dy, dz);
            }
    return out;
}

}  // namespace slotcraft
