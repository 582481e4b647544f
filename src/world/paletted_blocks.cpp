// Paletted block storage (paletted_blocks.hpp): packing, widening and compaction.
#include "world/paletted_blocks.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>

namespace slotcraft {

namespace {

using Indices = std::array<uint8_t, PalettedBlocks::kCells>;

// Cell i's index is bits [i * B, i * B + B) of the packed cells: 8 / B cells a byte, the
// lowest cell in the lowest bits.
template <int B>
void unpack(const uint8_t* cells, uint8_t* out) {
    constexpr int kPerByte = 8 / B;
    constexpr unsigned kMask = (1u << B) - 1;
    for (int j = 0; j < PalettedBlocks::kCells / kPerByte; ++j) {
        const unsigned byte = cells[j];
        for (int k = 0; k < kPerByte; ++k) out[j * kPerByte + k] = static_cast<uint8_t>((byte >> (k * B)) & kMask);
    }
}

template <int B>
void pack(const uint8_t* indices, uint8_t* cells) {
    constexpr int kPerByte = 8 / B;
    for (int j = 0; j < PalettedBlocks::kCells / kPerByte; ++j) {
        unsigned byte = 0;
        for (int k = 0; k < kPerByte; ++k) byte |= static_cast<unsigned>(indices[j * kPerByte + k]) << (k * B);
        cells[j] = static_cast<uint8_t>(byte);
    }
}

uint8_t log2_of(int bits) { return static_cast<uint8_t>(bits == 1 ? 0 : bits == 2 ? 1 : bits == 4 ? 2 : 3); }

}  // namespace

PalettedBlocks::PalettedBlocks(const PalettedBlocks& other)
    : uniform_(other.uniform_),
      bits_(other.bits_),
      shift_(other.shift_),
      palette_size_(other.palette_size_),
      last_type_(other.last_type_),
      last_index_(other.last_index_),
      compacted_(other.compacted_) {
    if (other.data_) {
        data_ = std::make_unique_for_overwrite<uint8_t[]>(heap_bytes_for(bits_));
        std::memcpy(data_.get(), other.data_.get(), heap_bytes_for(bits_));
    }
}

PalettedBlocks& PalettedBlocks::operator=(const PalettedBlocks& other) {
    if (this != &other) *this = PalettedBlocks(other);
    return *this;
}

void PalettedBlocks::set_rarely(uint16_t i, BlockType type) {
    assert(i < kCells && "PalettedBlocks::set: a cell index is 0..4095");
    if (bits_ == 0) {
        if (type == uniform_) return;
        if (!compacted_) {  // being generated: one store a write until compact() packs the cells
            data_ = std::make_unique_for_overwrite<uint8_t[]>(heap_bytes_for(8));
            std::memset(data_.get(), static_cast<uint8_t>(uniform_), heap_bytes_for(8));
            bits_ = 8;
            shift_ = 3;
            palette_size_ = 0;
            data_[i] = static_cast<uint8_t>(type);
            return;
        }
        // Every cell becomes index 0 (zeroed bytes) of a one-entry palette.
        data_ = std::make_unique<uint8_t[]>(heap_bytes_for(1));
        data_[palette_offset(1)] = static_cast<uint8_t>(uniform_);
        bits_ = 1;
        shift_ = 0;
        palette_size_ = 1;
        last_type_ = uniform_;
        last_index_ = 0;
    }
    if (bits_ != 8) {
        const int k = palette_index(type);
        const int index = k >= 0 ? k : add_to_palette(type);
        if (bits_ != 8) {  // add_to_palette may have widened to 8
            store_index(i, static_cast<unsigned>(index));
            return;
        }
    }
    data_[i] = static_cast<uint8_t>(type);
}

int PalettedBlocks::add_to_palette(BlockType type) {
    const uint8_t* palette = data_.get() + palette_offset(bits_);
    if (palette_size_ == 1 << bits_) {
        Indices cells;
        indices_to(cells.data());
        std::array<BlockType, kPaletteBytes> kinds{};
        for (int k = 0; k < palette_size_; ++k) kinds[static_cast<std::size_t>(k)] = static_cast<BlockType>(palette[k]);
        const int wider = bits_ * 2;
        if (wider == 8) {  // cells hold their types from now on
            for (uint8_t& c : cells) c = static_cast<uint8_t>(kinds[c]);
            rebuild(8, nullptr, 0, cells.data());
            return static_cast<int>(type);
        }
        rebuild(wider, kinds.data(), palette_size_, cells.data());
    }
    data_[palette_offset(bits_) + palette_size_] = static_cast<uint8_t>(type);
    last_type_ = type;
    last_index_ = palette_size_;
    return palette_size_++;
}

void PalettedBlocks::fill(BlockType type) {
    data_.reset();
    uniform_ = type;
    bits_ = 0;
    shift_ = 0;
    palette_size_ = 0;
}

int PalettedBlocks::used_kinds(BlockType* kinds, uint8_t* moved_to) const {
    // The distinct bytes of the packed cells first, then the indices in each (at most 256
    // bytes to unpack instead of 4096 cells).
    std::array<bool, 256> byte_seen{};
    for (std::size_t j = 0; j < palette_offset(bits_); ++j) byte_seen[data_[j]] = true;
    std::array<bool, 256> used{};
    const unsigned mask = (1u << bits_) - 1;
    for (unsigned byte = 0; byte < 256; ++byte) {
        if (!byte_seen[byte]) continue;
        for (unsigned at = 0; at < 8; at += bits_) used[(byte >> at) & mask] = true;
    }
    int count = 0;
    const int entries = bits_ == 8 ? 256 : palette_size_;
    const uint8_t* palette = data_.get() + palette_offset(bits_);
    for (int v = 0; v < entries; ++v) {
        if (!used[static_cast<std::size_t>(v)]) continue;
        moved_to[v] = static_cast<uint8_t>(count);
        kinds[count++] = static_cast<BlockType>(bits_ == 8 ? v : palette[v]);
    }
    return count;
}

bool PalettedBlocks::make_uniform_if_possible() {
    if (bits_ == 0) return false;
    if (bits_ == 8) {  // a chunk being generated: stops at the first cell that differs
        const uint8_t first = data_[0];
        if (!std::all_of(data_.get(), data_.get() + kCells, [first](uint8_t b) { return b == first; })) return false;
        fill(static_cast<BlockType>(first));
        return true;
    }
    std::array<BlockType, 256> kinds{};
    std::array<uint8_t, 256> moved_to{};
    if (used_kinds(kinds.data(), moved_to.data()) != 1) return false;
    fill(kinds[0]);
    return true;
}

bool PalettedBlocks::compact() {
    compacted_ = true;
    if (bits_ == 0) return false;
    std::array<BlockType, 256> kinds{};
    std::array<uint8_t, 256> moved_to{};
    const int count = used_kinds(kinds.data(), moved_to.data());
    if (count == 1) {
        fill(kinds[0]);
        return true;
    }
    const int bits = bits_for(count);
    if (bits == bits_ && (bits == 8 || count == palette_size_)) return false;  // already tight
    Indices cells;
    indices_to(cells.data());
    for (uint8_t& c : cells) c = moved_to[c];
    rebuild(bits, kinds.data(), count, cells.data());
    return true;
}

void PalettedBlocks::indices_to(uint8_t* out) const {
    const uint8_t* cells = data_.get();
    switch (bits_) {
        case 1: unpack<1>(cells, out); break;
        case 2: unpack<2>(cells, out); break;
        case 4: unpack<4>(cells, out); break;
        default: std::memcpy(out, cells, kCells); break;
    }
}

void PalettedBlocks::rebuild(int bits, const BlockType* kinds, int count, const uint8_t* indices) {
    assert((bits == 8 || count <= 1 << bits) && "PalettedBlocks::rebuild: the palette fits the width");
    auto data = std::make_unique<uint8_t[]>(heap_bytes_for(bits));
    switch (bits) {
        case 1: pack<1>(indices, data.get()); break;
        case 2: pack<2>(indices, data.get()); break;
        case 4: pack<4>(indices, data.get()); break;
        default: std::memcpy(data.get(), indices, kCells); break;
    }
    if (bits != 8) {
        for (int k = 0; k < count; ++k)
            data[palette_offset(bits) + static_cast<std::size_t>(k)] = static_cast<uint8_t>(kinds[k]);
    }
    data_ = std::move(data);
    bits_ = static_cast<uint8_t>(bits);
    shift_ = log2_of(bits);
    palette_size_ = static_cast<uint8_t>(bits == 8 ? 0 : count);
    last_type_ = count > 0 ? kinds[0] : BlockType{};
    last_index_ = 0;
}

void PalettedBlocks::copy_to(int i0, int n, BlockType* out) const {
    assert(i0 >= 0 && n >= 0 && i0 + n <= kCells && "PalettedBlocks::copy_to: cells 0..4095");
    if (bits_ == 0) {
        std::fill_n(out, n, uniform_);
    } else if (bits_ == 8) {
        std::memcpy(out, data_.get() + i0, static_cast<std::size_t>(n));
    } else if (i0 == 0 && n == kCells) {  // the whole chunk: unpack the indices, then look them up
        auto* bytes = reinterpret_cast<uint8_t*>(out);
        indices_to(bytes);
        const uint8_t* palette = data_.get() + palette_offset(bits_);
        for (int k = 0; k < kCells; ++k) bytes[k] = palette[bytes[k]];
    } else {
        for (int k = 0; k < n; ++k) out[k] = get(static_cast<uint16_t>(i0 + k));
    }
}

}  // namespace slotcraft
