// The tables behind the analysis views as CSV and JSON: quoting, empty cells, NaN and the notes.
#include "core/analysis/view_table.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <limits>

using namespace roofscope;

namespace {

ViewTable sample() {
    ViewTable t;
    t.schema = "roofscope.test/1";
    t.columns = {{"op", "Op", ""}, {"time_s", "Time", "s"}, {"change_pct", "Change", "%"}};
    t.rows = {
        {std::string("aten::mm"), 0.0125, -34.5},
        {std::string("gemm \"128,64\""), std::numeric_limits<double>::quiet_NaN(), ViewCell{}},
        {std::string("short row")}};
    t.notes = {"Iteration 12.3 ms → 8.1 ms"};
    return t;
}

} // namespace

class TestViewTable : public QObject {
    Q_OBJECT

  private slots:
    void csvQuotesAndLeavesEmptyCellsEmpty() {
        const std::string csv = viewTableCsv(sample());
        QCOMPARE(QString::fromStdString(csv), QStringLiteral("op,time_s,change_pct\r\n"
                                                             "aten::mm,0.0125,-34.5\r\n"
                                                             "\"gemm \"\"128,64\"\"\",,\r\n"
                                                             "short row,,\r\n"));
    }

    void csvOfAnEmptyTableIsItsHeader() {
        ViewTable t;
        t.columns = {{"a", "A", ""}};
        QCOMPARE(QString::fromStdString(viewTableCsv(t)), QStringLiteral("a\r\n"));
    }

    void jsonHasSchemaColumnsRowsAndNotes() {
        const auto doc = nlohmann::json::parse(viewTableJson(sample()));
        QCOMPARE(QString::fromStdString(doc["schema"].get<std::string>()),
                 QStringLiteral("roofscope.test/1"));
        QCOMPARE(doc["columns"].size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(doc["columns"][1]["unit"].get<std::string>()),
                 QStringLiteral("s"));
        QCOMPARE(doc["rows"].size(), std::size_t(3));
        QCOMPARE(doc["rows"][0]["time_s"].get<double>(), 0.0125);
        QVERIFY(doc["rows"][1]["time_s"].is_null());
        QVERIFY(doc["rows"][1]["change_pct"].is_null());
        QVERIFY(doc["rows"][2]["change_pct"].is_null());
        QCOMPARE(QString::fromStdString(doc["notes"][0].get<std::string>()),
                 QString::fromUtf8("Iteration 12.3 ms → 8.1 ms"));
    }
};

QTEST_APPLESS_MAIN(TestViewTable)
#include "test_view_table.moc"
