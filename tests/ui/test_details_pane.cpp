// The details pane against hand-computed numbers for the fixture session (record_fixture.h):
// every number with its origin, the ceilings that bound the record, its MD-Roofline bound and
// what would lift it; and the pane following the selection in the window.
#include "tests/support/record_fixture.h"
#include "ui/catalog_loader.h"
#include "ui/details_pane.h"
#include "ui/main_window.h"
#include "ui/record_panel.h"
#include "ui/record_table_model.h"
#include "ui/roofline_plot.h"

#include <QTableView>
#include <QTextBrowser>
#include <QtTest>

using namespace roofscope;

namespace {

// The pane's text with each table row on one line, "name: value", for readable expectations.
QString flattened(QString html) {
    QTextDocument doc;
    doc.setHtml(html.replace(QStringLiteral("</td><td>"), QStringLiteral(": </td><td>")));
    return doc.toPlainText().replace(QStringLiteral(": \n"), QStringLiteral(": "));
}

} // namespace

class TestDetailsPane : public QObject {
    Q_OBJECT

  private slots:
    void init() { qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog")); }

    void describesTheRecord_data() {
        QTest::addColumn<int>("dataset");
        QTest::addColumn<int>("record");
        QTest::addColumn<QStringList>("lines");
        // gemm_big: 2 TFLOP in 40 ms over 4 launches on fp16 tensor units (100 TFLOP/s);
        // I = 2e12 / 1e10 = 200 FLOP/B right of the ridge 1e14 / 1e12 = 100: compute-bound at
        // 50 TFLOP/s = 50 %. t_F = 2e12 / 1e14 = 20 ms, t_M = 1e10 / 1e12 = 10 ms, bound / time
        // = 20 / 40 = 50 %.
        QTest::newRow("gemm_big") << 0 << 0
                                  << QStringList{
                                         "FLOPs: 2.00 TFLOP (measured)",
                                         "DRAM bytes: 10.0 GB (measured)",
                                         "Time: 40.0 ms (measured)",
                                         "Count: 4 launches",
                                         "Intensity (DRAM): 200 FLOP/B",
                                         "Achieved: 50.0 TFLOP/s",
                                         "Compute ceiling: fp16 tensor 100 TFLOP/s (spec)",
                                         "Memory ceiling: DRAM 1.00 TB/s (spec)",
                                         "Ridge: 100 FLOP/B",
                                         "Attainable: 100 TFLOP/s",
                                         "Of roof: 50 %, compute-bound",
                                         "t_F: 20.0 ms",
                                         "t_M: 10.0 ms",
                                         "Bottleneck: compute",
                                         "Bound / time: 50 %",
                                         "t_P: 0.00 s",
                                         "Bound: 20.0 ms",
                                         "Nothing to suggest from these numbers.",
                                     };
        // relu_fwd: fp32 on vector units (10 TFLOP/s); I = 1e9 / 8e9 = 0.125 left of the ridge
        // 10: roof 0.125 x 1 TB/s = 125 GFLOP/s, achieved 1e9 / 10 ms = 100 GFLOP/s = 80 %.
        QTest::newRow("relu_fwd")
            << 0 << 1
            << QStringList{
                   "FLOPs: 1.00 GFLOP (estimated)",
                   "DRAM bytes: 8.00 GB (estimated)",
                   "Intensity (DRAM): 0.125 FLOP/B",
                   "Achieved: 100 GFLOP/s",
                   "Compute ceiling: fp32 vector 10.0 TFLOP/s (spec)",
                   "Ridge: 10.0 FLOP/B",
                   "Of roof: 80 %, memory-bound",
                   "Attainable: 125 GFLOP/s",
                   "t_F: 100 µs",
                   "t_M: 8.00 ms",
                   "Bottleneck: memory",
                   "Bound / time: 80 %",
                   "Memory-bound at 80 % of the DRAM roof (intensity 0.125 FLOP/B, ridge 10.0 "
                   "FLOP/B): raise the intensity by fusing it with its neighbours, keeping "
                   "operands in cache, or lowering the precision to move fewer bytes.",
               };
        // allreduce: 1 GB over a 100 GB/s link and no time: t_P = 10 ms, no roofline point.
        QTest::newRow("allreduce") << 0 << 3
                                   << QStringList{
                                          "FLOPs: absent",
                                          "Sent over intra_node: 1.00 GB (estimated)",
                                          "Time: absent",
                                          "t_P: 10.0 ms",
                                          "Bottleneck: communication",
                                          "Communication bounds it (t_P 10.0 ms): overlap it with "
                                          "compute, use a faster link or send fewer bytes.",
                                      };
        // gemm_small on a device the session lacks: only its own numbers.
        QTest::newRow("no device") << 1 << 0
                                   << QStringList{
                                          "Intensity (DRAM): 100 FLOP/B",
                                          "Achieved: 1.00 TFLOP/s",
                                          "No roofs: the session has no device “mystery-gpu”.",
                                      };
    }

    void describesTheRecord() {
        QFETCH(int, dataset);
        QFETCH(int, record);
        QFETCH(QStringList, lines);
        const QString text =
            flattened(ui::recordDetailsHtml(testing::roundSession(), RecordRef{dataset, record}));
        const QStringList shown = text.split(QLatin1Char('\n'));
        for (const QString& line : lines)
            QVERIFY2(shown.contains(line),
                     qPrintable(QStringLiteral("missing “%1” in\n%2").arg(line, text)));
    }

    // A record without FLOPs says why and what to do; one outside every step says so.
    void explainsAbsentFlops() {
        Session session = testing::roundSession();
        OpRecord& r = session.datasets[0].records[1];
        r.flops = Measure{};
        r.flopsNote = "the trace recorded no input shapes: profile with record_shapes=True";
        r.outsideSteps = true;
        const QStringList shown =
            flattened(ui::recordDetailsHtml(session, RecordRef{0, 1})).split(QLatin1Char('\n'));
        for (const QString& line :
             {QStringLiteral("FLOPs: absent"),
              QStringLiteral(
                  "Why: the trace recorded no input shapes: profile with record_shapes=True"),
              QStringLiteral("Step: none: launched outside every traced step, so not part of the "
                             "iteration")})
            QVERIFY2(shown.contains(line), qPrintable(shown.join(QLatin1Char('\n'))));
    }

    void followsTheSelection() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(testing::roundSession(), QStringLiteral("fixture.roofscope"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const ui::DetailsPane* pane = window.detailsPane();
        QVERIFY(pane->text().contains(QStringLiteral("Select a point")));
        // A click on relu_fwd's point.
        const QPointF coords = *window.plot()->recordCoords(RecordRef{0, 1});
        const QPoint pixel(qRound(window.plot()->xAxis->coordToPixel(coords.x())),
                           qRound(window.plot()->yAxis->coordToPixel(coords.y())));
        QTest::mouseClick(window.plot(), Qt::LeftButton, {}, pixel);
        QVERIFY(pane->text().startsWith(QStringLiteral("relu_fwd")));
        // A row chosen in the table, as a click would.
        QTableView* table = window.recordPanel()->table();
        for (int row = 0; row < table->model()->rowCount(); ++row)
            if (table->model()
                    ->index(row, 0)
                    .data(ui::RecordTableModel::RefRole)
                    .value<RecordRef>() == RecordRef{1, 0})
                table->selectRow(row);
        QVERIFY(pane->text().startsWith(QStringLiteral("gemm_small")));
        table->clearSelection();
        QVERIFY(pane->text().contains(QStringLiteral("Select a point")));
    }
};

QTEST_MAIN(TestDetailsPane)
#include "test_details_pane.moc"
