// Matching the ops of two runs in tiers: op (the same framework op on the same shapes, whatever
// the kernels), exact (same kernel, same work), name (shapes changed) and work (renamed kernel,
// same work). Each case lists both runs' records in a compact spelling and
// the pairs expected, worked out by hand.
#include "core/analysis/op_match.h"

#include <QtTest>

#include <string>

using namespace roofscope;

namespace {

// "name category phase flops dram [count] [op=OP]", records separated by ';'. "-" leaves a figure
// absent; OP is the framework op with its shapes (OpRecord::op).
std::vector<OpRecord> records(const QString& spec) {
    std::vector<OpRecord> out;
    for (const QString& item : spec.split(';', Qt::SkipEmptyParts)) {
        const QStringList f = item.trimmed().split(' ', Qt::SkipEmptyParts);
        OpRecord r;
        r.name = f[0].toStdString();
        r.category = *parseEnum<Category>(f[1].toStdString());
        r.phase = *parseEnum<Phase>(f[2].toStdString());
        if (f[3] != "-")
            r.flops = Measure::measured(f[3].toDouble());
        if (f[4] != "-")
            r.bytes[MemoryLevel::dram] = Measure::measured(f[4].toDouble());
        r.count = f.size() > 5 && !f[5].startsWith("op=") ? f[5].toLongLong() : 1;
        if (f.back().startsWith("op="))
            r.op = f.back().mid(3).toStdString();
        r.timeS = Measure::measured(1e-3);
        out.push_back(r);
    }
    return out;
}

// "0-1e 1-0n": pair (a, b) and its tier's initial.
QString describe(const OpMatch& m) {
    QStringList parts;
    for (const auto& p : m.pairs)
        parts << QStringLiteral("%1-%2%3").arg(p.a).arg(p.b).arg(matchTierName(p.tier).front());
    return parts.join(' ');
}

QString indices(const std::vector<int>& v) {
    QStringList parts;
    for (const int i : v)
        parts << QString::number(i);
    return parts.join(' ');
}

} // namespace

class TestOpMatch : public QObject {
    Q_OBJECT

  private slots:
    void tiers_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("pairs");
        QTest::addColumn<QString>("onlyA");
        QTest::addColumn<QString>("onlyB");

        QTest::newRow("same op, same shapes") << "gemm gemm forward 2e12 1e10"
                                              << "gemm gemm forward 2e12 1e10"
                                              << "0-0e"
                                              << ""
                                              << "";
        // 10 launches of 2e11 FLOP against 20 launches of the same kernel: equal per launch.
        QTest::newRow("work per launch, not in total") << "gemm gemm forward 2e12 1e10 10"
                                                       << "gemm gemm forward 4e12 2e10 20"
                                                       << "0-0e"
                                                       << ""
                                                       << "";
        // Within 1e-6 relative: rounding of the same shapes.
        QTest::newRow("within tolerance") << "gemm gemm forward 2e12 1e10"
                                          << "gemm gemm forward 2.0000002e12 1e10"
                                          << "0-0e"
                                          << ""
                                          << "";
        QTest::newRow("beyond tolerance: shapes changed") << "gemm gemm forward 2e12 1e10"
                                                          << "gemm gemm forward 2.00002e12 1e10"
                                                          << "0-0n"
                                                          << ""
                                                          << "";
        QTest::newRow("bytes changed") << "ln norm forward 5e8 2e9"
                                       << "ln norm forward 5e8 2.4e9"
                                       << "0-0n"
                                       << ""
                                       << "";
        // Exact also needs the phase: the same kernel name in another phase pairs by name.
        QTest::newRow("other phase") << "gemm gemm forward 2e12 1e10"
                                     << "gemm gemm backward 2e12 1e10"
                                     << "0-0n"
                                     << ""
                                     << "";
        // Another vendor's kernel for the same op on the same shapes, even without FLOPs (a trace
        // without an estimator for it): the op pairs them, before any work is compared.
        QTest::newRow("same op, other vendor")
            << "cutlass_80_gemm gemm forward - - op=aten::mm[[8,8],[8,8]]"
            << "Cijk_Ailk_Bljk gemm forward - - op=aten::mm[[8,8],[8,8]]"
            << "0-0o"
            << ""
            << "";
        // By op first: B lists them in the other order and under other names.
        QTest::newRow("op before work")
            << "k1 gemm forward 1e9 1e9 op=aten::mm[[1]]; k2 gemm forward 1e9 1e9 op=aten::mm[[2]]"
            << "m2 gemm forward 1e9 1e9 op=aten::mm[[2]]; m1 gemm forward 1e9 1e9 op=aten::mm[[1]]"
            << "0-1o 1-0o"
            << ""
            << "";
        // Same op and shapes in another phase is not the same call; the work tier then needs
        // the phase too.
        QTest::newRow("same op, other phase") << "k gemm forward 1e9 1e9 op=aten::mm[[1]]"
                                              << "m gemm backward 1e9 1e9 op=aten::mm[[1]]"
                                              << ""
                                              << "0"
                                              << "0";
        QTest::newRow("renamed kernel, same work") << "ampere_gemm gemm forward 2e12 1e10"
                                                   << "sm80_xmma_gemm gemm forward 2e12 1e10"
                                                   << "0-0w"
                                                   << ""
                                                   << "";
        // A renamed kernel in another phase or with other work is not the same op.
        QTest::newRow("renamed, other phase") << "ampere_gemm gemm forward 2e12 1e10"
                                              << "sm80_xmma_gemm gemm backward 2e12 1e10"
                                              << ""
                                              << "0"
                                              << "0";
        QTest::newRow("renamed, other work") << "ampere_gemm gemm forward 2e12 1e10"
                                             << "sm80_xmma_gemm gemm forward 3e12 1e10"
                                             << ""
                                             << "0"
                                             << "0";
        // The name tier needs the category as well.
        QTest::newRow("same name, other category") << "k gemm forward 1e9 1e9"
                                                   << "k conv forward 1e9 1e9"
                                                   << ""
                                                   << "0"
                                                   << "0";
        // FLOPs absent on one side only: different work.
        QTest::newRow("absent on one side") << "x gemm forward - 1e9"
                                            << "y gemm forward 1e9 1e9"
                                            << ""
                                            << "0"
                                            << "0";
        QTest::newRow("absent on both sides") << "ncclAllReduce collective communication - -"
                                              << "ncclAllReduce collective communication - -"
                                              << "0-0e"
                                              << ""
                                              << "";
        // Repeated keys pair in order of appearance.
        QTest::newRow("duplicates in order") << "k gemm forward 1e9 1e9; k gemm forward 1e9 1e9"
                                             << "k gemm forward 1e9 1e9; k gemm forward 1e9 1e9"
                                             << "0-0e 1-1e"
                                             << ""
                                             << "";
        // Exact wins over order: each op finds its own shapes first.
        QTest::newRow("exact before order") << "k gemm forward 1e9 1e9; k gemm forward 2e9 2e9"
                                            << "k gemm forward 2e9 2e9; k gemm forward 1e9 1e9"
                                            << "0-1e 1-0e"
                                            << ""
                                            << "";
        // Two changed shapes pair by name in order; the extra one of A stays unmatched.
        QTest::newRow("name tier in order")
            << "k gemm forward 1e9 1e9; k gemm forward 2e9 2e9; k gemm forward 3e9 3e9"
            << "k gemm forward 5e9 5e9; k gemm forward 6e9 6e9"
            << "0-0n 1-1n"
            << "2"
            << "";
        // Exact first, then name, then work, each among what is left.
        QTest::newRow("all tiers") << "a gemm forward 1e9 1e9; b norm forward 1e8 1e8; "
                                      "c gemm forward 4e9 4e9; d other unknown 1 1"
                                   << "c2 gemm forward 4e9 4e9; b norm forward 2e8 2e8; "
                                      "a gemm forward 1e9 1e9; e other unknown 1 1; f other "
                                      "forward 1 1"
                                   << "0-2e 1-1n 2-0w 3-3w"
                                   << ""
                                   << "4";
        QTest::newRow("A empty") << ""
                                 << "k gemm forward 1e9 1e9"
                                 << ""
                                 << ""
                                 << "0";
        QTest::newRow("both empty") << ""
                                    << ""
                                    << ""
                                    << ""
                                    << "";
    }
    void tiers() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QString, pairs);
        QFETCH(QString, onlyA);
        QFETCH(QString, onlyB);
        const auto ra = records(a), rb = records(b);
        const OpMatch m = matchOps(ra, rb);
        QCOMPARE(describe(m), pairs);
        QCOMPARE(indices(m.onlyA), onlyA);
        QCOMPARE(indices(m.onlyB), onlyB);
        // Every record is in exactly one pair or one list.
        QCOMPARE(m.pairs.size() + m.onlyA.size(), ra.size());
        QCOMPARE(m.pairs.size() + m.onlyB.size(), rb.size());
    }

    void tierNames() {
        QVERIFY(matchTierName(MatchTier::op) == "op");
        QVERIFY(matchTierName(MatchTier::exact) == "exact");
        QVERIFY(matchTierName(MatchTier::name) == "name");
        QVERIFY(matchTierName(MatchTier::work) == "work");
    }
};

QTEST_APPLESS_MAIN(TestOpMatch)
#include "test_op_match.moc"
