// The world-file loader on any file: it opens and loads, or refuses with a WorldFileError, and
// a refused file is left byte for byte as it was.
#include "fuzz/fuzz_input.hpp"
#include "save/save.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace {

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    using namespace slotcraft;
    namespace fs = std::filesystem;
    static const fs::path dir = [] {
        const fs::path d = fs::temp_directory_path() / ("slotcraft-fuzz-world-" + std::to_string(::getpid()));
        fs::create_directories(d);
        return d;
    }();
    const std::string path = (dir / "w.db").string();
    std::error_code ec;
    for (const char* side : {"", "-wal", "-shm", "-journal"}) fs::remove(path + side, ec);
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    {
        std::ofstream out(path, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    try {
        OpenedWorld opened = WorldStore::open(path, {.create_if_missing = false});
        try {
            (void)opened.store->load_meta();
            std::size_t edits = 0;
            for (const ChunkEdits& c : opened.store->load_edits()) {
                fuzz::check(!c.edits.empty(), "a chunk without edits was loaded");
                edits += c.edits.size();
            }
            (void)edits;
        } catch (const WorldFileError&) {  // a value out of range, found while loading
        }
    } catch (const WorldFileError&) {
        fuzz::check(read_all(path) == bytes, "a refused world file was modified");
        fuzz::check(!fs::exists(path + "-shm", ec), "a refused world file got a -shm file");
    }
    for (const char* side : {"", "-wal", "-shm", "-journal"}) fs::remove(path + side, ec);
    return 0;
}
