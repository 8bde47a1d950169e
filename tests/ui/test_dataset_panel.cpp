// The dataset tree in the window, driven through its widgets: ticking a dataset off hides it in
// the plot and the table, renaming edits the label in place, Delete removes without asking, a
// colour chosen in the dialog reaches the plot and the saved session; and the window's desktop
// conventions (recent files, remembered layout) kept in a temporary QSettings location.
#include "catalog_loader.h"
#include "dataset_panel.h"
#include "dataset_tree_model.h"
#include "main_window.h"
#include "record_fixture.h"
#include "record_panel.h"
#include "record_table_model.h"
#include "roofline_plot.h"
#include "session_file.h"

#include <QAbstractItemModelTester>
#include <QColorDialog>
#include <QDockWidget>
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

// The fixture session as a file accepts it: spec ceilings name their source.
Session savable() {
    Session s = testing::roundSession();
    auto cite = [](auto& map) {
        for (auto& [key, ceiling] : map)
            ceiling.provenance.sourceUrl = "https://example.org/round-gpu";
    };
    cite(s.devices[0].ceilings.compute);
    cite(s.devices[0].ceilings.memory);
    cite(s.devices[0].ceilings.links);
    return s;
}

// A window on the fixture session, shown, with the tree's current row on `dataset`.
struct Fixture {
    ui::MainWindow window{ui::loadCatalog(nullptr)};
    Fixture() {
        window.setSession(savable(), QStringLiteral("fixture.roofscope"));
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
        QVERIFY(writeSessionFile(a.toStdString(), savable()).ok());
        QVERIFY(writeSessionFile(b.toStdString(), savable()).ok());
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
