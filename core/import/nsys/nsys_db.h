#pragma once
// A read-only SQLite database as the Nsight Systems reader needs it: tables and their columns
// found by name (nsys adds, renames and drops columns between releases, and creates tables only
// when it has rows for them), rows streamed by a statement, never the database loaded whole.
// Errors name the file, and the table and row where a value is wrong.

#include "core/error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace roofscope::nsys {

class Db;

// One prepared query; step() walks its rows.
class Query {
  public:
    Query(Query&&) noexcept;
    Query& operator=(Query&&) noexcept;
    ~Query();

    // True with a row to read, false at the end; an error names the file and the query's table.
    Result<bool> step();
    // Column `i` of the current row (0-based, in the SELECT's order); 0 / "" for NULL.
    std::int64_t integer(int i) const;
    double real(int i) const;
    std::string_view text(int i) const;
    bool isNull(int i) const;
    bool isText(int i) const;

  private:
    friend class Db;
    Query(sqlite3_stmt* statement, std::string file, std::string table);
    sqlite3_stmt* statement_ = nullptr;
    std::string file_;
    std::string table_;
};

class Db {
  public:
    // Opens `path` read only (immutable: nothing is written beside it, not even a journal).
    // Errors when the file is not an SQLite database.
    static Result<Db> open(const std::string& path);
    Db(Db&&) noexcept;
    Db& operator=(Db&&) noexcept;
    ~Db();

    const std::string& path() const { return path_; }
    bool hasTable(std::string_view table) const;
    // The table's column names, in order; empty when the table is absent.
    std::vector<std::string> columns(std::string_view table) const;
    bool hasColumn(std::string_view table, std::string_view column) const;
    // `sql` prepared; `table` names the table in its errors.
    Result<Query> query(const std::string& sql, std::string table) const;
    // The first column of the first row of `sql`, when it has one and it is not NULL.
    std::optional<std::int64_t> integerOf(const std::string& sql) const;

  private:
    Db(sqlite3* db, std::string path);
    sqlite3* db_ = nullptr;
    std::string path_;
};

} // namespace roofscope::nsys
