// The record table against hand-computed values (record_fixture.h): its cells, numeric sorting
// with absent values last, filtering from the bar above it, and the selection linked with the
// plot in both directions.
#include "tests/support/record_fixture.h"
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/record_filter_model.h"
#include "ui/record_panel.h"
#include "ui/record_table_model.h"
#include "ui/roofline_plot.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include <cmath>

using namespace roofscope;
using ui::RecordTableModel;

namespace {

QStringList columnTexts(const QAbstractItemModel& model, int col) {
    QStringList out;
    for (int r = 0; r < model.rowCount(); ++r)
        out.append(model.index(r, col).data().toString());
    return out;
}

} // namespace

class TestRecordTable : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        // The window remembers recent files and its layout: not in the user's settings.
        QStandardPaths::setTestModeEnabled(true);
    }

    void modelsPassTheTester() {
        RecordTableModel model;
        ui::RecordFilterModel filter;
        QAbstractItemModelTester sourceTester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(
            &filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(testing::roundSession());
        filter.sort(RecordTableModel::Time, Qt::DescendingOrder);
        filter.setNameFilter(QStringLiteral("gemm"));
        filter.setCategory(Category::gemm);
        filter.setRank(0);
        filter.setPhase(Phase::backward);
        filter.setBottleneck(std::nullopt);
        filter.setPhase(std::nullopt);
        filter.setNameFilter({});
        model.setSession(Session{});
        model.setSession(testing::roundSession());
        QCOMPARE(filter.rowCount(), 2);
    }

    // A kernel reads as its op and a short name (core's recordLabel); its tip and the name
    // filter still know the whole template.
    void nameIsTheRecordsLabel() {
        Session s = testing::roundSession();
        OpRecord& r = s.datasets[0].records[0];
        r.name = "void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, float, float, "
                 "float, at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(float*, "
                 "float const*, int)";
        r.op = "aten::_softmax [[8,12,64,64]]";
        RecordTableModel model;
        ui::RecordFilterModel filter;
        filter.setSourceModel(&model);
        model.setSession(s);
        const QModelIndex name = model.index(model.rowOf({0, 0}), RecordTableModel::Name);
        QCOMPARE(name.data().toString(),
                 QStringLiteral("aten::_softmax [[8,12,64,64]] \u00b7 cunn_SoftMaxForward"));
        QVERIFY(name.data(Qt::ToolTipRole).toString().endsWith(QString::fromStdString(r.name)));
        filter.setNameFilter(QStringLiteral("SoftMaxForwardEpilogue"));
        QCOMPARE(filter.rowCount(), 1);
        filter.setNameFilter(QStringLiteral("aten::_softmax"));
        QCOMPARE(filter.rowCount(), 1);
    }

    void cells_data() {
        QTest::addColumn<int>("dataset");
        QTest::addColumn<int>("record");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<double>("raw"); // NaN: absent (or text)
        const double absent = std::nan("");
        using M = RecordTableModel;
        QTest::newRow("name") << 0 << 0 << int(M::Name) << "gemm_big" << absent;
        QTest::newRow("dataset") << 1 << 0 << int(M::DatasetLabel) << "run B" << absent;
        QTest::newRow("category") << 0 << 1 << int(M::CategoryColumn) << "elementwise" << absent;
        QTest::newRow("phase") << 0 << 3 << int(M::PhaseColumn) << "communication" << absent;
        QTest::newRow("rank") << 0 << 2 << int(M::Rank) << "1" << 1.0;
        QTest::newRow("count") << 0 << 0 << int(M::Count) << "4" << 4.0;
        QTest::newRow("time 40 ms") << 0 << 0 << int(M::Time) << "40.0 ms" << 0.04;
        QTest::newRow("time absent") << 0 << 3 << int(M::Time) << "\u2013" << absent;
        QTest::newRow("share 0.04 of 0.1 s") << 0 << 0 << int(M::TimeShare) << "40 %" << 0.4;
        QTest::newRow("share 0.05 of 0.1 s") << 0 << 2 << int(M::TimeShare) << "50 %" << 0.5;
        QTest::newRow("share alone") << 1 << 0 << int(M::TimeShare) << "100 %" << 1.0;
        QTest::newRow("flops") << 0 << 0 << int(M::Flops) << "2.00 TFLOP" << 2e12;
        QTest::newRow("flops absent") << 0 << 2 << int(M::Flops) << "\u2013" << absent;
        QTest::newRow("dram bytes") << 0 << 0 << int(M::DramBytes) << "10.0 GB" << 1e10;
        QTest::newRow("intensity 2T/10G") << 0 << 0 << int(M::Intensity) << "200 FLOP/B" << 200.0;
        QTest::newRow("intensity 1G/8G") << 0 << 1 << int(M::Intensity) << "0.125 FLOP/B" << 0.125;
        QTest::newRow("intensity no device")
            << 1 << 0 << int(M::Intensity) << "100 FLOP/B" << 100.0;
        QTest::newRow("flop/s 2T/40ms") << 0 << 0 << int(M::FlopsPerS) << "50.0 TFLOP/s" << 5e13;
        QTest::newRow("flop/s no device") << 1 << 0 << int(M::FlopsPerS) << "1.00 TFLOP/s" << 1e12;
        QTest::newRow("roof 50T of 100T") << 0 << 0 << int(M::PercentOfRoof) << "50 %" << 0.5;
        QTest::newRow("roof 100G of 125G") << 0 << 1 << int(M::PercentOfRoof) << "80 %" << 0.8;
        QTest::newRow("roof no device") << 1 << 0 << int(M::PercentOfRoof) << "\u2013" << absent;
        QTest::newRow("compute bound") << 0 << 0 << int(M::BottleneckColumn) << "compute" << absent;
        QTest::newRow("memory bound") << 0 << 1 << int(M::BottleneckColumn) << "memory" << absent;
        QTest::newRow("copy") << 0 << 2 << int(M::BottleneckColumn) << "memory" << absent;
        QTest::newRow("comm bound")
            << 0 << 3 << int(M::BottleneckColumn) << "communication" << absent;
        QTest::newRow("no device") << 1 << 0 << int(M::BottleneckColumn) << "\u2013" << absent;
        QTest::newRow("measured") << 0 << 0 << int(M::FlopsOrigin) << "measured" << absent;
        QTest::newRow("estimated") << 0 << 1 << int(M::FlopsOrigin) << "estimated" << absent;
        QTest::newRow("absent") << 0 << 2 << int(M::FlopsOrigin) << "absent" << absent;
    }
    void cells() {
        QFETCH(int, dataset);
        QFETCH(int, record);
        QFETCH(int, column);
        QFETCH(QString, shown);
        QFETCH(double, raw);
        RecordTableModel model;
        model.setSession(testing::roundSession());
        QCOMPARE(model.rowCount(), 5);
        const int row = model.rowOf({dataset, record});
        QVERIFY(row >= 0);
        QVERIFY(model.refAt(row) == (RecordRef{dataset, record}));
        const QModelIndex index = model.index(row, column);
        QCOMPARE(index.data().toString(), shown);
        const QVariant sort = index.data(RecordTableModel::SortRole);
        if (!std::isnan(raw)) {
            QCOMPARE(sort.typeId(), int(QMetaType::Double));
            QVERIFY2(std::fabs(sort.toDouble() - raw) <= 1e-12 * std::fabs(raw),
                     qPrintable(QString::number(sort.toDouble(), 'g', 17)));
        } else if (sort.typeId() == QMetaType::Double) {
            QVERIFY(std::isnan(sort.toDouble()));
        }
    }

    // Run A's four records over and over, past the size from which rows are made on several
    // threads (then run B's one): every row where rowOf says, with its own record's cells. In
    // each 0.1 s cycle gemm_big takes 40 ms and relu_fwd 10 ms: their shares are 0.4 and 0.1
    // over the number of cycles.
    void rowsOfALargeDataset_data() {
        QTest::addColumn<bool>("hideA");
        QTest::newRow("all shown") << false;
        QTest::newRow("the large one hidden") << true;
    }
    void rowsOfALargeDataset() {
        QFETCH(bool, hideA);
        Session s = testing::roundSession();
        const std::vector<OpRecord> cycle = s.datasets[0].records;
        const int cycles = static_cast<int>(RecordTableModel::kThreadedRows) / 4 + 251;
        const int n = 4 * cycles;
        s.datasets[0].records.clear();
        for (int i = 0; i < n; ++i)
            s.datasets[0].records.push_back(cycle[static_cast<std::size_t>(i % 4)]);
        if (hideA)
            s.view.hiddenDatasets = {"run A"};
        RecordTableModel model;
        model.setSession(s);
        QCOMPARE(model.rowCount(), hideA ? 1 : n + 1);
        QCOMPARE(model.rowOf({1, 0}), hideA ? 0 : n);
        const QStringList names{"gemm_big", "relu_fwd", "Memcpy HtoD", "allreduce"};
        const double shares[] = {0.4, 0.1, 0.5, std::nan("")};
        for (int i = 0; i < n; ++i) {
            const int row = model.rowOf({0, i});
            if (hideA) {
                QCOMPARE(row, -1);
                continue;
            }
            QCOMPARE(row, i);
            QVERIFY(model.refAt(row) == (RecordRef{0, i}));
            QCOMPARE(model.index(row, RecordTableModel::Name).data().toString(), names[i % 4]);
            const double share = model.index(row, RecordTableModel::TimeShare)
                                     .data(RecordTableModel::SortRole)
                                     .toDouble();
            const double expected = shares[i % 4] / cycles;
            QVERIFY2(std::isnan(expected) ? std::isnan(share)
                                          : std::fabs(share - expected) <= 1e-9 * expected,
                     qPrintable(QStringLiteral("row %1: %2").arg(i).arg(share)));
        }
    }

    void sortsNumbersWithAbsentLast_data() {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("order");
        QTest::addColumn<QStringList>("names");
        using M = RecordTableModel;
        QTest::newRow("time ascending")
            << int(M::Time) << int(Qt::AscendingOrder)
            << QStringList{"gemm_small", "relu_fwd", "gemm_big", "Memcpy HtoD", "allreduce"};
        QTest::newRow("time descending")
            << int(M::Time) << int(Qt::DescendingOrder)
            << QStringList{"Memcpy HtoD", "gemm_big", "relu_fwd", "gemm_small", "allreduce"};
        // 200 > 100 > 0.125: numeric, not "0.125" < "100" < "200" by chance of the text.
        QTest::newRow("intensity descending")
            << int(M::Intensity) << int(Qt::DescendingOrder)
            << QStringList{"gemm_big", "gemm_small", "relu_fwd", "Memcpy HtoD", "allreduce"};
        QTest::newRow("flop/s ascending")
            << int(M::FlopsPerS) << int(Qt::AscendingOrder)
            << QStringList{"relu_fwd", "gemm_small", "gemm_big", "Memcpy HtoD", "allreduce"};
        QTest::newRow("roof ascending")
            << int(M::PercentOfRoof) << int(Qt::AscendingOrder)
            << QStringList{"gemm_big", "relu_fwd", "Memcpy HtoD", "allreduce", "gemm_small"};
    }
    void sortsNumbersWithAbsentLast() {
        QFETCH(int, column);
        QFETCH(int, order);
        QFETCH(QStringList, names);
        RecordTableModel model;
        ui::RecordFilterModel filter;
        filter.setSourceModel(&model);
        model.setSession(testing::roundSession());
        filter.sort(column, static_cast<Qt::SortOrder>(order));
        QCOMPARE(columnTexts(filter, RecordTableModel::Name), names);
        // Whatever the order, the absent values come after every present one.
        bool seenAbsent = false;
        for (int r = 0; r < filter.rowCount(); ++r) {
            const QVariant v = filter.index(r, column).data(RecordTableModel::SortRole);
            const bool absent = std::isnan(v.toDouble());
            QVERIFY(!(seenAbsent && !absent));
            seenAbsent = seenAbsent || absent;
        }
    }

    void filterBarFilters_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("combo");
        QTest::addColumn<QString>("choice");
        QTest::addColumn<int>("rows");
        QTest::newRow("nothing") << ""
                                 << ""
                                 << "" << 5;
        QTest::newRow("name, any case") << "GEMM"
                                        << ""
                                        << "" << 2;
        QTest::newRow("name inside") << "py h"
                                     << ""
                                     << "" << 1;
        QTest::newRow("no match") << "conv"
                                  << ""
                                  << "" << 0;
        QTest::newRow("category") << ""
                                  << "categoryFilter"
                                  << "gemm" << 2;
        QTest::newRow("phase") << ""
                               << "phaseFilter"
                               << "forward" << 2;
        QTest::newRow("rank") << ""
                              << "rankFilter"
                              << "rank 1" << 2;
        QTest::newRow("bottleneck") << ""
                                    << "bottleneckFilter"
                                    << "memory" << 2;
        // Run A is on Round GPU (4 records), run B on a device the session lacks (1).
        QTest::newRow("device") << ""
                                << "deviceFilter"
                                << "Round GPU" << 4;
        QTest::newRow("device not in the session") << ""
                                                   << "deviceFilter"
                                                   << "mystery-gpu" << 1;
        QTest::newRow("name and category") << "big"
                                           << "categoryFilter"
                                           << "gemm" << 1;
    }
    void filterBarFilters() {
        QFETCH(QString, text);
        QFETCH(QString, combo);
        QFETCH(QString, choice);
        QFETCH(int, rows);
        ui::RecordPanel panel;
        panel.setSession(testing::roundSession());
        panel.show();
        auto* edit = panel.findChild<QLineEdit*>(QStringLiteral("nameFilter"));
        QVERIFY(edit);
        QTest::keyClicks(edit, text);
        if (!combo.isEmpty()) {
            auto* box = panel.findChild<QComboBox*>(combo);
            QVERIFY(box);
            const int index = box->findText(choice);
            QVERIFY(index > 0);
            box->setCurrentIndex(index);
        }
        QCOMPARE(panel.table()->model()->rowCount(), rows);
        QCOMPARE(panel.model()->rowCount(), 5);
    }

    void clickingAPointSelectsItsRow() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(testing::roundSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::RooflinePlot* plot = window.plot();
        plot->replot();
        const RecordRef relu{0, 1};
        const auto coords = plot->recordCoords(relu);
        QVERIFY(coords);
        QCOMPARE(coords->x(), 0.125);
        const QPoint pixel(qRound(plot->xAxis->coordToPixel(coords->x())),
                           qRound(plot->yAxis->coordToPixel(coords->y())));
        QSignalSpy clicked(plot, &ui::RooflinePlot::recordClicked);
        QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
        QCOMPARE(clicked.size(), 1);
        QVERIFY(window.recordPanel()->selectedRecord() == relu);
        QVERIFY(plot->highlighted() == relu);
        QVERIFY(plot->highlightVisible());
        QVERIFY(window.session().view.selection == std::vector<RecordRef>{relu});
        // The row is in view and shows the record.
        QTableView* table = window.recordPanel()->table();
        const QModelIndex current = table->selectionModel()->selectedRows().front();
        QCOMPARE(current.data().toString(), QStringLiteral("relu_fwd"));
        QVERIFY(table->viewport()->rect().intersects(table->visualRect(current)));
        // A click on empty plot area selects nothing new.
        QTest::mouseClick(plot, Qt::LeftButton, {},
                          plot->axisRect()->rect().topLeft() + QPoint(3, 3));
        QCOMPARE(clicked.size(), 1);
    }

    void selectingARowHighlightsItsPoint() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(testing::roundSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTableView* table = window.recordPanel()->table();
        auto* model = window.recordPanel()->model();
        const QModelIndex gemm = window.recordPanel()->filter()->mapFromSource(
            model->index(model->rowOf({0, 0}), RecordTableModel::Name));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(gemm).center());
        QVERIFY(window.plot()->highlighted() == (RecordRef{0, 0}));
        QVERIFY(window.plot()->highlightVisible());
        // A record without a point (the copy has no FLOPs) highlights nothing.
        window.recordPanel()->table()->selectRow(
            window.recordPanel()
                ->filter()
                ->mapFromSource(model->index(model->rowOf({0, 2}), 0))
                .row());
        QVERIFY(window.plot()->highlighted() == (RecordRef{0, 2}));
        QVERIFY(!window.plot()->highlightVisible());
    }

    void tooltipDescribesThePoint() {
        ui::RooflinePlot plot;
        plot.setSession(testing::roundSession());
        const QString tip = plot.toolTipFor({0, 1});
        // 10 ms of run A's 100 ms of measured time.
        for (const char* part :
             {"relu_fwd", "0.125 FLOP/B", "100 GFLOP/s", "10.0 ms (10 % of the run)", "80 %"})
            QVERIFY2(tip.contains(QLatin1String(part)), qPrintable(tip));
        QVERIFY(plot.toolTipFor({0, 2}).isEmpty()); // not drawn
    }
};

QTEST_MAIN(TestRecordTable)
#include "test_record_table.moc"
