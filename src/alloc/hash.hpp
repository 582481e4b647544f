#pragma once
// The splitmix64 finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators"): one definition for every hash and random stream in Slotcraft. Its outputs
// decide the terrain (world/terrain.cpp column_hash): never change the constants.
// Standard library only: never GL, GLFW or ImGui.

#include <cstddef>
#include <cstdint>

namespace slotcraft {

// A bijection on 64-bit values in which every input bit moves every output bit.
constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 31;
    return x;
}

// The hash of a 64-bit key for hash tables (tsl::robin_map, std::unordered_map): mix64, so keys
// that differ only in a few bits (a pointer times 4096 plus a cell index, an entry shifted over
// an index) spread over every bucket. std::hash<uint64_t> is the identity on libstdc++: with
// such keys whole runs of buckets collide, and tsl's robin hash then grows its table again and
// again on "extreme load" (gigabytes for one large fill, docs/benchmarks.md).
struct MixHash {
    std::size_t operator()(std::uint64_t key) const noexcept { return static_cast<std::size_t>(mix64(key)); }
};

// The splitmix64 random stream: advances `state` by the golden ratio and mixes it.
constexpr std::uint64_t splitmix64_next(std::uint64_t& state) noexcept {
    state += 0x9E3779B97F4A7C15ull;
    return mix64(state);
}

}  // namespace slotcraft
