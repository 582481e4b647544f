#pragma once
// ChunkKeyHash: a hash for 64-bit chunk keys in power-of-two tables (tsl::robin_map). Keys are
// often packed coordinates, which an identity hash (std::hash<uint64_t>) clusters.
// Standard library only: never GL, GLFW or ImGui.

#include "alloc/hash.hpp"

#include <cstddef>
#include <cstdint>

namespace slotcraft {

struct ChunkKeyHash {
    // splitmix64's finaliser: every input bit moves every output bit.
    std::size_t operator()(std::uint64_t x) const noexcept { return static_cast<std::size_t>(mix64(x)); }
};

}  // namespace slotcraft
