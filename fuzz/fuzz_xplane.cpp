// XPlane profiles (JAX / XLA): the bytes as an XSpace file, scanned against the limits, parsed by
// protobuf and read into the trace model, then analysed as the trace loader does. The limits are
// the defaults: a hostile count must be refused before it allocates, within -rss_limit_mb.
#include "core/import/kineto/kineto_load.h"
#include "core/import/xplane/xplane_reader.h"
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
        return std::string(dir && *dir ? dir : "/tmp") + "/roofscope-fuzz-xplane-" +
               std::to_string(::getpid()) + ".xplane.pb";
    }();
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    fuzz::checkError(readXplane(path));
    fuzz::checkError(loadKinetoRanks({path}));
    std::remove(path.c_str());
    return 0;
}
