#pragma once
// The checks every corrupt-document row of the session and ceilings suites makes: the error names
// the file, the line and column (exactly, or just "known" when the row gives -1, or none when it
// gives 0), the JSON pointer, and the expected message fragments. A failed check returns from
// this function; callers follow it with `if (QTest::currentTestFailed()) return;` when they do
// more.

#include "error.h"

#include <QStringList>
#include <QtTest>

namespace roofscope::testing {

inline void checkDocumentError(const Error& e, const char* file, int line, int column,
                               const QString& path, const QStringList& fragments) {
    const QString message = QString::fromStdString(e.toString());
    QCOMPARE(e.where.file, std::string(file));
    QVERIFY2(message.startsWith(QString::fromUtf8(file) + QLatin1Char(':')), qPrintable(message));
    if (line < 0)
        QVERIFY2(e.where.line > 0, qPrintable(message));
    else
        QCOMPARE(e.where.line, std::int64_t(line));
    if (column < 0)
        QVERIFY2(e.where.column > 0, qPrintable(message));
    else
        QCOMPARE(e.where.column, std::int64_t(column));
    if (line != 0)
        QVERIFY2(message.startsWith(QStringLiteral("%1:%2:%3: ")
                                        .arg(QString::fromUtf8(file))
                                        .arg(e.where.line)
                                        .arg(e.where.column)),
                 qPrintable(message));
    QCOMPARE(QString::fromStdString(e.where.path), path);
    if (!path.isEmpty())
        QVERIFY2(message.contains(QStringLiteral("at ") + path + QStringLiteral(": ")),
                 qPrintable(message));
    for (const QString& fragment : fragments)
        QVERIFY2(message.contains(fragment), qPrintable(message + " lacks: " + fragment));
}

} // namespace roofscope::testing
