#pragma once
// What the `roofscope` command-line suites share: the executable run hermetically (its own XDG
// folders and an empty user catalog, so a developer's catalog cannot change a result) and the
// devices and session they write as inputs.
#include "core/session.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace cli_test {

using namespace roofscope;

inline constexpr int kTimeoutMs = 20000;

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
    bool finished = false;
};

inline Provenance spec(std::string url) {
    Provenance p;
    p.sourceUrl = std::move(url);
    return p;
}

inline Provenance measured() {
    Provenance p;
    p.kind = ProvenanceKind::measured;
    p.tool = "roofscope-probe 0.1.0";
    p.method = "triad sweep, 4 GiB";
    p.date = "2024-07-01";
    p.samples = 20;
    p.spread = 0.01;
    return p;
}

inline Device testDevice(std::string id, std::string name) {
    Device d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.vendor = "Acme";
    d.kind = DeviceKind::gpu;
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {5.0e14, spec("https://acme/x")};
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {4.0e13, spec("https://acme/x")};
    d.ceilings.memory[MemoryLevel::dram] = {2.0e12, spec("https://acme/x")};
    return d;
}

inline Session testSession() {
    Session s;
    s.devices = {testDevice("cli-gpu-a", "CLI GPU A"), testDevice("cli-gpu-b", "CLI GPU B")};
    for (Device& d : s.devices)
        d.ceilings.memory[MemoryLevel::dram] = {2.0e12, measured()};
    Dataset d;
    d.context.deviceId = "cli-gpu-a";
    d.context.label = "cli run one";
    d.context.rank = 1;
    d.context.worldSize = 4;
    for (int i = 0; i < 3; ++i) {
        OpRecord r;
        r.name = "kernel " + std::to_string(i);
        r.flops = Measure::measured(1.0e9);
        r.timeS = Measure::measured(1.0e-3);
        d.records.push_back(r);
    }
    s.datasets = {d};
    s.view.selection = {{0, 2}};
    return s;
}

// A home of its own for the runs of one suite.
class Hermetic {
  public:
    // Fails the calling test (returns false) when the folders cannot be made.
    bool init() {
        emptyCatalog_ = home_.filePath(QStringLiteral("empty-catalog"));
        return home_.isValid() && QDir().mkpath(emptyCatalog_) &&
               QFileInfo(QStringLiteral(ROOFSCOPE_BINARY)).isExecutable();
    }

    const QTemporaryDir& home() const { return home_; }
    const QString& emptyCatalog() const { return emptyCatalog_; }

    QProcessEnvironment environment() const {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home_.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), home_.filePath(QStringLiteral("cache")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home_.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("ROOFSCOPE_USER_CATALOG"), emptyCatalog_);
        return env;
    }

    Run run(const QStringList& args) const { return run(args, environment()); }

    Run run(const QStringList& args, const QProcessEnvironment& env) const {
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

  private:
    QTemporaryDir home_;
    QString emptyCatalog_;
};

} // namespace cli_test
