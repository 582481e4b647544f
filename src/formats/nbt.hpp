#pragma once
// Named Binary Tag (NBT, big-endian), the structure inside a .schem: a reader that refuses
// tags nested past a depth limit, lengths past the data and more tags than a budget, and a
// small writer for the tags a schematic and a test's Minecraft chunk need. Standard library only; never depends on zlib.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace slotcraft {

enum class NbtType : uint8_t {
    kEnd = 0,
    kByte,
    kShort,
    kInt,
    kLong,
    kFloat,
    kDouble,
    kByteArray,
    kString,
    kList,
    kCompound,
    kIntArray,
    kLongArray,
};

struct NbtMember;

// One tag. Numbers are kept in `number` (floats and doubles: their bits are not needed),
// arrays as a view of their bytes in the data read, lists and compounds as children.
struct NbtTag {
    NbtType type = NbtType::kEnd;
    uint64_t offset = 0;  // where its payload starts in the data read (for messages)
    int64_t number = 0;
    std::string text;
    std::span<const uint8_t> bytes;  // byte, int and long arrays
    std::vector<NbtMember> members;  // compound: its named tags; list: its tags, named ""

    // The compound member named `name`, or nullptr.
    const NbtTag* find(std::string_view name) const;
};

struct NbtMember {
    std::string name;
    NbtTag tag;
};

struct NbtLimits {
    int max_depth = 64;                     // compounds and lists inside each other
    uint64_t max_tags = 1'000'000;          // tags in the whole file
    std::string_view what = "a schematic";  // what the data should be, for messages
};

// The root tag (a compound) and its name. Throws FormatError naming `file`, the offset in
// the inflated data and the reason.
std::pair<std::string, NbtTag> read_nbt(std::span<const uint8_t> data, const std::string& file,
                                        const NbtLimits& limits = {});

// Writes NBT: open a compound, write named tags, close it.
class NbtWriter {
public:
    void begin_compound(std::string_view name);  // the root, or a member of the open compound
    void end_compound();
    void write_short(std::string_view name, int16_t v);
    void write_int(std::string_view name, int32_t v);
    void write_byte_array(std::string_view name, std::span<const uint8_t> bytes);
    void write_int_array(std::string_view name, std::span<const int32_t> values);
    void write_byte(std::string_view name, int8_t v);
    void write_string(std::string_view name, std::string_view text);
    void write_long_array(std::string_view name, std::span<const uint64_t> values);
    // A list of `count` compounds: open each with begin_list_element(), close it with
    // end_compound() (Minecraft chunks' sections and palettes; the tests write chunks).
    void begin_compound_list(std::string_view name, int32_t count);
    void begin_list_element();
    std::vector<uint8_t> take() { return std::move(out_); }

private:
    void head(NbtType type, std::string_view name);
    void u16(uint16_t v);
    void u32(uint32_t v);
    std::vector<uint8_t> out_;
    int open_ = 0;
};

}  // namespace slotcraft
