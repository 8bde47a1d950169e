#include "gpu/cpu/cpu_topology.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include <sched.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace roofscope::probe {

namespace {

std::string readFirstLine(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
        line.pop_back();
    return line;
}

std::string trim(std::string s) {
    const auto notSpace = [](unsigned char c) { return !std::isspace(c); };
    s.erase(s.begin(), std::find_if(s.begin(), s.end(), notSpace));
    s.erase(std::find_if(s.rbegin(), s.rend(), notSpace).base(), s.end());
    return s;
}

// "0-3,8,10-11" (sysfs CPU lists) to its CPUs.
std::vector<int> parseCpuList(const std::string& text) {
    std::vector<int> cpus;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
        const auto dash = part.find('-');
        const int first = std::atoi(part.c_str());
        const int last = dash == std::string::npos ? first : std::atoi(part.c_str() + dash + 1);
        for (int cpu = first; cpu <= last && last - first < 65536; ++cpu)
            cpus.push_back(cpu);
    }
    return cpus;
}

std::vector<int> affinityCpus() {
    std::vector<int> cpus;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &set))
                cpus.push_back(cpu);
    if (cpus.empty()) { // no affinity API: trust the online count
        const long online = sysconf(_SC_NPROCESSORS_ONLN);
        for (int cpu = 0; cpu < std::max(1L, online); ++cpu)
            cpus.push_back(cpu);
    }
    return cpus;
}

// SMT siblings share a core: keep the first CPU of each (package, core) pair so that compute
// threads do not compete for one core's FMA units.
std::vector<int> oneCpuPerCore(const std::vector<int>& cpus) {
    std::vector<int> chosen;
    std::set<std::pair<std::string, std::string>> seen;
    for (int cpu : cpus) {
        const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
        const std::string core = readFirstLine(dir + "core_id");
        if (core.empty())
            return cpus; // topology unknown: one thread per logical CPU
        if (seen.insert({readFirstLine(dir + "physical_package_id"), core}).second)
            chosen.push_back(cpu);
    }
    return chosen;
}

void readCachesFromSysfs(int cpu, CpuTopology& t) {
    const std::string base = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cache/index";
    for (int index = 0; index < 16; ++index) {
        const std::string dir = base + std::to_string(index) + "/";
        const std::string level = readFirstLine(dir + "level");
        if (level.empty())
            break;
        const std::string type = readFirstLine(dir + "type");
        if (type == "Instruction")
            continue;
        CacheInfo info{
            parseSizeWithSuffix(readFirstLine(dir + "size")),
            static_cast<int>(parseCpuList(readFirstLine(dir + "shared_cpu_list")).size())};
        if (level == "1")
            t.l1d = info;
        else if (level == "2")
            t.l2 = info;
        else if (level == "3")
            t.l3 = info;
    }
}

void readCachesFromSysconf(CpuTopology& t) {
    const auto size = [](int name) {
        const long v = sysconf(name);
        return v > 0 ? static_cast<std::uint64_t>(v) : std::uint64_t{0};
    };
#if defined(_SC_LEVEL1_DCACHE_SIZE)
    if (!t.l1d.bytes)
        t.l1d.bytes = size(_SC_LEVEL1_DCACHE_SIZE);
    if (!t.l2.bytes)
        t.l2.bytes = size(_SC_LEVEL2_CACHE_SIZE);
    if (!t.l3.bytes)
        t.l3.bytes = size(_SC_LEVEL3_CACHE_SIZE);
#else
    (void)size;
#endif
}

std::map<std::string, std::string> firstCpuinfoBlock() {
    std::map<std::string, std::string> fields;
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
        if (trim(line).empty()) {
            if (!fields.empty())
                break;
            continue;
        }
        const auto colon = line.find(':');
        if (colon != std::string::npos)
            fields.emplace(trim(line.substr(0, colon)), trim(line.substr(colon + 1)));
    }
    return fields;
}

std::string armImplementer(const std::string& code) {
    static const std::map<long, std::string> names = {
        {0x41, "ARM"},      {0x42, "Broadcom"},  {0x43, "Cavium"},
        {0x46, "Fujitsu"},  {0x48, "HiSilicon"}, {0x4e, "NVIDIA"},
        {0x51, "Qualcomm"}, {0x61, "Apple"},     {0xc0, "Ampere"}};
    const auto it = names.find(std::strtol(code.c_str(), nullptr, 0));
    return it == names.end() ? std::string() : it->second;
}

void readNameAndVendor(CpuTopology& t) {
    auto fields = firstCpuinfoBlock();
    t.modelName = fields["model name"];
    const std::string vendorId = fields["vendor_id"];
    if (vendorId == "GenuineIntel")
        t.vendor = "Intel";
    else if (vendorId == "AuthenticAMD")
        t.vendor = "AMD";
    else if (vendorId == "HygonGenuine")
        t.vendor = "Hygon";
    else if (!fields["CPU implementer"].empty())
        t.vendor = armImplementer(fields["CPU implementer"]);
    else
        t.vendor = vendorId;
    if (t.modelName.empty() && !fields["CPU part"].empty())
        t.modelName =
            (t.vendor.empty() ? std::string("ARM") : t.vendor) + " CPU part " + fields["CPU part"];
    if (t.modelName.empty() && !fields["Hardware"].empty())
        t.modelName = fields["Hardware"];
    if (t.modelName.empty()) {
        utsname u{};
        t.modelName = uname(&u) == 0 ? std::string(u.machine) + " CPU" : std::string("CPU");
    }
    // /proc/cpuinfo pads some names with runs of spaces.
    std::string squeezed;
    for (char c : t.modelName)
        if (!(c == ' ' && (squeezed.empty() || squeezed.back() == ' ')))
            squeezed += c;
    t.modelName = trim(squeezed);
}

std::uint64_t meminfoBytes(const std::string& key) {
    std::ifstream in("/proc/meminfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key + ":", 0) == 0)
            return std::strtoull(line.c_str() + key.size() + 1, nullptr, 10) * 1024;
    return 0;
}

} // namespace

std::uint64_t CpuTopology::lastLevelBytes() const {
    return l3.bytes ? l3.bytes : l2.bytes ? l2.bytes : l1d.bytes;
}

std::uint64_t parseSizeWithSuffix(const std::string& text) {
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
    if (end == text.c_str())
        return 0;
    switch (std::toupper(static_cast<unsigned char>(*end))) {
    case 'K':
        return value << 10;
    case 'M':
        return value << 20;
    case 'G':
        return value << 30;
    default:
        return value;
    }
}

CpuTopology readCpuTopology() {
    CpuTopology t;
    t.cpus = affinityCpus();
    t.coreCpus = oneCpuPerCore(t.cpus);
    readCachesFromSysfs(t.cpus.front(), t);
    readCachesFromSysconf(t);
    readNameAndVendor(t);
    const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0)
        t.memoryBytes = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
    t.availableBytes = meminfoBytes("MemAvailable");
    if (!t.availableBytes) {
        const long free = sysconf(_SC_AVPHYS_PAGES);
        if (free > 0 && pageSize > 0)
            t.availableBytes =
                static_cast<std::uint64_t>(free) * static_cast<std::uint64_t>(pageSize);
    }
    return t;
}

double readCoreClockMHz(const std::vector<int>& cpus) {
    double sum = 0;
    int count = 0;
    for (int cpu : cpus) {
        const std::string khz = readFirstLine("/sys/devices/system/cpu/cpu" + std::to_string(cpu) +
                                              "/cpufreq/scaling_cur_freq");
        if (const double v = std::atof(khz.c_str()); v > 0) {
            sum += v / 1000;
            ++count;
        }
    }
    if (count)
        return sum / count;
    // /proc/cpuinfo lists "processor : N" before "cpu MHz" in each block.
    std::ifstream in("/proc/cpuinfo");
    std::set<int> wanted(cpus.begin(), cpus.end());
    int processor = -1;
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        const std::string key = trim(line.substr(0, colon));
        if (key == "processor")
            processor = std::atoi(line.c_str() + colon + 1);
        else if (key == "cpu MHz" && wanted.count(processor)) {
            sum += std::atof(line.c_str() + colon + 1);
            ++count;
        }
    }
    return count ? sum / count : 0;
}

std::string cpuSlug(const std::string& name) {
    std::string text = name;
    if (const auto at = text.find(" @ "); at != std::string::npos)
        text.erase(at);
    for (const char* mark : {"(R)", "(r)", "(TM)", "(tm)"})
        for (auto pos = text.find(mark); pos != std::string::npos; pos = text.find(mark))
            text.erase(pos, std::string(mark).size());
    std::string slug;
    for (char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (!slug.empty() && slug.back() != '-')
            slug += '-';
    }
    while (!slug.empty() && slug.back() == '-')
        slug.pop_back();
    return slug.empty() ? std::string("cpu") : slug;
}

} // namespace roofscope::probe
