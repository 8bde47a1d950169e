// The HLO proto reader's limits and errors on protos written field by field, and the join of
// kernels to instructions on made profiles (the cost model's rows are in test_hlo_cost.cpp, the
// shared JAX samples in test_xplane_hlo_samples.cpp).
#include "core/import/kineto/kineto_load.h"
#include "core/import/xplane/hlo_module.h"
#include "core/import/xplane/xplane_reader.h"
#include "tests/support/xspace_writer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace roofscope;
using namespace roofscope::test;

namespace {

const QString kSeed = QStringLiteral(ROOFSCOPE_TEST_DATA "/xplane/seed_hlo.xplane.pb");

} // namespace

class TestXplaneHlo : public QObject {
    Q_OBJECT

  private slots:
    // A proto written field by field: HloProto{module{computation{instruction{name, opcode,
    // shape{F32 [2,3]}, id}}}}.
    void parsesWrittenProto() {
        if (!parseHloProto("", "x").ok() &&
            parseHloProto("", "x").error().kind == ErrorKind::unsupported)
            QSKIP("this build has no protobuf");
        const Pb shape = Pb().varint(2, hlo_type::f32).varint(3, 2).varint(3, 3);
        const Pb instruction =
            Pb().bytes(1, "p").bytes(2, "parameter").message(3, shape).varint(35, 7);
        const Pb comp = Pb().bytes(1, "main").message(2, instruction).varint(5, 1).varint(6, 7);
        const Pb module = Pb().bytes(1, "jit_f").message(3, comp).varint(5, 9).varint(6, 1);
        const auto parsed = parseHloProto(Pb().message(1, module).str(), "made");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const HloModule& m = parsed.value();
        QCOMPARE(m.name, std::string("jit_f"));
        QCOMPARE(m.computations.size(), std::size_t(1));
        QCOMPARE(m.computations[0].instructions[0].shape.dims, (std::vector<std::int64_t>{2, 3}));
        QCOMPARE(m.computations[0].instructions[0].id, std::int64_t(7));
    }

    // The fuzz seed with an HLO (tests/data/xplane/seed_hlo.txtpb and hlo_seed.txtpb), by
    // hand from the text: dot.1 bf16 [64,128] x [128,32]: 2 x 2048 x 128 = 524288 FLOP,
    // (8192 + 4096 + 2048) x 2 = 28672 B; conv.2 (__cudnn$convForward) [1,3,8,8] * [4,3,3,3],
    // 3x3 pad 1 -> [1,4,8,8]: 2 x 4 x 3 x 22 x 22 = 11616, (192 + 108 + 256) x 2 = 1112 (its
    // u8[256] scratch not counted); fusion.3 = add of dot.1 with itself on [64,32]: 2048,
    // 3 x 4096 = 12288; reduce.4 [64,32] -> [64] with a scalar add: 2048 - 64 = 1984,
    // 4096 + 2 + 128 = 4226. Its kernels: one op each (conv.2's two kernels are one), and
    // custom-call.9, which the program does not have: 5 ops, 4 joined.
    void seedWithHlo() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const auto read = readXplane(kSeed.toStdString());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const XplaneDevice& d = read.value().devices.at(0);
        QCOMPARE(d.ops, std::size_t(5));
        QCOMPARE(d.opsCosted, std::size_t(4));
        QCOMPARE(d.opsWithFlops, std::size_t(4));
        QCOMPARE(d.flops, 524288.0 + 11616 + 2048 + 1984);
        QCOMPARE(d.bytes, 28672.0 + 1112 + 12288 + 4226);
        const std::map<std::string, std::pair<double, double>> expected = {
            {"dot.1", {524288, 28672}},
            {"conv.2", {11616, 1112}},
            {"fusion.3", {2048, 12288}},
            {"reduce.4", {1984, 4226}}};
        for (std::size_t i = 0; i < d.opCost.size(); ++i) {
            if (d.opCost[i] == kNoIndex)
                continue;
            const std::string& op = d.events.strings.text(d.events.cpu[i].name);
            const HloCost& c = read.value().hloCosts[d.opCost[i]];
            QVERIFY2(expected.count(op), op.c_str());
            QCOMPARE(c.flops, expected.at(op).first);
            QCOMPARE(c.bytes, expected.at(op).second);
        }
    }

    // A made profile end to end: /host:metadata with jit_f(1), whose HLO is add.1 = a + b on
    // f32[1000] (1000 FLOP; 3 x 4000 = 12000 B), jit_g(3) with a damaged `Hlo Proto`, jit_h(5)
    // without one; GPU 0 runs one kernel of add.1 (program 1) and one of mul.2 (program 5).
    void madeProfileEndToEnd() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const auto param = [](const char* name, int id) {
            return Pb()
                .bytes(1, name)
                .bytes(2, "parameter")
                .message(3, Pb().varint(2, hlo_type::f32).varint(3, 1000))
                .varint(35, std::uint64_t(id));
        };
        const Pb add = Pb().bytes(1, "add.1")
                           .bytes(2, "add")
                           .message(3, Pb().varint(2, hlo_type::f32).varint(3, 1000))
                           .varint(35, 3)
                           .varint(36, 1)
                           .varint(36, 2);
        const Pb comp = Pb().bytes(1, "main")
                            .message(2, param("a", 1))
                            .message(2, param("b", 2))
                            .message(2, add)
                            .varint(5, 1)
                            .varint(6, 3);
        const std::string hlo =
            Pb().message(1, Pb().bytes(1, "jit_f").message(3, comp).varint(5, 1).varint(6, 1))
                .str();
        const auto program = [](int id, const char* name, const std::string* bytes) {
            Pb m = Pb().varint(1, std::uint64_t(id)).bytes(2, name);
            if (bytes)
                m.message(5, Pb().varint(1, 1).bytes(6, *bytes));
            return Pb().varint(1, std::uint64_t(id)).message(2, m);
        };
        const std::string damaged("\x0a\x7f\x0a", 3); // a module of 127 bytes in 3
        Pb metadata = plane(1, "/host:metadata");
        metadata.message(5, statMetadata(1, "Hlo Proto"))
            .message(4, program(1, "jit_f(1)", &hlo))
            .message(4, program(3, "jit_g(3)", &damaged))
            .message(4, program(5, "jit_h(5)", nullptr));
        Pb gpu = plane(2, "/device:GPU:0");
        gpu.message(5, statMetadata(1, "hlo_op"))
            .message(5, statMetadata(2, "program_id"))
            .message(5, statMetadata(3, "hlo_module"))
            .message(4, eventMetadata(1, "elementwise_kernel"))
            .message(3, line(1, "Stream #7(Kernel)", 1000)
                            .message(4, roofscope::test::event(1, 0, 2000000)
                                            .message(4, textStat(1, "add.1"))
                                            .message(4, intStat(2, 1))
                                            .message(4, textStat(3, "jit_f")))
                            .message(4, roofscope::test::event(1, 3000000, 2000000)
                                            .message(4, textStat(1, "mul.2"))
                                            .message(4, intStat(2, 5))
                                            .message(4, textStat(3, "jit_h"))));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("made.xplane.pb"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const std::string bytes = Pb().message(1, metadata).message(1, gpu).str();
            f.write(bytes.data(), qint64(bytes.size()));
        }
        const auto read = readXplane(path.toStdString());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const XplaneProfile& p = read.value();
        QCOMPARE(p.programs.size(), std::size_t(3));
        QVERIFY(p.programs[0].hasHlo && p.programs[0].problem.empty());
        QCOMPARE(p.programs[0].instructions, std::size_t(3));
        QVERIFY(p.programs[1].hasHlo);
        QVERIFY2(p.programs[1].problem.find("HLO proto") != std::string::npos,
                 p.programs[1].problem.c_str());
        QVERIFY(!p.programs[2].hasHlo);
        bool warned = false;
        for (const std::string& w : p.warnings)
            warned = warned || w.starts_with("HLO of jit_g(3) not read");
        QVERIFY(warned);
        const XplaneDevice& d = p.devices.at(0);
        QCOMPARE(d.ops, std::size_t(2));
        QCOMPARE(d.opsCosted, std::size_t(1));
        QCOMPARE(d.opsWithFlops, std::size_t(1));
        QCOMPARE(d.flops, 1000.0);
        QCOMPARE(d.bytes, 12000.0);

        const auto loaded = loadKinetoRanks({path.toStdString()});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        int seen = 0;
        for (const LoadedTrace& r : loaded.value().ranks)
            for (const Launch& l : r.analysis.launches) {
                if (l.opName.str() == "add.1") {
                    ++seen;
                    QVERIFY(l.record.flops.origin == Origin::estimated);
                    QCOMPARE(l.record.flops.value, 1000.0);
                    QCOMPARE(l.record.bytes.at(MemoryLevel::dram).value, 12000.0);
                    QVERIFY(l.record.precision == Precision::fp32);
                } else if (l.opName.str() == "mul.2") {
                    ++seen;
                    QVERIFY(!l.record.flops.known()); // jit_h's HLO is not in the file
                }
            }
        QCOMPARE(seen, 2);
    }

    void refusesDamagedAndOversized() {
        const Pb instruction = Pb().bytes(1, "p").bytes(2, "parameter");
        Pb comp;
        for (int i = 0; i < 5; ++i)
            comp.message(2, instruction);
        const std::string proto = Pb().message(1, Pb().message(3, comp)).str();
        HloLimits few;
        few.maxInstructions = 4;
        const auto over = parseHloProto(proto, "made.xplane.pb: program jit_f(1)", few);
        QVERIFY(!over.ok());
        QVERIFY2(over.error().message.find("more than 4 instructions") != std::string::npos,
                 over.error().message.c_str());
        QCOMPARE(over.error().where.file, std::string("made.xplane.pb: program jit_f(1)"));
        QVERIFY(over.error().where.byteOffset > 0);

        const auto truncated = parseHloProto(proto.substr(0, proto.size() - 3), "made");
        QVERIFY(!truncated.ok());
        QVERIFY2(truncated.error().message.find("runs past the end") != std::string::npos,
                 truncated.error().message.c_str());

        // Tuples nested past the limit.
        Pb shape = Pb().varint(2, hlo_type::f32);
        for (int depth = 0; depth < 20; ++depth)
            shape = Pb().varint(2, hlo_type::tuple).message(4, shape);
        const std::string deep =
            Pb().message(1, Pb().message(3, Pb().message(2, Pb().message(3, shape)))).str();
        const auto nested = parseHloProto(deep, "made");
        QVERIFY(!nested.ok());
        QVERIFY2(nested.error().message.find("nested") != std::string::npos,
                 nested.error().message.c_str());

        // Operand ids past the limit: 10 unpacked and a packed list of 20 bytes (each byte a
        // number); the instruction's name and opcode do not count.
        std::string packed(20, '\x01');
        Pb ids = Pb().bytes(1, "a-long-name-that-is-no-number").bytes(2, "add");
        for (int i = 0; i < 10; ++i)
            ids.varint(36, 1);
        HloLimits fewNumbers;
        fewNumbers.maxNumbers = 29;
        const std::string withIds =
            Pb().message(1, Pb().message(3, Pb().message(2, ids.bytes(36, packed)))).str();
        const auto many = parseHloProto(withIds, "made", fewNumbers);
        QVERIFY(!many.ok());
        QVERIFY2(many.error().message.find("more than 29 ids and dimensions") != std::string::npos,
                 many.error().message.c_str());
        fewNumbers.maxNumbers = 30;
        const auto enough = parseHloProto(withIds, "made", fewNumbers);
        QVERIFY2(enough.ok(), enough.ok() ? "" : enough.error().toString().c_str());
        QCOMPARE(enough.value().computations[0].instructions[0].operands.size(), std::size_t(30));
    }
};

QTEST_GUILESS_MAIN(TestXplaneHlo)
#include "test_xplane_hlo.moc"
