#pragma once
// Probes of a World that only the benchmarks (and tests) call, kept off World's public
// surface: a chunk's instance list rebuilt from scratch (what engines that rebuild a
// chunk's list per edit do: the edit benchmark's contender, and the tests' reference) and
// a chunk's light box as the light events describe it. Plain C++20; never depends on GL.
#include "world/world.hpp"

#include <optional>
#include <vector>

namespace slotcraft {

// The chunk's instances recomputed from its blocks and its neighbours' borders: masks inside
// the chunk, then each border against its loaded neighbour, then the list, shaded. Empty when
// c is not loaded.
std::vector<CubeInstance> rebuild_instances(const World& world, ChunkCoord c);

// The light box of loaded chunk c as the light events describe it (docs/light.md "Light
// pages"): the whole box, or only `uniform` when every cell of the box that lets light
// through has that light. nullopt when c is not loaded.
std::optional<ChunkLightBox> light_box(const World& world, ChunkCoord c);

}  // namespace slotcraft
