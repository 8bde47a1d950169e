// XLA collectives in XPlane profiles: an all-reduce, all-gather, reduce-scatter, all-to-all or
// collective-permute instruction says its message in its shapes and its group in its replica
// groups (hlo_cost.h, HloCollective); the op's kernels then carry the message and the analysis
// bounds their busbw as it does a Kineto trace's NCCL kernels (collective_bytes.h). Figures
// worked out in each row's comment. The samples hold no collective (single-GPU programs).
#include "core/import/kineto/kineto_load.h"
#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/hlo_estimate.h"
#include "core/import/xplane/xplane_reader.h"
#include "tests/support/hlo_builders.h"
#include "tests/support/xspace_writer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::test;

namespace {

// parameter p (operand shape) and the collective `op` of it, in one computation.
HloModule collectiveModule(const std::string& opcode, const HloShape& operand,
                           const HloShape& result, std::int64_t groupSize) {
    HloInstruction c = instr(2, "op", opcode, result, {1});
    c.groupSize = groupSize;
    return moduleOf({computation(1, {instr(1, "p", "parameter", operand), c})});
}

} // namespace

class TestXplaneCollectives : public QObject {
    Q_OBJECT

  private slots:
    void messages_data() {
        QTest::addColumn<QString>("opcode");
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("in");
        QTest::addColumn<double>("out");
        QTest::addColumn<int>("type");
        QTest::addColumn<qint64>("group");
        // all-reduce of bf16 [1024,1024] in groups of 4: in = out = 1,048,576 elements.
        QTest::newRow("all-reduce")
            << "all-reduce"
            << "allreduce" << 1048576.0 << 1048576.0 << hlo_type::bf16 << qint64(4);
        // all-gather-start of f32 [256] over 8 devices: its result is (input, gathered f32
        // [2048]), the gathered array is the output.
        QTest::newRow("all-gather-start")
            << "all-gather-start"
            << "allgather" << 256.0 << 2048.0 << hlo_type::f32 << qint64(8);
        // reduce-scatter f32 [4096] -> [512], no replica groups (every device).
        QTest::newRow("reduce-scatter")
            << "reduce-scatter"
            << "reducescatter" << 4096.0 << 512.0 << hlo_type::f32 << qint64(0);
        QTest::newRow("all-to-all")
            << "all-to-all"
            << "alltoall" << 1048576.0 << 1048576.0 << hlo_type::bf16 << qint64(2);
        QTest::newRow("collective-permute-start")
            << "collective-permute-start"
            << "sendrecv" << 1048576.0 << 1048576.0 << hlo_type::bf16 << qint64(0);
    }

    void messages() {
        QFETCH(QString, opcode);
        QFETCH(QString, name);
        QFETCH(double, in);
        QFETCH(double, out);
        QFETCH(int, type);
        QFETCH(qint64, group);
        const std::string op = opcode.toStdString();
        HloShape operand, result;
        if (op == "all-gather-start") {
            operand = array(hlo_type::f32, {256});
            result = tupleOf({array(hlo_type::f32, {256}), array(hlo_type::f32, {2048})});
        } else if (op == "reduce-scatter") {
            operand = array(hlo_type::f32, {4096});
            result = array(hlo_type::f32, {512});
        } else if (op == "collective-permute-start") {
            operand = array(hlo_type::bf16, {1024, 1024});
            result = tupleOf({operand}); // (the permuted array)
        } else {
            operand = array(hlo_type::bf16, {1024, 1024});
            result = operand;
        }
        const auto costs = hloCosts(collectiveModule(op, operand, result, group));
        const HloCost& c = costs.at("op");
        QVERIFY(c.flopsKnown);
        QCOMPARE(c.flops, 0.0);
        QVERIFY(c.collective.has_value());
        QCOMPARE(QString::fromStdString(c.collective->name), name);
        QCOMPARE(c.collective->inElements, in);
        QCOMPARE(c.collective->outElements, out);
        QCOMPARE(c.collective->elementType, type);
        QCOMPARE(qint64(c.collective->groupSize), group);
        // Not a collective: a plain add has none.
        const auto add = hloCosts(collectiveModule("add", operand, operand, 0));
        QVERIFY(!add.at("op").collective.has_value());
    }

    void dtypeNames_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<QString>("name");
        QTest::newRow("bf16") << hlo_type::bf16 << "bfloat16";
        QTest::newRow("f32") << hlo_type::f32 << "float32";
        QTest::newRow("f16") << hlo_type::f16 << "float16";
        QTest::newRow("s8") << hlo_type::s8 << "int8";
        QTest::newRow("F8E4M3FN") << 20 << "float8_e4m3fn";
        QTest::newRow("tuple") << hlo_type::tuple << "";
    }

    void dtypeNames() {
        QFETCH(int, type);
        QFETCH(QString, name);
        QCOMPARE(QString::fromStdString(hloDtypeName(type)), name);
    }

    // A made profile: jit_step(1) all-reduces bf16 [1024,1024] (2,097,152 B) in one group of 4
    // devices, written as replica_groups (field 49) or as an iota collective_device_list (field
    // 87, 4 devices per group); GPU 0 runs its NCCL kernel for 100 us. The launch carries the
    // message S = 2,097,152 B and the collective summary algbw S / t = 20.97 GB/s and busbw
    // algbw x 2 (n - 1) / n = 1.5 x = 31.46 GB/s, as nccl-tests count them. Without groups,
    // every GPU plane of the profile (2 here) takes part: busbw factor 2 x 1 / 2 = 1.
    void madeProfileCarriesTheMessage_data() {
        QTest::addColumn<int>("groups"); // 0 none, 1 replica_groups, 2 iota list
        QTest::addColumn<int>("groupSize");
        QTest::addColumn<double>("busbwFactor");
        QTest::newRow("replica_groups") << 1 << 4 << 1.5;
        QTest::newRow("iota collective_device_list") << 2 << 4 << 1.5;
        QTest::newRow("no groups: both GPUs") << 0 << 2 << 1.0;
    }

    void madeProfileCarriesTheMessage() {
        QFETCH(int, groups);
        QFETCH(int, groupSize);
        QFETCH(double, busbwFactor);
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const Pb shape = Pb().varint(2, hlo_type::bf16).varint(3, 1024).varint(3, 1024);
        const Pb param = Pb().bytes(1, "p").bytes(2, "parameter").message(3, shape).varint(35, 1);
        Pb allReduce = Pb().bytes(1, "all-reduce.1")
                           .bytes(2, "all-reduce")
                           .message(3, shape)
                           .varint(35, 2)
                           .varint(36, 1);
        if (groups == 1)
            allReduce.message(49, Pb().varint(1, 0).varint(1, 1).varint(1, 2).varint(1, 3));
        else if (groups == 2)
            allReduce.message(87, Pb().message(2, Pb().varint(1, 1).varint(2, 4)));
        const Pb comp =
            Pb().bytes(1, "main").message(2, param).message(2, allReduce).varint(5, 1).varint(6, 2);
        const std::string hlo =
            Pb().message(1, Pb().bytes(1, "jit_step").message(3, comp).varint(5, 1).varint(6, 1))
                .str();
        Pb metadata = plane(1, "/host:metadata");
        metadata.message(5, statMetadata(1, "Hlo Proto"))
            .message(
                4, Pb().varint(1, 1).message(2, Pb().varint(1, 1)
                                                    .bytes(2, "jit_step(1)")
                                                    .message(5, Pb().varint(1, 1).bytes(6, hlo))));
        const auto gpuPlane = [](int id, int index, bool kernel) {
            Pb gpu = plane(id, "/device:GPU:" + std::to_string(index));
            gpu.message(5, statMetadata(1, "hlo_op"))
                .message(5, statMetadata(2, "program_id"))
                .message(4, eventMetadata(1, "ncclDevKernel_AllReduce_Sum_bf16_RING_LL("
                                             "ncclDevKernelArgsStorage<4096ul>)"));
            if (kernel)
                gpu.message(3, line(1, "Stream #20(Kernel)", 1000)
                                   .message(4, roofscope::test::event(1, 0, 100000000)
                                                   .message(4, textStat(1, "all-reduce.1"))
                                                   .message(4, intStat(2, 1))));
            return gpu;
        };
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("collective.xplane.pb"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const std::string bytes = Pb().message(1, metadata)
                                          .message(1, gpuPlane(2, 0, true))
                                          .message(1, gpuPlane(3, 1, false))
                                          .str();
            f.write(bytes.data(), qint64(bytes.size()));
        }
        const auto loaded = loadKinetoRanks({path.toStdString()});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const auto& launches = loaded.value().ranks.front().analysis.launches;
        QCOMPARE(launches.size(), std::size_t(1));
        const Launch& l = launches.front();
        QVERIFY(l.record.category == Category::collective);
        QVERIFY(l.record.collective == Collective::all_reduce);
        QCOMPARE(l.record.groupSize, groupSize);
        QCOMPARE(l.messageBytes, 2097152.0);
        const auto summary = summarizeCollectives(launches);
        QCOMPARE(summary.size(), std::size_t(1));
        const double algbw = 2097152.0 / 100e-6;
        QVERIFY(std::abs(summary.front().algbwBytesPerS / algbw - 1) < 1e-12);
        QVERIFY(std::abs(summary.front().busbwBytesPerS / (algbw * busbwFactor) - 1) < 1e-12);
    }

    // The fuzz seed with the fields read beyond shapes (tests/data/xplane/hlo_calls.txtpb,
    // encoded by protoc with the carried schema), through the reader and the analysis:
    //   - te_fused_attn_forward_ffi.1: b 2, h 4, s 128, d 64, causal (mask 2): scores
    //     2 x 128 x 129 / 2 = 16,512; 2 x 4 x 16,512 x (64 + 64) = 16,908,288 FLOP; forward
    //     (its name stack is under jvp);
    //   - custom-call.2 (__cublas$lt$matmul, batch 0, contracting 2 / 1): bf16 [8,128,64] x
    //     [8,64,32]: 2 x 32,768 x 64 = 4,194,304 FLOP; backward (under transpose(jvp()));
    //   - all-reduce.3 of bf16 [8,64,32] over the replica group {0, 1}: S = 16,384 x 2 =
    //     32,768 B, the message its NCCL kernel carries.
    void theCallsSeedEndToEnd() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const auto loaded =
            loadKinetoRanks({std::string(ROOFSCOPE_TEST_DATA "/xplane/seed_hlo_calls.xplane.pb")});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const auto& launches = loaded.value().ranks.front().analysis.launches;
        QCOMPARE(launches.size(), std::size_t(3));
        const Launch& attention = launches[0];
        QCOMPARE(attention.record.flops.value, 16908288.0);
        QVERIFY(attention.record.phase == Phase::forward);
        const Launch& gemm = launches[1];
        QCOMPARE(gemm.record.flops.value, 4194304.0);
        QVERIFY(gemm.record.phase == Phase::backward);
        const Launch& allReduce = launches[2];
        QVERIFY(allReduce.record.collective == Collective::all_reduce);
        QCOMPARE(allReduce.record.groupSize, 2);
        QCOMPARE(allReduce.messageBytes, 32768.0);
    }
};

QTEST_GUILESS_MAIN(TestXplaneCollectives)
#include "test_xplane_collectives.moc"
