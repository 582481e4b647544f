// A Minecraft world as the ground (see minecraft_ground.hpp).
//
// Index: [SECTION] opening, [SECTION] reading chunks, [SECTION] handing out chunks,
//        [SECTION] the report.
#include "minecraft/minecraft_ground.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <regex>

#include "formats/format_error.hpp"
#include "formats/gzip.hpp"
#include "formats/nbt.hpp"
#include "io/user_file.hpp"
#include "world/player.hpp"

namespace slotcraft {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxLevelDat = 64u << 20;       // level.dat is a few KiB
constexpr uint64_t kMaxExternalChunk = 256ull << 20;  // a .mcc file: one oversized chunk
constexpr std::size_t kMaxCachedColumns = 1024;       // columns read and not handed out whole
constexpr std::string_view kExpected =
    "a Minecraft Java world folder (level.dat and region/), a region folder (r.X.Z.mca files) or one r.X.Z.mca file";

MinecraftWorldError refuse(const std::string& path, const std::string& why) {
    return MinecraftWorldError("cannot open the Minecraft world " + quoted_path(path) + ": " + why + "; expected " +
                               std::string(kExpected));
}

// r.X.Z.mca -> (X, Z).
std::optional<std::pair<int32_t, int32_t>> region_coords(const std::string& file_name) {
    static const std::regex kName(R"(^r\.(-?[0-9]{1,7})\.(-?[0-9]{1,7})\.mca$)");
    std::smatch m;
    if (!std::regex_match(file_name, m, kName)) return std::nullopt;
    return std::pair{static_cast<int32_t>(std::stol(m[1])), static_cast<int32_t>(std::stol(m[2]))};
}

// `n` bytes at `offset` of a file (fewer at its end). Throws FormatError naming `where`.
std::vector<uint8_t> read_at(const fs::path& file, uint64_t offset, uint64_t n, const std::string& where) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) throw refuse_field(where, "file", std::string("cannot be opened (") + std::strerror(errno) + ")");
    std::vector<uint8_t> out(static_cast<std::size_t>(n));
    std::size_t got = 0;
    while (got < out.size()) {
        const ssize_t r = ::pread(fd, out.data() + got, out.size() - got, static_cast<off_t>(offset + got));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            const int e = errno;
            ::close(fd);
            throw refuse_field(where, "file", std::string("cannot be read (") + std::strerror(e) + ")");
        }
        if (r == 0) break;
        got += static_cast<std::size_t>(r);
    }
    ::close(fd);
    out.resize(got);
    return out;
}

// The regular file's size, or a refusal of the world naming what it is instead.
uint64_t regular_file_size(const fs::path& file, const std::string& shown) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0)
        throw refuse(shown, std::string("it cannot be read (") + std::strerror(errno) + ")");
    if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode)) {
        throw refuse(shown, "it is a pipe, a device or a socket, not a file");
    }
    if (!S_ISREG(st.st_mode)) throw refuse(shown, "it is not a regular file");
    return static_cast<uint64_t>(st.st_size);
}

}  // namespace

// [SECTION] opening

std::shared_ptr<MinecraftGround> MinecraftGround::open(const std::string& path) {
    std::shared_ptr<MinecraftGround> g(new MinecraftGround());
    g->path_ = path;
    std::error_code ec;
    const fs::path p(path);
    const fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) throw refuse(path, "nothing is there");
    fs::path region_dir;
    if (fs::is_directory(st)) {
        g->name_ = p.filename().empty() ? p.parent_path().filename().string() : p.filename().string();
        if (fs::exists(p / "level.dat", ec)) {
            region_dir = p / "region";
            if (!fs::is_directory(region_dir, ec)) throw refuse(path, "it has a level.dat but no region/ folder");
            try {
                const std::string bytes = read_user_file((p / "level.dat").string(),
                                                         {"the world's level.dat", kMaxLevelDat});
                const std::vector<uint8_t> raw(bytes.begin(), bytes.end());
                NbtLimits limits;
                limits.what = "a level.dat";
                const NbtTag root =
                    read_nbt(gzip_decompress(raw, "level.dat", kMaxLevelDat), "level.dat", limits).second;
                if (const NbtTag* data = root.find("Data")) {
                    if (const NbtTag* n = data->find("LevelName");
                        n && n->type == NbtType::kString && !n->text.empty()) {
                        g->name_ = n->text;
                    }
                    const NbtTag *x = data->find("SpawnX"), *y = data->find("SpawnY"), *z = data->find("SpawnZ");
                    if (x && y && z && x->type == NbtType::kInt && y->type == NbtType::kInt &&
                        z->type == NbtType::kInt) {
                        g->spawn_ = glm::ivec3(static_cast<int>(x->number), static_cast<int>(y->number),
                                               static_cast<int>(z->number));
                    }
                }
            } catch (const std::exception& e) {
                throw refuse(path, std::string("its level.dat cannot be read (") + e.what() + ")");
            }
        } else {
            // A world folder without its level.dat still has its region/ folder.
            region_dir = fs::is_directory(p / "region", ec) ? p / "region" : p;
        }
        std::vector<fs::path> files;
        for (const fs::directory_entry& e : fs::directory_iterator(region_dir, ec)) {
            if (region_coords(e.path().filename().string())) files.push_back(e.path());
        }
        if (ec) throw refuse(path, "its folder cannot be listed (" + ec.message() + ")");
        if (files.empty()) throw refuse(path, "the folder holds no region files (r.X.Z.mca)");
        std::sort(files.begin(), files.end());
        // In a folder, an empty or cut region file (common in real worlds) is named and
        // skipped; the world is refused only when none can be read.
        std::string first_refusal;
        for (const fs::path& f : files) {
            try {
                g->add_region(f);
            } catch (const MinecraftWorldError& e) {
                if (first_refusal.empty()) first_refusal = e.what();
                g->note_problem(std::string("region file skipped: ") + e.what(), false);
            }
        }
        if (g->regions_.empty()) throw MinecraftWorldError(first_refusal);
    } else {
        regular_file_size(p, path);
        if (!region_coords(p.filename().string())) {
            throw refuse(path, "a region file's name is r.X.Z.mca (its region's coordinates)");
        }
        // Named after its folder (the world's, when that folder is its region/), else itself.
        const fs::path folder = fs::absolute(p, ec).parent_path();
        const fs::path named = folder.filename() == "region" ? folder.parent_path() : folder;
        g->name_ = named.filename().empty() ? p.stem().string() : named.filename().string();
        g->add_region(p);
    }
    // The first column held: by region (sorted), then by slot.
    for (const auto& [rc, r] : g->regions_) {
        const auto it = std::find_if(r.slots.begin(), r.slots.end(), [](const RegionSlot& s) { return s.present(); });
        if (it == r.slots.end()) continue;
        const int k = static_cast<int>(it - r.slots.begin());
        g->first_column_ = {rc.first * kRegionSide + k % kRegionSide, rc.second * kRegionSide + k / kRegionSide};
        break;
    }
    return g;
}

void MinecraftGround::add_region(const fs::path& file) {
    const std::string shown = file.string();
    const uint64_t size = regular_file_size(file, shown);
    const auto rc = region_coords(file.filename().string());
    Region r;
    r.file = file;
    r.size = size;
    try {
        const std::vector<uint8_t> head = read_at(file, 0, kSectorBytes, shown);
        r.slots = read_region_table(head, size, shown);
    } catch (const FormatError& e) {
        throw refuse(path_, e.what());
    }
    regions_.emplace(*rc, std::move(r));
}

std::string MinecraftGround::file_name() const {
    std::string out;
    for (const char c : name_) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                        c == '_';
        out += ok ? c : '_';
        if (out.size() == 64) break;
    }
    return out.empty() ? "minecraft" : out;
}

glm::dvec3 MinecraftGround::start_eye() const {
    constexpr double kAbove = 12.0 + kEyeHeight;
    if (spawn_)
        return {spawn_->x + 0.5, std::clamp<double>(spawn_->y, kMinBlockY, kWorldTop) + kAbove, spawn_->z + 0.5};
    const int32_t x = first_column_.x * kChunkSize + 8, z = first_column_.y * kChunkSize + 8;
    const int ground = surface_height(x, z);
    return {x + 0.5, (ground < kMinBlockY ? 64.0 : double(ground)) + kAbove, z + 0.5};
}

// [SECTION] reading chunks

std::vector<uint8_t> MinecraftGround::chunk_bytes(const Region& r, int32_t cx, int32_t cz,
                                                  const std::string& where) const {
    const RegionSlot slot = r.slots[static_cast<std::size_t>(region_slot_index(cx, cz))];
    if (slot.sector < 2 && slot.present()) {
        throw refuse_field(where, "location", "its sectors start inside the file's tables");
    }
    const uint64_t from = uint64_t{slot.sector} * kSectorBytes;
    if (from >= r.size) throw refuse_field(where, "location", "its sectors start past the end of the file");
    const uint64_t n = std::min<uint64_t>(uint64_t{slot.sectors} * kSectorBytes, r.size - from);
    const std::vector<uint8_t> sectors = read_at(r.file, from, n, where);
    const StoredChunk stored = read_stored_chunk(sectors, where);
    if (!stored.external) return inflate_chunk(stored.scheme, stored.payload, where);
    const fs::path mcc = r.file.parent_path() / ("c." + std::to_string(cx) + "." + std::to_string(cz) + ".mcc");
    std::error_code ec;
    const uint64_t size = fs::file_size(mcc, ec);
    if (ec)
        throw refuse_field(where, "oversized chunk", mcc.filename().string() + " is missing (" + ec.message() + ")");
    if (size > kMaxExternalChunk)
        throw refuse_field(where, "oversized chunk", mcc.filename().string() + " is too large");
    return inflate_chunk(stored.scheme, read_at(mcc, 0, size, where), where);
}

std::optional<MinecraftChunk> MinecraftGround::read_column(int32_t cx, int32_t cz, bool count) const {
    const auto it = regions_.find({floor_div(cx, kRegionSide), floor_div(cz, kRegionSide)});
    if (it == regions_.end()) return std::nullopt;
    const Region& r = it->second;
    if (!r.slots[static_cast<std::size_t>(region_slot_index(cx, cz))].present()) return std::nullopt;
    const std::string where = r.file.filename().string() + ", chunk " + std::to_string(cx) + ", " + std::to_string(cz) +
                              " (blocks x " + std::to_string(cx * kChunkSize) + ", z " +
                              std::to_string(cz * kChunkSize) + ")";
    try {
        MinecraftChunk c = decode_minecraft_chunk(chunk_bytes(r, cx, cz, where), where, MinecraftNames::builtin());
        if (c.x != cx || c.z != cz) {
            throw refuse_field(where, "xPos, zPos",
                               "the chunk says it is chunk " + std::to_string(c.x) + ", " + std::to_string(c.z));
        }
        if (count) note(c);
        if (!c.finished) return std::nullopt;
        return c;
    } catch (const FormatError& e) {
        note_problem(std::string("damaged chunk, shown as missing: ") + e.what());
        return std::nullopt;
    }
}

// [SECTION] handing out chunks

// The workers ask for a column's chunks one at a time: the first asks read the whole column
// and keep its sections until each is handed out (or the oldest columns make room).
std::unique_ptr<Chunk> MinecraftGround::chunk(ChunkCoord c) const {
    auto out = std::make_unique<Chunk>(c);
    if (!chunk_y_in_world(c.y)) return out;
    const std::pair<int32_t, int32_t> key{c.x, c.z};
    const auto slot = static_cast<std::size_t>(column_slot(c.y));
    std::vector<BlockType> cells;
    {
        std::unique_lock lock(mutex_);
        auto it = columns_.find(key);
        // A section handed out before (the chunk is loaded again): the column is read again.
        if (it == columns_.end() || (it->second.taken >> slot & 1) != 0) {
            lock.unlock();  // read and decode without holding the others up
            Column fresh;
            std::optional<MinecraftChunk> read = read_column(c.x, c.z, true);
            if (read) note_surface(c.x, c.z, &*read);  // columns the files hold only
            if (read) fresh.sections = std::move(read->sections);
            lock.lock();
            it = columns_.find(key);
            if (it == columns_.end()) {
                it = columns_.emplace(key, std::move(fresh)).first;
            } else if ((it->second.taken >> slot & 1) != 0) {
                it->second = std::move(fresh);  // another worker's copy, this section gone from it
            }
            it->second.used = ++clock_;  // the newest: never the one that makes room
            if (columns_.size() > kMaxCachedColumns) {
                auto oldest = std::min_element(columns_.begin(), columns_.end(), [](const auto& a, const auto& b) {
                    return a.second.used < b.second.used;
                });
                if (oldest != it) columns_.erase(oldest);
            }
        }
        Column& column = it->second;
        column.used = ++clock_;
        cells = std::move(column.sections[slot]);
        column.taken |= 1u << slot;
        if (column.taken == (1u << kMinecraftSections) - 1) columns_.erase(it);
    }
    if (cells.empty()) return out;
    for (int i = 0; i < kSectionCells; ++i) {
        if (cells[static_cast<std::size_t>(i)] != BlockType::kAir) {
            out->set_block(static_cast<uint16_t>(i), cells[static_cast<std::size_t>(i)]);
        }
    }
    out->make_uniform_if_possible();
    return out;
}

// The summary of a column's top cells, kept for every column looked at (about 800 bytes each).
void MinecraftGround::note_surface(int32_t cx, int32_t cz, const MinecraftChunk* c) const {
    Surface s;
    s.height.fill(static_cast<int16_t>(kMinBlockY - 1));
    s.top.fill(BlockType::kAir);
    for (int k = 0; c != nullptr && k < kChunkSize * kChunkSize; ++k) {
        const int lx = k % kChunkSize, lz = k / kChunkSize;
        for (int sy = kMinecraftSections - 1; sy >= 0 && s.top[static_cast<std::size_t>(k)] == BlockType::kAir; --sy) {
            const std::vector<BlockType>& cells = c->sections[static_cast<std::size_t>(sy)];
            if (cells.empty()) continue;
            for (int ly = kChunkSize - 1; ly >= 0; --ly) {
                const BlockType t = cells[local_index(lx, ly, lz)];
                if (!is_solid(t)) continue;
                s.height[static_cast<std::size_t>(k)] = static_cast<int16_t>((sy + kMinecraftMinSection) * kChunkSize +
                                                                             ly);
                s.top[static_cast<std::size_t>(k)] = t;
                break;
            }
        }
    }
    std::lock_guard lock(mutex_);
    surfaces_.try_emplace({cx, cz}, s);  // the ground never changes: a copy made meanwhile is the same
}

const MinecraftGround::Surface& MinecraftGround::surface_of(int32_t cx, int32_t cz) const {
    // Columns the files do not hold share one empty summary: far terrain looks at thousands.
    static const Surface kNone = [] {
        Surface none;
        none.height.fill(static_cast<int16_t>(kMinBlockY - 1));
        none.top.fill(BlockType::kAir);
        return none;
    }();
    const auto region = regions_.find({floor_div(cx, kRegionSide), floor_div(cz, kRegionSide)});
    if (region == regions_.end() ||
        !region->second.slots[static_cast<std::size_t>(region_slot_index(cx, cz))].present()) {
        return kNone;
    }
    {
        std::lock_guard lock(mutex_);
        if (const auto it = surfaces_.find({cx, cz}); it != surfaces_.end()) return it->second;
    }
    const std::optional<MinecraftChunk> c = read_column(cx, cz, false);
    note_surface(cx, cz, c ? &*c : nullptr);
    std::lock_guard lock(mutex_);
    return surfaces_.at({cx, cz});  // a std::map's elements stay where they are
}

std::unique_ptr<Chunk> MinecraftGround::peek_chunk(ChunkCoord c) const {
    auto out = std::make_unique<Chunk>(c);
    if (!chunk_y_in_world(c.y)) return out;
    const std::optional<MinecraftChunk> read = read_column(c.x, c.z, false);
    if (!read) return out;
    const std::vector<BlockType>& cells = read->sections[static_cast<std::size_t>(column_slot(c.y))];
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (cells[i] != BlockType::kAir) out->set_block(static_cast<uint16_t>(i), cells[i]);
    }
    out->make_uniform_if_possible();
    return out;
}

int MinecraftGround::surface_height(int32_t x, int32_t z) const {
    const Surface& s = surface_of(floor_div(x, kChunkSize), floor_div(z, kChunkSize));
    return s.height[static_cast<std::size_t>(floor_mod(x, kChunkSize) + kChunkSize * floor_mod(z, kChunkSize))];
}

BlockType MinecraftGround::surface_block(int32_t x, int32_t z) const {
    const Surface& s = surface_of(floor_div(x, kChunkSize), floor_div(z, kChunkSize));
    return s.top[static_cast<std::size_t>(floor_mod(x, kChunkSize) + kChunkSize * floor_mod(z, kChunkSize))];
}

// [SECTION] the report

void MinecraftGround::note(const MinecraftChunk& c) const {
    std::lock_guard lock(mutex_);
    ++report_.chunks_read;
    for (const auto& [name, m] : c.names) report_.blocks.try_emplace(name, std::string(block_name(m.type)));
    for (int k = 0; k < kMappedByCount; ++k)
        report_.cells[static_cast<std::size_t>(k)] += c.cells_by[static_cast<std::size_t>(k)];
}

void MinecraftGround::note_problem(const std::string& what, bool chunk) const {
    std::lock_guard lock(mutex_);
    if (std::find(report_.problems.begin(), report_.problems.end(), what) == report_.problems.end()) {
        if (chunk) ++report_.chunks_damaged;
        report_.problems.push_back(what);
    }
}

MinecraftReport MinecraftGround::report() const {
    std::lock_guard lock(mutex_);
    return report_;
}

std::vector<std::string> MinecraftGround::take_new_problems() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out(report_.problems.begin() + static_cast<std::ptrdiff_t>(problems_told_),
                                 report_.problems.end());
    problems_told_ = report_.problems.size();
    return out;
}

}  // namespace slotcraft
