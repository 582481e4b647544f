#pragma once
// The bytes of one fuzz input read as a stream of small decisions (an operation, a number in
// a range); past the end every read is 0, so any input is a valid program of operations.
// Fails a check the way libFuzzer notices: abort with a message.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

namespace slotcraft::fuzz {

class FuzzInput {
public:
    FuzzInput(const uint8_t* data, std::size_t size) : bytes_(data, size) {}
    bool done() const { return at_ >= bytes_.size(); }
    uint8_t byte() { return at_ < bytes_.size() ? bytes_[at_++] : 0; }
    uint32_t u32() {
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v = (v << 8) | byte();
        return v;
    }
    // A value in [lo, hi].
    int64_t range(int64_t lo, int64_t hi) {
        const auto span = static_cast<uint64_t>(hi - lo) + 1;
        return lo + static_cast<int64_t>((span <= 256 ? byte() : u32()) % span);
    }

private:
    std::span<const uint8_t> bytes_;
    std::size_t at_ = 0;
};

// A broken promise of the code under test: reported and aborted, so libFuzzer keeps the input.
[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
    std::abort();
}
inline void check(bool ok, const std::string& what) {
    if (!ok) fail(what);
}

}  // namespace slotcraft::fuzz
