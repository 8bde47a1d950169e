#include "app/summarize_ranks.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace roofscope::app {

std::vector<int> assignFiles(const std::vector<std::uint64_t>& sizes, int ranks) {
    std::vector<std::size_t> order(sizes.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return sizes[a] > sizes[b]; });
    std::vector<std::uint64_t> load(static_cast<std::size_t>(std::max(ranks, 1)), 0);
    std::vector<int> owner(sizes.size(), 0);
    for (const std::size_t file : order) {
        const auto least = std::min_element(load.begin(), load.end());
        owner[file] = static_cast<int>(least - load.begin());
        // A file of 0 bytes (or one that could not be measured) still counts, so such files spread.
        *least += std::max<std::uint64_t>(sizes[file], 1);
    }
    return owner;
}

namespace {

void putNumber(std::uint64_t n, std::string& bytes) {
    char b[8];
    for (int i = 0; i < 8; ++i)
        b[i] = static_cast<char>((n >> (8 * i)) & 0xff);
    bytes.append(b, 8);
}

void putText(const std::string& text, std::string& bytes) {
    putNumber(text.size(), bytes);
    bytes += text;
}

struct Reader {
    std::string_view bytes;
    std::size_t at = 0;

    bool number(std::uint64_t& n) {
        if (bytes.size() - at < 8)
            return false;
        n = 0;
        for (int i = 0; i < 8; ++i)
            n |= std::uint64_t(static_cast<unsigned char>(bytes[at + std::size_t(i)])) << (8 * i);
        at += 8;
        return true;
    }
    bool text(std::string& s) {
        std::uint64_t n = 0;
        if (!number(n) || n > bytes.size() - at)
            return false;
        s.assign(bytes.substr(at, static_cast<std::size_t>(n)));
        at += static_cast<std::size_t>(n);
        return true;
    }
};

} // namespace

void encodeOutcome(const FileOutcome& o, std::string& bytes) {
    putNumber(o.index, bytes);
    putNumber(o.failed ? 1 : 0, bytes);
    putText(o.out, bytes);
    putText(o.err, bytes);
}

Result<std::vector<FileOutcome>> decodeOutcomes(std::string_view bytes) {
    std::vector<FileOutcome> outcomes;
    Reader r{bytes};
    while (r.at < bytes.size()) {
        const std::size_t start = r.at;
        FileOutcome o;
        std::uint64_t index = 0, failed = 0;
        if (!r.number(index) || !r.number(failed) || failed > 1 || !r.text(o.out) || !r.text(o.err))
            return makeError("a rank's summaries are cut or damaged at byte " +
                             std::to_string(start) + " of " + std::to_string(bytes.size()));
        o.index = static_cast<std::size_t>(index);
        o.failed = failed == 1;
        outcomes.push_back(std::move(o));
    }
    return outcomes;
}

} // namespace roofscope::app
