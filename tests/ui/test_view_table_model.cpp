// The table beside each analysis view: model contract, SI formatting and sorting by value.
#include "ui/views/view_table_model.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

#include <limits>

using namespace roofscope;
using namespace roofscope::ui;

Q_DECLARE_METATYPE(roofscope::ViewCell)

class TestViewTableModel : public QObject {
    Q_OBJECT

  private slots:
    void formatsCells_data() {
        QTest::addColumn<ViewCell>("cell");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("shown");
        QTest::newRow("seconds") << ViewCell{0.0123} << "s"
                                 << "12.3 ms";
        QTest::newRow("FLOP/s") << ViewCell{3.12e14} << "FLOP/s"
                                << "312 TFLOP/s";
        QTest::newRow("bytes") << ViewCell{2048.0} << "B"
                               << "2.05 kB";
        QTest::newRow("negative percent") << ViewCell{-34.0} << "%"
                                          << "−34.0 %";
        QTest::newRow("ratio") << ViewCell{1.5234} << "x"
                               << "1.52×";
        QTest::newRow("no unit") << ViewCell{0.123456} << ""
                                 << "0.1235";
        QTest::newRow("text") << ViewCell{std::string("aten::mm")} << "s"
                              << "aten::mm";
        QTest::newRow("empty") << ViewCell{} << "s"
                               << "";
        QTest::newRow("NaN") << ViewCell{std::numeric_limits<double>::quiet_NaN()} << "s"
                             << "";
        QTest::newRow("infinity") << ViewCell{std::numeric_limits<double>::infinity()} << "x"
                                  << "∞";
    }
    void formatsCells() {
        QFETCH(ViewCell, cell);
        QFETCH(QString, unit);
        QFETCH(QString, shown);
        QCOMPARE(formatViewCell(cell, unit.toStdString()), shown);
    }

    void sortsByValueNotByText() {
        ViewTable t;
        t.columns = {{"op", "Op", ""}, {"time_s", "Time", "s"}};
        // As text, "900 µs" sorts after "12.0 ms"; by value it comes first.
        t.rows = {
            {std::string("b"), 0.012}, {std::string("a"), 0.0009}, {std::string("c"), ViewCell{}}};
        ViewTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTable(t);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("Time"));
        QCOMPARE(model.headerData(1, Qt::Horizontal, Qt::ToolTipRole).toString(),
                 QStringLiteral("time_s [s]"));
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ViewTableModel::SortRole);
        proxy.sort(1, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("a"));
        QCOMPARE(proxy.index(1, 0).data().toString(), QStringLiteral("b"));
        QCOMPARE(proxy.index(1, 1).data().toString(), QStringLiteral("12.0 ms"));

        model.setTable({});
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestViewTableModel)
#include "test_view_table_model.moc"
