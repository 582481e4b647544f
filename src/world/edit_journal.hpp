#pragma once
// The undo journal: every edit operation is one step holding its region and what each cell
// of it was before, run-length coded (a fill over air is a handful of runs; at most 8 bytes
// per changed cell in the worst case). Bounded in bytes: the oldest steps go first.
// Plain C++20; never depends on GL. Lives as long as the program runs (not saved).
#include "world/names.hpp"
#include "world/region.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <vector>

namespace slotcraft {

// The operation a step records, so undo and redo can say what they took back ("undid fill
// of 24 cells"): one table names them.
enum class EditKind : uint8_t {
    kSet,
    kBreak,
    kPlace,
    kFill,
    kReplace,
    kPaste,
    kShape,
    kWalls,
    kHollow,
    kMove,
    kStack,
    kClear,
    kBrush,
};
inline constexpr NameTable<EditKind, 13> kEditKindNames{{{
    {EditKind::kSet, "set"},
    {EditKind::kBreak, "break"},
    {EditKind::kPlace, "place"},
    {EditKind::kFill, "fill"},
    {EditKind::kReplace, "replace"},
    {EditKind::kPaste, "paste"},
    {EditKind::kShape, "shape"},
    {EditKind::kWalls, "walls"},
    {EditKind::kHollow, "hollow"},
    {EditKind::kMove, "move"},
    {EditKind::kStack, "stack"},
    {EditKind::kClear, "clear"},
    {EditKind::kBrush, "brush stroke"},
}}};
inline std::string_view edit_kind_name(EditKind kind) { return kEditKindNames.name(kind); }

// One undo or redo step: a region and, per cell in region order, the type it had before
// the operation, or kUnchangedCell.
class EditStep {
public:
    // `before` holds one byte per cell of `r` (what World::apply returns); `kind`: the
    // operation that made it (an undo's redo step keeps the kind of the step it undid).
    static EditStep record(const Region& r, std::span<const uint8_t> before, EditKind kind = EditKind::kSet);

    const Region& region() const { return region_; }
    EditKind kind() const { return kind_; }
    // One byte per cell of the region, as given to record().
    std::vector<uint8_t> expand() const;
    std::size_t cells_changed() const { return changed_; }
    // The memory the step holds.
    std::size_t bytes() const { return sizeof(EditStep) + runs_.capacity() * sizeof(uint32_t); }

private:
    Region region_;
    std::vector<uint32_t> runs_;  // (value << 24) | (length - 1); a region is at most 2^24 cells
    std::size_t changed_ = 0;
    EditKind kind_ = EditKind::kSet;
    uint64_t serial_ = 0;  // given by the journal when the step enters its undo list
    friend class EditJournal;
};

class EditJournal {
public:
    static constexpr std::size_t kDefaultMiB = 512;

    explicit EditJournal(std::size_t max_bytes = kDefaultMiB * 1024 * 1024) : max_bytes_(max_bytes) {}

    // A new operation's step: the redo steps are cleared. Returns how many of the oldest
    // steps were dropped to stay within the budget (the new step itself when it alone is
    // larger than the budget).
    std::size_t record(EditStep step);
    // The newest undo step, removed from the journal (nullopt: nothing to undo). Undo it,
    // then hand the step that redoes it to push_redo.
    std::optional<EditStep> take_undo();
    std::optional<EditStep> take_redo();
    // After an undo: the step that redoes it. After a redo: the step that undoes it (the
    // other redo steps stay). Both return the steps dropped, as record() does.
    std::size_t push_redo(EditStep step);
    std::size_t push_undo(EditStep step);

    // Every step that enters the undo list (record, push_undo, a merge) gets the next serial.
    uint64_t next_serial() const { return next_serial_; }
    // The newest undo steps whose serial is `since` or later (those a brush stroke, or an edit
    // with its mirror image, recorded; an undo in between takes its step away, so it is not
    // counted) become one of `kind`: its region is the box holding theirs, and each cell keeps
    // the value from before the first of them that changed it, so one undo takes them all
    // back. `merged` is false, changing nothing, for fewer than two such steps or a box over
    // kMaxRegionCells cells (the steps then stay apart); `dropped` counts old steps the budget
    // took meanwhile.
    struct Merge {
        bool merged = false;
        std::size_t steps = 0;  // the steps it found since `since`
        std::size_t dropped = 0;
    };
    Merge merge_since(uint64_t since, EditKind kind);

    std::size_t undo_depth() const { return undo_.size(); }
    std::size_t redo_depth() const { return redo_.size(); }
    std::size_t bytes() const { return bytes_; }
    std::size_t max_bytes() const { return max_bytes_; }

private:
    std::size_t trim();

    std::size_t max_bytes_;
    std::size_t bytes_ = 0;
    uint64_t next_serial_ = 0;
    std::deque<EditStep> undo_;  // oldest first
    std::deque<EditStep> redo_;  // the next redo last
};

}  // namespace slotcraft
