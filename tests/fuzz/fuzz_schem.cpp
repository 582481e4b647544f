// The .schem reader (gzip, NBT, palette, varints) on any bytes: a build or a FormatError naming
// the file; a build round-trips through the writer (fuzz_build_file.hpp). The first byte picks
// the layer: odd, the rest is NBT that is gzipped first (gzip's checksum would otherwise stop
// nearly every mutation before the NBT reader sees it); even, the rest is the file as it is.
#include "formats/gzip.hpp"
#include "fuzz/fuzz_build_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    using namespace slotcraft;
    if (size == 0) return 0;
    const std::span<const uint8_t> rest(data + 1, size - 1);
    if (data[0] & 1) {
        const std::vector<uint8_t> gz = gzip_compress(rest);
        fuzz::check_build_file(gz.data(), gz.size(), BuildFormat::kSchem);
    } else {
        fuzz::check_build_file(rest.data(), rest.size(), BuildFormat::kSchem);
    }
    return 0;
}
