#pragma once
// gzip bytes made inside the tests (so that no binary fixture is committed).

#include <QtGlobal>

#include <string>
#include <string_view>
#include <zlib.h>

namespace roofscope::testing {

// gzip(1)-compatible bytes of `data` (windowBits 31: deflate in a gzip wrapper).
inline std::string gzip(std::string_view data, int level = 6) {
    z_stream z{};
    if (deflateInit2(&z, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        qFatal("deflateInit2 failed");
    std::string out(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        qFatal("deflate did not finish");
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

} // namespace roofscope::testing
