// Recursive-descent JSON parser for the tests.
#include "support/json.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace slotcraft::test {

namespace {

class Parser {
public:
    explicit Parser(const std::string& text) : s_(text) {}
    Json document() {
        Json v = value();
        skip_space();
        if (pos_ != s_.size()) fail("trailing characters");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("JSON: " + what + " at offset " + std::to_string(pos_));
    }
    void skip_space() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' || s_[pos_] == '\t'))
            ++pos_;
    }
    bool consume(const std::string& word) {
        if (s_.compare(pos_, word.size(), word) == 0) {
            pos_ += word.size();
            return true;
        }
        return false;
    }
    void expect(char c) {
        skip_space();
        if (pos_ >= s_.size() || s_[pos_] != c) fail(std::string("expected '") + c + "'");
        ++pos_;
    }
    Json value() {
        skip_space();
        if (pos_ >= s_.size()) fail("unexpected end");
        Json v;
        const char c = s_[pos_];
        if (c == '{') return object();
        if (c == '[') return array();
        if (c == '"') {
            v.kind = Json::Kind::kString;
            v.string = string();
        } else if (consume("null")) {
            v.kind = Json::Kind::kNull;
        } else if (consume("true")) {
            v.kind = Json::Kind::kBool;
            v.boolean = true;
        } else if (consume("false")) {
            v.kind = Json::Kind::kBool;
        } else {
            number(v);
        }
        return v;
    }
    void number(Json& v) {
        const size_t start = pos_;
        bool is_double = false;
        while (pos_ < s_.size() && std::string("+-0123456789.eE").find(s_[pos_]) != std::string::npos) {
            if (s_[pos_] == '.' || s_[pos_] == 'e' || s_[pos_] == 'E') is_double = true;
            ++pos_;
        }
        if (start == pos_) fail("unexpected character");
        const std::string text = s_.substr(start, pos_ - start);
        v.kind = is_double ? Json::Kind::kDouble : Json::Kind::kInteger;
        v.number = std::strtod(text.c_str(), nullptr);
        if (!is_double) v.integer = std::strtoll(text.c_str(), nullptr, 10);
    }
    std::string string() {
        expect('"');
        std::string out;
        while (pos_ < s_.size() && s_[pos_] != '"') {
            char c = s_[pos_++];
            if (c == '\\') {
                if (pos_ >= s_.size()) fail("bad escape");
                const char e = s_[pos_++];
                if (e == 'n') c = '\n';
                else if (e == 't') c = '\t';
                else if (e == 'u') {
                    c = static_cast<char>(std::strtol(s_.substr(pos_, 4).c_str(), nullptr, 16));
                    pos_ += 4;
                } else c = e;
            }
            out += c;
        }
        expect('"');
        return out;
    }
    Json array() {
        Json v;
        v.kind = Json::Kind::kArray;
        expect('[');
        skip_space();
        if (consume("]")) return v;
        do {
            v.array.push_back(value());
            skip_space();
        } while (consume(","));
        expect(']');
        return v;
    }
    Json object() {
        Json v;
        v.kind = Json::Kind::kObject;
        expect('{');
        skip_space();
        if (consume("}")) return v;
        do {
            skip_space();
            std::string key = string();
            expect(':');
            v.object[key] = value();
            skip_space();
        } while (consume(","));
        expect('}');
        return v;
    }
    const std::string& s_;
    size_t pos_ = 0;
};

}  // namespace

Json Json::parse(const std::string& text) { return Parser(text).document(); }

Json Json::parse_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return parse(text.str());
}

const Json* Json::find(const std::string& path) const {
    const Json* node = this;
    size_t start = 0;
    while (true) {
        const size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (node->kind != Kind::kObject) return nullptr;
        auto it = node->object.find(key);
        if (it == node->object.end()) return nullptr;
        node = &it->second;
        if (dot == std::string::npos) return node;
        start = dot + 1;
    }
}

const Json& Json::at(const std::string& path) const {
    const Json* v = find(path);
    if (!v) throw std::runtime_error("JSON has no key '" + path + "'");
    return *v;
}

}  // namespace slotcraft::test
