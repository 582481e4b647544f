// The undo journal: run-length coded steps, bounded in bytes.
#include "world/edit_journal.hpp"

#include <cassert>

namespace slotcraft {

EditStep EditStep::record(const Region& r, std::span<const uint8_t> before, EditKind kind) {
    assert(before.size() == r.cells() && "EditStep::record: one byte per cell of the region");
    EditStep step;
    step.region_ = r;
    step.kind_ = kind;
    std::size_t i = 0;
    while (i < before.size()) {
        const uint8_t value = before[i];
        std::size_t j = i + 1;
        while (j < before.size() && before[j] == value && j - i < kMaxRegionCells) ++j;
        step.runs_.push_back(static_cast<uint32_t>(value) << 24 | static_cast<uint32_t>(j - i - 1));
        if (value != kUnchangedCell) step.changed_ += j - i;
        i = j;
    }
    step.runs_.shrink_to_fit();
    return step;
}

std::vector<uint8_t> EditStep::expand() const {
    std::vector<uint8_t> out;
    out.reserve(region_.cells());
    for (const uint32_t run : runs_) out.insert(out.end(), (run & 0xFFFFFF) + 1, static_cast<uint8_t>(run >> 24));
    return out;
}

std::size_t EditJournal::record(EditStep step) {
    for (const EditStep& s : redo_) bytes_ -= s.bytes();
    redo_.clear();
    return push_undo(std::move(step));
}

std::optional<EditStep> EditJournal::take_undo() {
    if (undo_.empty()) return std::nullopt;
    EditStep step = std::move(undo_.back());
    undo_.pop_back();
    bytes_ -= step.bytes();
    return step;
}

std::optional<EditStep> EditJournal::take_redo() {
    if (redo_.empty()) return std::nullopt;
    EditStep step = std::move(redo_.back());
    redo_.pop_back();
    bytes_ -= step.bytes();
    return step;
}

std::size_t EditJournal::push_redo(EditStep step) {
    bytes_ += step.bytes();
    redo_.push_back(std::move(step));
    return trim();
}

std::size_t EditJournal::push_undo(EditStep step) {
    step.serial_ = next_serial_++;
    bytes_ += step.bytes();
    undo_.push_back(std::move(step));
    return trim();
}

EditJournal::Merge EditJournal::merge_since(uint64_t since, EditKind kind) {
    Merge m;
    std::size_t first = undo_.size();
    while (first > 0 && undo_[first - 1].serial_ >= since) --first;
    m.steps = undo_.size() - first;
    if (m.steps < 2) return m;
    Region box = undo_[first].region();
    for (std::size_t k = first + 1; k < undo_.size(); ++k) {
        box = {glm::min(box.min, undo_[k].region().min), glm::max(box.max, undo_[k].region().max)};
    }
    if (box.cells() > kMaxRegionCells) return m;
    std::vector<uint8_t> before(box.cells(), kUnchangedCell);
    // The newest first, each overwriting: what is left is the oldest step's value for a cell.
    for (std::size_t k = undo_.size(); k-- > first;) {
        const Region& r = undo_[k].region();
        const std::vector<uint8_t> cells = undo_[k].expand();
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (cells[i] != kUnchangedCell) before[box.index_of(r.position_of(i))] = cells[i];
        }
    }
    for (std::size_t k = first; k < undo_.size(); ++k) bytes_ -= undo_[k].bytes();
    undo_.erase(undo_.begin() + static_cast<std::ptrdiff_t>(first), undo_.end());
    m.merged = true;
    m.dropped = push_undo(EditStep::record(box, before, kind));
    return m;
}

// The oldest undo steps go first, then the furthest redo steps.
std::size_t EditJournal::trim() {
    std::size_t dropped = 0;
    while (bytes_ > max_bytes_ && !undo_.empty()) {
        bytes_ -= undo_.front().bytes();
        undo_.pop_front();
        ++dropped;
    }
    while (bytes_ > max_bytes_ && !redo_.empty()) {
        bytes_ -= redo_.front().bytes();
        redo_.pop_front();
        ++dropped;
    }
    return dropped;
}

}  // namespace slotcraft
