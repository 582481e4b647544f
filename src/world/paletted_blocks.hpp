#pragma once
// The block types of one chunk's 4096 cells, kept with a palette so that memory follows what
// the chunk holds, not its size: one type and no heap while every cell holds it; 2, 4 or 16
// kinds as 1, 2 or 4 bits a cell indexing a palette; more as 8 bits a cell holding the type.
// Until its first compact() (a chunk being generated) cells are written at 8 bits, one store
// each, and compact() packs them; from then on a new kind widens the cells one step.
// Plain C++20; knows nothing of chunks, masks or light.
#include "world/block.hpp"
#include "world/coords.hpp"

#include <cstddef>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>

namespace slotcraft {

class PalettedBlocks {
public:
    static constexpr int kCells = kChunkVolume;

    explicit PalettedBlocks(BlockType uniform = BlockType::kAir) : uniform_(uniform) {}
    PalettedBlocks(const PalettedBlocks& other);
    PalettedBlocks& operator=(const PalettedBlocks& other);
    PalettedBlocks(PalettedBlocks&&) noexcept = default;
    PalettedBlocks& operator=(PalettedBlocks&&) noexcept = default;

    // The type of cell i (0..4095). Cell i's index sits at bit i * bits() of the packed cells,
    // low bits first; at 8 bits the byte is the type itself.
    BlockType get(uint16_t i) const {
        if (bits_ == 8) return static_cast<BlockType>(data_[i]);  // first: a chunk being generated
        if (bits_ == 0) return uniform_;
        const uint8_t* d = data_.get();
        const unsigned bit = static_cast<unsigned>(i) << shift_;
        const unsigned v = (d[bit >> 3] >> (bit & 7)) & ((1u << bits_) - 1);
        return static_cast<BlockType>(d[palette_offset(bits_) + v]);
    }
    // Cell i holds `type`. Before the first compact(), the first type that differs makes
    // 8-bit cells. After it, a type not in the palette is added, and a full palette first
    // doubles the width (1 -> 2 -> 4 -> 8 bits), repacking every cell. The common cases are
    // inline: a store at 8 bits; else the type of the last write again (writes come in
    // runs) or a branch-free search of the palette's 16 bytes, then a masked store.
    void set(uint16_t i, BlockType type) {
        if (bits_ == 8) {
            data_[i] = static_cast<uint8_t>(type);
            return;
        }
        if (bits_ == 0) {
            set_rarely(i, type);
            return;
        }
        if (type != last_type_) {
            const int k = palette_index(type);
            if (k < 0) {
                set_rarely(i, type);
                return;
            }
            last_type_ = type;
            last_index_ = static_cast<uint8_t>(k);
        }
        store_index(i, last_index_);
    }
    // Every cell holds `type`; the storage is freed.
    void fill(BlockType type);
    // Drops the palette entries no cell uses and narrows the width to what the kinds left
    // need; one kind left makes the storage uniform (freed). Returns true when it changed the
    // storage (never a cell's type). From then on a new kind widens one step at a time.
    bool compact();
    // Frees the storage when every cell holds one type, and does nothing else (the width
    // stays): the cheap half of compact(). Returns true when it did.
    bool make_uniform_if_possible();
    // False until the first compact(): a new kind then makes 8-bit cells at once.
    bool compacted() const { return compacted_; }

    // True while every cell holds one type and nothing is allocated.
    bool uniform() const { return bits_ == 0; }
    // Bits a cell: 0 (uniform), 1, 2, 4 or 8.
    int bits() const { return bits_; }
    // Entries in the palette at 1..4 bits (some may no longer be used until compact()); 1
    // while uniform; 0 at 8 bits, where a cell holds its type and there is no palette.
    int palette_size() const { return bits_ == 0 ? 1 : palette_size_; }
    // Types of cells i0 .. i0 + n - 1 into out[0 .. n - 1]: the bulk readers' decode.
    void copy_to(int i0, int n, BlockType* out) const;
    // Heap bytes held: the packed cells and the palette (0 while uniform).
    std::size_t heap_bytes() const { return bits_ == 0 ? 0 : heap_bytes_for(bits_); }

    // The width that holds `kinds` different types.
    static int bits_for(int kinds) { return kinds <= 1 ? 0 : kinds <= 2 ? 1 : kinds <= 4 ? 2 : kinds <= 16 ? 4 : 8; }

    // Palette bytes after the packed cells at 1, 2 and 4 bits: always 16, so that a search
    // reads two words whatever the width.
    static constexpr std::size_t kPaletteBytes = 16;

private:
    // The packed cells come first (512 bytes a bit of width), the palette after them.
    static constexpr std::size_t palette_offset(int bits) { return static_cast<std::size_t>(kCells / 8 * bits); }
    static constexpr std::size_t heap_bytes_for(int bits) {
        return palette_offset(bits) + (bits == 8 ? 0 : kPaletteBytes);
    }
    // The palette entry holding `type`, or -1, at 1..4 bits: a byte search in two 64-bit
    // words without branches (a zero byte of palette ^ type is a match; the lowest flagged
    // byte of a word is exact; a word without a match gives 8).
    int palette_index(BlockType type) const {
        constexpr uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
        const uint64_t t = kOnes * static_cast<uint8_t>(type);
        uint64_t words[2];
        std::memcpy(words, data_.get() + palette_offset(bits_), sizeof words);
        auto first_match = [t](uint64_t word) {
            const uint64_t x = word ^ t;
            return std::countr_zero((x - kOnes) & ~x & kHighs) / 8;
        };
        const int low = first_match(words[0]);
        const int k = low + (low == 8 ? first_match(words[1]) : 0);
        return k < palette_size_ ? k : -1;  // an entry past the used ones is no match
    }
    void store_index(uint16_t i, unsigned index) {
        const unsigned bit = static_cast<unsigned>(i) << shift_;
        const unsigned at = bit & 7;
        uint8_t& byte = data_[bit >> 3];
        byte = static_cast<uint8_t>((byte & ~(((1u << bits_) - 1) << at)) | (index << at));
    }
    // set() when the chunk is uniform, at 8 bits, or the type is new.
    void set_rarely(uint16_t i, BlockType type);
    // The palette index (the type itself at 8 bits) of every cell into out[0 .. 4095].
    void indices_to(uint8_t* out) const;
    // Replaces the storage by width `bits` holding `kinds` (palette order) and the cells'
    // indices into it (types at 8 bits).
    void rebuild(int bits, const BlockType* kinds, int count, const uint8_t* indices);
    // The entries (types at 8 bits) some cell uses, in palette order (type order at 8 bits),
    // into kinds[0 .. count - 1], and the new index of each old entry into moved_to; the count.
    int used_kinds(BlockType* kinds, uint8_t* moved_to) const;
    // The palette index of a type that is not in it yet (the type itself at 8 bits).
    int add_to_palette(BlockType type);

    std::unique_ptr<uint8_t[]> data_;  // packed cells then palette; null while uniform
    BlockType uniform_;                // every cell's type while data_ is null
    uint8_t bits_ = 0;                 // 0, 1, 2, 4, 8
    uint8_t shift_ = 0;                // log2 of bits_ (a cell's first bit is its index << shift_)
    uint8_t palette_size_ = 0;         // entries used at 1..4 bits (at most 16)
    BlockType last_type_{};            // at 1..4 bits: a type in the palette, at last_index_
    uint8_t last_index_ = 0;
    bool compacted_ = false;
};

}  // namespace slotcraft
