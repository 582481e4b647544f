// Sponge schematic reading and writing (see schem.hpp; docs/formats.md "Sponge schematic").
#include "formats/schem.hpp"

#include <array>
#include <limits>
#include <map>

#include "formats/block_map.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip.hpp"
#include "formats/nbt.hpp"

namespace slotcraft {

namespace {

constexpr int kMaxSide = 0xFFFF;  // Width, Height and Length are unsigned shorts
// A varint of a palette index takes at most 5 bytes; the tags around the block data are small.
constexpr uint64_t kInflatedPerCell = 5;
constexpr uint64_t kInflatedSlack = 16 * 1024 * 1024;

void put_varint(std::vector<uint8_t>& out, uint32_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<uint8_t>(v));
}

}  // namespace

std::vector<uint8_t> write_schem(const Clipboard& c) {
    for (int axis = 0; axis < 3; ++axis) {
        if (c.size[axis] > kMaxSide) {
            throw FormatError("cannot write a .schem of " + std::to_string(c.size.x) + " by " +
                              std::to_string(c.size.y) + " by " + std::to_string(c.size.z) +
                              ": a schematic holds at most 65,535 a side; export a smaller region or a .vox");
        }
    }
    // The palette: the types the build holds, in type order (region order and the schematic's
    // x + z * Width + y * Width * Length order are the same order).
    std::array<int32_t, kBlockTypeCount> index{};
    index.fill(-1);
    for (const BlockType t : c.cells) index[static_cast<uint8_t>(t)] = 0;
    int32_t next = 0;
    for (int32_t& i : index) {
        if (i == 0) i = next++;
    }
    std::vector<uint8_t> data;
    data.reserve(c.cells.size());
    for (const BlockType t : c.cells) put_varint(data, static_cast<uint32_t>(index[static_cast<uint8_t>(t)]));
    NbtWriter w;
    w.begin_compound("Schematic");
    w.write_int("Version", 2);
    w.write_int("DataVersion", kSchemDataVersion);
    w.write_short("Width", static_cast<int16_t>(static_cast<uint16_t>(c.size.x)));
    w.write_short("Height", static_cast<int16_t>(static_cast<uint16_t>(c.size.y)));
    w.write_short("Length", static_cast<int16_t>(static_cast<uint16_t>(c.size.z)));
    const std::array<int32_t, 3> offset{0, 0, 0};
    w.write_int_array("Offset", offset);
    w.write_int("PaletteMax", next);
    w.begin_compound("Palette");
    for (int t = 0; t < kBlockTypeCount; ++t) {
        if (index[static_cast<std::size_t>(t)] >= 0) {
            w.write_int(minecraft_state(static_cast<BlockType>(t)), index[static_cast<std::size_t>(t)]);
        }
    }
    w.end_compound();
    w.write_byte_array("BlockData", data);
    w.end_compound();
    const std::vector<uint8_t> nbt = w.take();
    return gzip_compress(nbt);
}

// [SECTION] reading

namespace {

// A member that must be there with one of the given types.
const NbtTag& member(const NbtTag& parent, std::string_view name, std::initializer_list<NbtType> types,
                     const std::string& file, const std::string& where) {
    const NbtTag* tag = parent.find(name);
    if (!tag) throw refuse_field(file, where + std::string(name), "missing; the file is not a Sponge schematic");
    for (const NbtType t : types) {
        if (tag->type == t) return *tag;
    }
    throw refuse_field(file, where + std::string(name),
                       "has the wrong tag type " + std::to_string(static_cast<int>(tag->type)));
}

int side(const NbtTag& schematic, std::string_view name, const std::string& file) {
    const NbtTag& tag = member(schematic, name, {NbtType::kShort, NbtType::kInt}, file, "");
    const int64_t v = tag.type == NbtType::kShort ? (tag.number & 0xFFFF) : tag.number;  // unsigned short
    if (v < 1 || v > kMaxSide) {
        throw refuse_field(file, std::string(name), std::to_string(v) + "; a schematic is 1..65,535 a side");
    }
    return static_cast<int>(v);
}

struct SchemPalette {
    std::vector<MappedEntry> entries;  // by palette index (names of indices not listed stay empty)
};

SchemPalette read_palette(const NbtTag& palette, const std::string& file, const std::string& where) {
    SchemPalette out;
    const std::size_t limit = palette.members.size();
    for (const auto& [name, tag] : palette.members) {
        if (tag.type != NbtType::kInt || tag.number < 0 || static_cast<uint64_t>(tag.number) >= limit) {
            throw refuse_field(file, where + "." + name,
                               "a palette index must be an int from 0 to " + std::to_string(limit - 1));
        }
        const auto i = static_cast<std::size_t>(tag.number);
        if (out.entries.size() <= i) out.entries.resize(i + 1);
        if (!out.entries[i].source.empty()) {
            throw refuse_field(file, where + "." + name, "palette index " + std::to_string(i) + " is used twice");
        }
        const NameMapping m = block_from_minecraft(name);
        out.entries[i] = {name, m.type, 0, m.known()};
    }
    return out;
}

void decode_blocks(std::span<const uint8_t> data, uint64_t data_offset, SchemPalette& palette, Clipboard& c,
                   const std::string& file, const std::string& field) {
    std::size_t at = 0;
    const std::size_t cells = c.cells.size();
    for (std::size_t cell = 0; cell < cells; ++cell) {
        uint32_t value = 0;
        for (int shift = 0;; shift += 7) {
            if (at >= data.size()) {
                throw refuse_at(file, data_offset + at, field,
                                "block data length mismatch: it ends after " + with_commas(cell) +
                                    " blocks, and Width x Height x Length is " + with_commas(cells));
            }
            const uint8_t b = data[at++];
            if (shift == 28 && (b & 0xF0) != 0)
                throw refuse_at(file, data_offset + at - 1, field, "a varint past 2^31");
            value |= static_cast<uint32_t>(b & 0x7F) << shift;
            if ((b & 0x80) == 0) break;
        }
        if (value >= palette.entries.size() || palette.entries[value].source.empty()) {
            throw refuse_at(file, data_offset + at, field,
                            "block " + with_commas(cell) + " is palette index " + std::to_string(value) +
                                ", which the palette does not name");
        }
        MappedEntry& e = palette.entries[value];
        c.cells[cell] = e.type;
        ++e.cells;
    }
    if (at != data.size()) {
        throw refuse_at(file, data_offset + at, field,
                        "block data length mismatch: " + with_commas(data.size() - at) + " byte(s) left over after " +
                            with_commas(cells) + " blocks (Width x Height x Length)");
    }
}

}  // namespace

ImportedBuild read_schem(std::span<const uint8_t> bytes, const std::string& file, const ImportLimits& limits) {
    const uint64_t max_inflated = std::min<uint64_t>(limits.max_cells, uint64_t{1} << 32) * kInflatedPerCell +
                                  kInflatedSlack;
    const std::vector<uint8_t> nbt = gzip_decompress(bytes, file, max_inflated);
    const auto [root_name, root] = read_nbt(nbt, file);
    // Version 3 wraps the schematic in an unnamed root compound; version 2 is the root.
    const NbtTag* wrapped = root.find("Schematic");
    const bool v3_wrap = wrapped && wrapped->type == NbtType::kCompound;
    const NbtTag& s = v3_wrap ? *wrapped : root;
    ImportedBuild build;
    const NbtTag& version = member(s, "Version", {NbtType::kInt}, file, "");
    if (version.number < 1 || version.number > 3) {
        throw refuse_field(file, "Version", std::to_string(version.number) + "; this reader takes versions 1 to 3");
    }
    build.version = static_cast<int>(version.number);
    const glm::ivec3 size{side(s, "Width", file), side(s, "Height", file), side(s, "Length", file)};
    const uint64_t cells = uint64_t(size.x) * uint64_t(size.y) * uint64_t(size.z);
    if (cells > limits.max_cells) {
        throw refuse_field(file, "Width x Height x Length",
                           std::to_string(size.x) + " by " + std::to_string(size.y) + " by " + std::to_string(size.z) +
                               " (" + with_commas(cells) + " cells), more than " + limits.limit_name + " of " +
                               with_commas(limits.max_cells) + " cells; nothing was imported");
    }
    const bool v3 = build.version == 3;
    const NbtTag& blocks = v3 ? member(s, "Blocks", {NbtType::kCompound}, file, "") : s;
    const std::string prefix = v3 ? "Blocks." : "";
    SchemPalette palette = read_palette(member(blocks, "Palette", {NbtType::kCompound}, file, prefix), file,
                                        prefix + "Palette");
    const NbtTag& data = member(blocks, v3 ? "Data" : "BlockData", {NbtType::kByteArray}, file, prefix);
    build.clipboard.size = size;
    build.clipboard.cells.assign(static_cast<std::size_t>(cells), BlockType::kAir);
    decode_blocks(data.bytes, data.offset + 4, palette, build.clipboard, file, prefix + (v3 ? "Data" : "BlockData"));
    for (MappedEntry& e : palette.entries) {
        if (e.cells > 0) build.mapped.push_back(std::move(e));
    }
    return build;
}

}  // namespace slotcraft
