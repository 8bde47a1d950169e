#include "core/import/nsys/nsys_payloads.h"

#include <algorithm>
#include <string_view>

namespace roofscope {
namespace {

using nsys::Db;

// The one count a `SELECT count(*)` gives; nullopt when it cannot be read.
std::optional<std::int64_t> count(const Db& db, const std::string& sql, std::string table) {
    auto q = db.query(sql, std::move(table));
    if (!q)
        return std::nullopt;
    const auto row = q.value().step();
    if (!row.ok() || !row.value())
        return std::nullopt;
    return q.value().integer(0);
}

} // namespace

std::optional<std::string> nvtxPayloadWarning(const nsys::Db& db) {
    if (!db.hasTable("NVTX_PAYLOAD_SCHEMA_ENTRIES"))
        return std::nullopt;
    const auto sizes = count(db,
                             "SELECT count(*) FROM NVTX_PAYLOAD_SCHEMA_ENTRIES WHERE name LIKE "
                             "'Message size%'",
                             "NVTX_PAYLOAD_SCHEMA_ENTRIES");
    if (!sizes || *sizes == 0)
        return std::nullopt;
    const auto columns = db.columns("NVTX_EVENTS");
    const auto has = [&](std::string_view c) {
        return std::find(columns.begin(), columns.end(), c) != columns.end();
    };
    std::int64_t values = 0;
    if (has("binaryData") || has("jsonText")) {
        std::string sql = "SELECT count(*) FROM NVTX_EVENTS WHERE ";
        sql += has("binaryData") ? "binaryData IS NOT NULL" : "0";
        sql += has("jsonText") ? " OR jsonText IS NOT NULL" : "";
        const auto n = count(db, sql, "NVTX_EVENTS");
        if (!n)
            return std::nullopt;
        values = *n;
    }
    if (values == 0)
        return "NCCL's NVTX ranges declare a message-size payload (NVTX_PAYLOAD_SCHEMAS) but the "
               "export holds none of its values: collective sizes come only from "
               "record_param_comms or nccl: ranges with shapes";
    return std::to_string(values) +
           " NVTX events carry payloads (NCCL's message sizes among them), which this reader "
           "does not decode";
}

} // namespace roofscope
