#pragma once
// The files the summarize suites that compare two ways of running read: every fixture of each
// kind summarize takes, and the shared samples when present.
#include <QDir>
#include <QStringList>

namespace cli_test {

inline QStringList summarizeInputs() {
    QStringList files;
    const QDir data(QStringLiteral(ROOFSCOPE_TEST_DATA));
    for (const char* sub : {"kineto", "ncu", "nccl"})
        for (const QString& f : QDir(data.filePath(sub)).entryList(QDir::Files, QDir::Name))
            files << QDir(data.filePath(sub)).filePath(f);
    const QDir samples(QStringLiteral(ROOFSCOPE_SAMPLES));
    for (const QString& f : samples.entryList({"kineto_*.json.gz", "ncu_*.csv", "nccl-tests_*.txt"},
                                              QDir::Files, QDir::Name))
        files << samples.filePath(f);
    return files;
}

} // namespace cli_test
