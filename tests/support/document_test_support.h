#pragma once
// Shared by the session and ceilings suites: damaged copies of a serialized document, the
// listing of a folder, and the checks every corrupt-document row makes.

#include "core/error.h"

#include <QDir>
#include <QStringList>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace roofscope::testing {

inline QString errorText(const Error& e) {
    return QString::fromStdString(e.toString());
}

template <class E> QString enumText(E value) {
    const std::string_view name = toString(value);
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

// `serialized` with the value at `pointer` replaced by the raw JSON text `raw` (or removed when
// `raw` is empty). Raw text makes values like 1e999 possible.
inline QByteArray patchedJson(const std::string& serialized, const std::string& pointer,
                              const std::string& raw) {
    nlohmann::json doc = nlohmann::json::parse(serialized);
    const nlohmann::json::json_pointer ptr(pointer);
    if (raw.empty()) {
        doc[ptr.parent_pointer()].erase(ptr.back());
        return QByteArray::fromStdString(doc.dump(2));
    }
    doc[ptr] = "@@RAW@@";
    std::string text = doc.dump(2);
    text.replace(text.find("\"@@RAW@@\""), 9, raw);
    return QByteArray::fromStdString(text);
}

// Every entry of `dir`, hidden ones included: what a write left behind.
inline QStringList entriesOf(const QString& dir) {
    return QDir(dir).entryList(
        QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

// The error names the file, the line and column (exactly, or just "known" when the row gives -1,
// or none when it gives 0), the JSON pointer, and the expected message fragments. A failed check
// returns from this function.

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
