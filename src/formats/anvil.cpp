// Minecraft region files and chunk data (see anvil.hpp).
//
// Index: [SECTION] region files, [SECTION] names of a chunk, [SECTION] packed palettes,
//        [SECTION] numeric ids, [SECTION] the chunk.
#include "formats/anvil.hpp"

#include <algorithm>
#include <bit>
#include <unordered_map>
#include <unordered_set>

#include "formats/format_error.hpp"
#include "formats/gzip.hpp"
#include "formats/nbt.hpp"

namespace slotcraft {

namespace {

// A chunk inflates to a few hundred KiB at most; a hundred MiB is a bomb, not a chunk.
constexpr uint64_t kMaxChunkBytes = 100ull << 20;
// Tags in one chunk: its palettes, heightmaps, entities and block entities.
constexpr uint64_t kMaxChunkTags = 4'000'000;

uint32_t be24(std::span<const uint8_t> b) { return uint32_t{b[0]} << 16 | uint32_t{b[1]} << 8 | uint32_t{b[2]}; }
uint32_t be32(std::span<const uint8_t> b) {
    return uint32_t{b[0]} << 24 | uint32_t{b[1]} << 16 | uint32_t{b[2]} << 8 | uint32_t{b[3]};
}
uint64_t be64(const uint8_t* b) {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = v << 8 | b[i];
    return v;
}

}  // namespace

// [SECTION] region files

std::array<RegionSlot, kRegionChunks> read_region_table(std::span<const uint8_t> head, uint64_t file_size,
                                                        const std::string& file) {
    if (file_size == 0) {
        throw refuse_field(file, "size", "the file is empty; a region file (.mca) starts with two 4 KiB tables");
    }
    if (file_size < kRegionHeaderBytes || head.size() < kSectorBytes) {
        throw refuse_field(file, "size",
                           with_commas(file_size) +
                               " bytes, shorter than the 8,192 bytes of tables a region file (.mca) starts with; "
                               "the file is cut short or not a region file");
    }
    std::array<RegionSlot, kRegionChunks> slots{};
    for (int i = 0; i < kRegionChunks; ++i) {
        const std::span<const uint8_t> entry = head.subspan(static_cast<std::size_t>(i) * 4, 4);
        slots[static_cast<std::size_t>(i)] = {be24(entry), entry[3]};
    }
    return slots;
}

StoredChunk read_stored_chunk(std::span<const uint8_t> sectors, const std::string& where) {
    if (sectors.size() < 5) {
        throw refuse_field(where, "chunk header",
                           "the chunk's sectors lie past the end of the file (a cut file or a bad location table)");
    }
    const uint32_t length = be32(sectors.first(4));
    const uint8_t scheme = sectors[4];
    StoredChunk out{static_cast<uint8_t>(scheme & 0x7f), (scheme & 0x80) != 0, {}};
    if (out.external) return out;
    if (length < 1 || length - 1 > sectors.size() - 5) {
        throw refuse_field(where, "chunk length",
                           "says " + with_commas(length) + " bytes but its sectors hold " +
                               with_commas(sectors.size() - 4) + " (a cut file or a damaged chunk)");
    }
    out.payload = sectors.subspan(5, length - 1);
    return out;
}

std::vector<uint8_t> inflate_chunk(uint8_t scheme, std::span<const uint8_t> payload, const std::string& where) {
    constexpr std::string_view kTooLarge = "more than any chunk holds (damaged data or a compression bomb)";
    switch (scheme) {
        case 1: return inflate_stream(payload, Wrapper::kGzip, where, kMaxChunkBytes, kTooLarge);
        case 2: return inflate_stream(payload, Wrapper::kZlib, where, kMaxChunkBytes, kTooLarge);
        case 3: return {payload.begin(), payload.end()};
        case 4:
            throw refuse_field(where, "compression",
                               "LZ4 (scheme 4, a server setting since 1.20.5) is not read; set region-file-compression "
                               "to deflate and let the server rewrite the world");
        default:
            throw refuse_field(where, "compression",
                               "unknown scheme " + std::to_string(scheme) + " (1 gzip, 2 zlib and 3 none are read)");
    }
}

// [SECTION] names of a chunk

namespace {

// The names of one chunk: each palette entry's mapping is looked up once per name.
class ChunkNames {
public:
    explicit ChunkNames(const MinecraftNames& table) : table_(table) {}

    // The mapping of a bare name, waterlogged or not; a waterlogged block is noted under
    // "NAME[waterlogged=true]" (it is water, whatever NAME becomes dry).
    NameMapping map(const std::string& bare, bool waterlogged) {
        const std::string key = waterlogged ? bare + "[waterlogged=true]" : bare;
        if (const auto it = seen_.find(key); it != seen_.end()) return it->second;
        const NameMapping m = table_.map(key);
        seen_.emplace(key, m);
        note(key, m);
        return m;
    }
    void note(const std::string& name, NameMapping m) {
        if (noted_.insert(name).second) out_.emplace_back(name, m);
    }
    std::vector<std::pair<std::string, NameMapping>> take() { return std::move(out_); }

private:
    const MinecraftNames& table_;
    std::unordered_map<std::string, NameMapping> seen_;
    std::unordered_set<std::string> noted_;
    std::vector<std::pair<std::string, NameMapping>> out_;
};

bool is_air_name(std::string_view bare) { return bare == "air" || bare == "cave_air" || bare == "void_air"; }

// [SECTION] packed palettes

struct PaletteEntry {
    BlockType type;
    MappedBy by;
    bool air;  // one of the airs (not counted in cells_by)
};

std::vector<PaletteEntry> read_palette(const NbtTag& list, ChunkNames& names, const std::string& where,
                                       const std::string& field) {
    if (list.type != NbtType::kList || list.members.empty()) {
        throw refuse_field(where, field, "a section's palette must be a list of at least one block state");
    }
    if (list.members.size() > kSectionCells) {
        throw refuse_field(where, field,
                           "a palette of " + std::to_string(list.members.size()) +
                               " block states, more than a section's 4,096 cells can use");
    }
    std::vector<PaletteEntry> out;
    out.reserve(list.members.size());
    for (const NbtMember& m : list.members) {
        const NbtTag* name = m.tag.find("Name");
        if (m.tag.type != NbtType::kCompound || name == nullptr || name->type != NbtType::kString) {
            throw refuse_field(where, field, "a palette entry has no Name string");
        }
        bool waterlogged = false;
        if (const NbtTag* props = m.tag.find("Properties"); props != nullptr) {
            const NbtTag* w = props->find("waterlogged");
            waterlogged = w != nullptr && w->type == NbtType::kString && w->text == "true";
        }
        const std::string bare(MinecraftNames::bare_name(name->text));
        const NameMapping mapping = names.map(bare, waterlogged);
        out.push_back({mapping.type, mapping.by, is_air_name(bare) && !waterlogged});
    }
    return out;
}

// Unpacks 4096 indices of `bits` bits from big-endian longs: spanning (1.13 to 1.15) lets an
// index run on into the next long; otherwise each long holds floor(64 / bits) indices.
void unpack_indices(std::span<const uint8_t> longs, int bits, bool spanning, std::vector<uint16_t>& out,
                    const std::string& where, const std::string& field) {
    const int per_long = 64 / bits;
    const std::size_t needed = spanning ? (static_cast<std::size_t>(kSectionCells) * bits + 63) / 64
                                        : (kSectionCells + per_long - 1) / per_long;
    if (longs.size() / 8 < needed) {
        throw refuse_field(where, field,
                           "holds " + std::to_string(longs.size() / 8) + " longs; " + std::to_string(bits) +
                               "-bit indices of 4,096 cells need " + std::to_string(needed));
    }
    out.resize(kSectionCells);
    const uint64_t mask = (uint64_t{1} << bits) - 1;
    if (!spanning) {
        for (int i = 0; i < kSectionCells; ++i) {
            const uint64_t word = be64(longs.data() + static_cast<std::size_t>(i / per_long) * 8);
            out[static_cast<std::size_t>(i)] = static_cast<uint16_t>(word >> ((i % per_long) * bits) & mask);
        }
        return;
    }
    for (int i = 0; i < kSectionCells; ++i) {
        const std::size_t bit = static_cast<std::size_t>(i) * static_cast<std::size_t>(bits);
        const std::size_t word = bit / 64, shift = bit % 64;
        uint64_t v = be64(longs.data() + word * 8) >> shift;
        if (shift + static_cast<std::size_t>(bits) > 64) v |= be64(longs.data() + (word + 1) * 8) << (64 - shift);
        out[static_cast<std::size_t>(i)] = static_cast<uint16_t>(v & mask);
    }
}

// A section from a palette and its packed longs (data may be absent: every cell is entry 0).
void paletted_section(const std::vector<PaletteEntry>& palette, const NbtTag* data, bool spanning,
                      MinecraftChunk& chunk, int slot, const std::string& where, const std::string& field) {
    std::vector<BlockType>& cells = chunk.sections[static_cast<std::size_t>(slot)];
    if (data == nullptr || palette.size() == 1) {
        const PaletteEntry& only = palette[0];
        if (!only.air) chunk.cells_by[static_cast<std::size_t>(only.by)] += kSectionCells;
        if (only.type != BlockType::kAir) cells.assign(kSectionCells, only.type);
        return;
    }
    if (data->type != NbtType::kLongArray) throw refuse_field(where, field, "the block indices must be a long array");
    const int bits = std::max(4, static_cast<int>(std::bit_width(palette.size() - 1)));
    std::vector<uint16_t> indices;
    unpack_indices(data->bytes, bits, spanning, indices, where, field);
    cells.assign(kSectionCells, BlockType::kAir);
    bool any = false;
    for (int i = 0; i < kSectionCells; ++i) {
        const uint16_t k = indices[static_cast<std::size_t>(i)];
        if (k >= palette.size()) {
            throw refuse_field(where, field,
                               "cell " + std::to_string(i) + " names palette entry " + std::to_string(k) +
                                   " of a palette of " + std::to_string(palette.size()));
        }
        const PaletteEntry& e = palette[k];
        if (!e.air) ++chunk.cells_by[static_cast<std::size_t>(e.by)];
        cells[static_cast<std::size_t>(i)] = e.type;
        any = any || e.type != BlockType::kAir;
    }
    if (!any) std::vector<BlockType>().swap(cells);
}

// [SECTION] numeric ids

void numeric_section(const NbtTag& section, ChunkNames& names, const MinecraftNames& table, MinecraftChunk& chunk,
                     int slot, const std::string& where, const std::string& field) {
    const NbtTag* blocks = section.find("Blocks");
    const NbtTag* data = section.find("Data");
    const NbtTag* add = section.find("Add");
    auto nibbles_ok = [](const NbtTag* t) {
        return t == nullptr || (t->type == NbtType::kByteArray && t->bytes.size() >= kSectionCells / 2);
    };
    if (blocks == nullptr || blocks->type != NbtType::kByteArray || blocks->bytes.size() < kSectionCells ||
        !nibbles_ok(data) || !nibbles_ok(add)) {
        throw refuse_field(where, field, "a section before 1.13 needs Blocks (4,096 bytes) and Data (2,048 bytes)");
    }
    auto nibble = [](const NbtTag* t, int i) {
        return t == nullptr ? 0 : (t->bytes[static_cast<std::size_t>(i / 2)] >> ((i % 2) * 4)) & 15;
    };
    std::vector<BlockType>& cells = chunk.sections[static_cast<std::size_t>(slot)];
    cells.assign(kSectionCells, BlockType::kAir);
    bool any = false;
    for (int i = 0; i < kSectionCells; ++i) {
        const int id = blocks->bytes[static_cast<std::size_t>(i)] | nibble(add, i) << 8;
        if (id == 0) continue;
        if (id > 255) {
            throw refuse_field(where, field, "block id " + std::to_string(id) + " is past 1.12's ids (0 to 255)");
        }
        const LegacyMapping m = table.legacy(id, nibble(data, i));
        names.note(m.name.empty() ? "id " + std::to_string(id) : std::string(m.name), m.mapping);
        ++chunk.cells_by[static_cast<std::size_t>(m.mapping.by)];
        cells[static_cast<std::size_t>(i)] = m.mapping.type;
        any = any || m.mapping.type != BlockType::kAir;
    }
    if (!any) std::vector<BlockType>().swap(cells);
}

// [SECTION] the chunk

bool finished_status(std::string_view status) {
    if (status.starts_with("minecraft:")) status.remove_prefix(10);
    // 1.14 on: "full"; 1.13: "postprocessed" (and "fullchunk" on its way there).
    return status == "full" || status == "postprocessed" || status == "fullchunk";
}

int32_t int_member(const NbtTag& c, std::string_view name, const std::string& where) {
    const NbtTag* t = c.find(name);
    if (t == nullptr || t->type != NbtType::kInt) {
        throw refuse_field(where, std::string(name), "missing or not an int: this is not a Minecraft chunk");
    }
    return static_cast<int32_t>(t->number);
}

}  // namespace

MinecraftChunk decode_minecraft_chunk(std::span<const uint8_t> nbt, const std::string& where,
                                      const MinecraftNames& names) {
    NbtLimits limits;
    limits.max_tags = kMaxChunkTags;
    limits.what = "a Minecraft chunk";
    const NbtTag root = read_nbt(nbt, where, limits).second;
    const NbtTag* level = root.find("Level");  // before 1.18 everything sits in Level
    const NbtTag& c = level != nullptr && level->type == NbtType::kCompound ? *level : root;
    MinecraftChunk chunk;
    chunk.x = int_member(c, "xPos", where);
    chunk.z = int_member(c, "zPos", where);
    if (const NbtTag* v = root.find("DataVersion"); v != nullptr && v->type == NbtType::kInt) {
        chunk.data_version = static_cast<int>(v->number);
    }
    if (const NbtTag* status = c.find("Status"); status != nullptr && status->type == NbtType::kString) {
        chunk.finished = finished_status(status->text);
    } else if (const NbtTag* populated = c.find("TerrainPopulated"); populated != nullptr) {
        chunk.finished = populated->number != 0;
    } else {
        chunk.finished = false;
    }
    const NbtTag* sections = c.find("sections");
    if (sections == nullptr) sections = c.find("Sections");
    if (sections == nullptr) return chunk;  // no blocks: an empty chunk
    if (sections->type != NbtType::kList) throw refuse_field(where, "sections", "must be a list of compounds");
    // 1.16 (data version 2529, 20w17a) stopped letting an index span two longs.
    const bool spanning = chunk.data_version < 2529;
    ChunkNames chunk_names(names);
    for (std::size_t k = 0; k < sections->members.size(); ++k) {
        const NbtTag& s = sections->members[k].tag;
        const std::string field = "section " + std::to_string(k);
        const NbtTag* y = s.find("Y");
        if (s.type != NbtType::kCompound || y == nullptr || y->type != NbtType::kByte) {
            throw refuse_field(where, field, "a section needs its Y byte");
        }
        const int slot = static_cast<int>(y->number) - kMinecraftMinSection;
        if (slot < 0 || slot >= kMinecraftSections) continue;                    // light-only sections past the world
        if (const NbtTag* states = s.find("block_states"); states != nullptr) {  // 1.18 on
            const NbtTag* palette = states->find("palette");
            if (palette == nullptr) throw refuse_field(where, field, "block_states has no palette");
            paletted_section(read_palette(*palette, chunk_names, where, field), states->find("data"), false, chunk,
                             slot, where, field);
        } else if (const NbtTag* palette = s.find("Palette"); palette != nullptr) {  // 1.13 to 1.17
            paletted_section(read_palette(*palette, chunk_names, where, field), s.find("BlockStates"), spanning, chunk,
                             slot, where, field);
        } else if (s.find("Blocks") != nullptr) {  // 1.2 to 1.12
            numeric_section(s, chunk_names, names, chunk, slot, where, field);
        }
    }
    chunk.names = chunk_names.take();
    return chunk;
}

}  // namespace slotcraft
