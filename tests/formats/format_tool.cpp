// The test tool the npm checks drive (tests/formats/npm): writes our .vox and .schem files
// with what a reader must find in them, and dumps what our readers import from any file.
//   format_tool write DIR            every_block, random (100 x 60 x 100) and wide (several
//                                    models) as .vox and .schem, and DIR/expected.json
//   format_tool seeds VOX_DIR SCHEM_DIR  the fuzz targets' seed corpus
//   format_tool dump FILE [--summary] the import as JSON (size, version, model voxel counts,
//                                    the cells as one digit a cell, the type's place in
//                                    "digits", indexing "blocks"); a refusal: exit 2
//   format_tool anvil-cells REGION CELLS  our reader on a region file (.mca): for each line
//                                    "X Y Z" of CELLS (world coordinates), the block we hold
//                                    there; then one JSON line: every Minecraft name met in the
//                                    chunks read, with the block it became, and the chunks
//                                    that were refused (file and reason)
#include <cstdio>
#include <map>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>

#include "formats/anvil.hpp"
#include "formats/block_map.hpp"
#include "formats/format_error.hpp"
#include "formats/format_test_support.hpp"
#include "formats/gzip.hpp"
#include "formats/schem.hpp"
#include "formats/vox.hpp"

namespace slotcraft {
namespace {

void write_file(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path);
}

std::string state_name(BlockType t) {  // "oak_log": what prismarine-block calls it
    const std::string_view s = minecraft_state(t);
    const std::string_view bare = s.substr(0, s.find('['));
    return std::string(bare.substr(bare.find(':') + 1));
}

// What vox-reader must find in the .vox of `c`: each model's size and voxel count (the writer's
// tiling: 256-cell tiles of the .vox axes, x fastest), and the palette.
std::string vox_expectation(const Clipboard& c) {
    const glm::ivec3 vox{c.size.x, c.size.z, c.size.y};
    std::ostringstream j;
    j << "{\"models\":[";
    bool first = true;
    for (int z = 0; z < vox.z; z += kVoxMaxModelSide)
        for (int y = 0; y < vox.y; y += kVoxMaxModelSide)
            for (int x = 0; x < vox.x; x += kVoxMaxModelSide) {
                const glm::ivec3 o{x, y, z};
                const glm::ivec3 s = glm::min(vox - o, glm::ivec3(kVoxMaxModelSide));
                uint64_t solid = 0;
                for (int k = 0; k < s.z; ++k)
                    for (int jy = 0; jy < s.y; ++jy)
                        for (int i = 0; i < s.x; ++i) {
                            solid += c.at(o.x + i, o.z + k, c.size.z - 1 - (o.y + jy)) != BlockType::kAir;
                        }
                j << (first ? "" : ",") << "{\"x\":" << s.x << ",\"y\":" << s.y << ",\"z\":" << s.z
                  << ",\"voxels\":" << solid << "}";
                first = false;
            }
    j << "],\"palette\":[";
    for (int t = 1; t < kBlockTypeCount; ++t) {
        const Rgb rgb = block_colour(static_cast<BlockType>(t));
        j << (t > 1 ? "," : "") << "[" << int(rgb.r) << "," << int(rgb.g) << "," << int(rgb.b) << "]";
    }
    j << "]}";
    return j.str();
}

// What prismarine-schematic must find in the .schem of `c`: the size and the block names at
// sampled cells (every cell of a small build).
std::string schem_expectation(const Clipboard& c) {
    std::ostringstream j;
    j << "{\"size\":[" << c.size.x << "," << c.size.y << "," << c.size.z << "],\"samples\":[";
    std::mt19937 rng(5);
    const bool all = c.cells.size() <= 1000;
    const std::size_t n = all ? c.cells.size() : 500;
    for (std::size_t s = 0; s < n; ++s) {
        const std::size_t i = all ? s : rng() % c.cells.size();
        const int x = static_cast<int>(i % static_cast<std::size_t>(c.size.x));
        const int z = static_cast<int>((i / static_cast<std::size_t>(c.size.x)) % static_cast<std::size_t>(c.size.z));
        const int y = static_cast<int>(i / (static_cast<std::size_t>(c.size.x) * static_cast<std::size_t>(c.size.z)));
        j << (s ? "," : "") << "[" << x << "," << y << "," << z << ",\"" << state_name(c.at(x, y, z)) << "\"]";
    }
    j << "]}";
    return j.str();
}

int write_samples(const std::string& dir) {
    const std::vector<std::pair<std::string, Clipboard>> builds = {
        {"every_block", format_test::every_block()},
        {"random", format_test::random_build({100, 60, 100}, 2026)},
        {"wide", format_test::random_build({300, 10, 260}, 7)},  // .vox: 300 x 260 x 10, 2 x 2 models
    };
    std::ofstream json(dir + "/expected.json");
    json << "{";
    for (std::size_t b = 0; b < builds.size(); ++b) {
        const auto& [name, clipboard] = builds[b];
        write_file(dir + "/" + name + ".vox", write_vox(clipboard));
        write_file(dir + "/" + name + ".schem", write_schem(clipboard));
        json << (b ? "," : "") << "\"" << name << "\":{\"vox\":" << vox_expectation(clipboard)
             << ",\"schem\":" << schem_expectation(clipboard) << "}";
    }
    json << "}\n";
    return json ? 0 : 1;
}

// The fuzz targets' seed corpus (tests/fuzz/corpus/vox and schem): small builds of every
// block, a random one, a build of several models (the version 3 seeds come from the npm tools).
int write_seeds(const std::string& vox_dir, const std::string& schem_dir) {
    const std::vector<std::pair<std::string, Clipboard>> builds = {
        {"every_block", format_test::every_block()},
        {"random", format_test::random_build({6, 5, 4}, 1)},
        {"models", format_test::random_build({258, 1, 2}, 2)},
    };
    for (const auto& [name, c] : builds) {
        write_file(vox_dir + "/" + name + ".vox", write_vox(c));
        // fuzz_schem's first byte picks the layer: 0 the file as it is, 1 NBT it gzips itself.
        std::vector<uint8_t> file = write_schem(c);
        std::vector<uint8_t> nbt = gzip_decompress(file, name, uint64_t{1} << 30);
        file.insert(file.begin(), 0);
        nbt.insert(nbt.begin(), 1);
        write_file(schem_dir + "/file-" + name, file);
        write_file(schem_dir + "/nbt-" + name, nbt);
    }
    return 0;
}

constexpr std::string_view kCellDigits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
static_assert(kBlockTypeCount <= kCellDigits.size(), "dump's cells need a digit for every block type");

int dump(const std::string& path, bool summary) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    try {
        const ImportedBuild b = read_build(bytes, path, format_of(path), {});
        std::cout << "{\"size\":[" << b.clipboard.size.x << "," << b.clipboard.size.y << "," << b.clipboard.size.z
                  << "],\"version\":" << b.version << ",\"model_voxels\":[";
        for (std::size_t i = 0; i < b.model_voxels.size(); ++i) std::cout << (i ? "," : "") << b.model_voxels[i];
        std::cout << "],\"blocks\":[";
        for (int t = 0; t < kBlockTypeCount; ++t)
            std::cout << (t ? "," : "") << "\"" << block_name(BlockType(t)) << "\"";
        std::cout << "],\"digits\":\"" << kCellDigits << "\",\"message\":\"" << describe_import(b, "file") << "\"";
        if (!summary) {
            std::cout << ",\"cells\":\"";
            // One character a cell: its type's digit in base 62 (0-9, a-z, A-Z), the "digits" key.
            for (const BlockType t : b.clipboard.cells) std::cout << kCellDigits[static_cast<std::size_t>(t)];
            std::cout << "\"";
        }
        std::cout << "}\n";
        return 0;
    } catch (const FormatError& e) {
        std::cerr << e.what() << "\n";
        return 2;
    }
}

int anvil_cells(const std::string& region, const std::string& cells_path) {
    std::ifstream in(region, std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const auto slots = read_region_table(bytes, bytes.size(), region);
    std::map<int, MinecraftChunk> chunks;  // by slot
    std::map<std::string, std::string> names;
    std::vector<std::string> refused;
    auto chunk_at = [&](int32_t cx, int32_t cz) -> const MinecraftChunk* {
        const int k = region_slot_index(cx, cz);
        if (const auto it = chunks.find(k); it != chunks.end()) return &it->second;
        const RegionSlot slot = slots[static_cast<std::size_t>(k)];
        if (!slot.present()) return nullptr;
        const std::string where = region + ", chunk " + std::to_string(cx) + ", " + std::to_string(cz);
        try {
            const uint64_t from = std::min<uint64_t>(uint64_t{slot.sector} * kSectorBytes, bytes.size());
            const uint64_t to = std::min<uint64_t>(from + uint64_t{slot.sectors} * kSectorBytes, bytes.size());
            const StoredChunk stored = read_stored_chunk(std::span(bytes).subspan(from, to - from), where);
            if (stored.external) throw refuse_field(where, "sectors", "an oversized chunk (.mcc): not in this check");
            MinecraftChunk c = decode_minecraft_chunk(inflate_chunk(stored.scheme, stored.payload, where), where,
                                                      MinecraftNames::builtin());
            for (const auto& [name, m] : c.names) names.emplace(name, std::string(block_name(m.type)));
            return &chunks.emplace(k, std::move(c)).first->second;
        } catch (const FormatError& e) {
            refused.push_back(e.what());
            return nullptr;
        }
    };
    std::ifstream cells(cells_path);
    for (int32_t x = 0, y = 0, z = 0; cells >> x >> y >> z;) {
        const MinecraftChunk* c = chunk_at(x >> 4, z >> 4);
        const int slot = (y >> 4) - kMinecraftMinSection;
        BlockType t = BlockType::kAir;
        if (c != nullptr && slot >= 0 && slot < kMinecraftSections &&
            !c->sections[static_cast<std::size_t>(slot)].empty()) {
            t = c->sections[static_cast<std::size_t>(slot)]
                           [static_cast<std::size_t>((x & 15) + 16 * (z & 15) + 256 * (y & 15))];
        }
        std::cout << (c == nullptr ? "-" : block_name(t)) << "\n";
    }
    std::cout << "{\"names\":{";
    bool first = true;
    for (const auto& [name, block] : names) {
        std::cout << (first ? "" : ",") << "\"" << name << "\":\"" << block << "\"";
        first = false;
    }
    std::cout << "},\"refused\":" << refused.size() << "}\n";
    for (const std::string& r : refused) std::cerr << r << "\n";
    return 0;
}

}  // namespace
}  // namespace slotcraft

int main(int argc, char** argv) {
    const std::string cmd = argc > 1 ? argv[1] : "";
    if (cmd == "write" && argc == 3) return slotcraft::write_samples(argv[2]);
    if (cmd == "seeds" && argc == 4) return slotcraft::write_seeds(argv[2], argv[3]);
    if (cmd == "dump" && (argc == 3 || argc == 4)) return slotcraft::dump(argv[2], argc == 4);
    if (cmd == "anvil-cells" && argc == 4) return slotcraft::anvil_cells(argv[2], argv[3]);
    std::fprintf(
        stderr,
        "usage: format_tool write DIR | format_tool dump FILE [--summary] | format_tool anvil-cells REGION CELLS\n");
    return 64;
}
