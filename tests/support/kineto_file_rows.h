#pragma once
// Qt Test rows, one per Kineto file a reader test should read: the fixtures, the fuzz corpus and
// the shared samples (none when ../shared/samples is absent). Column "path", a std::string.

#include <QtTest>

#include <string>

namespace roofscope::testing {

inline void addFileRows(const QString& dir, const QStringList& patterns) {
    const QDir d(dir);
    for (const QString& f : d.entryList(patterns, QDir::Files, QDir::Name))
        QTest::newRow(f.toUtf8().constData()) << d.filePath(f).toStdString();
}

inline void addEveryKinetoFileRow() {
    QTest::addColumn<std::string>("path");
    addFileRows(QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto"), {"*.json"});
    addFileRows(QStringLiteral(ROOFSCOPE_TEST_DATA "/fuzz/kineto"), {"*"});
    addFileRows(QStringLiteral(ROOFSCOPE_SAMPLES), {"kineto_*.json.gz"});
}

} // namespace roofscope::testing
