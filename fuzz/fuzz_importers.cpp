// The importer table as the commands use it: the kind detected from the bytes, then `info`'s
// description and `summarize`'s load by that kind's importer, whatever the kind. The bytes are
// written to a file because the table reads paths, as the commands do.
#include "core/import/importer.h"
#include "core/summary.h"
#include "fuzz/fuzz_input.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    static const std::string path = [] {
        const char* dir = std::getenv("TMPDIR");
        return std::string(dir && *dir ? dir : "/tmp") + "/roofscope-fuzz-importers-" +
               std::to_string(::getpid());
    }();
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    (void)detectFileKind(fuzz::text(data, size));
    fuzz::checkError(describeFile(path));
    const Catalog catalog;
    for (const Grouping g : {Grouping::launch, Grouping::kernel}) {
        SummaryOptions options;
        options.grouping = g;
        fuzz::checkError(summarizeInput(path, catalog, options));
    }
    // Removed after every input: libFuzzer may end the process without running exit handlers.
    std::remove(path.c_str());
    return 0;
}
