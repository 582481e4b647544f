// The .vox scene graph (see vox_scene.hpp; the chunks: docs/formats.md "MagicaVoxel .vox").
#include "formats/vox_scene.hpp"

#include <charconv>
#include <utility>

#include "formats/byte_reader.hpp"

namespace slotcraft {

namespace {

using Dict = std::vector<std::pair<std::string, std::string>>;

std::string vox_string(ByteReader& in, const char* what) {
    const int32_t n = in.i32le(what);
    if (n < 0) throw in.refuse(what, "a negative string length " + std::to_string(n));
    const std::span<const uint8_t> b = in.bytes(static_cast<std::size_t>(n), what);
    return {b.begin(), b.end()};
}

Dict dict(ByteReader& in, const char* what) {
    const int32_t n = in.i32le(what);
    if (n < 0 || static_cast<uint64_t>(n) * 8 > in.left()) {
        throw in.refuse(what, "a dictionary of " + std::to_string(n) + " entries does not fit in its chunk");
    }
    Dict out;
    for (int32_t i = 0; i < n; ++i) {
        std::string key = vox_string(in, what);
        out.emplace_back(std::move(key), vox_string(in, what));
    }
    return out;
}

const std::string* lookup(const Dict& d, std::string_view key) {
    for (const auto& [k, v] : d) {
        if (k == key) return &v;
    }
    return nullptr;
}

// Whole numbers separated by single spaces, exactly `count` of them.
std::vector<int64_t> numbers(const std::string& text, std::size_t count, const ByteReader& in, const char* what) {
    std::vector<int64_t> out;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        int32_t v = 0;
        const auto [next, ec] = std::from_chars(p, end, v);
        if (ec != std::errc{}) break;
        out.push_back(v);
        p = next;
        if (p < end && *p == ' ') ++p;
    }
    if (p != end || out.size() != count) {
        throw in.refuse(what, "'" + text.substr(0, 40) + "' is not " + std::to_string(count) + " whole number(s)");
    }
    return out;
}

}  // namespace

VoxTransform VoxTransform::then_inner(const VoxTransform& inner) const {
    VoxTransform out;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            out.rows[i][j] = rows[i][0] * inner.rows[0][j] + rows[i][1] * inner.rows[1][j] +
                             rows[i][2] * inner.rows[2][j];
        }
    }
    out.t = apply(inner.t) + t;
    return out;
}

VoxTransform vox_rotation(uint32_t packed, const std::string& file, uint64_t offset) {
    // Bits 0-1: the column of row 0's non-zero entry; bits 2-3: row 1's; bits 4-6: the signs of
    // rows 0-2 (1: negative). Row 2 takes the column left over.
    const uint32_t c0 = packed & 3, c1 = (packed >> 2) & 3;
    if (c0 > 2 || c1 > 2 || c0 == c1 || packed > 127) {
        throw refuse_at(file, offset, "nTRN _r", "rotation " + std::to_string(packed) + " is not a packed rotation");
    }
    const uint32_t c2 = 3 - c0 - c1;
    VoxTransform r;
    const uint32_t cols[3] = {c0, c1, c2};
    for (int row = 0; row < 3; ++row) {
        r.rows[row] = glm::ivec3(0);
        r.rows[row][static_cast<int>(cols[row])] = (packed >> (4 + row)) & 1 ? -1 : 1;
    }
    return r;
}

void VoxScene::add(int32_t id, Node node, const std::string& file) {
    if (id < 0 || nodes_.count(id)) {
        throw refuse_at(file, node.offset, "scene node", "node id " + std::to_string(id) + " is negative or repeated");
    }
    nodes_.emplace(id, std::move(node));
}

void VoxScene::add_transform(std::span<const uint8_t> content, uint64_t offset, const std::string& file) {
    ByteReader in(content, file, offset);
    Node node;
    node.kind = Node::Kind::kTransform;
    node.offset = offset;
    const int32_t id = in.i32le("nTRN node id");
    const Dict attributes = dict(in, "nTRN attributes");
    if (const std::string* h = lookup(attributes, "_hidden")) node.hidden = *h == "1";
    node.children.push_back(in.i32le("nTRN child"));
    in.i32le("nTRN reserved");
    in.i32le("nTRN layer");
    const int32_t frames = in.i32le("nTRN frame count");
    if (frames < 1)
        throw in.refuse("nTRN frame count", std::to_string(frames) + " frames; a transform has one or more");
    const Dict frame = dict(in, "nTRN frame");  // frame 0 is the still scene; later frames animate
    if (const std::string* r = lookup(frame, "_r")) {
        node.local = vox_rotation(static_cast<uint32_t>(numbers(*r, 1, in, "nTRN _r")[0]), file, offset);
    }
    if (const std::string* t = lookup(frame, "_t")) {
        const std::vector<int64_t> v = numbers(*t, 3, in, "nTRN _t");
        node.local.t = {v[0], v[1], v[2]};
    }
    add(id, std::move(node), file);
}

void VoxScene::add_group(std::span<const uint8_t> content, uint64_t offset, const std::string& file) {
    ByteReader in(content, file, offset);
    Node node;
    node.offset = offset;
    const int32_t id = in.i32le("nGRP node id");
    dict(in, "nGRP attributes");
    const int32_t n = in.i32le("nGRP child count");
    if (n < 0 || static_cast<uint64_t>(n) * 4 > in.left()) {
        throw in.refuse("nGRP child count", std::to_string(n) + " children do not fit in the chunk");
    }
    for (int32_t i = 0; i < n; ++i) node.children.push_back(in.i32le("nGRP child"));
    add(id, std::move(node), file);
}

void VoxScene::add_shape(std::span<const uint8_t> content, uint64_t offset, const std::string& file) {
    ByteReader in(content, file, offset);
    Node node;
    node.kind = Node::Kind::kShape;
    node.offset = offset;
    const int32_t id = in.i32le("nSHP node id");
    dict(in, "nSHP attributes");
    const int32_t n = in.i32le("nSHP model count");
    if (n < 1) throw in.refuse("nSHP model count", std::to_string(n) + " models; a shape has one");
    node.model = in.i32le("nSHP model id");  // more than one: animation frames; the first stands
    add(id, std::move(node), file);
}

std::vector<VoxInstance> VoxScene::instances(uint32_t model_count, const std::string& file) const {
    std::vector<VoxInstance> out;
    walk(0, VoxTransform{}, 0, model_count, file, out);
    return out;
}

void VoxScene::walk(int32_t id, const VoxTransform& above, int depth, uint32_t model_count, const std::string& file,
                    std::vector<VoxInstance>& out) const {
    const auto it = nodes_.find(id);
    if (it == nodes_.end()) throw refuse_field(file, "scene graph", "node " + std::to_string(id) + " is missing");
    const Node& node = it->second;
    if (depth > kMaxDepth) {
        throw refuse_at(file, node.offset, "scene graph",
                        "nodes nested more than " + std::to_string(kMaxDepth) + " deep (a cycle, or a damaged file)");
    }
    if (node.kind == Node::Kind::kShape) {
        if (node.model < 0 || static_cast<uint32_t>(node.model) >= model_count) {
            throw refuse_at(file, node.offset, "nSHP model id",
                            "model " + std::to_string(node.model) + " does not exist (the file has " +
                                std::to_string(model_count) + ")");
        }
        if (out.size() >= kMaxInstances) {
            throw refuse_field(file, "scene graph", "more than " + with_commas(kMaxInstances) + " model instances");
        }
        out.push_back({static_cast<uint32_t>(node.model), above});
        return;
    }
    if (node.hidden) return;
    const VoxTransform here = node.kind == Node::Kind::kTransform ? above.then_inner(node.local) : above;
    for (const int32_t child : node.children) walk(child, here, depth + 1, model_count, file, out);
}

}  // namespace slotcraft
