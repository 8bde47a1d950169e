// Nsight Systems SQLite exports through the trace model: the shared exports (nsys 2022.2 and
// 2026.2) against their own tables' counts and sums, queried here with SQLite directly; and
// exports this test writes with nsys's column names (a memset, an NVTX step and a PyTorch op
// range with shapes, a missing GPU table, a missing kernel table, a file that is no database).
#include "core/import/importer.h"
#include "core/import/kineto/kineto_load.h"
#include "core/import/nsys/nsys_reader.h"

#include <sqlite3.h>

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;

namespace {

const std::string kSamples = ROOFSCOPE_SAMPLES;
const std::string k2022 = kSamples + "/nsys_2022.2_a100_saxpy_mpi.sqlite";
const std::string k2026 = kSamples + "/nsys_2026.2_2gpu_nccl_mfu_before.sqlite";

// The rows of a query of the file's own tables, each column as an integer.
std::vector<std::vector<std::int64_t>> rows(const std::string& path, const std::string& sql) {
    std::vector<std::vector<std::int64_t>> out;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return out;
    }
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK)
        while (sqlite3_step(s) == SQLITE_ROW) {
            out.emplace_back();
            for (int i = 0; i < sqlite3_column_count(s); ++i)
                out.back().push_back(sqlite3_column_int64(s, i));
        }
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

bool exec(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    bool ok = sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
              sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

// An export of one process (pid 77, thread 78) with nsys 2024's columns: two GEMM kernels and a
// memset inside a ProfilerStep#1 push/pop range, the first GEMM launched inside a PyTorch op
// range whose shapes give its FLOPs.
constexpr std::int64_t kGlobalPid = (std::int64_t(1) << 48) | (std::int64_t(77) << 24);
constexpr std::int64_t kGlobalTid = kGlobalPid | 78;

std::string madeExport() {
    const std::string pid = std::to_string(kGlobalPid), tid = std::to_string(kGlobalTid);
    return "CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL);"
           "INSERT INTO StringIds VALUES (1, 'ampere_sgemm_128x64_nn'), (2, 'sgemm'),"
           " (3, 'cudaLaunchKernel_v7000'), (4, 'cudaMemsetAsync_v3020');"
           "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT "
           "NULL, deviceId INTEGER, contextId INTEGER, streamId INTEGER, correlationId INTEGER,"
           " globalPid INTEGER, demangledName INTEGER, shortName INTEGER, gridX INTEGER);"
           "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES"
           " (2000, 12000, 0, 1, 7, 10, " +
           pid +
           ", 1, 2, 80),"
           " (13000, 15000, 0, 1, 7, 11, " +
           pid +
           ", 1, 2, 80);"
           "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER, end INTEGER, deviceId "
           "INTEGER, contextId INTEGER, streamId INTEGER, correlationId INTEGER, globalPid "
           "INTEGER, value INTEGER, bytes INTEGER, graphNodeId INTEGER, memKind INTEGER);"
           "INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET VALUES (16000, 16500, 0, 1, 7, 12, " +
           pid +
           ", 0, 4096, NULL, 2);"
           "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER, end INTEGER, eventClass "
           "INTEGER, globalTid INTEGER, correlationId INTEGER, nameId INTEGER, returnValue "
           "INTEGER, callchainId INTEGER);"
           "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES"
           " (1100, 1200, 0, " +
           tid +
           ", 10, 3, 0, NULL),"
           " (1300, 1400, 0, " +
           tid +
           ", 11, 3, 0, NULL),"
           " (1500, 1600, 0, " +
           tid +
           ", 12, 4, 0, NULL);"
           "CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT "
           "NULL, rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid "
           "INTEGER, endGlobalTid INTEGER, textId INTEGER, domainId INTEGER);"
           "INSERT INTO NVTX_EVENTS VALUES"
           " (1000, 20000, 59, NULL, NULL, NULL, 'ProfilerStep#1', " +
           tid +
           ", NULL, NULL, 0),"
           " (1050, 1250, 59, NULL, NULL, NULL, 'aten::mm, seq = 3, op_id = 9, sizes = [[64, "
           "32], [32, 16]]', " +
           tid +
           ", NULL, NULL, 0),"
           " (1700, NULL, 34, NULL, NULL, NULL, 'a mark', " +
           tid +
           ", NULL, NULL, 0);"
           "CREATE TABLE TARGET_INFO_GPU (id INTEGER, name TEXT, computeMajor INTEGER, "
           "computeMinor INTEGER, smCount INTEGER, totalMemory INTEGER, cuDevice INTEGER);"
           "INSERT INTO TARGET_INFO_GPU VALUES (0, 'NVIDIA A100-SXM4-40GB', 8, 0, 108, "
           "42297524224, 0);";
}

} // namespace

class TestNsysReader : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;

    std::string write(const char* name, const std::string& sql) {
        const std::string path = dir_.filePath(QString::fromLatin1(name)).toStdString();
        QFile::remove(QString::fromStdString(path));
        return exec(path, sql) ? path : std::string();
    }

  private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void samplesMatchTheirTables_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("nsys 2022.2, MPI saxpy") << QString::fromStdString(k2022);
        QTest::newRow("nsys 2026.2, 2 GPUs, NCCL") << QString::fromStdString(k2026);
    }
    void samplesMatchTheirTables() {
        QFETCH(QString, file);
        const std::string path = file.toStdString();
        if (!QFile::exists(file))
            QSKIP("../shared/samples is not present");
        const auto read = readNsysExport(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        // Per process: kernels, their time, copies, and runtime calls once per correlation id.
        const auto expected = rows(path, "SELECT globalPid >> 24 & 16777215, count(*), "
                                         "sum(end - start) FROM CUPTI_ACTIVITY_KIND_KERNEL "
                                         "GROUP BY 1 ORDER BY 1");
        QCOMPARE(read.value().processes.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const NsysProcess& p = read.value().processes[i];
            QCOMPARE(p.pid, expected[i][0]);
            std::int64_t kernels = 0, ns = 0, copies = 0;
            for (const GpuEvent& g : p.events.gpu)
                if (g.kind == GpuEventKind::kernel) {
                    ++kernels;
                    ns += g.durNs;
                } else {
                    ++copies;
                }
            QCOMPARE(kernels, expected[i][1]);
            QCOMPARE(ns, expected[i][2]);
            const std::string pid = std::to_string(p.pid);
            const auto copyRows = rows(
                path, "SELECT (SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE globalPid >> "
                      "24 & 16777215 = " +
                          pid +
                          ") + (SELECT count(*) FROM "
                          "CUPTI_ACTIVITY_KIND_MEMSET WHERE globalPid >> 24 & 16777215 = " +
                          pid + ")");
            QCOMPARE(copies, copyRows.at(0).at(0));
            const auto calls = rows(path, "SELECT count(DISTINCT correlationId) FROM "
                                          "CUPTI_ACTIVITY_KIND_RUNTIME WHERE globalTid >> 24 & "
                                          "16777215 = " +
                                              pid);
            QCOMPARE(std::int64_t(p.events.runtime.size()), calls.at(0).at(0));
        }
    }

    // nsys 2022.2 writes 38 of the MPI saxpy's 95 runtime rows twice (eventClass 67, the call's
    // backtrace): 57 calls, each kernel linked to one.
    void duplicateRuntimeRowsAreReadOnce() {
        if (!QFile::exists(QString::fromStdString(k2022)))
            QSKIP("../shared/samples is not present");
        const auto read = readNsysExport(k2022);
        QVERIFY(read.ok());
        QCOMPARE(read.value().processes.at(0).events.runtime.size(), std::size_t(57));
        QCOMPARE(read.value().version, std::string("2022.2.1.31"));
        bool said = false;
        for (const auto& w : read.value().warnings)
            said = said || w.find("38 runtime rows repeat a call") != std::string::npos;
        QVERIFY(said);
        const auto loaded = loadKinetoRanks({k2022});
        QVERIFY(loaded.ok());
        const KinetoAnalysis& a = loaded.value().ranks.at(0).analysis;
        QCOMPARE(a.deviceName, std::string("NVIDIA A100-SXM4-40GB"));
        QCOMPARE(a.launches.size(), std::size_t(5 + 15)); // 5 saxpy kernels, 15 copies
        double copied = 0;
        for (const Launch& l : a.launches)
            if (l.record.category == Category::memcpy)
                copied += l.record.commBytesOn(Link::pcie_h2d).value_or(0) +
                          l.record.commBytesOn(Link::pcie_d2h).value_or(0);
        // The table's own bytes: 10 HtoD and 5 DtoH copies, 3,932,160,000 B in all.
        QCOMPARE(copied, 3932160000.0);
    }

    // The 2026.2 export: two processes are ranks 0 and 1; NCCL's SendRecv kernels are
    // collectives, 66 in the table (33 each).
    void ncclKernelsAreCollectives() {
        if (!QFile::exists(QString::fromStdString(k2026)))
            QSKIP("../shared/samples is not present");
        const auto loaded = loadKinetoRanks({k2026});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const auto& ranks = loaded.value().ranks;
        QCOMPARE(ranks.size(), std::size_t(2));
        const auto nccl = rows(k2026, "SELECT globalPid >> 24 & 16777215, count(*) FROM "
                                      "CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                                      "k.demangledName WHERE s.value LIKE 'ncclDevKernel%' "
                                      "GROUP BY 1 ORDER BY 1");
        QCOMPARE(nccl.size(), std::size_t(2));
        for (std::size_t r = 0; r < 2; ++r) {
            QCOMPARE(ranks[r].analysis.context.rank, int(r));
            QCOMPARE(ranks[r].analysis.context.worldSize, 2);
            std::int64_t collectives = 0;
            for (const Launch& l : ranks[r].analysis.launches)
                collectives += l.record.category == Category::collective ? 1 : 0;
            QCOMPARE(collectives, nccl[r][1]);
        }
        // TARGET_INFO_GPU is absent: said, and no device guessed.
        QVERIFY(ranks[0].analysis.deviceName.empty());
        bool said = false;
        for (const auto& w : loaded.value().warnings)
            said = said || w.find("no TARGET_INFO_GPU") != std::string::npos;
        QVERIFY(said);
        // NCCL's payload schema names a message size, but no NVTX event holds a payload (both
        // counted with SQLite here): said, as the reason the collectives have no bytes.
        QCOMPARE(rows(k2026, "SELECT count(*) FROM NVTX_PAYLOAD_SCHEMA_ENTRIES WHERE name LIKE "
                             "'Message size%'")[0][0] > 0,
                 true);
        QCOMPARE(rows(k2026, "SELECT count(*) FROM NVTX_EVENTS WHERE binaryData IS NOT NULL OR "
                             "jsonText IS NOT NULL")[0][0],
                 std::int64_t(0));
        bool payloads = false;
        for (const auto& w : loaded.value().warnings)
            payloads = payloads || w.starts_with("NCCL's NVTX ranges declare a message-size "
                                                 "payload (NVTX_PAYLOAD_SCHEMAS) but the export "
                                                 "holds none of its values");
        QVERIFY(payloads);
    }

    // A script's own NVTX range named like a step is a step when nothing marks ProfilerStep#N:
    // the made export's range [1000, 20000] renamed holds the same three launches.
    void anNvtxRangeNamedLikeAStepIsAStep() {
        const std::string path =
            write("named-step.sqlite", madeExport() + "UPDATE NVTX_EVENTS SET text = 'train_step "
                                                      "1' WHERE text = 'ProfilerStep#1';");
        QVERIFY(!path.empty());
        const auto loaded = loadKinetoRanks({path});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const KinetoAnalysis& a = loaded.value().ranks.at(0).analysis;
        QCOMPARE(a.steps.size(), std::size_t(1));
        QCOMPARE(a.steps[0].name, std::string("train_step 1"));
        QVERIFY(a.steps[0].marked);
        QCOMPARE(a.steps[0].launches, std::int64_t(3));
    }

    void aMadeExportGivesStepsOpsAndAMemset() {
        const std::string path = write("made.sqlite", madeExport());
        QVERIFY(!path.empty());
        const auto kind = detectFileKindOf(path);
        QVERIFY(kind.ok() && kind.value() == FileKind::nsysSqlite);
        const auto loaded = loadKinetoRanks({path});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const KinetoAnalysis& a = loaded.value().ranks.at(0).analysis;
        QCOMPARE(a.deviceName, std::string("NVIDIA A100-SXM4-40GB"));
        QCOMPARE(a.steps.size(), std::size_t(1));
        QCOMPARE(a.steps[0].name, std::string("ProfilerStep#1"));
        QCOMPARE(a.launches.size(), std::size_t(3));
        for (const Launch& l : a.launches) {
            QCOMPARE(l.step, 0);
            QCOMPARE(l.record.stream, 7);
        }
        const Launch& gemm = a.launches[0];
        QCOMPARE(gemm.record.timeS.value, 10e-6);
        QCOMPARE(std::string(gemm.opName), std::string("aten::mm"));
        // aten::mm of [64, 32] x [32, 16]: 2 x 64 x 32 x 16 FLOP, from the range's sizes.
        QCOMPARE(gemm.record.flops.value, 2.0 * 64 * 32 * 16);
        QVERIFY(gemm.record.flops.origin == Origin::estimated);
        // The second GEMM was launched outside every op range: no shapes, no FLOPs.
        QVERIFY(!a.launches[1].record.flops.known());
        const Launch& memset = a.launches[2];
        QVERIFY(memset.record.category == Category::memcpy);
        QCOMPARE(memset.record.bytesAt(MemoryLevel::dram).value_or(0), 4096.0);
    }

    void aMissingGpuTableIsSaid() {
        const std::string path =
            write("no-gpu.sqlite", madeExport() + "DROP TABLE TARGET_INFO_GPU;");
        const auto loaded = loadKinetoRanks({path});
        QVERIFY(loaded.ok());
        QVERIFY(loaded.value().ranks.at(0).analysis.deviceName.empty());
        QVERIFY(!loaded.value().warnings.empty());
        QVERIFY(loaded.value().warnings.front().find("TARGET_INFO_GPU") != std::string::npos);
    }

    void aMissingKernelTableIsRefused() {
        const std::string path =
            write("no-kernels.sqlite", madeExport() + "DROP TABLE CUPTI_ACTIVITY_KIND_KERNEL;");
        const auto loaded = loadKinetoRanks({path});
        QVERIFY(!loaded.ok());
        const std::string message = loaded.error().toString();
        QVERIFY2(message.rfind(path + ": at CUPTI_ACTIVITY_KIND_KERNEL: ", 0) == 0 &&
                     message.find("--trace=cuda") != std::string::npos,
                 message.c_str());
    }

    void aKernelTableWithoutItsColumnsIsRefused() {
        const std::string path =
            write("old-columns.sqlite",
                  "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, finish INTEGER);");
        const auto read = readNsysExport(path);
        QVERIFY(!read.ok());
        QVERIFY2(read.error().toString().find("has no 'end' column") != std::string::npos,
                 read.error().toString().c_str());
    }

    void aDamagedDatabaseNamesTheFile() {
        // The SQLite header and then nothing a database needs.
        const QString path = dir_.filePath(QStringLiteral("damaged.sqlite"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("SQLite format 3\0", 16) + QByteArray(200, '\x7f'));
        f.close();
        const auto read = readNsysExport(path.toStdString());
        QVERIFY(!read.ok());
        QVERIFY2(read.error().toString().rfind(path.toStdString() + ": ", 0) == 0,
                 read.error().toString().c_str());
    }
};

QTEST_APPLESS_MAIN(TestNsysReader)
#include "test_nsys_reader.moc"
