// The dataset tree in the window, driven through its widgets: ticking a dataset off hides it in
// the plot and the table, renaming edits the label in place, Delete removes without asking, a
// colour chosen in the dialog reaches the plot and the saved session; a session whose trace
// files are gone opens and the tree marks those sources; and the window's desktop conventions
// (recent files, remembered layout) kept in a temporary QSettings location.
#include "core/session_file.h"
#include "tests/support/record_fixture.h"
#include "ui/catalog_loader.h"
#include "ui/dataset_panel.h"
#include "ui/dataset_tree_model.h"
#include "ui/main_window.h"
#include "ui/record_panel.h"
#include "ui/record_table_model.h"
#include "ui/roofline_plot.h"

#include <QAbstractItemModelTester>
#include <QColorDialog>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace roofscope;
using ui::DatasetTreeModel;

namespace {

// A window on the fixture session, shown, with the tree's current row on `dataset`.
struct Fixture {
    ui::MainWindow window{ui::loadCatalog(nullptr)};
    Fixture() {
        window.setSession(testing::savableRoundSession(), QStringLiteral("fixture.roofscope"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
    }
    QTreeView* tree() const { return window.datasetPanel()->tree(); }
    DatasetTreeModel* model() const { return window.datasetPanel()->model(); }
    void focus(int dataset) const {
        tree()->setFocus();
        tree()->setCurrentIndex(model()->datasetIndex(dataset));
    }
    int rows() const { return window.recordPanel()->model()->rowCount(); }
    int points() const { return window.plot()->pointCount(); }
};

} // namespace

class TestDatasetPanel : public QObject {
    Q_OBJECT
    QTemporaryDir settingsDir_;

  private slots:
    void initTestCase() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        // Never the user's own settings: recent files and layouts go to a throwaway folder.
        QVERIFY(settingsDir_.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("roofscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("test_dataset_panel"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
    }

    void init() { QSettings().clear(); }

    void aLongRunListsItsFirstSteps_data() {
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("lines"); // of the Iteration row's tooltip
        QTest::addColumn<QString>("last");
        // The tooltip's first line says what the iteration is; then one line a step.
        QTest::newRow("all listed") << 24 << 1 + 24 << QStringLiteral("ProfilerStep#23");
        QTest::newRow("the rest counted")
            << 5000 << 1 + 24 + 1 << QStringLiteral("… and 4976 more");
    }

    void aLongRunListsItsFirstSteps() {
        QFETCH(int, steps);
        QFETCH(int, lines);
        QFETCH(QString, last);
        Session session = testing::roundSession();
        for (int i = 0; i < steps; ++i) {
            Step s;
            s.name = "ProfilerStep#" + std::to_string(i);
            s.launches = 3;
            s.startNs = 1'000'000LL * i;
            session.datasets[0].steps.push_back(s);
        }
        DatasetTreeModel model;
        model.setSession(session);
        const QModelIndex dataset = model.datasetIndex(0);
        QString tip;
        for (int r = 0; r < model.rowCount(dataset); ++r)
            if (model.index(r, 0, dataset).data().toString() == QStringLiteral("Iteration"))
                tip = model.index(r, 0, dataset).data(Qt::ToolTipRole).toString();
        const QStringList split = tip.split(QLatin1Char('\n'));
        QCOMPARE(split.size(), lines);
        QVERIFY2(split.back().startsWith(last), qPrintable(split.back()));
        QVERIFY(split[1].startsWith(QStringLiteral("ProfilerStep#0")));
    }

    void modelPassesTheTester() {
        DatasetTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(testing::roundSession());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowCount(model.datasetsRoot()), 2);
        QCOMPARE(model.rowCount(model.devicesRoot()), 1);
        // fp16 tensor, fp32 vector, DRAM, intra_node.
        const QModelIndex device = model.index(0, 0, model.devicesRoot());
        QCOMPARE(device.data().toString(), QStringLiteral("Round GPU"));
        QCOMPARE(model.rowCount(device), 4);
        QCOMPARE(model.index(2, DatasetTreeModel::ValueColumn, device).data().toString(),
                 QStringLiteral("1.00 TB/s · spec"));
        const QModelIndex a = model.datasetIndex(0);
        QCOMPARE(a.data().toString(), QStringLiteral("run A"));
        QCOMPARE(a.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Checked);
        QVERIFY(model.setData(a, Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(model.setData(a, QStringLiteral("renamed"), Qt::EditRole));
        QVERIFY(!model.setData(a, QStringLiteral("  "), Qt::EditRole));
        QVERIFY(model.setData(a, QColor(Qt::red), Qt::DecorationRole));
        QVERIFY(!model.setData(model.index(0, 0, a), QStringLiteral("x"), Qt::EditRole));
        model.setSession(Session{});
        QCOMPARE(model.rowCount(model.datasetsRoot()), 0);
        model.setSession(testing::roundSession());
    }

    // $DIR stands for a temporary folder holding the session and present.json.
    void missingSourcesAreMarked_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("folderKnown");
        QTest::addColumn<bool>("missing");
        QTest::addColumn<QString>("shown"); // the path the tooltip names
        QTest::newRow("absolute, present") << "$DIR/present.json" << true << false << "";
        QTest::newRow("absolute, gone") << "$DIR/gone.json" << true << true << "$DIR/gone.json";
        QTest::newRow("relative, beside the session") << "present.json" << true << false << "";
        QTest::newRow("relative, gone") << "gone.json" << true << true << "$DIR/gone.json";
        QTest::newRow("relative, session not saved")
            << "present.json" << false << true << "present.json";
    }

    void missingSourcesAreMarked() {
        QFETCH(QString, source);
        QFETCH(bool, folderKnown);
        QFETCH(bool, missing);
        QFETCH(QString, shown);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile present(dir.filePath(QStringLiteral("present.json")));
        QVERIFY(present.open(QIODevice::WriteOnly));
        present.close();
        const QString folder = QDir(dir.path()).absolutePath();
        source.replace(QStringLiteral("$DIR"), folder);
        shown.replace(QStringLiteral("$DIR"), folder);
        Session session = testing::roundSession();
        // A second source that is there either way: one missing file is enough to say so.
        session.datasets[0].context.sources = {source.toStdString(),
                                               present.fileName().toStdString()};

        DatasetTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(session, folderKnown ? folder : QString());
        const QModelIndex dataset = model.datasetIndex(0);
        QCOMPARE(dataset.data(DatasetTreeModel::SourceMissingRole).toBool(), missing);
        QVERIFY(!model.datasetIndex(1).data(DatasetTreeModel::SourceMissingRole).toBool());
        // Device, Rank, then the sources in order.
        const QModelIndex row = model.index(2, DatasetTreeModel::NameColumn, dataset);
        QCOMPARE(row.data().toString(), QStringLiteral("Source"));
        QCOMPARE(row.data(DatasetTreeModel::SourceMissingRole).toBool(), missing);
        QVERIFY(!model.index(3, 0, dataset).data(DatasetTreeModel::SourceMissingRole).toBool());
        const QString tip = row.data(Qt::ToolTipRole).toString();
        const QModelIndex value = row.siblingAtColumn(DatasetTreeModel::ValueColumn);
        if (missing) {
            QCOMPARE(tip, QStringLiteral("Source file missing: ") + shown);
            QVERIFY(dataset.data(Qt::ToolTipRole).toString().contains(tip));
            QVERIFY(row.data(Qt::FontRole).value<QFont>().italic());
            QVERIFY(!value.data(Qt::DecorationRole).value<QIcon>().isNull());
            QVERIFY(!dataset.siblingAtColumn(DatasetTreeModel::ValueColumn)
                         .data(Qt::DecorationRole)
                         .value<QIcon>()
                         .isNull());
        } else {
            QCOMPARE(tip, source);
            QVERIFY(!dataset.data(Qt::ToolTipRole).toString().contains(QStringLiteral("missing")));
            QVERIFY(!row.data(Qt::FontRole).isValid());
            QVERIFY(!value.data(Qt::DecorationRole).isValid());
        }
        // The dataset's own swatch stays where a click opens the colour dialog.
        QVERIFY(dataset.data(Qt::DecorationRole).canConvert<QColor>());
    }

    void aSessionWhoseTracesAreGoneOpens() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("moved.roofscope"));
        const QString gone = dir.filePath(QStringLiteral("traces/rank0.pt.trace.json"));
        Session session = testing::savableRoundSession();
        session.datasets[1].context.sources = {gone.toStdString()};
        QVERIFY(writeSessionFile(path.toStdString(), session).ok());
        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY2(window.openSession(path), qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(!window.findChild<QWidget*>(QStringLiteral("errorBox")));
        // The records are in the session: the plot and the table have them all.
        QVERIFY(window.session().datasets == session.datasets);
        QCOMPARE(window.recordPanel()->model()->rowCount(), 5);
        const DatasetTreeModel* model = window.datasetPanel()->model();
        QVERIFY(!model->datasetIndex(0).data(DatasetTreeModel::SourceMissingRole).toBool());
        QVERIFY(model->datasetIndex(1).data(DatasetTreeModel::SourceMissingRole).toBool());
        QVERIFY(model->datasetIndex(1)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Source file missing: ") + gone));
    }

    void tickingADatasetOffHidesIt_data() {
        QTest::addColumn<int>("dataset");
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("rows");
        // run A: gemm_big and relu_fwd drawn, the copy and the collective are not; run B: one.
        QTest::newRow("run A") << 0 << 1 << 1;
        QTest::newRow("run B") << 1 << 2 << 4;
    }

    void tickingADatasetOffHidesIt() {
        QFETCH(int, dataset);
        QFETCH(int, points);
        QFETCH(int, rows);
        Fixture f;
        QCOMPARE(f.points(), 3);
        QCOMPARE(f.rows(), 5);
        f.focus(dataset);
        QTest::keyClick(f.tree(), Qt::Key_Space);
        QCOMPARE(f.points(), points);
        QCOMPARE(f.rows(), rows);
        const std::string label = f.window.session().datasets[std::size_t(dataset)].context.label;
        QVERIFY(f.window.session().view.hiddenDatasets == std::vector<std::string>{label});
        QTest::keyClick(f.tree(), Qt::Key_Space);
        QCOMPARE(f.points(), 3);
        QCOMPARE(f.rows(), 5);
        QVERIFY(f.window.session().view.hiddenDatasets.empty());
    }

    void renamingInPlaceChangesTheLabel() {
        Fixture f;
        f.focus(0);
        QTest::keyClick(f.tree(), Qt::Key_Space); // hidden: the hidden list follows the rename
        QTest::keyClick(f.tree(), Qt::Key_F2);
        auto* editor = f.tree()->viewport()->findChild<QLineEdit*>();
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("baseline"));
        QTest::keyClick(editor, Qt::Key_Return);
        // The delegate commits on Return from a queued call.
        QTRY_COMPARE(f.window.session().datasets[0].context.label, std::string("baseline"));
        QVERIFY(f.window.session().view.hiddenDatasets == std::vector<std::string>{"baseline"});
        QCOMPARE(f.rows(), 1);
        // A label that is taken gets a number: hiding goes by label.
        f.window.renameDataset(1, QStringLiteral("baseline"));
        QCOMPARE(f.window.session().datasets[1].context.label, std::string("baseline (2)"));
        QTRY_COMPARE(f.model()->datasetIndex(1).data().toString(), QStringLiteral("baseline (2)"));
    }

    void deleteRemovesWithoutAsking() {
        Fixture f;
        f.window.recordPanel()->selectRecord(RecordRef{1, 0});
        f.window.setDatasetVisible(1, true);
        f.focus(0);
        QTest::keyClick(f.tree(), Qt::Key_Delete);
        QCOMPARE(f.window.session().datasets.size(), std::size_t(1));
        QCOMPARE(f.window.session().datasets[0].context.label, std::string("run B"));
        QCOMPARE(f.points(), 1);
        QCOMPARE(f.rows(), 1);
        QCOMPARE(f.model()->rowCount(f.model()->datasetsRoot()), 1);
        QVERIFY(f.window.statusBar()->currentMessage().contains(QStringLiteral("run A")));
        QVERIFY(QApplication::activeModalWidget() == nullptr);
    }

    void removingShiftsTheSelection() {
        Fixture f;
        Session s = testing::roundSession();
        s.view.selection = {RecordRef{1, 0}};
        f.window.setSession(s, QStringLiteral("x.roofscope"));
        f.window.removeDataset(0);
        QVERIFY((f.window.session().view.selection == std::vector<RecordRef>{RecordRef{0, 0}}));
        QVERIFY((f.window.plot()->highlighted() == std::optional<RecordRef>(RecordRef{0, 0})));
    }

    void aColourChosenInTheDialogIsKept() {
        Fixture f;
        f.window.datasetPanel()->chooseColor(1);
        auto* dialog = f.window.findChild<QColorDialog*>(QStringLiteral("datasetColorDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        dialog->setCurrentColor(QColor(0x12, 0x34, 0x56));
        dialog->accept();
        QCOMPARE(f.window.session().datasets[1].context.color, std::string("#123456"));
        QCOMPARE(f.model()->datasetIndex(1).data(Qt::DecorationRole).value<QColor>(),
                 QColor(0x12, 0x34, 0x56));
    }

    void hiddenAndColouredDatasetsSurviveSaving() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("styled.roofscope"));
        Fixture f;
        f.window.setDatasetVisible(0, false);
        f.window.setDatasetColor(1, QColor(0xab, 0xcd, 0xef));
        QVERIFY(f.window.saveSession(path));
        ui::MainWindow reopened(ui::loadCatalog(nullptr));
        QVERIFY2(reopened.openSession(path), qPrintable(reopened.statusBar()->currentMessage()));
        QVERIFY(reopened.session() == f.window.session());
        QCOMPARE(reopened.session().datasets[1].context.color, std::string("#abcdef"));
        QCOMPARE(reopened.plot()->pointCount(), 1);
        QCOMPARE(reopened.datasetPanel()
                     ->model()
                     ->datasetIndex(0)
                     .data(Qt::CheckStateRole)
                     .value<Qt::CheckState>(),
                 Qt::Unchecked);
    }

    void recentFilesListsWhatWasOpened() {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.roofscope"));
        const QString b = dir.filePath(QStringLiteral("b.roofscope"));
        QVERIFY(writeSessionFile(a.toStdString(), testing::savableRoundSession()).ok());
        QVERIFY(writeSessionFile(b.toStdString(), testing::savableRoundSession()).ok());
        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY(window.recentFiles().isEmpty());
        QVERIFY(window.openSession(a));
        QVERIFY(window.openSession(b));
        QCOMPARE(window.recentFiles(), (QStringList{b, a}));
        QVERIFY(window.openSession(a)); // reopening moves it to the top, once
        QCOMPARE(window.recentFiles(), (QStringList{a, b}));
        auto* menu = window.findChild<QMenu*>(QStringLiteral("recentMenu"));
        QVERIFY(menu);
        QVERIFY(menu->actions().front()->text().contains(QStringLiteral("a.roofscope")));
        // A second window (the next run) sees the same list.
        ui::MainWindow next(ui::loadCatalog(nullptr));
        QCOMPARE(next.recentFiles(), (QStringList{a, b}));
        for (int i = 0; i < 12; ++i)
            window.addRecentFile(dir.filePath(QStringLiteral("%1.roofscope").arg(i)));
        QCOMPARE(window.recentFiles().size(), ui::MainWindow::kMaxRecentFiles);
    }

    void windowLayoutIsRestored() {
        QList<int> sizes;
        {
            ui::MainWindow first(ui::loadCatalog(nullptr));
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            first.findChild<QDockWidget*>(QStringLiteral("detailsDock"))->hide();
            first.splitter()->setSizes({200, 400});
            sizes = first.splitter()->sizes();
            first.close(); // saves on close, as quitting does
        }
        ui::MainWindow second(ui::loadCatalog(nullptr));
        second.show();
        QVERIFY(QTest::qWaitForWindowExposed(&second));
        QVERIFY(!second.findChild<QDockWidget*>(QStringLiteral("detailsDock"))->isVisible());
        QVERIFY(second.findChild<QDockWidget*>(QStringLiteral("datasetsDock"))->isVisible());
        QCOMPARE(second.splitter()->sizes(), sizes);
    }

    void findFocusesTheRecordFilter() {
        Fixture f;
        f.window.activateWindow();
        QTest::keyClick(&f.window, Qt::Key_F, Qt::ControlModifier);
        auto* filter = f.window.recordPanel()->findChild<QLineEdit*>(QStringLiteral("nameFilter"));
        QTRY_VERIFY(filter->hasFocus());
    }
};

QTEST_MAIN(TestDatasetPanel)
#include "test_dataset_panel.moc"
