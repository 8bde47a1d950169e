#pragma once
// Runs `roofscope summarize` as a user does, with the XDG folders and user catalog pointed at
// an empty temporary home so that runs are hermetic; shared by the summarize suites.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>

namespace summarize_test {

constexpr int kTimeoutMs = 30000;

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
    bool finished = false;
};

inline bool near(double a, double b, double rel = 1e-9) {
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

class Runner {
  public:
    bool valid() const {
        return home_.isValid() && QDir().mkpath(home_.filePath(QStringLiteral("cat")));
    }

    // `roofscope summarize ARGS...`
    Run run(const QStringList& args) const {
        return runCommand(QStringList{QStringLiteral("summarize")} + args);
    }

    // `roofscope ARGS...`
    Run runCommand(const QStringList& args) const {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home_.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home_.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("ROOFSCOPE_USER_CATALOG"), home_.filePath(QStringLiteral("cat")));
        QProcess process;
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(ROOFSCOPE_BINARY), args);
        Run result;
        if (!process.waitForStarted(kTimeoutMs))
            return result;
        process.closeWriteChannel();
        result.finished = process.waitForFinished(kTimeoutMs);
        if (!result.finished) {
            process.kill();
            process.waitForFinished(kTimeoutMs);
            return result;
        }
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
        result.out = QString::fromUtf8(process.readAllStandardOutput());
        result.err = QString::fromUtf8(process.readAllStandardError());
        return result;
    }

    // The datasets of a --json run that must succeed; empty (with a message) otherwise.
    QJsonArray jsonDatasets(const QStringList& args) const {
        const Run r = run(QStringList{QStringLiteral("--json")} + args);
        if (!r.finished || r.exitCode != 0) {
            qWarning("exit %d: %s", r.exitCode, qPrintable(r.err));
            return {};
        }
        QJsonParseError error;
        const auto doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError) {
            qWarning("%s", qPrintable(error.errorString()));
            return {};
        }
        if (doc.object().value(QStringLiteral("schema")).toString() !=
            QStringLiteral("roofscope.summary/1"))
            return {};
        return doc.object().value(QStringLiteral("datasets")).toArray();
    }

  private:
    QTemporaryDir home_;
};

} // namespace summarize_test
