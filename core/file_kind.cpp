#include "core/file_kind.h"

#include "core/import/byte_stream.h"

namespace roofscope {
namespace {

bool has(std::string_view text, std::string_view key) {
    return text.find(key) != std::string_view::npos;
}

} // namespace

std::string_view fileKindName(FileKind kind) {
    switch (kind) {
    case FileKind::session:
        return "Roofscope session";
    case FileKind::ceilings:
        return "Roofscope ceilings document";
    case FileKind::kinetoTrace:
        return "Kineto trace";
    case FileKind::ertRoofline:
        return "ERT roofline.json";
    case FileKind::ncclTests:
        return "nccl-tests output";
    case FileKind::ncuCsv:
        return "Nsight Compute CSV";
    case FileKind::nvbandwidth:
        return "nvbandwidth output";
    case FileKind::unknown:
        break;
    }
    return "unrecognised file";
}

FileKind detectFileKind(std::string_view text) {
    // The format keys come first: a session may quote anything, even a trace's keys, in labels.
    if (has(text, "\"roofscope-session\""))
        return FileKind::session;
    if (has(text, "\"roofscope-ceilings\""))
        return FileKind::ceilings;
    const auto first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (first == std::string_view::npos)
        return FileKind::unknown;
    if (text[first] == '[')
        return FileKind::kinetoTrace; // the bare array form of the Trace Event Format
    if (text[first] == '{') {
        // A trace before the others: its kernel names may contain "results" or "empirical".
        if (has(text, "\"traceEvents\""))
            return FileKind::kinetoTrace;
        if (has(text, "\"nvbandwidth\"") && has(text, "\"testcases\""))
            return FileKind::nvbandwidth; // nvbandwidth -j
        if (has(text, "\"empirical\""))
            return FileKind::ertRoofline;
        if (has(text, "\"results\""))
            return FileKind::ncclTests;
        return FileKind::unknown;
    }
    // Text: each tool names its columns. Nsight's header may be quoted or not.
    if (has(text, "Kernel Name"))
        return FileKind::ncuCsv;
    if (has(text, "busbw"))
        return FileKind::ncclTests;
    if (has(text, "bandwidth (GB/s)"))
        return FileKind::nvbandwidth;
    return FileKind::unknown;
}

Result<FileKind> detectFileKindOf(const std::string& path) {
    auto stream = openByteStream(path);
    if (!stream)
        return stream.error();
    std::string head(kFileKindHeadBytes, '\0');
    std::size_t filled = 0;
    while (filled < head.size()) {
        const auto n = stream.value()->read(head.data() + filled, head.size() - filled);
        // A damaged stream past the first bytes is the reader's to report, with its position.
        if (!n)
            return filled > 0 ? Result<FileKind>(detectFileKind({head.data(), filled}))
                              : Result<FileKind>(n.error());
        if (n.value() == 0)
            break;
        filled += n.value();
    }
    head.resize(filled);
    return detectFileKind(head);
}

} // namespace roofscope
