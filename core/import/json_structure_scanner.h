#pragma once
// Internal to the trace reader: finds where JSON values end without parsing them, so that a huge
// array can be cut into batches of whole elements and each batch parsed by simdjson on its own.
// This bounds memory for traces of any size (simdjson's own index needs ~0.5 B per input byte
// and refuses documents over 4 GB).
//
// The scan is simdjson's stage-1 idea in portable form: per 64-byte block, bit masks of quotes,
// backslashes and brackets; escaped quotes are removed; a prefix-XOR of the quote mask marks the
// bytes inside strings; brackets outside strings change the depth. It does not validate JSON
// (simdjson does that on each batch); it only has to agree with a valid document.

#include <cstddef>
#include <cstdint>

namespace roofscope::detail {

struct BlockMasks; // per 64-byte block: bit i set where byte i is a quote, backslash, ...

class JsonStructureScanner {
  public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    struct Found {
        // One past the last '}' or ']' in the scanned bytes that closed a value at depth 0 (an
        // element of the enclosing container); npos when none closed.
        std::size_t lastValueEnd = npos;
        // Position of a '}' or ']' that closed the enclosing container (depth below 0); the scan
        // stops there. npos when not reached.
        std::size_t containerEnd = npos;
    };

    // Starts between values at depth 0, outside any string.
    void reset() { *this = JsonStructureScanner(); }

    // Scans data[0, n). With stopAtFirstValue, returns as soon as one value closes at depth 0.
    // Otherwise scans everything up to the container's end. The state carries over to the next
    // call, as if the two ranges were contiguous, except after an early stop, where the state is
    // that just after the stopping byte.
    Found scan(const char* data, std::size_t n, bool stopAtFirstValue);

    std::int64_t depth() const { return depth_; }

    // Whether scan() uses the AVX2 block classifier when activeParseIsa() is avx2 (default true);
    // tests switch it off to cover the SSE2/scalar path on AVX2 machines.
    static void allowAvx2(bool allowed);
    bool inString() const { return inString_; }

  private:
    template <BlockMasks (*Classify)(const char*), std::uint64_t (*PrefixXor)(std::uint64_t)>
    Found scanWith(const char* data, std::size_t n, bool stopAtFirstValue);
    Found scanAvx2(const char* data, std::size_t n, bool stopAtFirstValue);

    std::int64_t depth_ = 0;
    bool inString_ = false;
    bool escapeNext_ = false; // the previous block ended with an unescaped backslash
};

} // namespace roofscope::detail
