// NBT reading and writing (see nbt.hpp; the format: docs/formats.md "Sponge schematic").
#include "formats/nbt.hpp"

#include <cassert>

#include "formats/byte_reader.hpp"

namespace slotcraft {

const NbtTag* NbtTag::find(std::string_view name) const {
    if (type != NbtType::kCompound) return nullptr;
    for (const auto& [n, tag] : members) {
        if (n == name) return &tag;
    }
    return nullptr;
}

namespace {

// [SECTION] reading

class NbtReader {
public:
    NbtReader(std::span<const uint8_t> data, const std::string& file, const NbtLimits& limits)
        : in_(data, file), limits_(limits) {}

    std::pair<std::string, NbtTag> root() {
        const uint8_t type = in_.u8("the root tag's type");
        if (type != static_cast<uint8_t>(NbtType::kCompound)) {
            throw refuse_at(in_.file(), 0, "NBT root",
                            "wrong magic: the inflated data must start with a compound tag (10), not " +
                                std::to_string(type) + "; the data is not " + std::string(limits_.what));
        }
        std::string name = string("the root tag's name");
        NbtTag tag = payload(NbtType::kCompound, 0);
        return {std::move(name), std::move(tag)};
    }

private:
    std::string string(const char* what) {
        const uint16_t n = in_.u16be(what);
        const std::span<const uint8_t> b = in_.bytes(n, what);
        return {b.begin(), b.end()};
    }

    // A count of elements of `size` bytes each, refused when they cannot fit in what is left.
    std::size_t count(std::size_t size, const char* what) {
        const uint64_t at = in_.offset();
        const auto n = static_cast<int32_t>(in_.u32be(what));
        if (n < 0) throw refuse_at(in_.file(), at, what, "a negative length " + std::to_string(n));
        if (static_cast<uint64_t>(n) * size > in_.left()) {
            throw refuse_at(in_.file(), at, what,
                            "a length of " + with_commas(static_cast<uint64_t>(n)) +
                                " element(s) reaches past the end of the data (" + with_commas(in_.left()) +
                                " byte(s) left)");
        }
        return static_cast<std::size_t>(n);
    }

    NbtType type_byte(const char* what) {
        const uint8_t t = in_.u8(what);
        if (t > static_cast<uint8_t>(NbtType::kLongArray)) {
            throw in_.refuse(what, "unknown tag type " + std::to_string(t) + " (NBT has 0..12)");
        }
        return static_cast<NbtType>(t);
    }

    NbtTag payload(NbtType type, int depth) {
        if (++tags_ > limits_.max_tags) {
            throw in_.refuse("NBT", "more than " + with_commas(limits_.max_tags) + " tags; no " +
                                        std::string(limits_.what) + " needs so many");
        }
        NbtTag tag;
        tag.type = type;
        tag.offset = in_.offset();
        switch (type) {
            case NbtType::kEnd: throw in_.refuse("NBT", "an End tag where a value belongs");
            case NbtType::kByte: tag.number = static_cast<int8_t>(in_.u8("a byte tag")); break;
            case NbtType::kShort: tag.number = static_cast<int16_t>(in_.u16be("a short tag")); break;
            case NbtType::kInt:
            case NbtType::kFloat: tag.number = static_cast<int32_t>(in_.u32be("an int tag")); break;
            case NbtType::kLong:
            case NbtType::kDouble: tag.number = static_cast<int64_t>(in_.u64be("a long tag")); break;
            case NbtType::kByteArray: tag.bytes = in_.bytes(count(1, "a byte array's length"), "a byte array"); break;
            case NbtType::kIntArray:
                tag.bytes = in_.bytes(count(4, "an int array's length") * 4, "an int array");
                break;
            case NbtType::kLongArray:
                tag.bytes = in_.bytes(count(8, "a long array's length") * 8, "a long array");
                break;
            case NbtType::kString: tag.text = string("a string tag"); break;
            case NbtType::kList: list(tag, depth); break;
            case NbtType::kCompound: compound(tag, depth); break;
        }
        return tag;
    }

    void deeper(int depth) {
        if (depth + 1 > limits_.max_depth) {
            throw in_.refuse("NBT", "tags nested more than " + std::to_string(limits_.max_depth) +
                                        " levels deep; the file is damaged or hostile");
        }
    }

    void list(NbtTag& tag, int depth) {
        deeper(depth);
        const NbtType element = type_byte("a list's element type");
        // The smallest element of each type, so a length is checked against the data left.
        const std::size_t smallest = element == NbtType::kEnd ? 0 : 1;
        const std::size_t n = count(smallest, "a list's length");
        if (element == NbtType::kEnd && n > 0) throw in_.refuse("a list", "a list of End tags with elements");
        for (std::size_t i = 0; i < n; ++i) tag.members.push_back({std::string(), payload(element, depth + 1)});
    }

    void compound(NbtTag& tag, int depth) {
        deeper(depth);
        for (;;) {
            const NbtType t = type_byte("a compound member's type");
            if (t == NbtType::kEnd) return;
            std::string name = string("a compound member's name");
            NbtTag member = payload(t, depth + 1);
            tag.members.push_back({std::move(name), std::move(member)});
        }
    }

    ByteReader in_;
    NbtLimits limits_;
    uint64_t tags_ = 0;
};

}  // namespace

std::pair<std::string, NbtTag> read_nbt(std::span<const uint8_t> data, const std::string& file,
                                        const NbtLimits& limits) {
    NbtReader reader(data, file, limits);
    return reader.root();
}

// [SECTION] writing

void NbtWriter::u16(uint16_t v) {
    out_.push_back(static_cast<uint8_t>(v >> 8));
    out_.push_back(static_cast<uint8_t>(v));
}

void NbtWriter::u32(uint32_t v) {
    u16(static_cast<uint16_t>(v >> 16));
    u16(static_cast<uint16_t>(v));
}

void NbtWriter::head(NbtType type, std::string_view name) {
    assert(name.size() <= 0xFFFF && "NbtWriter: a tag name longer than NBT's 65535 bytes");
    out_.push_back(static_cast<uint8_t>(type));
    u16(static_cast<uint16_t>(name.size()));
    out_.insert(out_.end(), name.begin(), name.end());
}

void NbtWriter::begin_compound(std::string_view name) {
    head(NbtType::kCompound, name);
    ++open_;
}

void NbtWriter::end_compound() {
    assert(open_ > 0 && "NbtWriter: end_compound without a compound open");
    out_.push_back(static_cast<uint8_t>(NbtType::kEnd));
    --open_;
}

void NbtWriter::write_short(std::string_view name, int16_t v) {
    head(NbtType::kShort, name);
    u16(static_cast<uint16_t>(v));
}

void NbtWriter::write_int(std::string_view name, int32_t v) {
    head(NbtType::kInt, name);
    u32(static_cast<uint32_t>(v));
}

void NbtWriter::write_byte_array(std::string_view name, std::span<const uint8_t> bytes) {
    head(NbtType::kByteArray, name);
    u32(static_cast<uint32_t>(bytes.size()));
    out_.insert(out_.end(), bytes.begin(), bytes.end());
}

void NbtWriter::write_int_array(std::string_view name, std::span<const int32_t> values) {
    head(NbtType::kIntArray, name);
    u32(static_cast<uint32_t>(values.size()));
    for (const int32_t v : values) u32(static_cast<uint32_t>(v));
}

void NbtWriter::write_byte(std::string_view name, int8_t v) {
    head(NbtType::kByte, name);
    out_.push_back(static_cast<uint8_t>(v));
}

void NbtWriter::write_string(std::string_view name, std::string_view text) {
    assert(text.size() <= 0xFFFF && "NbtWriter: a string longer than NBT's 65535 bytes");
    head(NbtType::kString, name);
    u16(static_cast<uint16_t>(text.size()));
    out_.insert(out_.end(), text.begin(), text.end());
}

void NbtWriter::write_long_array(std::string_view name, std::span<const uint64_t> values) {
    head(NbtType::kLongArray, name);
    u32(static_cast<uint32_t>(values.size()));
    for (const uint64_t v : values) {
        u32(static_cast<uint32_t>(v >> 32));
        u32(static_cast<uint32_t>(v));
    }
}

void NbtWriter::begin_compound_list(std::string_view name, int32_t count) {
    head(NbtType::kList, name);
    out_.push_back(static_cast<uint8_t>(NbtType::kCompound));
    u32(static_cast<uint32_t>(count));
}

void NbtWriter::begin_list_element() { ++open_; }

}  // namespace slotcraft
