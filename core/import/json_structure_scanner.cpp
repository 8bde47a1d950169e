#include "core/import/json_structure_scanner.h"

#include "core/import/parse_isa.h"

#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ROOFSCOPE_SCANNER_AVX2 1
#endif

namespace roofscope::detail {

struct BlockMasks {
    std::uint64_t quote = 0;
    std::uint64_t backslash = 0;
    std::uint64_t open = 0;  // '{' or '['
    std::uint64_t close = 0; // '}' or ']'
};

namespace {

// '{' 0x7b and '[' 0x5b differ only in bit 0x20, as do '}' 0x7d and ']' 0x5d: one compare each.
BlockMasks classify(const char* block) {
    BlockMasks m;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i caseBit = _mm_set1_epi8(0x20);
    const __m128i open = _mm_set1_epi8('{');
    const __m128i close = _mm_set1_epi8('}');
    for (int i = 0; i < 4; ++i) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * i));
        const __m128i folded = _mm_or_si128(v, caseBit);
        const auto shift = 16 * i;
        m.quote |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote))))
                   << shift;
        m.backslash |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash))))
                       << shift;
        m.open |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open))))
                  << shift;
        m.close |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close))))
                   << shift;
    }
#else
    for (int i = 0; i < 64; ++i) {
        const unsigned char c = static_cast<unsigned char>(block[i]);
        const std::uint64_t bit = std::uint64_t(1) << i;
        if (c == '"')
            m.quote |= bit;
        else if (c == '\\')
            m.backslash |= bit;
        else if ((c | 0x20) == '{')
            m.open |= bit;
        else if ((c | 0x20) == '}')
            m.close |= bit;
    }
#endif
    return m;
}

#if ROOFSCOPE_SCANNER_AVX2
// The same masks from two 32-byte loads, on CPUs that have AVX2 (chosen at run time: the build
// targets baseline x86-64).
__attribute__((target("avx2"))) BlockMasks classifyAvx2(const char* block) {
    BlockMasks m;
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i caseBit = _mm256_set1_epi8(0x20);
    const __m256i open = _mm256_set1_epi8('{');
    const __m256i close = _mm256_set1_epi8('}');
    for (int i = 0; i < 2; ++i) {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 32 * i));
        const __m256i folded = _mm256_or_si256(v, caseBit);
        const auto shift = 32 * i;
        // (a lambda would not inherit this function's target, so no helper)
        m.quote |= std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, quote))))
                   << shift;
        m.backslash |=
            std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, backslash))))
            << shift;
        m.open |=
            std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, open))))
            << shift;
        m.close |=
            std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, close))))
            << shift;
    }
    return m;
}

bool avx2Allowed = true;

// The AVX2 parse path is only active on a CPU that has AVX2 (parse_isa.cpp).
bool haveAvx2() {
    return avx2Allowed && activeParseIsa() == ParseIsa::avx2;
}
#endif

// Bit i of the result is the XOR of bits 0..i: 1 from an opening quote up to (not including)
// its closing quote.
std::uint64_t prefixXor(std::uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

#if ROOFSCOPE_SCANNER_AVX2
// The same as one carry-less multiply by all ones, on the CPUs of the AVX2 path (which simdjson's
// haswell kernel, whose test chooses that path, requires PCLMULQDQ and POPCNT of too).
__attribute__((target("pclmul"))) std::uint64_t prefixXorClmul(std::uint64_t x) {
    const __m128i product =
        _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<long long>(x)), _mm_set1_epi8(-1), 0);
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(product));
}
#endif

} // namespace

template <BlockMasks (*Classify)(const char*), std::uint64_t (*PrefixXor)(std::uint64_t)>
__attribute__((always_inline)) inline JsonStructureScanner::Found
JsonStructureScanner::scanWith(const char* data, std::size_t n, bool stopAtFirstValue) {
    Found found;
    char tail[64];
    for (std::size_t base = 0; base < n; base += 64) {
        const std::size_t len = n - base < 64 ? n - base : 64;
        const char* block = data + base;
        if (len < 64) {
            // Zero padding classifies as nothing, so the tail needs no special rules.
            std::memset(tail, 0, sizeof tail);
            std::memcpy(tail, block, len);
            block = tail;
        }
        const BlockMasks m = Classify(block);

        // Backslashes are rare in traces: resolve escapes bit by bit only where there are any.
        std::uint64_t escaped = escapeNext_ ? 1 : 0;
        escapeNext_ = false;
        for (std::uint64_t b = m.backslash; b != 0; b &= b - 1) {
            const int i = std::countr_zero(b);
            if ((escaped >> i) & 1)
                continue; // this backslash is itself escaped
            if (static_cast<std::size_t>(i) + 1 >= len)
                escapeNext_ = true;
            else
                escaped |= std::uint64_t(1) << (i + 1);
        }

        const std::uint64_t quotes = m.quote & ~escaped;
        const std::uint64_t insideString = PrefixXor(quotes) ^ (inString_ ? ~std::uint64_t(0) : 0);
        const std::uint64_t structural = (m.open | m.close) & ~insideString;
        for (std::uint64_t s = structural; s != 0; s &= s - 1) {
            const int i = std::countr_zero(s);
            if ((m.open >> i) & 1) {
                ++depth_;
                continue;
            }
            --depth_;
            if (depth_ < 0) {
                found.containerEnd = base + i;
                depth_ = 0;
                inString_ = false;
                escapeNext_ = false;
                return found;
            }
            if (depth_ == 0) {
                found.lastValueEnd = base + i + 1;
                if (stopAtFirstValue) {
                    inString_ = false;
                    escapeNext_ = false;
                    return found;
                }
            }
        }
        inString_ = ((insideString >> (len - 1)) & 1) != 0;
    }
    return found;
}

#if ROOFSCOPE_SCANNER_AVX2
__attribute__((target("avx2,popcnt,pclmul"))) JsonStructureScanner::Found
JsonStructureScanner::scanAvx2(const char* data, std::size_t n, bool stopAtFirstValue) {
    return scanWith<classifyAvx2, prefixXorClmul>(data, n, stopAtFirstValue);
}
#endif

void JsonStructureScanner::allowAvx2(bool allowed) {
#if ROOFSCOPE_SCANNER_AVX2
    avx2Allowed = allowed;
#else
    (void)allowed;
#endif
}

JsonStructureScanner::Found JsonStructureScanner::scan(const char* data, std::size_t n,
                                                       bool stopAtFirstValue) {
#if ROOFSCOPE_SCANNER_AVX2
    if (haveAvx2())
        return scanAvx2(data, n, stopAtFirstValue);
#endif
    return scanWith<classify, prefixXor>(data, n, stopAtFirstValue);
}

} // namespace roofscope::detail
