#include "core/probe_location.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include <unistd.h>

namespace roofscope {

std::vector<std::string> probeCandidates(const std::string& exeDir) {
    if (const char* env = std::getenv("ROOFSCOPE_PROBE"); env && *env)
        return {env};
    const std::filesystem::path dir(exeDir);
    return {(dir / "roofscope-probe").string(),
            (dir / ".." / "gpu" / "roofscope-probe").lexically_normal().string(),
            (dir / ".." / "libexec" / "roofscope" / "roofscope-probe").lexically_normal().string()};
}

std::string findProbeExecutable(const std::string& exeDir, std::vector<std::string>* looked) {
    for (const auto& path : probeCandidates(exeDir)) {
        if (looked)
            looked->push_back(path);
        std::error_code ec;
        if (std::filesystem::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0)
            return path;
    }
    return {};
}

std::string currentExecutableDir() {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.parent_path().string();
}

} // namespace roofscope
