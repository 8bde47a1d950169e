#include "core/import/nsys/nsys_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <utility>

namespace roofscope::nsys {

Query::Query(sqlite3_stmt* statement, std::string file, std::string table)
    : statement_(statement), file_(std::move(file)), table_(std::move(table)) {}

Query::Query(Query&& other) noexcept
    : statement_(std::exchange(other.statement_, nullptr)), file_(std::move(other.file_)),
      table_(std::move(other.table_)) {}

Query& Query::operator=(Query&& other) noexcept {
    if (this != &other) {
        sqlite3_finalize(statement_);
        statement_ = std::exchange(other.statement_, nullptr);
        file_ = std::move(other.file_);
        table_ = std::move(other.table_);
    }
    return *this;
}

Query::~Query() {
    sqlite3_finalize(statement_);
}

Result<bool> Query::step() {
    const int rc = sqlite3_step(statement_);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    SourceLocation where = inFile(file_);
    where.path = table_;
    return makeError(std::string("SQLite: ") + sqlite3_errstr(rc) + " while reading " + table_,
                     where);
}

std::int64_t Query::integer(int i) const {
    return sqlite3_column_int64(statement_, i);
}
double Query::real(int i) const {
    return sqlite3_column_double(statement_, i);
}
bool Query::isNull(int i) const {
    return sqlite3_column_type(statement_, i) == SQLITE_NULL;
}
bool Query::isText(int i) const {
    return sqlite3_column_type(statement_, i) == SQLITE_TEXT;
}

std::string_view Query::text(int i) const {
    const auto* p = sqlite3_column_text(statement_, i);
    if (!p)
        return {};
    return {reinterpret_cast<const char*>(p),
            static_cast<std::size_t>(sqlite3_column_bytes(statement_, i))};
}

Db::Db(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
Db::Db(Db&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)) {}
Db& Db::operator=(Db&& other) noexcept {
    if (this != &other) {
        sqlite3_close(db_);
        db_ = std::exchange(other.db_, nullptr);
        path_ = std::move(other.path_);
    }
    return *this;
}
Db::~Db() {
    sqlite3_close(db_);
}

Result<Db> Db::open(const std::string& path) {
    sqlite3* db = nullptr;
    // A URI with immutable=1: the export may lie on a read-only or shared file system, where
    // SQLite's locks and journals would fail or leave files.
    std::string uri = "file:";
    for (const char c : path) {
        if (c == '%' || c == '?' || c == '#')
            uri += c == '%' ? "%25" : c == '?' ? "%3f" : "%23";
        else
            uri += c;
    }
    uri += "?immutable=1";
    const int rc =
        sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    if (rc != SQLITE_OK) {
        const std::string why = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
        sqlite3_close(db);
        return makeError("cannot open as SQLite: " + why, inFile(path));
    }
    Db out(db, path);
    // A file that is no database fails at its first read, not at open.
    char* message = nullptr;
    if (sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, &message) !=
        SQLITE_OK) {
        const std::string why = message ? message : "unreadable";
        sqlite3_free(message);
        return makeError("not an SQLite database: " + why, inFile(path));
    }
    return out;
}

bool Db::hasTable(std::string_view table) const {
    return !columns(table).empty();
}

std::vector<std::string> Db::columns(std::string_view table) const {
    std::vector<std::string> out;
    // Names come from this reader's own constants, never from the file: quoting is enough.
    const std::string sql = "PRAGMA table_info(\"" + std::string(table) + "\")";
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK)
        return out;
    while (sqlite3_step(statement) == SQLITE_ROW)
        if (const auto* name = sqlite3_column_text(statement, 1))
            out.emplace_back(reinterpret_cast<const char*>(name));
    sqlite3_finalize(statement);
    return out;
}

bool Db::hasColumn(std::string_view table, std::string_view column) const {
    const auto names = columns(table);
    return std::find(names.begin(), names.end(), column) != names.end();
}

Result<Query> Db::query(const std::string& sql, std::string table) const {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
        SourceLocation where = inFile(path_);
        where.path = table;
        const std::string why = sqlite3_errmsg(db_);
        sqlite3_finalize(statement);
        return makeError("SQLite: " + why + " (reading " + table + ")", where);
    }
    return Query(statement, path_, std::move(table));
}

std::optional<std::int64_t> Db::integerOf(const std::string& sql) const {
    sqlite3_stmt* statement = nullptr;
    std::optional<std::int64_t> out;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_type(statement, 0) != SQLITE_NULL)
        out = sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    return out;
}

} // namespace roofscope::nsys
