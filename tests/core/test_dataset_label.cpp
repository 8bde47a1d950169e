// Unique dataset labels: what hiding, comparisons and the CLI's runs rely on.
#include "core/dataset_label.h"

#include <QtTest>

using namespace roofscope;

class TestDatasetLabel : public QObject {
    Q_OBJECT

  private slots:
    void uniqueLabels_data() {
        QTest::addColumn<QStringList>("existing");
        QTest::addColumn<QString>("wanted");
        QTest::addColumn<int>("except");
        QTest::addColumn<QString>("given");
        QTest::newRow("free") << QStringList{"a"} << "b" << -1 << "b";
        QTest::newRow("taken") << QStringList{"a"} << "a" << -1 << "a (2)";
        QTest::newRow("taken twice") << QStringList{"a", "a (2)"} << "a" << -1 << "a (3)";
        QTest::newRow("its own label") << QStringList{"a", "b"} << "a" << 0 << "a";
        QTest::newRow("another's label") << QStringList{"a", "b"} << "b" << 0 << "b (2)";
        QTest::newRow("empty session") << QStringList{} << "run" << -1 << "run";
    }
    void uniqueLabels() {
        QFETCH(QStringList, existing);
        QFETCH(QString, wanted);
        QFETCH(int, except);
        QFETCH(QString, given);
        Session s;
        for (const QString& label : existing) {
            Dataset d;
            d.context.label = label.toStdString();
            s.datasets.push_back(d);
        }
        QCOMPARE(QString::fromStdString(uniqueDatasetLabel(s, wanted.toStdString(), except)),
                 given);
    }
};

QTEST_APPLESS_MAIN(TestDatasetLabel)
#include "test_dataset_label.moc"
