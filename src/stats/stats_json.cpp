// The stats document writer.
#include "stats/stats_json.hpp"

#include <cerrno>
#include <charconv>
#include <filesystem>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace slotcraft {

void StatsJson::put(const std::string& path, Value value) {
    Object* obj = &root_;
    size_t start = 0;
    while (true) {
        const size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        auto it = obj->members.begin();
        while (it != obj->members.end() && it->first != key) ++it;
        if (dot == std::string::npos) {
            if (it == obj->members.end()) obj->members.emplace_back(key, std::move(value));
            else it->second = std::move(value);
            return;
        }
        if (it == obj->members.end() || !std::holds_alternative<std::shared_ptr<Object>>(it->second)) {
            auto child = std::make_shared<Object>();
            if (it == obj->members.end()) obj->members.emplace_back(key, child);
            else it->second = child;
            obj = child.get();
        } else {
            obj = std::get<std::shared_ptr<Object>>(it->second).get();
        }
        start = dot + 1;
    }
}

namespace {}  // namespace

void StatsJson::write(std::string& out, const Value& v, int indent) {
    if (std::holds_alternative<Null>(v)) {
        out += "null";
    } else if (auto b = std::get_if<bool>(&v)) {
        out += *b ? "true" : "false";
    } else if (auto i = std::get_if<int64_t>(&v)) {
        out += std::to_string(*i);
    } else if (auto d = std::get_if<double>(&v)) {
        if (!std::isfinite(*d)) {
            out += "null";
        } else {
            // The shortest text that reads back as the same double: exact far from the origin.
            char buf[32];
            const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, *d);
            const std::string text(buf, ec == std::errc() ? end : buf);
            out += text;
            // Keep a double looking like one, so readers do not mistake it for a count.
            if (text.find_first_of(".eE") == std::string::npos) out += ".0";
        }
    } else if (auto s = std::get_if<std::string>(&v)) {
        append_json_string(out, *s);
    } else if (auto list = std::get_if<std::vector<std::string>>(&v)) {
        out += "[";
        for (size_t k = 0; k < list->size(); ++k) {
            if (k) out += ", ";
            append_json_string(out, (*list)[k]);
        }
        out += "]";
    } else if (auto counts = std::get_if<std::vector<int64_t>>(&v)) {
        out += "[";
        for (size_t k = 0; k < counts->size(); ++k) {
            if (k) out += ", ";
            out += std::to_string((*counts)[k]);
        }
        out += "]";
    } else {
        const auto& obj = *std::get<std::shared_ptr<Object>>(v);
        out += "{";
        for (size_t k = 0; k < obj.members.size(); ++k) {
            out += k ? ",\n" : "\n";
            out.append(static_cast<size_t>(indent + 2), ' ');
            append_json_string(out, obj.members[k].first);
            out += ": ";
            write(out, obj.members[k].second, indent + 2);
        }
        out += "\n";
        out.append(static_cast<size_t>(indent), ' ');
        out += "}";
    }
}

std::string StatsJson::dump() const {
    std::string out;
    write(out, Value{std::make_shared<Object>(root_)}, 0);
    out += "\n";
    return out;
}

namespace {

// The length of the well-formed UTF-8 sequence at s[i] (RFC 3629: no overlongs, no surrogates,
// nothing past U+10FFFF), or 0 when the bytes there are not one.
std::size_t utf8_sequence(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b0 = byte(i);
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xbf;  // the allowed range of the second byte
    if (b0 >= 0xc2 && b0 <= 0xdf) {
        n = 2;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
        n = 3;
        if (b0 == 0xe0) lo = 0xa0;
        if (b0 == 0xed) hi = 0x9f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        n = 4;
        if (b0 == 0xf0) lo = 0x90;
        if (b0 == 0xf4) hi = 0x8f;
    } else {
        return 0;
    }
    if (i + n > s.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return 0;
    }
    return n;
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x80) {
            if (const std::size_t n = utf8_sequence(s, i)) {
                out.append(s.substr(i, n));
                i += n;
            } else {
                out += "\\ufffd";  // a byte that is not UTF-8: the replacement character
                ++i;
            }
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            default:
                if (u < 0x20 || u == 0x7f) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
                    out += buf;
                } else {
                    out += c;
                }
        }
        ++i;
    }
    out += '"';
}

std::string json_string(std::string_view s) {
    std::string out;
    append_json_string(out, s);
    return out;
}

}  // namespace slotcraft
