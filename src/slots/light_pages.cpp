// LightPageTable: light events -> light pages, and the frame's GPU work.
#include "slots/light_pages.hpp"

#include <cassert>
#include <cstring>

namespace slotcraft {

void LightPageTable::apply(const WorldEvents& events) {
    for (const ChunkCoord& c : events.unloaded) release(c);
    apply(events.light);
}

void LightPageTable::apply(const LightEvents& light) {
    for (const ChunkCoord& c : light.dropped) release(c);
    for (const ChunkLightBox& box : light.boxes) {
        mark_relit(box.chunk);
        if (box.cells.empty()) {
            free_page_of(box.chunk);
            set_ref(box.chunk, uniform_light_ref(box.uniform));
            continue;
        }
        assert(box.cells.size() == kLightPageBytes && "a whole light box is kLightBoxVolume bytes");
        const auto it = refs_.find(box.chunk);
        const uint32_t page = it != refs_.end() && it->second >= 0 ? static_cast<uint32_t>(it->second)
                                                                   : pages_.allocate();  // lowest free page
        set_ref(box.chunk, static_cast<int32_t>(page));
        const auto [at, inserted] = page_pos_.insert({page, static_cast<uint32_t>(frame_.pages.size())});
        if (inserted) {
            frame_.pages.push_back(page);
            frame_.page_data.resize(frame_.page_data.size() + kLightPageBytes);
        }
        uint8_t* data = frame_.page_data.data() + std::size_t{at->second} * kLightPageBytes;
        std::memcpy(data, box.cells.data(), kLightPageBytes);
        // Byte writes queued earlier this frame arrive after the page: they must agree with it.
        const uint32_t first = page * kLightPageBytes;
        for (LightByteWrite& w : frame_.writes) {
            if (w.address >= first && w.address < first + kLightPageBytes) w.value = data[w.address - first];
        }
        upload_bytes_total_ += inserted ? kLightPageBytes : 0;
    }
    for (const LightCellChange& c : light.cells) {
        const auto it = refs_.find(c.chunk);
        assert(it != refs_.end() && it->second >= 0 && "light cells only for chunks that hold a whole box");
        if (it == refs_.end() || it->second < 0) continue;
        mark_relit(c.chunk);
        write_byte(static_cast<uint32_t>(it->second) * kLightPageBytes + c.box_index, c.light);
    }
}

void LightPageTable::write_byte(uint32_t address, uint8_t value) {
    const uint32_t page = address / kLightPageBytes;
    if (const auto p = page_pos_.find(page); p != page_pos_.end()) {
        frame_.page_data[std::size_t{p->second} * kLightPageBytes + address % kLightPageBytes] = value;
        if (const auto w = write_pos_.find(address); w != write_pos_.end()) frame_.writes[w->second].value = value;
        return;
    }
    const auto [it, inserted] = write_pos_.insert({address, static_cast<uint32_t>(frame_.writes.size())});
    if (inserted) {
        frame_.writes.push_back({address, value});
        upload_bytes_total_ += sizeof(LightByteWrite);
    } else {
        frame_.writes[it->second].value = value;
    }
}

void LightPageTable::mark_relit(const ChunkCoord& chunk) {
    if (relit_.insert({chunk, true}).second) frame_.relit.push_back(chunk);
}

void LightPageTable::release(const ChunkCoord& chunk) {
    free_page_of(chunk);
    refs_.erase(chunk);
    ref_changed_.erase(chunk);
    relit_.erase(chunk);
}

void LightPageTable::free_page_of(const ChunkCoord& chunk) {
    const auto it = refs_.find(chunk);
    if (it == refs_.end() || it->second < 0) return;
    // Whatever is still queued for the page is harmless: a page handed out again is
    // uploaded whole, and the writes queued before are made to agree with it.
    pages_.free(static_cast<uint32_t>(it->second));
}

void LightPageTable::set_ref(const ChunkCoord& chunk, int32_t ref) {
    const auto [it, inserted] = refs_.insert({chunk, ref});
    if (!inserted && it->second == ref) return;
    if (!inserted) it.value() = ref;
    if (ref_changed_.insert({chunk, true}).second) frame_.refs_changed.push_back(chunk);
}

std::optional<int32_t> LightPageTable::ref_of(const ChunkCoord& chunk) const {
    const auto it = refs_.find(chunk);
    if (it == refs_.end()) return std::nullopt;
    return it->second;
}

LightPageTable::Uploads LightPageTable::take_uploads() {
    Uploads out = std::move(frame_);
    frame_ = {};
    write_pos_.clear();
    page_pos_.clear();
    ref_changed_.clear();
    relit_.clear();
    // A chunk released after its reference changed is not in refs_ any more: skip it.
    const auto released = [this](const ChunkCoord& c) { return !refs_.contains(c); };
    std::erase_if(out.refs_changed, released);
    std::erase_if(out.relit, released);
    return out;
}

LightPageTable::Stats LightPageTable::stats() const {
    Stats s;
    s.pages = pages_.taken();
    s.uniform_chunks = refs_.size() - s.pages;
    s.high_water = pages_.high_water();
    s.upload_bytes_total = upload_bytes_total_;
    return s;
}

}  // namespace slotcraft
