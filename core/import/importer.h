#pragma once
// The one table of the formats Roofscope reads, and the only place that decides a file's kind:
// from its content, never its name. `roofscope info`, `summarize` and `export`, the window's
// Open dialog, its drag-and-drop and command-line files, and the fuzz targets all go through it.
// A new format is a folder under core/import/ with its Importer, and one line in importers()
// (docs/architecture.md, "A new importer").

#include "core/error.h"
#include "core/file_kind.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace roofscope {

struct FileSummary;    // core/summary.h
struct SummaryOptions; // core/summary.h

// What the explorer and `roofscope export` make of a file of a kind.
enum class OpensAs {
    session,  // the session itself: the window's is replaced, `export` draws it
    run,      // a dataset of records, several files of one job its ranks: read by the trace loader
              // (core/import/kineto/kineto_load.h), whose model every run format produces
    records,  // a run of its own read whole, never a rank of a job (Nsight Compute: one
              // kernel at a time, no clock shared with other files)
    ceilings, // measured ceilings for a device of the session (measured_ceilings.h): the
              // window asks which device, `export` takes them with --ceilings
    devices,  // whole devices (a ceilings document: the probe's output, a catalog entry): the
              // window adds them to the session; `export` finds them in the user catalog
    infoOnly, // read by `info` (and by `summarize` where it holds records) only
};

// The beginning of a file as detection sees it.
struct FileHead {
    std::string_view text;    // the first bytes, decompressed when gzip
    char first = '\0';        // the first character after blanks and a UTF-8 BOM; '\0' when none
    char afterBracket = '\0'; // when `first` is '[': the next character after blanks

    // Boyer-Moore-Horspool: find() stops at every occurrence of the key's first character, and
    // the keys start with '"', which JSON has every few bytes (1.2 ms to 0.2 ms for the two
    // searches a trace's megabyte passes before it is recognised).
    bool has(std::string_view key) const {
        return key.empty() ||
               std::search(text.begin(), text.end(),
                           std::boyer_moore_horspool_searcher(key.begin(), key.end())) !=
                   text.end();
    }
    bool jsonObject() const { return first == '{'; }
    // An array of objects (or an empty one). Text that merely starts with '[' is text: Open
    // MPI's --tag-output starts every line with "[1,0]<stdout>:".
    bool jsonArray() const { return first == '[' && (afterBracket == '{' || afterBracket == ']'); }
    bool plainText() const { return first != '\0' && first != '{' && !jsonArray(); }
};

struct Importer {
    FileKind kind;
    std::string_view id;     // as `summarize --json` names the kind: "kineto", "ncu_csv", ...
    std::string_view name;   // in messages: "Kineto trace"
    std::string_view plural; // in lists of what a command reads: "Kineto traces"
    std::string_view expect; // in "unrecognised file: expected ...": "a Kineto trace"
    // The Open dialog's entry, "Kineto traces, one file per rank", and the names it lists,
    // "*.json *.json.gz"; both empty when the window does not open the kind.
    std::string_view dialogName;
    std::string_view patterns;
    OpensAs opensAs;
    // Whether a file with this head is of this kind. Tried in the table's order: the first that
    // says yes decides, so a rule may rely on those before it having said no.
    bool (*recognises)(const FileHead& head);
    // `roofscope info`: what the file holds, in plain text ending in a newline. Errors name the
    // file and the position of the problem.
    Result<std::string> (*describe)(const std::string& path);
    // `roofscope summarize`: the file's records (ungrouped by the importer: grouped as
    // options.grouping asks), collectives, steps, device name and warnings into `summary`, whose
    // source and kind are set. nullptr when the kind holds no records to summarize.
    Status (*summarize)(FileSummary& summary, const SummaryOptions& options);
};

// Every importer, in the order detection tries them.
std::span<const Importer* const> importers();

// The importer of a kind; nullptr for FileKind::unknown.
const Importer* importerFor(FileKind kind);

// A short description for messages: "Kineto trace", "Nsight Compute CSV", ...
std::string_view fileKindName(FileKind kind);

// The head of `text`: its first non-blank character found.
FileHead fileHead(std::string_view text);

// The kind of a document from its text, whole or its beginning (kFileKindHeadBytes suffice for
// every kind: each is recognised by keys or columns near the top).
FileKind detectFileKind(std::string_view text);

inline constexpr std::size_t kFileKindHeadBytes = std::size_t(1) << 20;

// Reads up to kFileKindHeadBytes of `path`, decompressed when gzip, and detects the kind. Errors
// name the file: missing, unreadable, a corrupt gzip header.
Result<FileKind> detectFileKindOf(const std::string& path);

// The importer for `path`; an unrecognised file is an error that names the file and lists the
// kinds understood.
Result<const Importer*> importerOf(const std::string& path);

// What `roofscope info` prints about the file: its importer's description. Errors name the file
// and the position of the problem; an unrecognised file is an error listing the kinds understood.
Result<std::string> describeFile(const std::string& path);

// The kinds whose importer `reads` says yes to, in table order, for a command's messages:
// "sessions (*.roofscope) and Kineto traces".
std::string pluralList(bool (*reads)(const Importer&));

} // namespace roofscope
