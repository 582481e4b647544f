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

namespace {
void write_string(std::string& out, const std::string& s) {
    out += '"';
    for (char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}
}  // namespace

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
        write_string(out, *s);
    } else if (auto list = std::get_if<std::vector<std::string>>(&v)) {
        out += "[";
        for (size_t k = 0; k < list->size(); ++k) {
            if (k) out += ", ";
            write_string(out, (*list)[k]);
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
            write_string(out, obj.members[k].first);
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

}  // namespace slotcraft
