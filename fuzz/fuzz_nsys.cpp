// Nsight Systems SQLite exports: the bytes as a database file, read by the nsys reader and
// analysed as the trace loader does. SQLite checks its own pages; this checks the reader on
// whatever rows and column types a damaged or hostile file holds.
#include "core/import/kineto/kineto_load.h"
#include "core/import/nsys/nsys_reader.h"
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
        return std::string(dir && *dir ? dir : "/tmp") + "/roofscope-fuzz-nsys-" +
               std::to_string(::getpid()) + ".sqlite";
    }();
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    fuzz::checkError(readNsysExport(path));
    fuzz::checkError(loadKinetoRanks({path}));
    std::remove(path.c_str());
    return 0;
}
