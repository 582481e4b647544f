// The PNG loader on any bytes: an image of the size asked for, or a PngError.
#include "fuzz/fuzz_input.hpp"
#include "slots/png_image.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    using namespace slotcraft;
    try {
        const RgbaImage image = decode_png_rgba(std::span<const uint8_t>(data, size), 16, 16);
        fuzz::check(image.pixels.size() == 16u * 16u * 4u, "a decoded image of the wrong size");
    } catch (const PngError&) {}
    return 0;
}
