// Regions, their limits, and the clipboard's rotation.
#include "world/region.hpp"

#include "world/counted.hpp"

#include <utility>

namespace slotcraft {

std::string describe_size(const Region& r) {
    const glm::i64vec3 e = r.extent();
    return std::to_string(e.x) + " by " + std::to_string(e.y) + " by " + std::to_string(e.z) + " (" +
           counted(r.cells(), "cell") + ")";
}

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
                            std::to_string(r.max.y) + ": the world's cells are y 0..255; keep the region inside");
    }
    const ChunkCoord lo = chunk_of(r.min);
    const ChunkCoord hi = chunk_of(r.max);
    if (!chunk_xz_in_world(lo.x, lo.z) || !chunk_xz_in_world(hi.x, hi.z)) {
        const int64_t edge = int64_t{kMaxChunkXZ} * kChunkSize;
        throw RegionRefused("cannot " + what + " a region reaching x or z beyond the world's bounds (" +
                            std::to_string(-edge) + " .. " + std::to_string(edge - 1) + "); keep the region inside");
    }
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
