// InstanceSlots: world events -> slots, the CPU copy, and the frame's GPU work.
#include "slots/instance_slots.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <string>

namespace slotcraft {

namespace {
// The face axes groups in the order a loaded chunk's cubes take their slots: tops alone
// first (flat ground, most of the surface), then tops with sides, then sides alone: drawn
// near to far and each chunk's last page first, the upper cubes hide more of what follows
// (docs/benchmarks-history.md, "Order of the face axes groups"). A cube with no face (never
// loaded) matches none.
constexpr std::array<uint8_t, 7> kLoadOrder = {2, 3, 6, 7, 5, 1, 4};
static_assert(face_axes(1u << kPosY) == 2 && face_axes(1u << kNegX) == 1 && face_axes(1u << kPosZ) == 4);

// Where each face mask's cubes go in a loaded chunk: by the rank of its axes in kLoadOrder,
// then by the mask itself, so a group's cubes that show the same faces (the +x sides apart
// from the -x sides) share pages, and the cull view can leave out the axes of a page whose
// faces all turn away from the eye. Mask 0 (no face) is never loaded.
constexpr std::array<uint8_t, 64> kLoadRank = [] {
    std::array<uint8_t, 64> rank{};
    uint8_t next = 0;
    for (const uint8_t axes : kLoadOrder)
        for (uint32_t mask = 1; mask < 64; ++mask)
            if (face_axes(static_cast<uint8_t>(mask)) == axes) rank[mask] = next++;
    return rank;
}();
static_assert(kLoadRank[1u << kPosY] == 0, "tops alone come first");
}  // namespace

// [SECTION] applying world events

void InstanceSlots::apply(const WorldEvents& events) {
    for (const ChunkCoord& c : events.unloaded) release_chunk(c);
    for (const ChunkLoaded& loaded : events.loaded) {
        if (loaded.instances.empty()) continue;
        // A new chunk: its record is found (made) once, not once per cube.
        ChunkSlots& record = chunk_record(loaded.coord);
        record.slot_by_index.reserve(record.slot_by_index.size() + loaded.instances.size());
        // Grouped by face axes (tops alone first), then by faces, in the chunk's order within
        // a group (a counting sort by kLoadRank): a page then holds cubes that show the same
        // faces, and is drawn with fewer indices, or not at all when they turn away.
        assert(std::none_of(loaded.instances.begin(), loaded.instances.end(),
                            [](const CubeInstance& cube) { return cube.face_mask == 0; }) &&
               "a loaded cube shows at least one face (kLoadRank has no place for none)");
        // A cube with no face has no rank and takes no slot (as the empty instance says).
        std::array<uint32_t, 65> start{};
        for (const CubeInstance& cube : loaded.instances) {
            if ((cube.face_mask & kAllFaces) != 0) ++start[kLoadRank[cube.face_mask & kAllFaces] + 1u];
        }
        for (size_t r = 1; r < start.size(); ++r) start[r] += start[r - 1];
        load_order_.resize(start.back());
        for (const CubeInstance& cube : loaded.instances) {
            if ((cube.face_mask & kAllFaces) != 0) load_order_[start[kLoadRank[cube.face_mask & kAllFaces]]++] = &cube;
        }
        for (const CubeInstance* cube : load_order_) {
            assert(!record.slot_by_index.contains(cube->index) && "a cube has at most one instance");
            take_slot(record, cube->index, pack_instance(cube->index, cube->type, cube->face_mask, cube->shade));
        }
    }
    apply_changes(events.changes);
}

void InstanceSlots::apply_changes(std::span<const InstanceChange> changes) {
    // Removals first, so the additions of the same batch reuse the slots they free (an edit
    // that exposes the cube below the broken one keeps the buffer's high-water mark).
    for (const InstanceChange& c : changes) {
        if (c.kind == InstanceChange::Kind::kRemoved) apply(c);
    }
    for (const InstanceChange& c : changes) {
        if (c.kind != InstanceChange::Kind::kRemoved) apply(c);
    }
}

void InstanceSlots::apply(const InstanceChange& change) {
    switch (change.kind) {
        case InstanceChange::Kind::kAdded:
            add(change.chunk, change.index, pack_instance(change.index, change.type, change.face_mask, change.shade));
            break;
        case InstanceChange::Kind::kRemoved: remove(change.chunk, change.index); break;
        case InstanceChange::Kind::kChanged: {
            const auto slot = slot_of(change.chunk, change.index);
            assert(slot && "a changed cube must already have an instance");
            if (!slot) break;
            // A rewrite that changes nothing (a cube next to a relit cell whose own shade did
            // not move) uploads nothing.
            const PackedInstance value = pack_instance(change.index, change.type, change.face_mask, change.shade);
            // Water lives on pages of its own: a cube that turns into water or out of it moves.
            if (is_water(change.type) != is_water(instance_type(cpu_[*slot])))
                relocate(change.chunk, change.index, value);
            else if (cpu_[*slot] != value) write(*slot, value);
            break;
        }
    }
}

InstanceSlots::ChunkSlots& InstanceSlots::chunk_record(const ChunkCoord& c) {
    auto it = chunks_.find(c);
    if (it != chunks_.end()) return it.value();
    const uint64_t owner = next_owner_++;
    const uint64_t water_owner = next_owner_++;
    coord_by_owner_.emplace(owner, c);
    coord_by_owner_.emplace(water_owner, c);
    gained_.push_back(c);
    ChunkSlots& record = chunks_.emplace(c, ChunkSlots{owner, water_owner, c, {}}).first.value();
    // A cube's slot by its index, for every loaded cube: at the map's default load (a half) its
    // buckets took 16 MB at the Craft pose for 484,107 cubes. Robin Hood probing keeps short
    // probes at seven eighths.
    record.slot_by_index.max_load_factor(0.875f);
    return record;
}

void InstanceSlots::add(const ChunkCoord& c, uint16_t index, PackedInstance value) {
    ChunkSlots& record = chunk_record(c);
    assert(!record.slot_by_index.contains(index) && "a cube has at most one instance");
    take_slot(record, index, value);
}

// The lowest free slot of the chunk's opaque or water pages (a new page only when they are full).
void InstanceSlots::take_slot(ChunkSlots& record, uint16_t index, PackedInstance value) {
    const ChunkCoord c = record.coord;
    const PageAllocator::Allocation a = pages_.allocate(owner_for(record, value));
    ++slot_allocations_;
    record.slot_by_index.emplace(index, a.slot);
    if (cpu_.size() <= a.slot) {
        // Grow in whole pages, so every owned page has its CPU copy.
        const size_t size = (static_cast<size_t>(a.slot) / kSlotsPerPage + 1) * kSlotsPerPage;
        cpu_.resize(size, 0);
        index_by_slot_.resize(size, 0);
        write_pos_.resize(size, 0);
        page_faces_.resize(size / kSlotsPerPage, 0);
    }
    if (a.new_page) {
        frame_.pages.push_back({a.slot / kSlotsPerPage, c, 0});
        page_faces_[a.slot / kSlotsPerPage] = 0;  // its last owner's cubes are gone
    }
    index_by_slot_[a.slot] = index;
    write(a.slot, value);
}

void InstanceSlots::remove(const ChunkCoord& c, uint16_t index) {
    auto it = chunks_.find(c);
    assert(it != chunks_.end() && "a removed cube's chunk must have instances");
    if (it == chunks_.end()) return;
    ChunkSlots& record = it.value();
    auto slot_it = record.slot_by_index.find(index);
    assert(slot_it != record.slot_by_index.end() && "a removed cube must have an instance");
    if (slot_it == record.slot_by_index.end()) return;
    const uint32_t slot = slot_it->second;
    record.slot_by_index.erase(slot_it);
    if (const auto page = pages_.free(slot)) frame_.released_pages.push_back(*page);
    ++slot_frees_;
    write(slot, 0);  // a free slot inside a page draws nothing
    if (record.slot_by_index.empty()) {
        coord_by_owner_.erase(record.owner);
        coord_by_owner_.erase(record.water_owner);
        emptied_.push_back(c);
        chunks_.erase(it);
    }
}

// A cube that turned into water or out of it: its slot is freed and one taken on the
// chunk's other pages (the chunk keeps its record: it never stops having the cube).
void InstanceSlots::relocate(const ChunkCoord& c, uint16_t index, PackedInstance value) {
    ChunkSlots& record = chunks_.find(c).value();
    auto slot_it = record.slot_by_index.find(index);
    const uint32_t old_slot = slot_it->second;
    record.slot_by_index.erase(slot_it);
    if (const auto page = pages_.free(old_slot)) frame_.released_pages.push_back(*page);
    ++slot_frees_;
    write(old_slot, 0);
    take_slot(record, index, value);
}

void InstanceSlots::release_chunk(const ChunkCoord& c) {
    auto it = chunks_.find(c);
    if (it == chunks_.end()) return;  // an unloaded chunk that had no instance
    // Its pages go back at once and are cleared on the GPU (no upload), so a free slot is 0
    // there as in the CPU copy: nothing stale can be drawn and `verify` compares every slot.
    for (uint32_t page : pages_.release_owner(it->second.owner)) frame_.cleared_pages.push_back(page);
    for (uint32_t page : pages_.release_owner(it->second.water_owner)) frame_.cleared_pages.push_back(page);
    slot_frees_ += it->second.slot_by_index.size();
    for (const auto& [index, slot] : it->second.slot_by_index) {
        cpu_[slot] = 0;
        // A write queued earlier this frame would arrive after the clear: make it a zero.
        if (const uint32_t w = write_pos_[slot]; w != 0) frame_.writes[w - 1].value = 0;
    }
    coord_by_owner_.erase(it->second.owner);
    coord_by_owner_.erase(it->second.water_owner);
    emptied_.push_back(c);
    chunks_.erase(it);
}

void InstanceSlots::write(uint32_t slot, PackedInstance value) {
    cpu_[slot] = value;
    page_faces_[slot / kSlotsPerPage] |= packed_face_mask(value);
    uint32_t& pos = write_pos_[slot];
    if (pos == 0) {
        frame_.writes.push_back({slot, 0, value});
        pos = static_cast<uint32_t>(frame_.writes.size());
    } else {
        frame_.writes[pos - 1].value = value;
    }
}

// [SECTION] compaction

void InstanceSlots::compact(size_t max_moves) {
    const PageAllocator::Compaction done = pages_.compact_all(max_moves);
    frame_.released_pages.insert(frame_.released_pages.end(), done.released_pages.begin(), done.released_pages.end());
    for (const PageAllocator::Move& m : done.moves) {
        const auto page = pages_.owner_of_page(m.to / kSlotsPerPage);
        assert(page && "a compaction target slot belongs to an owner");
        ChunkSlots& record = chunks_.find(coord_by_owner_.at(*page)).value();
        const uint16_t index = index_by_slot_[m.from];
        record.slot_by_index[index] = m.to;
        index_by_slot_[m.to] = index;
        write(m.to, cpu_[m.from]);
        write(m.from, 0);
    }
}

// [SECTION] frame

InstanceSlots::Uploads InstanceSlots::take_uploads() {
    Uploads out = std::move(frame_);
    frame_ = std::move(spare_);
    spare_ = {};
    for (const SlotWrite& w : out.writes) write_pos_[w.slot] = 0;
    writes_last_frame_ = out.writes.size();
    return out;
}

void InstanceSlots::take_chunk_changes(std::vector<ChunkCoord>& gained, std::vector<ChunkCoord>& emptied) {
    gained.swap(gained_);
    emptied.swap(emptied_);
    gained_.clear();
    emptied_.clear();
}

// [SECTION] queries

std::optional<uint32_t> InstanceSlots::slot_of(const ChunkCoord& chunk, uint16_t local_index) const {
    auto it = chunks_.find(chunk);
    if (it == chunks_.end()) return std::nullopt;
    auto s = it->second.slot_by_index.find(local_index);
    if (s == it->second.slot_by_index.end()) return std::nullopt;
    return s->second;
}

void InstanceSlots::chunk_runs(const ChunkCoord& chunk, std::vector<SlotRun>& out) const {
    auto it = chunks_.find(chunk);
    if (it != chunks_.end()) owner_runs(it->second.owner, out);
}

void InstanceSlots::water_runs(const ChunkCoord& chunk, std::vector<SlotRun>& out) const {
    auto it = chunks_.find(chunk);
    if (it != chunks_.end()) owner_runs(it->second.water_owner, out);
}

bool InstanceSlots::has_water(const ChunkCoord& chunk) const {
    auto it = chunks_.find(chunk);
    return it != chunks_.end() && pages_.owner_slots(it->second.water_owner) != 0;
}

void InstanceSlots::owner_runs(uint64_t owner, std::vector<SlotRun>& out) const {
    std::vector<PageAllocator::OwnedPage>& pages = scratch_pages_;
    pages_.owner_pages(owner, pages);
    for (size_t i = 0; i < pages.size();) {
        const uint8_t faces = page_faces_[pages[i].page];
        size_t j = i;
        while (j + 1 < pages.size() && pages[j + 1].page == pages[j].page + 1 &&
               page_faces_[pages[j + 1].page] == faces)
            ++j;
        // The run ends at the last used slot of its last page: empty tails cost vertex work.
        const uint32_t last_used = 63u - static_cast<uint32_t>(std::countl_zero(pages[j].used));
        const uint32_t first = pages[i].page * kSlotsPerPage;
        out.push_back({first, pages[j].page * kSlotsPerPage + last_used + 1 - first, face_axes(faces), faces});
        i = j + 1;
    }
}

void InstanceSlots::chunk_pages(const ChunkCoord& chunk, std::vector<uint32_t>& out) const {
    auto it = chunks_.find(chunk);
    if (it == chunks_.end()) return;
    for (const uint64_t owner : {it->second.owner, it->second.water_owner}) {
        pages_.owner_pages(owner, scratch_pages_);
        for (const PageAllocator::OwnedPage& p : scratch_pages_) out.push_back(p.page);
    }
}

void InstanceSlots::all_chunks(std::vector<ChunkCoord>& out) const {
    for (const auto& [coord, record] : chunks_) out.push_back(coord);
}

std::optional<ChunkCoord> InstanceSlots::chunk_of_page(uint32_t page) const {
    const auto owner = pages_.owner_of_page(page);
    if (!owner) return std::nullopt;
    return coord_by_owner_.at(*owner);
}

InstanceSlots::Stats InstanceSlots::stats() const {
    const PageAllocator::Stats p = pages_.stats();
    Stats s;
    s.instances = p.slots_taken;
    s.pages = p.pages;
    s.high_water = p.high_water;
    s.gaps = p.gaps;
    s.capacity = p.capacity;
    s.chunks = chunks_.size();
    s.moves = p.moves;
    s.page_allocations = p.page_allocations;
    s.page_frees = p.page_frees;
    s.writes_last_frame = writes_last_frame_;
    s.slot_allocations = slot_allocations_;
    s.slot_frees = slot_frees_;
    return s;
}

std::optional<std::string> InstanceSlots::find_invariant_violation() const {
    if (auto why = pages_.find_invariant_violation()) return "page allocator: " + *why;
    uint64_t live = 0;
    for (const auto& [coord, record] : chunks_) {
        if (record.slot_by_index.empty()) return "a chunk record without instances";
        for (const auto& [index, slot] : record.slot_by_index) {
            ++live;
            if (!pages_.is_taken(slot)) return "slot " + std::to_string(slot) + " is mapped but not taken";
            if (index_by_slot_[slot] != index) return "slot " + std::to_string(slot) + " has the wrong cube index";
            if (packed_face_mask(cpu_[slot]) == 0)
                return "live slot " + std::to_string(slot) + " has an empty instance";
            const uint8_t faces = packed_face_mask(cpu_[slot]);
            if ((page_faces_[slot / kSlotsPerPage] & faces) != faces)
                return "live slot " + std::to_string(slot) + " has faces its page's faces leave out";
            const auto owner = pages_.owner_of_page(slot / kSlotsPerPage);
            const bool water = is_water(instance_type(cpu_[slot]));
            if (!owner || *owner != (water ? record.water_owner : record.owner)) {
                return "slot " + std::to_string(slot) +
                       " is in another chunk's page, or on the wrong (water or not) pages";
            }
        }
    }
    if (live != pages_.stats().slots_taken) return "live instances and taken slots differ";
    for (size_t slot = 0; slot < cpu_.size(); ++slot) {
        if (!pages_.is_taken(static_cast<uint32_t>(slot)) && cpu_[slot] != 0) {
            return "free slot " + std::to_string(slot) + " holds an instance in the CPU copy";
        }
    }
    return {};
}

}  // namespace slotcraft
