// The Minecraft name table (see minecraft_names.hpp): its parser and its look-ups.
#include "formats/minecraft_names.hpp"

#include <cassert>
#include <sstream>

#include "formats/format_error.hpp"

namespace slotcraft {

std::string_view minecraft_blocks_text();  // generated from assets/minecraft_blocks.txt

namespace {

// The material stems a family's '*' may name: NAME, NAMEs, NAME_planks, NAME_block.
constexpr std::array<std::string_view, 4> kMaterialSuffixes = {"", "s", "_planks", "_block"};
constexpr int kMaxMaterialDepth = 4;  // "polished_blackstone_brick_stairs" takes three steps

std::vector<std::string> words(std::string_view line) {
    std::vector<std::string> out;
    std::istringstream in{std::string(line)};
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

std::string_view mapped_by_name(MappedBy by) {
    static constexpr std::array<std::string_view, kMappedByCount> kNames = {"exact", "family", "fallback", "dropped"};
    return kNames[static_cast<std::size_t>(by)];
}

bool name_matches(std::string_view pattern, std::string_view name, std::string_view* star) {
    const std::size_t at = pattern.find('*');
    if (at == std::string_view::npos) return pattern == name;
    const std::string_view head = pattern.substr(0, at), tail = pattern.substr(at + 1);
    if (const std::size_t inner = tail.find('*'); inner != std::string_view::npos) {
        // "*deepslate*": the text between the stars anywhere in the name.
        const std::string_view middle = tail.substr(0, inner);
        return name.starts_with(head) && name.ends_with(tail.substr(inner + 1)) &&
               name.substr(head.size()).find(middle) != std::string_view::npos;
    }
    if (name.size() < head.size() + tail.size() || !name.starts_with(head) || !name.ends_with(tail)) return false;
    if (star != nullptr) *star = name.substr(head.size(), name.size() - head.size() - tail.size());
    return true;
}

const MinecraftNames& MinecraftNames::builtin() {
    static const MinecraftNames table = parse(minecraft_blocks_text(), "assets/minecraft_blocks.txt");
    return table;
}

MinecraftNames MinecraftNames::parse(std::string_view text, const std::string& source) {
    MinecraftNames t;
    int number = 0;
    bool fallback_seen = false;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++number;
        const std::vector<std::string> w = words(line);
        if (w.empty() || w[0].starts_with('#')) continue;
        auto refuse = [&](const std::string& why) {
            return refuse_field(source, "line " + std::to_string(number), why + " (in \"" + std::string(line) + "\")");
        };
        auto block = [&](const std::string& name) {
            const std::optional<BlockType> b = block_from_name(name);
            if (!b) throw refuse("'" + name + "' is not a Slotcraft block (names: docs/scripting.md)");
            return *b;
        };
        const std::string& kind = w[0];
        if (kind == "exact" && w.size() == 3) {
            if (!t.exact_.emplace(w[1], block(w[2])).second) throw refuse("'" + w[1] + "' has an exact line already");
        } else if (kind == "drop" && w.size() == 2) {
            t.drops_.push_back(w[1]);
        } else if (kind == "family" && w.size() == 3) {
            Pattern p{w[1]};
            if (w[2] == "@material") p.kind = Pattern::kMaterial;
            else if (w[2] == "@colour") p.kind = Pattern::kColour;
            else p.type = block(w[2]);
            if (p.kind != Pattern::kBlock && p.text.find('*') == std::string::npos) {
                throw refuse("a family with " + w[2] + " needs a '*' in its pattern");
            }
            t.families_.push_back(std::move(p));
        } else if (kind == "colour" && w.size() == 3) {
            t.colours_.emplace_back(w[1], block(w[2]));
        } else if (kind == "fallback" && w.size() == 2) {
            if (fallback_seen) throw refuse("the table has a fallback line already");
            t.fallback_ = block(w[1]);
            fallback_seen = true;
        } else if (kind == "legacy" && w.size() >= 4) {
            int id = -1;
            try {
                id = std::stoi(w[1]);
            } catch (const std::exception&) {}
            if (id < 0 || id > 255) throw refuse("a legacy block id is a number from 0 to 255");
            Legacy& l = t.legacy_[static_cast<std::size_t>(id)];
            if (l.listed) throw refuse("block id " + w[1] + " has a legacy line already");
            l.listed = true;
            l.name = w[2];
            const bool drop = w[3] == "-";
            const BlockType base = drop ? BlockType::kAir : block(w[3]);
            l.by_data.fill(base);
            l.dropped.fill(drop && l.name != "air");
            for (std::size_t k = 4; k < w.size(); ++k) {
                const std::string& v = w[k];
                const std::size_t eq = v.find('=');
                int n = -1;
                try {
                    n = std::stoi(v.substr(v.starts_with('&') ? 1 : 0, eq));
                } catch (const std::exception&) {}
                if (v.starts_with('&') && eq == std::string::npos && n >= 0 && n <= 15) {
                    l.mask = static_cast<uint8_t>(n);
                } else if (eq != std::string::npos && n >= 0 && n <= 15) {
                    l.by_data[static_cast<std::size_t>(n)] = block(v.substr(eq + 1));
                    l.dropped[static_cast<std::size_t>(n)] = false;
                } else {
                    throw refuse("'" + v + "' is neither &MASK nor DATA=BLOCK with numbers from 0 to 15");
                }
            }
        } else {
            throw refuse(
                "a line is 'exact NAME BLOCK', 'drop PATTERN', 'family PATTERN BLOCK|@material|@colour', "
                "'colour WORD BLOCK', 'fallback BLOCK' or 'legacy ID NAME BLOCK [&MASK] [DATA=BLOCK...]'");
        }
    }
    if (!fallback_seen) throw refuse_field(source, "fallback", "the table needs one 'fallback BLOCK' line");
    return t;
}

std::string_view MinecraftNames::bare_name(std::string_view state) {
    std::string_view name = state.substr(0, state.find('['));
    if (const std::size_t colon = name.find(':'); colon != std::string_view::npos) name = name.substr(colon + 1);
    return name;
}

NameMapping MinecraftNames::map(std::string_view state) const {
    if (state.find("waterlogged=true") != std::string_view::npos) return {BlockType::kWater, MappedBy::kFamily};
    return map_bare(bare_name(state), 0);
}

NameMapping MinecraftNames::map_bare(std::string_view name, int depth) const {
    if (const auto it = exact_.find(std::string(name)); it != exact_.end()) return {it->second, MappedBy::kExact};
    for (const std::string& d : drops_) {
        if (name_matches(d, name)) return {BlockType::kAir, MappedBy::kDropped};
    }
    for (const Pattern& p : families_) {
        std::string_view star;
        if (!name_matches(p.text, name, &star)) continue;
        if (p.kind == Pattern::kBlock) return {p.type, MappedBy::kFamily};
        if (p.kind == Pattern::kColour) {
            for (const auto& [word, type] : colours_) {
                if (name.starts_with(word) && name.size() > word.size() && name[word.size()] == '_') {
                    return {type, MappedBy::kFamily};
                }
            }
            continue;  // no colour word: the next family may know it
        }
        if (depth >= kMaxMaterialDepth) continue;
        for (const std::string_view suffix : kMaterialSuffixes) {
            const NameMapping m = map_bare(std::string(star) + std::string(suffix), depth + 1);
            if (m.by == MappedBy::kExact || m.by == MappedBy::kFamily) return {m.type, MappedBy::kFamily};
        }
    }
    return {fallback_, MappedBy::kFallback};
}

LegacyMapping MinecraftNames::legacy(int id, int data) const {
    assert(id >= 0 && id <= 255 && data >= 0 && data <= 15 && "MinecraftNames::legacy: id 0..255, data 0..15");
    const Legacy& l = legacy_[static_cast<std::size_t>(id)];
    if (!l.listed) return {"", {fallback_, MappedBy::kFallback}};
    const auto d = static_cast<std::size_t>(data & l.mask);
    if (l.dropped[d]) return {l.name, {BlockType::kAir, MappedBy::kDropped}};
    return {l.name, {l.by_data[d], MappedBy::kExact}};
}

}  // namespace slotcraft
