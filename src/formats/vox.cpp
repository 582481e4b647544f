// MagicaVoxel .vox reading and writing (see vox.hpp; the layout and the axes:
// docs/formats.md "MagicaVoxel .vox").
#include "formats/vox.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <optional>

#include "formats/block_map.hpp"
#include "formats/byte_reader.hpp"
#include "formats/format_error.hpp"
#include "formats/vox_scene.hpp"

namespace slotcraft {

namespace {

constexpr uint32_t kWriteVersion = 150;
constexpr uint32_t kOldestVersion = 150;
constexpr uint32_t kNewestVersion = 200;
constexpr std::size_t kPaletteBytes = 256 * 4;

// Slotcraft's axes are y up; .vox's are z up, both right-handed: our (x, y, z) is .vox's
// (x, -z, y). Within a build of depth D: .vox y = D - 1 - z.

// [SECTION] writing

class VoxWriter {
public:
    void u32(uint32_t v) {
        for (int i = 0; i < 4; ++i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
    }
    void text(std::string_view s) {
        u32(static_cast<uint32_t>(s.size()));
        out_.insert(out_.end(), s.begin(), s.end());
    }
    void dict(std::initializer_list<std::pair<std::string_view, std::string>> entries) {
        u32(static_cast<uint32_t>(entries.size()));
        for (const auto& [k, v] : entries) {
            text(k);
            text(v);
        }
    }
    // Starts a chunk; end_chunk fills in its content size.
    std::size_t begin_chunk(const char id[5]) {
        out_.insert(out_.end(), id, id + 4);
        const std::size_t at = out_.size();
        u32(0);
        u32(0);
        return at;
    }
    void end_chunk(std::size_t at) { patch(at, out_.size() - at - 8); }
    void patch(std::size_t at, std::size_t v) {
        for (int i = 0; i < 4; ++i) out_[at + static_cast<std::size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
    }
    std::vector<uint8_t>& bytes() { return out_; }

private:
    std::vector<uint8_t> out_;
};

struct Tile {
    glm::ivec3 origin;  // in .vox axes
    glm::ivec3 size;
};

std::vector<Tile> tiles_of(const glm::ivec3& vox_size) {
    std::vector<Tile> tiles;
    for (int z = 0; z < vox_size.z; z += kVoxMaxModelSide) {
        for (int y = 0; y < vox_size.y; y += kVoxMaxModelSide) {
            for (int x = 0; x < vox_size.x; x += kVoxMaxModelSide) {
                const glm::ivec3 o{x, y, z};
                tiles.push_back({o, glm::min(vox_size - o, glm::ivec3(kVoxMaxModelSide))});
            }
        }
    }
    return tiles;
}

void write_model(VoxWriter& w, const Clipboard& c, const Tile& tile) {
    const std::size_t size = w.begin_chunk("SIZE");
    w.u32(static_cast<uint32_t>(tile.size.x));
    w.u32(static_cast<uint32_t>(tile.size.y));
    w.u32(static_cast<uint32_t>(tile.size.z));
    w.end_chunk(size);
    const std::size_t xyzi = w.begin_chunk("XYZI");
    const std::size_t count_at = w.bytes().size();
    w.u32(0);
    uint32_t count = 0;
    for (int vz = 0; vz < tile.size.z; ++vz) {
        for (int vy = 0; vy < tile.size.y; ++vy) {
            for (int vx = 0; vx < tile.size.x; ++vx) {
                const glm::ivec3 v = tile.origin + glm::ivec3(vx, vy, vz);
                const BlockType t = c.at(v.x, v.z, c.size.z - 1 - v.y);
                if (t == BlockType::kAir) continue;
                // Colour index = the block's type value: entry (value - 1) of the RGBA chunk.
                for (const int b : {vx, vy, vz, static_cast<int>(t)}) w.bytes().push_back(static_cast<uint8_t>(b));
                ++count;
            }
        }
    }
    w.patch(count_at, count);
    w.end_chunk(xyzi);
}

void write_scene(VoxWriter& w, const std::vector<Tile>& tiles) {
    // nTRN 0 -> nGRP 1 -> (nTRN 2k+2 -> nSHP 2k+3 -> model k) for every tile. A model's
    // translation is where its voxel floor(size / 2) goes, so this puts its origin at the tile's.
    std::size_t at = w.begin_chunk("nTRN");
    for (const uint32_t v : {0u, 0u, 1u, 0xFFFFFFFFu, 0xFFFFFFFFu, 1u, 0u}) w.u32(v);  // id, {}, child, -1, -1, 1, {}
    w.end_chunk(at);
    at = w.begin_chunk("nGRP");
    w.u32(1);
    w.u32(0);
    w.u32(static_cast<uint32_t>(tiles.size()));
    for (std::size_t k = 0; k < tiles.size(); ++k) w.u32(static_cast<uint32_t>(2 * k + 2));
    w.end_chunk(at);
    for (std::size_t k = 0; k < tiles.size(); ++k) {
        const glm::ivec3 t = tiles[k].origin + tiles[k].size / 2;
        at = w.begin_chunk("nTRN");
        for (const uint32_t v :
             {static_cast<uint32_t>(2 * k + 2), 0u, static_cast<uint32_t>(2 * k + 3), 0xFFFFFFFFu, 0u, 1u}) {
            w.u32(v);
        }
        w.dict({{"_t", std::to_string(t.x) + " " + std::to_string(t.y) + " " + std::to_string(t.z)}});
        w.end_chunk(at);
        at = w.begin_chunk("nSHP");
        for (const uint32_t v : {static_cast<uint32_t>(2 * k + 3), 0u, 1u, static_cast<uint32_t>(k), 0u}) w.u32(v);
        w.end_chunk(at);
    }
}

}  // namespace

std::vector<uint8_t> write_vox(const Clipboard& c) {
    VoxWriter w;
    w.bytes().insert(w.bytes().end(), {'V', 'O', 'X', ' '});
    w.u32(kWriteVersion);
    const std::size_t main = w.begin_chunk("MAIN");
    const std::vector<Tile> tiles = tiles_of({c.size.x, c.size.z, c.size.y});
    for (const Tile& tile : tiles) write_model(w, c, tile);
    write_scene(w, tiles);
    const std::size_t rgba = w.begin_chunk("RGBA");
    for (int i = 1; i <= 256; ++i) {
        const Rgb colour = i < kBlockTypeCount ? block_colour(static_cast<BlockType>(i)) : Rgb{};
        for (const uint8_t b : {colour.r, colour.g, colour.b, uint8_t{255}}) w.bytes().push_back(b);
    }
    w.end_chunk(rgba);
    // MAIN has no content of its own: its children's size is everything after its header.
    w.patch(main, 0);
    w.patch(main + 4, w.bytes().size() - main - 8);
    return std::move(w.bytes());
}

// [SECTION] reading

namespace {

struct Model {
    glm::ivec3 size{0};
    std::span<const uint8_t> voxels;  // 4 bytes a voxel: x, y, z, colour index
    uint64_t offset = 0;              // of the XYZI content
};

struct VoxChunks {
    std::vector<Model> models;
    std::optional<std::span<const uint8_t>> rgba;
    VoxScene scene;
};

// MagicaVoxel's palette for files without an RGBA chunk: a 6-level colour cube (white first,
// blue fastest, black left out), then ramps of red, green, blue and grey; index 0 is empty.
std::array<Rgb, 256> default_palette() {
    std::array<Rgb, 256> p{};
    constexpr uint8_t kCube[6] = {0xff, 0xcc, 0x99, 0x66, 0x33, 0x00};
    constexpr uint8_t kRamp[10] = {0xee, 0xdd, 0xbb, 0xaa, 0x88, 0x77, 0x55, 0x44, 0x22, 0x11};
    std::size_t i = 1;
    for (const uint8_t r : kCube)
        for (const uint8_t g : kCube)
            for (const uint8_t b : kCube)
                if (r || g || b) p[i++] = {r, g, b};
    for (int channel = 0; channel < 4; ++channel) {
        for (const uint8_t v : kRamp) {
            p[i++] = {channel == 0 || channel == 3 ? v : uint8_t{0}, channel == 1 || channel == 3 ? v : uint8_t{0},
                      channel == 2 || channel == 3 ? v : uint8_t{0}};
        }
    }
    return p;
}

void read_size(ByteReader& in, VoxChunks& chunks, const std::string& file) {
    const uint64_t at = in.offset();
    if (!chunks.models.empty() && chunks.models.back().offset == 0) {
        throw refuse_at(file, at, "SIZE chunk",
                        "model " + std::to_string(chunks.models.size() - 1) +
                            " has a SIZE chunk but no XYZI chunk after it");
    }
    Model m;
    for (int axis = 0; axis < 3; ++axis) {
        const int32_t v = in.i32le("SIZE");
        if (v < 1 || v > kVoxMaxModelSide) {
            throw refuse_at(file, at, "SIZE chunk of model " + std::to_string(chunks.models.size()),
                            "a side of " + std::to_string(v) + "; a model is 1..256 a side");
        }
        m.size[axis] = v;
    }
    chunks.models.push_back(m);
}

void read_xyzi(std::span<const uint8_t> content, uint64_t at, VoxChunks& chunks, const std::string& file) {
    if (chunks.models.empty() || chunks.models.back().offset != 0) {
        throw refuse_at(file, at, "XYZI chunk", "voxels without a SIZE chunk before them");
    }
    const std::string where = "XYZI chunk of model " + std::to_string(chunks.models.size() - 1);
    ByteReader in(content, file, at);
    const uint32_t n = in.u32le("XYZI voxel count");
    if (uint64_t{n} * 4 != in.left()) {
        throw refuse_at(file, at, where,
                        "it says " + with_commas(n) + " voxels (" + with_commas(uint64_t{n} * 4) +
                            " bytes) but holds " + with_commas(in.left()) + " bytes");
    }
    Model& m = chunks.models.back();
    m.voxels = in.bytes(in.left(), "XYZI voxels");
    m.offset = at + 4;
    for (std::size_t i = 0; i < m.voxels.size(); i += 4) {
        if (m.voxels[i] >= m.size.x || m.voxels[i + 1] >= m.size.y || m.voxels[i + 2] >= m.size.z) {
            throw refuse_at(file, m.offset + i, where,
                            "voxel " + with_commas(i / 4) + " at " + std::to_string(m.voxels[i]) + " " +
                                std::to_string(m.voxels[i + 1]) + " " + std::to_string(m.voxels[i + 2]) +
                                " lies outside its model of " + std::to_string(m.size.x) + " by " +
                                std::to_string(m.size.y) + " by " + std::to_string(m.size.z));
        }
    }
}

// One chunk inside MAIN: its header, then what it is.
void read_chunk(ByteReader& in, VoxChunks& chunks, const std::string& file) {
    const uint64_t at = in.offset();
    const std::span<const uint8_t> id_bytes = in.bytes(4, "a chunk id");
    const std::string id(id_bytes.begin(), id_bytes.end());
    const uint32_t content = in.u32le("a chunk's content size");
    const uint32_t children = in.u32le("a chunk's children size");
    if (uint64_t{content} + children > in.left()) {
        throw refuse_at(file, at, id + " chunk",
                        "its sizes (" + with_commas(content) + " + " + with_commas(children) +
                            " bytes) reach past the end of the file (" + with_commas(in.left()) + " bytes left)");
    }
    const uint64_t content_at = in.offset();
    const std::span<const uint8_t> body = in.bytes(content, "chunk content");
    in.bytes(children, "chunk children");  // only MAIN has children; others' are skipped
    if (id == "SIZE") {
        ByteReader size_in(body, file, content_at);
        read_size(size_in, chunks, file);
    } else if (id == "XYZI") {
        read_xyzi(body, content_at, chunks, file);
    } else if (id == "RGBA") {
        if (body.size() != kPaletteBytes) {
            throw refuse_at(file, at, "RGBA chunk",
                            "a palette of " + with_commas(body.size()) + " bytes; it must be 1,024 (256 colours)");
        }
        chunks.rgba = body;
    } else if (id == "nTRN") {
        chunks.scene.add_transform(body, content_at, file);
    } else if (id == "nGRP") {
        chunks.scene.add_group(body, content_at, file);
    } else if (id == "nSHP") {
        chunks.scene.add_shape(body, content_at, file);
    }  // PACK, MATL, LAYR, rOBJ, rCAM, NOTE, IMAP and anything newer: skipped
}

VoxChunks read_chunks(std::span<const uint8_t> bytes, const std::string& file, int& version) {
    ByteReader in(bytes, file);
    const std::span<const uint8_t> magic = in.bytes(4, "the header");
    if (std::memcmp(magic.data(), "VOX ", 4) != 0) {
        throw refuse_at(file, 0, "header",
                        "wrong magic: a .vox starts with 'VOX '; the file is not a MagicaVoxel file");
    }
    const uint32_t v = in.u32le("the version");
    if (v < kOldestVersion || v > kNewestVersion) {
        throw refuse_at(file, 4, "version", "version " + std::to_string(v) + "; this reader takes 150 to 200");
    }
    version = static_cast<int>(v);
    const std::span<const uint8_t> main_id = in.bytes(4, "the MAIN chunk");
    if (std::memcmp(main_id.data(), "MAIN", 4) != 0)
        throw refuse_at(file, 8, "MAIN chunk", "the first chunk is not MAIN");
    const uint32_t content = in.u32le("MAIN's content size");
    const uint32_t children = in.u32le("MAIN's children size");
    if (uint64_t{content} + children > in.left()) {
        throw refuse_at(file, 8, "MAIN chunk",
                        "its sizes (" + with_commas(content) + " + " + with_commas(children) +
                            " bytes) reach past the end of the file (" + with_commas(in.left()) + " bytes left)");
    }
    in.bytes(content, "MAIN's content");
    const uint64_t children_at = in.offset();
    ByteReader inner(in.bytes(children, "MAIN's children"), file, children_at);
    VoxChunks chunks;
    while (!inner.done()) read_chunk(inner, chunks, file);
    if (chunks.models.empty()) throw refuse_field(file, "models", "the file holds no model (no SIZE chunk)");
    if (chunks.models.back().offset == 0 && chunks.models.back().voxels.empty()) {
        throw refuse_field(file, "XYZI", "the last model has a SIZE chunk but no XYZI chunk");
    }
    return chunks;
}

}  // namespace

// [SECTION] placing the models

namespace {

// A model instance's cells in .vox axes: voxel i of a model of size s sits, centre to centre,
// at transform(i + 1/2 - floor(s / 2)); in doubled coordinates everything stays whole.
struct Placement {
    const Model* model;
    VoxTransform transform;
    glm::i64vec3 cell(const glm::i64vec3& i) const {
        const glm::i64vec3 centre2 = int64_t{2} * i + int64_t{1} - int64_t{2} * glm::i64vec3(model->size / 2);
        const glm::i64vec3 world2 = transform.apply(centre2) + int64_t{2} * transform.t;
        return (world2 - int64_t{1}) / int64_t{2};  // world2 is odd on every axis
    }
};

// Our axes from .vox's: (x, y, z) -> (x, z, -y - 1) (a cell, not a point, is mirrored).
glm::i64vec3 ours(const glm::i64vec3& v) { return {v.x, v.z, -v.y - 1}; }

struct Box {
    glm::i64vec3 lo{std::numeric_limits<int64_t>::max()};
    glm::i64vec3 hi{std::numeric_limits<int64_t>::min()};
    void add(const glm::i64vec3& p) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
};

// The cells of the box, refused past the limit (before anything is allocated).
glm::ivec3 checked_size(const Box& box, const std::string& file, const ImportLimits& limits) {
    const glm::i64vec3 e = box.hi - box.lo + int64_t{1};
    uint64_t cells = 1;
    for (int axis = 0; axis < 3; ++axis) {
        if (__builtin_mul_overflow(cells, static_cast<uint64_t>(e[axis]), &cells) || e[axis] > (int64_t{1} << 30)) {
            cells = std::numeric_limits<uint64_t>::max();
            break;
        }
    }
    if (cells > limits.max_cells) {
        throw refuse_field(file, "scene size",
                           "the models span " + std::to_string(e.x) + " by " + std::to_string(e.y) + " by " +
                               std::to_string(e.z) + " (" +
                               (cells == std::numeric_limits<uint64_t>::max() ? std::string("more than 2^64")
                                                                              : with_commas(cells)) +
                               " cells), more than " + limits.limit_name + " of " + with_commas(limits.max_cells) +
                               " cells; nothing was imported");
    }
    return glm::ivec3(e);
}

// The one bound on an import's work, checked before any of it is done: the voxels the
// instances place, each a cell written, at most kPlacedVoxelsPerCell for every cell the build
// may hold. A small file can place one model thousands of times over the same cells (65,536
// instances of a 100^3 model: 65 billion writes, minutes on the main thread for a 4 MB file).
constexpr uint64_t kPlacedVoxelsPerCell = 4;

void check_work(const std::vector<Placement>& placed, const std::string& file, const ImportLimits& limits) {
    uint64_t voxels = 0;  // at most 65,536 instances of 2^24 voxels: no overflow
    for (const Placement& p : placed) voxels += p.model->voxels.size() / 4;
    const uint64_t most = limits.max_cells * kPlacedVoxelsPerCell;
    if (voxels > most) {
        throw refuse_field(file, "scene graph",
                           "its " + with_commas(placed.size()) + " model instances place " + with_commas(voxels) +
                               " voxels, more than " + std::to_string(kPlacedVoxelsPerCell) + " for each cell of " +
                               limits.limit_name + " (" + with_commas(most) +
                               "); nothing was imported: place fewer instances, or merge the repeated models into one");
    }
}

std::vector<Placement> placements(const VoxChunks& chunks, const std::string& file) {
    std::vector<Placement> out;
    if (chunks.scene.empty()) {  // no scene graph: every model at its own origin
        for (const Model& m : chunks.models) {
            VoxTransform t;
            t.t = glm::i64vec3(m.size / 2);
            out.push_back({&m, t});
        }
        return out;
    }
    for (const VoxInstance& i : chunks.scene.instances(static_cast<uint32_t>(chunks.models.size()), file)) {
        out.push_back({&chunks.models[i.model], i.transform});
    }
    return out;
}

}  // namespace

ImportedBuild read_vox(std::span<const uint8_t> bytes, const std::string& file, const ImportLimits& limits) {
    ImportedBuild build;
    const VoxChunks chunks = read_chunks(bytes, file, build.version);
    for (const Model& m : chunks.models) build.model_voxels.push_back(m.voxels.size() / 4);
    const std::vector<Placement> placed = placements(chunks, file);
    if (placed.empty()) throw refuse_field(file, "scene graph", "no model is shown (every node is hidden)");
    check_work(placed, file, limits);
    Box box;
    for (const Placement& p : placed) {
        box.add(ours(p.cell(glm::i64vec3(0))));
        box.add(ours(p.cell(glm::i64vec3(p.model->size - 1))));
    }
    build.clipboard.size = checked_size(box, file, limits);
    build.clipboard.cells.assign(static_cast<std::size_t>(box.hi.x - box.lo.x + 1) *
                                     static_cast<std::size_t>(box.hi.y - box.lo.y + 1) *
                                     static_cast<std::size_t>(box.hi.z - box.lo.z + 1),
                                 BlockType::kAir);
    const std::array<Rgb, 256> fallback = default_palette();
    std::array<Rgb, 256> palette{};  // by colour index (1..255)
    for (std::size_t i = 1; i < 256; ++i) {
        palette[i] = chunks.rgba ? Rgb{(*chunks.rgba)[4 * (i - 1)], (*chunks.rgba)[4 * (i - 1) + 1],
                                       (*chunks.rgba)[4 * (i - 1) + 2]}
                                 : fallback[i];
    }
    std::array<BlockType, 256> block_of{};
    std::array<uint64_t, 256> used{};
    for (std::size_t i = 1; i < 256; ++i) block_of[i] = nearest_block(palette[i]);
    const Clipboard& c = build.clipboard;
    const auto index_of = [&](const glm::i64vec3& cell) {
        const glm::i64vec3 d = ours(cell) - box.lo;
        return d.x + int64_t{c.size.x} * (d.z + int64_t{c.size.z} * d.y);
    };
    for (const Placement& p : placed) {
        // The placement is affine: a voxel's cell index is the origin's plus a stride per axis
        // (signed: rotations and mirrors run backwards), so the loop does three multiplies.
        const int64_t origin = index_of(p.cell(glm::i64vec3(0)));
        const int64_t step[3] = {index_of(p.cell({1, 0, 0})) - origin, index_of(p.cell({0, 1, 0})) - origin,
                                 index_of(p.cell({0, 0, 1})) - origin};
        const std::span<const uint8_t> v = p.model->voxels;
        for (std::size_t k = 0; k < v.size(); k += 4) {
            if (v[k + 3] == 0) continue;  // colour index 0 is empty
            const int64_t index = origin + v[k] * step[0] + v[k + 1] * step[1] + v[k + 2] * step[2];
            build.clipboard.cells[static_cast<std::size_t>(index)] = block_of[v[k + 3]];
            ++used[v[k + 3]];
        }
    }
    for (std::size_t i = 1; i < 256; ++i) {
        if (used[i] == 0) continue;
        const BlockType t = block_of[i];
        build.mapped.push_back(
            {"colour " + std::to_string(i) + " " + hex(palette[i]), t, used[i], palette[i] == block_colour(t)});
    }
    return build;
}

}  // namespace slotcraft
