#include "core/import/importer.h"

#include "core/import/byte_stream.h"
#include "core/text_words.h"

#include <vector>

namespace roofscope {

// Each format's entry, defined in its folder under core/import/.
const Importer& sessionImporter();     // roofscope/session_importer.cpp
const Importer& ceilingsImporter();    // roofscope/ceilings_importer.cpp
const Importer& kinetoImporter();      // kineto/kineto_importer.cpp
const Importer& ncuImporter();         // ncu/ncu_importer.cpp
const Importer& nvbandwidthImporter(); // nvbandwidth/nvbandwidth_importer.cpp
const Importer& ertImporter();         // ert/ert_importer.cpp
const Importer& ncclTestsImporter();   // nccl_tests/nccl_tests_importer.cpp
const Importer& nsysImporter();        // nsys/nsys_importer.cpp
const Importer& xplaneImporter();      // xplane/xplane_importer.cpp

std::span<const Importer* const> importers() {
    // The order is the detection's. Sessions and ceilings first: they may quote anything, even a
    // trace's keys, in their labels. A trace before the other JSON kinds: its kernel names may
    // contain "results" or "empirical". Nsight Compute before nccl-tests and nvbandwidth, whose
    // column words a kernel name may contain. Nsight Systems exports are binary, told by
    // SQLite's header, which no text starts with. XPlane profiles are binary too: right after the
    // Kineto traces (a JSON object or array, which no XSpace starts with) and before the text
    // kinds, which would take one for text, as its first byte is a newline detection skips as a
    // blank and its kernel names may hold their column words. The protobuf structure that must
    // follow that newline (xplane_limits.h) is no text's.
    static const Importer* const table[] = {
        &sessionImporter(), &ceilingsImporter(),  &kinetoImporter(),
        &xplaneImporter(),  &ncuImporter(),       &nvbandwidthImporter(),
        &ertImporter(),     &ncclTestsImporter(), &nsysImporter(),
    };
    return table;
}

const Importer* importerFor(FileKind kind) {
    for (const Importer* i : importers())
        if (i->kind == kind)
            return i;
    return nullptr;
}

std::string_view fileKindName(FileKind kind) {
    const Importer* i = importerFor(kind);
    return i ? i->name : std::string_view("unrecognised file");
}

FileHead fileHead(std::string_view text) {
    FileHead head;
    head.text = text;
    const auto first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (first != std::string_view::npos)
        head.first = text[first];
    if (head.first == '[') {
        const auto next = text.find_first_not_of(" \t\r\n", first + 1);
        if (next != std::string_view::npos)
            head.afterBracket = text[next];
    }
    return head;
}

FileKind detectFileKind(std::string_view text) {
    const FileHead head = fileHead(text);
    for (const Importer* i : importers())
        if (i->recognises(head))
            return i->kind;
    return FileKind::unknown;
}

Result<FileKind> detectFileKindOf(const std::string& path) {
    ROOFSCOPE_TRY(stream, openByteStream(path));
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

Result<const Importer*> importerOf(const std::string& path) {
    ROOFSCOPE_TRY(kind, detectFileKindOf(path));
    if (const Importer* i = importerFor(kind.value()))
        return i;
    std::vector<std::string_view> expected;
    for (const Importer* i : importers())
        expected.push_back(i->expect);
    return makeError("unrecognised file: expected " + joinWords(expected, " or "), inFile(path));
}

Result<std::string> describeFile(const std::string& path) {
    ROOFSCOPE_TRY(importer, importerOf(path));
    return importer.value()->describe(path);
}

std::string pluralList(bool (*reads)(const Importer&)) {
    std::vector<std::string_view> kinds;
    for (const Importer* i : importers())
        if (reads(*i))
            kinds.push_back(i->plural);
    return joinWords(kinds, " and ");
}

} // namespace roofscope
