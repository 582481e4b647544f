#pragma once
// Counts in words for messages: "1 cell", "24 cells", "1 chunk". One place for the plural,
// so no message says "1 cells" (the HUD's messages, the overlay's panels). Plain C++20.
#include <cstdint>
#include <string>
#include <string_view>

namespace slotcraft {

// `n` and `noun`, the noun with an "s" unless n is 1 ("1 cell", "0 cells", "24 cells").
inline std::string counted(uint64_t n, std::string_view noun) {
    return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

}  // namespace slotcraft
