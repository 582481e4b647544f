#pragma once
// Helpers for the world-file tests: a private temporary directory, whole-file reads and
// writes, directory listings, and the edit plan the crash child and its test share.
#include "save/save.hpp"
#include "world/block.hpp"
#include "world/coords.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace slotcraft::save_test {

// A fresh directory under the system temp dir, removed with everything in it at the end.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return path_; }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

std::vector<unsigned char> read_bytes(const std::string& path);
void write_bytes(const std::string& path, const std::vector<unsigned char>& bytes);
// File names in `dir`, sorted (to see that a refusal created or removed nothing).
std::vector<std::string> list_dir(const std::string& dir);
// The message of the WorldFileError that opening `path` throws; nullopt when it opens (the
// store is closed again at once).
std::optional<std::string> open_refusal(const std::string& path, const OpenMode& mode = {});

// The crash child's i-th edit: a distinct cell high in the sky (air in the flat world),
// so every edit is a stored delta and edit i is found by its cell alone.
inline ChunkCoord crash_edit_chunk(uint64_t i) { return {static_cast<int32_t>(i / kChunkVolume) - 1000, 9, 3}; }
inline uint16_t crash_edit_index(uint64_t i) { return static_cast<uint16_t>(i % kChunkVolume); }
inline BlockType crash_edit_type(uint64_t i) { return static_cast<BlockType>(1 + i % (kBlockTypeCount - 1)); }
inline uint64_t crash_edit_number(ChunkCoord c, uint16_t index) {
    return static_cast<uint64_t>(c.x + 1000) * kChunkVolume + index;
}

}  // namespace slotcraft::save_test
