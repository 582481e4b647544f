#pragma once
// The scene graph of a .vox (MagicaVoxel's extension: nTRN transform, nGRP group and nSHP
// shape nodes): parsed from the chunks' bytes and walked from the root into the placed
// instances of the models. Rotations are MagicaVoxel's packed signed permutations.
// Never depends on GL or zlib.
#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace slotcraft {

// A signed permutation (rotation and mirror) and a translation, in .vox axes (z up).
struct VoxTransform {
    std::array<glm::ivec3, 3> rows{glm::ivec3{1, 0, 0}, glm::ivec3{0, 1, 0}, glm::ivec3{0, 0, 1}};
    glm::i64vec3 t{0};

    glm::i64vec3 apply(const glm::i64vec3& v) const {
        return {rows[0].x * v.x + rows[0].y * v.y + rows[0].z * v.z,
                rows[1].x * v.x + rows[1].y * v.y + rows[1].z * v.z,
                rows[2].x * v.x + rows[2].y * v.y + rows[2].z * v.z};
    }
    // This transform after `inner` (inner applies first).
    VoxTransform then_inner(const VoxTransform& inner) const;
};

// The packed rotation byte `_r` as a transform; nullopt-like failure is a FormatError.
VoxTransform vox_rotation(uint32_t packed, const std::string& file, uint64_t offset);

struct VoxInstance {
    uint32_t model = 0;
    VoxTransform transform;
};

class VoxScene {
public:
    // The node chunks, as the file holds them (content bytes and their file offset).
    void add_transform(std::span<const uint8_t> content, uint64_t offset, const std::string& file);
    void add_group(std::span<const uint8_t> content, uint64_t offset, const std::string& file);
    void add_shape(std::span<const uint8_t> content, uint64_t offset, const std::string& file);
    bool empty() const { return nodes_.empty(); }
    // Every shown model instance, walked from node 0; refuses missing nodes, cycles, models
    // out of range, and more than kMaxInstances instances.
    std::vector<VoxInstance> instances(uint32_t model_count, const std::string& file) const;

    static constexpr std::size_t kMaxInstances = 65'536;
    static constexpr int kMaxDepth = 64;

private:
    struct Node {
        enum class Kind { kTransform, kGroup, kShape } kind = Kind::kGroup;
        uint64_t offset = 0;
        VoxTransform local;             // transform
        bool hidden = false;            // transform: _hidden 1
        std::vector<int32_t> children;  // transform: one; group: any
        int32_t model = -1;             // shape
    };
    void add(int32_t id, Node node, const std::string& file);
    void walk(int32_t id, const VoxTransform& above, int depth, uint32_t model_count, const std::string& file,
              std::vector<VoxInstance>& out) const;
    std::map<int32_t, Node> nodes_;
};

}  // namespace slotcraft
