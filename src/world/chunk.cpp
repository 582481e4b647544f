// Chunk storage and exposure inside one chunk.
#include "world/chunk.hpp"

#include <cstring>

#include <algorithm>

namespace slotcraft {

void Chunk::set_block(uint16_t index, BlockType type) {
    if (blocks_.uniform() && type == blocks_.get(0)) return;  // nothing changes, nothing is allocated
    blocks_.set(index, type);
    open_light_ = kUnknownLight;
    planes_known_ = false;
    links_ = kLinksUnknown;
    may_emit_ = may_emit_ || light_emission(type) > 0;
}

void Chunk::fill(BlockType type) {
    blocks_.fill(type);
    open_light_ = kUnknownLight;
    planes_known_ = false;
    links_ = kLinksUnknown;
    may_emit_ = light_emission(type) > 0;
}

void Chunk::make_uniform_if_possible() {
    if (blocks_.make_uniform_if_possible()) may_emit_ = light_emission(blocks_.get(0)) > 0;
}

void Chunk::compact_blocks() {
    // No block changes, so the kept answers hold; a chunk left of one type emits only if
    // that type does, as after fill.
    if (blocks_.compact() && blocks_.uniform()) may_emit_ = light_emission(blocks_.get(0)) > 0;
}

std::unique_ptr<Chunk> Chunk::copy_blocks() const {
    auto copy = std::make_unique<Chunk>(coord_);
    copy->blocks_ = blocks_;
    copy->may_emit_ = may_emit_;
    return copy;
}

void Chunk::set_mask(uint16_t index, uint8_t mask) {
    if (!masks_) {
        if (mask == 0) return;
        masks_ = std::make_unique<LayerMasks>();
    }
    if (mask == 0 && masks_->get(index) == 0) return;  // no layer made for nothing
    uint8_t& slot = masks_->at(index);
    if ((slot != 0) != (mask != 0)) {
        if (mask != 0) {
            ++instance_count_;
        } else {
            --instance_count_;
        }
    }
    slot = mask;
}

uint8_t Chunk::interior_mask(uint16_t i) const {
    const BlockType self = block(i);
    if (!is_solid(self)) return 0;
    const glm::ivec3 p = local_position(i);
    constexpr int kLast = kChunkSize - 1;
    constexpr int kDy = 1 << 8;
    constexpr int kDz = 1 << 4;
    auto open = [this, self](int j) { return face_shows(self, block(static_cast<uint16_t>(j))); };
    uint8_t m = 0;
    if (p.x < kLast && open(i + 1)) m |= face_bit(kPosX);
    if (p.x > 0 && open(i - 1)) m |= face_bit(kNegX);
    if (p.y < kLast) {
        if (open(i + kDy)) m |= face_bit(kPosY);
    } else if (coord_.y == kTopChunkY) {
        m |= face_bit(kPosY);  // above y = 319 is air
    }
    if (p.y > 0 && open(i - kDy)) m |= face_bit(kNegY);
    if (p.z < kLast && open(i + kDz)) m |= face_bit(kPosZ);
    if (p.z > 0 && open(i - kDz)) m |= face_bit(kNegZ);
    return m;
}

// The same rule as interior_mask over the whole chunk, without branches: the chunk's
// openness is copied into an 18^3 array whose one-cell border is closed (or open above the
// world's top), so every face test is a plain load the compiler can vectorise.
void Chunk::compute_interior_masks() {
    (void)border_planes();  // worked out here, on the worker, for the main thread's fix-ups
    // A uniform chunk of air (or of anything opaque below the world's top layer) has no
    // exposed cube inside: nothing to compute, nothing to store.
    const bool top = coord_.y == kTopChunkY;
    const BlockType first = block(0);
    if (uniform() && (!is_solid(first) || (is_opaque(first) && !top))) {
        masks_.reset();
        instance_count_ = 0;
        return;
    }
    // The blocks decoded once (a uniform see-through solid, glass or leaves, shows faces too).
    std::array<BlockType, kChunkVolume> decoded;
    blocks_.copy_to(0, kChunkVolume, decoded.data());
    const BlockType* b = decoded.data();
    constexpr int kP = kChunkSize + 2;  // padded edge
    constexpr int kDy = kP * kP;
    constexpr int kDz = kP;
    std::array<uint8_t, kP * kP * kP> open{};
    if (top) {  // the layer above y = 319 is air
        std::fill(open.begin() + (kP - 1) * kDy, open.end(), uint8_t{1});
    }
    for (int y = 0; y < kChunkSize; ++y)
        for (int z = 0; z < kChunkSize; ++z)
            for (int x = 0; x < kChunkSize; ++x)
                open[(y + 1) * kDy + (z + 1) * kDz + x + 1] =
                    kOpenByType[static_cast<uint8_t>(b[local_index(x, y, z)])];

    std::array<uint8_t, kChunkVolume> masks{};
    for (int y = 0; y < kChunkSize; ++y) {
        for (int z = 0; z < kChunkSize; ++z) {
            const uint8_t* o = open.data() + (y + 1) * kDy + (z + 1) * kDz + 1;
            const BlockType* row = b + local_index(0, y, z);
            uint8_t* out = masks.data() + local_index(0, y, z);
            for (int x = 0; x < kChunkSize; ++x) {
                const uint8_t m = static_cast<uint8_t>(o[x + 1] | o[x - 1] << 1 | o[x + kDy] << 2 | o[x - kDy] << 3 |
                                                       o[x + kDz] << 4 | o[x - kDz] << 5);
                out[x] = is_solid(row[x]) ? m : uint8_t{0};
            }
        }
    }
    hide_faces_between_water(b, masks);
    uint32_t count = 0;
    for (const uint8_t m : masks) count += m != 0 ? 1 : 0;
    instance_count_ = count;
    if (count == 0) {
        masks_.reset();
        return;
    }
    if (!masks_) masks_ = std::make_unique<LayerMasks>();
    masks_->assign(masks);
}

FaceLinks Chunk::face_links() const {
    if (blocks_.uniform()) return face_links_of(*this);  // known at once, nothing kept
    if (links_ == kLinksUnknown) links_ = face_links_of(*this);
    return static_cast<FaceLinks>(links_);
}

Chunk::BorderPlanes Chunk::border_planes() const {
    if (planes_known_) return planes_;
    BorderPlanes planes;
    if (uniform()) {
        planes.all_opaque = is_opaque(block(0)) ? kAllFaces : 0;
        planes.any_solid = is_solid(block(0)) ? kAllFaces : 0;
    } else {
        for (int f = 0; f < kFaceCount; ++f) {
            const auto face = static_cast<Face>(f);
            bool all_opaque = true, any_solid = false;
            for (int v = 0; v < kChunkSize; ++v) {
                for (int u = 0; u < kChunkSize; ++u) {
                    const BlockType t = block(border_cell(face, u, v));
                    all_opaque = all_opaque && is_opaque(t);
                    any_solid = any_solid || is_solid(t);
                }
            }
            if (all_opaque) planes.all_opaque |= face_bit(face);
            if (any_solid) planes.any_solid |= face_bit(face);
        }
    }
    planes_ = planes;
    planes_known_ = true;
    return planes;
}

// Water next to water shows no face; the branch-free pass above counts water as open, so
// the faces between two water cells of this chunk are cleared here (across a border,
// fix_border decides).
void Chunk::hide_faces_between_water(const BlockType* b, std::array<uint8_t, kChunkVolume>& masks) const {
    for (int i = 0; i < kChunkVolume; ++i) {
        if (!is_water(b[i]) || masks[static_cast<size_t>(i)] == 0) continue;
        const glm::ivec3 p = local_position(static_cast<uint16_t>(i));
        for (int f = 0; f < kFaceCount; ++f) {
            const glm::ivec3 q = p + kFaceNormals[f];
            if (q.x < 0 || q.y < 0 || q.z < 0 || q.x >= kChunkSize || q.y >= kChunkSize || q.z >= kChunkSize) continue;
            if (is_water(b[local_index(q.x, q.y, q.z)]))
                masks[static_cast<size_t>(i)] &= static_cast<uint8_t>(~face_bit(static_cast<Face>(f)));
        }
    }
}

void Chunk::append_instances(std::vector<CubeInstance>& out) const {
    if (!masks_) return;
    out.reserve(out.size() + instance_count_);
    // Eight masks at a time: most of a chunk's cells show no face (streaming's integration
    // runs this for every chunk it shows, on the main thread's budget).
    for (int y = 0; y < kChunkSize; ++y) {
        const uint8_t* masks = masks_->layer(y);
        if (masks == nullptr) continue;
        for (int w = 0; w < LayerMasks::kLayerCells; w += 8) {
            uint64_t eight = 0;
            std::memcpy(&eight, masks + w, sizeof eight);
            if (eight == 0) continue;
            for (int i = w; i < w + 8; ++i) {
                if (masks[i] == 0) continue;
                const auto index = static_cast<uint16_t>(y * LayerMasks::kLayerCells + i);
                out.push_back({index, block(index), masks[i], {}});
            }
        }
    }
}

void Chunk::set_light(uint16_t index, uint8_t value) {
    if (!light_) {
        if (value == uniform_light_) return;
        light_ = std::make_unique<std::array<uint8_t, kChunkVolume>>();
        light_->fill(uniform_light_);
    }
    (*light_)[index] = value;
    if (open_light_ != value) open_light_ = kUnknownLight;  // the same light keeps the answer
}

int Chunk::open_light() const {
    if (open_light_ == kUnknownLight) open_light_ = static_cast<int16_t>(open_light_in(0, kChunkVolume, kNoOpenCell));
    return open_light_;
}

int Chunk::open_light_in(int i0, int n, int seen) const {
    if (seen == kMixedLight) return seen;
    const uint8_t* l = light_data();
    if (uniform() && kOpenByType[static_cast<uint8_t>(block(0))] == 0) return seen;  // all opaque
    // The run's blocks decoded at once: b[k] is cell i0 + k (nullptr while the chunk is
    // uniform, and then open).
    std::array<BlockType, kChunkVolume> run;
    const BlockType* b = nullptr;
    if (!uniform()) {
        blocks_.copy_to(i0, n, run.data());
        b = run.data();
    }
    int k = 0;
    if (b != nullptr) {
        while (k < n && kOpenByType[static_cast<uint8_t>(b[k])] == 0) ++k;
        if (k == n) return seen;  // no open cell in the run
    }
    if (l == nullptr) return seen == kNoOpenCell || seen == uniform_light_ ? uniform_light_ : kMixedLight;
    const int u = seen == kNoOpenCell ? l[i0 + k] : seen;  // cell i0 + k is open
    uint8_t differs = 0;
    if (b == nullptr) {
        for (; k < n; ++k) differs |= static_cast<uint8_t>(l[i0 + k] != u ? 1 : 0);
    } else {
        for (; k < n; ++k) {
            differs |= static_cast<uint8_t>(kOpenByType[static_cast<uint8_t>(b[k])] & (l[i0 + k] != u ? 1 : 0));
        }
    }
    return differs != 0 ? kMixedLight : u;
}

bool Chunk::compact_light() {
    if (!light_) return false;
    const uint8_t first = (*light_)[0];
    for (const uint8_t v : *light_) {
        if (v != first) return false;
    }
    const int16_t kept = open_light_;
    fill_light(first);
    open_light_ = kept;  // no cell's light changed: the kept answer holds
    return true;
}

std::vector<BlockEdit> Chunk::edits() const {
    std::vector<BlockEdit> out;
    out.reserve(edits_.size());
    for (const auto& [index, type] : edits_) out.push_back({index, type});
    std::sort(out.begin(), out.end(), [](const BlockEdit& a, const BlockEdit& b) { return a.index < b.index; });
    return out;
}

void Chunk::apply_edits(std::span<const BlockEdit> edits) {
    for (const BlockEdit& e : edits) {
        set_block(e.index, e.type);
        record_edit(e.index, e.type);
    }
}

std::size_t Chunk::storage_bytes() const {
    std::size_t bytes = sizeof(Chunk);
    bytes += blocks_.heap_bytes();
    if (masks_) bytes += masks_->heap_bytes();
    bytes += light_bytes();
    bytes += edits_.size() * (sizeof(uint16_t) + sizeof(BlockType));
    return bytes;
}

}  // namespace slotcraft
