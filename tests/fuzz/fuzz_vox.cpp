// The .vox reader on any bytes: a build or a FormatError naming the file; a build round-trips
// through the writer (fuzz_build_file.hpp).
#include "fuzz/fuzz_build_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    slotcraft::fuzz::check_build_file(data, size, slotcraft::BuildFormat::kVox);
    return 0;
}
