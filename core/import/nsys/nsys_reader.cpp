#include "core/import/nsys/nsys_reader.h"

#include "core/import/nsys/nsys_db.h"
#include "core/import/nsys/nsys_payloads.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>

namespace roofscope {
namespace {

using nsys::Db;
using nsys::Query;

constexpr std::string_view kKernels = "CUPTI_ACTIVITY_KIND_KERNEL";
constexpr std::string_view kMemcpy = "CUPTI_ACTIVITY_KIND_MEMCPY";
constexpr std::string_view kMemset = "CUPTI_ACTIVITY_KIND_MEMSET";
constexpr std::string_view kRuntime = "CUPTI_ACTIVITY_KIND_RUNTIME";
constexpr std::string_view kNvtx = "NVTX_EVENTS";

// globalPid / globalTid: (1 << 48) | pid << 24 | tid (samples' MANIFEST, 21-22).
std::int64_t pidOf(std::int64_t global) {
    return (global >> 24) & 0xffffff;
}
std::int64_t tidOf(std::int64_t global) {
    return global & 0xffffff;
}

// For the optional tables, whose read errors only lose what they would add.
bool nextRow(Query& q) {
    const auto row = q.step();
    return row.ok() && row.value();
}

class Reader {
  public:
    explicit Reader(Db db) : db_(std::move(db)) {}

    Result<NsysExport> read() {
        if (!db_.hasTable(kKernels)) {
            SourceLocation where = inFile(db_.path());
            where.path = std::string(kKernels);
            return makeError("an SQLite file without the " + std::string(kKernels) +
                                 " table: not an Nsight Systems export of a run that traced "
                                 "CUDA kernels (record with --trace=cuda, then nsys export "
                                 "--type sqlite)",
                             where);
        }
        if (auto s = readStrings(); !s)
            return s.error();
        readMetadata();
        if (auto s = readKernels(); !s)
            return s.error();
        if (auto s = readCopies(kMemcpy, GpuEventKind::memcpy); !s)
            return s.error();
        if (auto s = readCopies(kMemset, GpuEventKind::memset); !s)
            return s.error();
        if (auto s = readRuntime(); !s)
            return s.error();
        if (auto s = readNvtx(); !s)
            return s.error();
        readGpus();
        readProcessNames();
        if (auto w = nvtxPayloadWarning(db_))
            out_.warnings.push_back(std::move(*w));
        for (auto& [pid, process] : processes_)
            out_.processes.push_back(std::move(process));
        return std::move(out_);
    }

  private:
    Db db_;
    std::unordered_map<std::int64_t, std::string> strings_;
    std::map<std::int64_t, NsysProcess> processes_;
    NsysExport out_;

    // The columns of `table` among `wanted`, each as itself or NULL when absent, for a SELECT.
    std::string select(std::string_view table, std::initializer_list<std::string_view> wanted) {
        const auto have = db_.columns(table);
        std::string sql = "SELECT ";
        bool first = true;
        for (const auto column : wanted) {
            const bool present = std::find(have.begin(), have.end(), column) != have.end();
            sql += (first ? "" : ", ") + (present ? std::string(column) : std::string("NULL"));
            first = false;
        }
        return sql + " FROM " + std::string(table);
    }

    Status require(std::string_view table, std::initializer_list<std::string_view> columns) {
        const auto have = db_.columns(table);
        for (const auto column : columns)
            if (std::find(have.begin(), have.end(), column) == have.end()) {
                SourceLocation where = inFile(db_.path());
                where.path = std::string(table);
                return makeError(std::string(table) + " has no '" + std::string(column) +
                                     "' column (an nsys release this reader does not know?)",
                                 where);
            }
        return {};
    }

    Status readStrings() {
        if (!db_.hasTable("StringIds"))
            return {};
        ROOFSCOPE_TRY(q, db_.query("SELECT id, value FROM StringIds", "StringIds"));
        for (;;) {
            ROOFSCOPE_TRY(row, q.value().step());
            if (!row.value())
                break;
            strings_.emplace(q.value().integer(0), std::string(q.value().text(1)));
        }
        return {};
    }

    // A name column: a StringIds id in every release seen, text in files others edited.
    std::string nameAt(const Query& q, int i) const {
        if (q.isNull(i))
            return {};
        if (q.isText(i))
            return std::string(q.text(i));
        const auto it = strings_.find(q.integer(i));
        return it == strings_.end() ? std::string() : it->second;
    }

    void readMetadata() {
        for (const char* table : {"META_DATA_EXPORT", "EXPORT_META_DATA"}) {
            if (!db_.hasTable(table))
                continue;
            auto q = db_.query(std::string("SELECT value FROM ") + table +
                                   " WHERE name = 'EXPORT_PRODUCT_VERSION'",
                               table);
            if (q && nextRow(q.value()))
                out_.version = std::string(q.value().text(0));
        }
    }

    NsysProcess& process(std::int64_t pid) {
        auto [it, added] = processes_.try_emplace(pid);
        if (added) {
            it->second.pid = pid;
            it->second.events.meta.versions["nsys"] = out_.version;
        }
        return it->second;
    }

    // A process's interned "pid/tid": the runtime calls and the NVTX ranges of one thread meet
    // under it, which links launches to the ranges around them.
    std::uint32_t thread(NsysProcess& p, std::int64_t globalTid) {
        return p.events.strings.intern(std::to_string(pidOf(globalTid)) + "/" +
                                       std::to_string(tidOf(globalTid)));
    }

    Status readKernels() {
        if (Status s = require(
                kKernels, {"start", "end", "deviceId", "streamId", "correlationId", "globalPid"});
            !s)
            return s;
        ROOFSCOPE_TRY(
            q, db_.query(select(kKernels, {"start", "end", "deviceId", "streamId", "correlationId",
                                           "globalPid", "demangledName", "shortName"}),
                         std::string(kKernels)));
        for (;;) {
            ROOFSCOPE_TRY(row, q.value().step());
            if (!row.value())
                break;
            const Query& r = q.value();
            NsysProcess& p = process(pidOf(r.integer(5)));
            std::string name = nameAt(r, 6);
            if (name.empty())
                name = nameAt(r, 7);
            GpuEvent g;
            g.kind = GpuEventKind::kernel;
            g.name = p.events.strings.intern(name.empty() ? "(unnamed kernel)" : name);
            g.tsNs = r.integer(0);
            g.durNs = std::max<std::int64_t>(0, r.integer(1) - r.integer(0));
            g.device = static_cast<int>(r.integer(2));
            g.stream = static_cast<int>(r.integer(3));
            g.correlation = r.integer(4);
            p.events.gpu.push_back(g);
            ++p.events.eventsSeen;
        }
        return {};
    }

    // nsys's own numbering (its ENUM_CUDA_MEM_KIND table, which 2022 exports lack), not
    // CUPTI's: 0 is pageable there.
    static std::string_view memoryKind(std::int64_t kind) {
        static constexpr std::string_view names[] = {
            "Pageable", "Pinned", "Device", "Array", "Managed", "Device Static", "Managed Static"};
        return kind >= 0 && kind < 7 ? names[kind] : "Unknown";
    }

    // Kineto's spelling, "Memcpy HtoD (Pinned -> Device)", which the copy analysis reads.
    static std::string copyName(std::int64_t copyKind, std::int64_t src, std::int64_t dst) {
        // CUpti_ActivityMemcpyKind
        static constexpr std::string_view kinds[] = {
            "Unknown", "HtoD", "DtoH", "HtoA", "AtoH", "AtoA", "AtoD",
            "DtoA",    "DtoD", "HtoH", "PtoP", "HtoD", "DtoH", "DtoD"}; // 11-13: unified memory
        const std::string_view kind = copyKind >= 0 && copyKind <= 13 ? kinds[copyKind] : kinds[0];
        return "Memcpy " + std::string(kind) + " (" + std::string(memoryKind(src)) + " -> " +
               std::string(memoryKind(dst)) + ")";
    }

    Status readCopies(std::string_view table, GpuEventKind kind) {
        if (!db_.hasTable(table))
            return {};
        if (Status s = require(table, {"start", "end", "deviceId", "streamId", "correlationId",
                                       "globalPid", "bytes"});
            !s)
            return s;
        ROOFSCOPE_TRY(q, db_.query(select(table, {"start", "end", "deviceId", "streamId",
                                                  "correlationId", "globalPid", "bytes", "copyKind",
                                                  "srcKind", "dstKind", "memKind"}),
                                   std::string(table)));
        for (;;) {
            ROOFSCOPE_TRY(row, q.value().step());
            if (!row.value())
                break;
            const Query& r = q.value();
            NsysProcess& p = process(pidOf(r.integer(5)));
            GpuEvent g;
            g.kind = kind;
            g.name = p.events.strings.intern(
                kind == GpuEventKind::memset
                    ? "Memset (" + std::string(memoryKind(r.isNull(10) ? 2 : r.integer(10))) + ")"
                    : copyName(r.integer(7), r.integer(8), r.integer(9)));
            g.tsNs = r.integer(0);
            g.durNs = std::max<std::int64_t>(0, r.integer(1) - r.integer(0));
            g.device = static_cast<int>(r.integer(2));
            g.stream = static_cast<int>(r.integer(3));
            g.correlation = r.integer(4);
            g.bytes = r.integer(6);
            p.events.gpu.push_back(g);
            ++p.events.eventsSeen;
        }
        return {};
    }

    Status readRuntime() {
        if (!db_.hasTable(kRuntime))
            return {};
        if (Status s = require(kRuntime, {"start", "end", "globalTid", "correlationId"}); !s)
            return s;
        ROOFSCOPE_TRY(q, db_.query(select(kRuntime, {"start", "end", "globalTid", "correlationId",
                                                     "nameId", "eventClass"}) +
                                       " ORDER BY start",
                                   std::string(kRuntime)));
        // nsys 2022 writes a call again with its backtrace (eventClass 67): once per process and
        // correlation id.
        std::set<std::pair<std::int64_t, std::int64_t>> seen;
        std::int64_t twice = 0;
        for (;;) {
            ROOFSCOPE_TRY(row, q.value().step());
            if (!row.value())
                break;
            const Query& r = q.value();
            const std::int64_t pid = pidOf(r.integer(2));
            const auto it = processes_.find(pid);
            if (it == processes_.end())
                continue; // a process that launched no GPU work
            if (!seen.emplace(pid, r.integer(3)).second) {
                ++twice;
                continue;
            }
            NsysProcess& p = it->second;
            RuntimeEvent e;
            const std::string name = nameAt(r, 4);
            e.name = p.events.strings.intern(name.empty() ? "(CUDA API call)" : name);
            e.thread = thread(p, r.integer(2));
            e.tsNs = r.integer(0);
            e.durNs = std::max<std::int64_t>(0, r.integer(1) - r.integer(0));
            e.correlation = r.integer(3);
            p.events.runtime.push_back(e);
            ++p.events.eventsSeen;
        }
        if (twice > 0)
            out_.warnings.push_back(std::to_string(twice) + " runtime rows repeat a call (nsys " +
                                    "writes a call's backtrace as a second row): read once");
        return {};
    }

    struct RangeName {
        std::string name;
        bool fromPyTorch = false;
        std::string sizes; // "[[512, 768], [768, 3072]]", as Kineto's "Input Dims"; "" if none
    };

    // PyTorch's emit_nvtx names a range "aten::addmm, seq = 45339, op_id = 990761", and with
    // record_shapes adds ", sizes = [[512, 768], [768, 3072]]": the op is the text before those.
    static RangeName rangeName(std::string text) {
        RangeName out;
        if (const auto at = text.find(", sizes = ["); at != std::string::npos) {
            const std::size_t open = at + 10;
            int depth = 0;
            for (std::size_t i = open; i < text.size(); ++i) {
                depth += text[i] == '[' ? 1 : text[i] == ']' ? -1 : 0;
                if (depth == 0) {
                    out.sizes = text.substr(open, i + 1 - open);
                    break;
                }
            }
        }
        for (const std::string_view marker : {", seq = ", ", op_id = ", ", sizes = "}) {
            const auto at = text.find(marker);
            if (at != std::string::npos) {
                text.resize(at);
                out.fromPyTorch = true;
            }
        }
        out.name = std::move(text);
        return out;
    }

    // RecordFunction ranges that Kineto writes as user annotations, not ops.
    static bool isAnnotation(const std::string& name) {
        return name.rfind("nccl:", 0) == 0 || name.rfind("ProfilerStep#", 0) == 0 ||
               name.rfind("## ", 0) == 0 || name.rfind("FSDP::", 0) == 0 ||
               name.rfind("DistributedDataParallel.", 0) == 0 || name.rfind("Optimizer.", 0) == 0;
    }

    Status readNvtx() {
        if (!db_.hasTable(kNvtx))
            return {};
        if (Status s = require(kNvtx, {"start", "end", "eventType", "globalTid"}); !s)
            return s;
        ROOFSCOPE_TRY(q, db_.query(select(kNvtx, {"start", "end", "eventType", "globalTid", "text",
                                                  "textId"}),
                                   std::string(kNvtx)));
        for (;;) {
            ROOFSCOPE_TRY(row, q.value().step());
            if (!row.value())
                break;
            const Query& r = q.value();
            // 59 push/pop and 60 start/end ranges; marks (34) and the rest have no extent.
            const std::int64_t type = r.integer(2);
            if ((type != 59 && type != 60) || r.isNull(1) || r.integer(1) < r.integer(0))
                continue;
            const auto it = processes_.find(pidOf(r.integer(3)));
            if (it == processes_.end())
                continue;
            NsysProcess& p = it->second;
            std::string text = r.isNull(4) ? nameAt(r, 5) : std::string(r.text(4));
            if (text.empty())
                continue;
            RangeName range = rangeName(std::move(text));
            CpuEvent e;
            e.kind = range.fromPyTorch && !isAnnotation(range.name) ? CpuEventKind::op
                                                                    : CpuEventKind::annotation;
            e.name = p.events.strings.intern(range.name);
            if (!range.sizes.empty() && e.kind == CpuEventKind::op) {
                e.shapes = static_cast<std::uint32_t>(p.events.shapes.size());
                p.events.shapes.push_back({std::move(range.sizes), {}, {}});
            }
            e.thread = thread(p, r.integer(3));
            e.tsNs = r.integer(0);
            e.durNs = r.integer(1) - r.integer(0);
            p.events.cpu.push_back(e);
            ++p.events.eventsSeen;
        }
        return {};
    }

    // TARGET_INFO_GPU (absent from some exports): every process gets the GPUs its work ran on.
    void readGpus() {
        if (!db_.hasTable("TARGET_INFO_GPU")) {
            out_.warnings.push_back("the export has no TARGET_INFO_GPU table: the GPU's model is "
                                    "not recorded (choose the device)");
            return;
        }
        auto q = db_.query(select("TARGET_INFO_GPU", {"id", "name", "computeMajor", "computeMinor",
                                                      "smCount", "totalMemory", "cuDevice"}),
                           "TARGET_INFO_GPU");
        if (!q)
            return;
        std::vector<TraceDeviceProperties> gpus;
        while (nextRow(q.value())) {
            const Query& r = q.value();
            TraceDeviceProperties d;
            // deviceId of the activity tables is the CUDA device ordinal: cuDevice where the
            // table has it, else id.
            d.id = static_cast<int>(r.isNull(6) ? r.integer(0) : r.integer(6));
            d.name = std::string(r.text(1));
            d.computeMajor = r.isNull(2) ? -1 : static_cast<int>(r.integer(2));
            d.computeMinor = r.isNull(3) ? -1 : static_cast<int>(r.integer(3));
            d.numSms = r.isNull(4) ? -1 : static_cast<int>(r.integer(4));
            d.totalGlobalMem = r.isNull(5) ? -1 : r.integer(5);
            gpus.push_back(std::move(d));
        }
        for (auto& [pid, p] : processes_)
            p.events.meta.devices = gpus;
    }

    void readProcessNames() {
        if (!db_.hasTable("PROCESSES"))
            return;
        auto q = db_.query("SELECT pid, name FROM PROCESSES", "PROCESSES");
        if (!q)
            return;
        while (nextRow(q.value()))
            if (const auto it = processes_.find(q.value().integer(0)); it != processes_.end())
                it->second.name = std::string(q.value().text(1));
    }
};

} // namespace

bool isSqliteHead(std::string_view head) {
    return head.substr(0, 16) == std::string_view("SQLite format 3\0", 16);
}

Result<NsysExport> readNsysExport(const std::string& path) {
    ROOFSCOPE_TRY(db, Db::open(path));
    Reader reader(std::move(db).value());
    return reader.read();
}

} // namespace roofscope
