// gzip through zlib (see gzip.hpp).
#include "formats/gzip.hpp"

#include <zlib.h>

#include <algorithm>
#include <cassert>
#include <limits>

#include "formats/format_error.hpp"

namespace slotcraft {

namespace {
constexpr int kGzipWindow = 16 + MAX_WBITS;  // zlib's way to ask for a gzip header and trailer
constexpr std::size_t kStep = 1 << 20;       // the output grows by at most this much a call
}  // namespace

std::vector<uint8_t> gzip_compress(std::span<const uint8_t> data) {
    z_stream z{};
    [[maybe_unused]] const int init = deflateInit2(&z, 6, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY);
    assert(init == Z_OK && "gzip_compress: zlib refused its own default settings");
    std::vector<uint8_t> out(deflateBound(&z, static_cast<uLong>(data.size())) + 64);
    z.next_in = const_cast<Bytef*>(data.data());  // zlib's API is not const-correct
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = out.data();
    z.avail_out = static_cast<uInt>(out.size());
    [[maybe_unused]] const int done = deflate(&z, Z_FINISH);
    assert(done == Z_STREAM_END && "gzip_compress: deflateBound gave too little room");
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::vector<uint8_t> gzip_decompress(std::span<const uint8_t> gz, const std::string& file, uint64_t max_bytes) {
    if (gz.size() < 2 || gz[0] != 0x1f || gz[1] != 0x8b) {
        throw refuse_at(file, 0, "gzip header",
                        "wrong magic: a .schem is gzip-compressed NBT and this file does not start with gzip's "
                        "1f 8b; the file is damaged or not a schematic");
    }
    return inflate_stream(gz, Wrapper::kGzip, file, max_bytes,
                          "more than a schematic within the size limit can hold (a gzip bomb, or a build too large "
                          "to import)");
}

std::vector<uint8_t> inflate_stream(std::span<const uint8_t> data, Wrapper wrapper, const std::string& file,
                                    uint64_t max_bytes, std::string_view too_large) {
    const char* name = wrapper == Wrapper::kGzip ? "gzip" : "zlib";
    const std::string stream = std::string(name) + " data";
    if (data.size() > std::numeric_limits<uInt>::max()) {
        throw refuse_field(file, "size", std::string("over 4 GiB of ") + name + " data; refused");
    }
    z_stream z{};
    if (inflateInit2(&z, wrapper == Wrapper::kGzip ? kGzipWindow : MAX_WBITS) != Z_OK) {
        throw refuse_field(file, name, "zlib could not start");
    }
    z.next_in = const_cast<Bytef*>(data.data());
    z.avail_in = static_cast<uInt>(data.size());
    std::vector<uint8_t> out;
    int result = Z_OK;
    while (result != Z_STREAM_END) {
        if (out.size() >= max_bytes) {
            inflateEnd(&z);
            throw refuse_at(file, z.total_in, stream.c_str(),
                            "it inflates past " + with_commas(max_bytes) + " bytes, " + std::string(too_large));
        }
        const std::size_t room = static_cast<std::size_t>(std::min<uint64_t>(kStep, max_bytes - out.size()));
        const std::size_t had = out.size();
        out.resize(had + room);
        z.next_out = out.data() + had;
        z.avail_out = static_cast<uInt>(room);
        result = inflate(&z, Z_NO_FLUSH);
        out.resize(had + room - z.avail_out);
        if (result == Z_BUF_ERROR && z.avail_in == 0) result = Z_DATA_ERROR;  // ends inside the stream
        if (result != Z_OK && result != Z_STREAM_END && result != Z_BUF_ERROR) {
            const uint64_t at = z.total_in;
            const std::string why = z.avail_in == 0
                                        ? "the data is truncated inside the " + std::string(name) + " stream"
                                        : "damaged " + stream + " (" + (z.msg ? z.msg : "?") + ")";
            inflateEnd(&z);
            throw refuse_at(file, at, stream.c_str(), why);
        }
    }
    const uint64_t used = z.total_in;
    inflateEnd(&z);
    if (used != data.size()) {
        throw refuse_at(file, used, ("after the " + std::string(name) + " stream").c_str(),
                        with_commas(data.size() - used) + " byte(s) of something else follow the compressed data");
    }
    return out;
}

}  // namespace slotcraft
