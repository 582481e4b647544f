// Regions, their limits, and the clipboard's rotation.
#include "world/region.hpp"

#include <cstdio>
#include <utility>

#include "world/counted.hpp"

namespace slotcraft {

std::string describe_size(const Region& r) {
    const glm::i64vec3 e = r.extent();
    std::string count;
    if (const std::optional<uint64_t> n = r.cell_count()) {
        count = counted(*n, "cell");
    } else {  // past 64 bits: the product in floating point, never a wrapped integer
        char text[40];
        std::snprintf(text, sizeof text, "about %.3g cells", double(e.x) * double(e.y) * double(e.z));
        count = text;
    }
    return std::to_string(e.x) + " by " + std::to_string(e.y) + " by " + std::to_string(e.z) + " (" + count + ")";
}

namespace {
[[noreturn]] void throw_beyond_bound(const std::string& what) {
    throw RegionRefused("cannot " + what + " a region reaching x or z beyond the world's bounds (" +
                        std::to_string(-kWorldCellBound) + " .. " + std::to_string(kWorldCellBound) +
                        ", where the player stops); keep the region inside");
}
}  // namespace

void check_region(const Region& r, const std::string& what) {
    if (r.cells() > kMaxRegionCells) {
        throw RegionRefused("cannot " + what + " a region of " + describe_size(r) + ": the limit is " +
                            std::to_string(kMaxRegionCells) + " cells (256 by 256 by 256); choose a smaller region");
    }
    check_region_bounds(r, what);
}

void check_region_bounds(const Region& r, const std::string& what) {
    if (!block_y_in_world(r.min.y) || !block_y_in_world(r.max.y)) {
        throw RegionRefused("cannot " + what + " a region from y " + std::to_string(r.min.y) + " to y " +
                            std::to_string(r.max.y) + ": the world's cells are y -64..319; keep the region inside");
    }
    if (!block_xz_in_bound(r.min.x, r.min.z) || !block_xz_in_bound(r.max.x, r.max.z)) {
        throw_beyond_bound(what);
    }
}

Region checked_region_at(const BlockPos& origin, const glm::ivec3& size, const std::string& what) {
    const glm::i64vec3 far = glm::i64vec3(origin) + glm::i64vec3(size) - int64_t{1};
    if (!block_xz_in_bound(origin.x, origin.z) || !block_xz_in_bound(far.x, far.z)) throw_beyond_bound(what);
    if (!block_y_in_world(origin.y) || far.y >= kWorldTop) {
        throw RegionRefused("cannot " + what + " a region from y " + std::to_string(origin.y) + " to y " +
                            std::to_string(far.y) + ": the world's cells are y -64..319; keep the region inside");
    }
    return Region::at(origin, size);
}

Clipboard rotated(const Clipboard& clipboard, int quarter_turns) {
    Clipboard out = clipboard;
    const int turns = ((quarter_turns % 4) + 4) % 4;
    for (int t = 0; t < turns; ++t) {
        const Clipboard& from = out;
        Clipboard next;
        next.size = {from.size.z, from.size.y, from.size.x};
        next.cells.resize(from.cells.size());
        const int d = from.size.z;
        for (int dy = 0; dy < from.size.y; ++dy)
            for (int dz = 0; dz < from.size.z; ++dz)
                for (int dx = 0; dx < from.size.x; ++dx)
                    next.cells[next.index(d - 1 - dz, dy, dx)] = from.at(dx, dy, dz);
        out = std::move(next);
    }
    return out;
}

}  // namespace slotcraft
