// The HLO cost model (core/import/xplane/hlo_cost.h) on programs built here, each row's FLOPs and
// bytes worked out by hand in its comment. The proto reader and the join of kernels to
// instructions are in test_xplane_hlo.cpp.
#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/hlo_module.h"
#include "tests/support/hlo_builders.h"

#include <QtTest>

#include <functional>

using namespace roofscope;
using namespace roofscope::test;

namespace {

HloWindowDim window(std::int64_t size, std::int64_t stride = 1, std::int64_t pad = 0,
                    std::int64_t baseDilation = 1) {
    HloWindowDim w;
    w.size = size;
    w.stride = stride;
    w.paddingLow = pad;
    w.paddingHigh = pad;
    w.baseDilation = baseDilation;
    return w;
}

// NC<spatial...> input, OI<spatial...> kernel, NC<spatial...> output.
HloConvDims nchw(std::size_t spatial) {
    HloConvDims d;
    d.inputBatch = 0;
    d.inputFeature = 1;
    d.kernelOutputFeature = 0;
    d.kernelInputFeature = 1;
    d.outputBatch = 0;
    d.outputFeature = 1;
    for (std::size_t s = 0; s < spatial; ++s) {
        d.inputSpatial.push_back(std::int64_t(s + 2));
        d.kernelSpatial.push_back(std::int64_t(s + 2));
        d.outputSpatial.push_back(std::int64_t(s + 2));
    }
    return d;
}

// A module whose entry computation ends in the instruction the row measures, named "op".
HloModule dotModule(int type, std::vector<std::int64_t> lhs, std::vector<std::int64_t> rhs,
                    std::vector<std::int64_t> out, HloDotDims dims) {
    HloInstruction d = instr(3, "op", "dot", array(type, out), {1, 2});
    d.hasDotDims = true;
    d.dot = std::move(dims);
    return moduleOf({computation(1, {instr(1, "a", "parameter", array(type, lhs)),
                                     instr(2, "b", "parameter", array(type, rhs)), std::move(d)})});
}

HloModule convModule(std::vector<std::int64_t> in, std::vector<std::int64_t> kernel, HloShape out,
                     std::vector<HloWindowDim> w, std::string opcode = "convolution",
                     std::string target = "", std::int64_t groups = 1) {
    HloInstruction c = instr(3, "op", std::move(opcode), std::move(out), {1, 2});
    c.hasConvDims = true;
    c.conv = nchw(w.size());
    c.window = std::move(w);
    c.customCallTarget = std::move(target);
    c.featureGroupCount = groups;
    return moduleOf(
        {computation(1, {instr(1, "x", "parameter", array(hlo_type::f32, in)),
                         instr(2, "w", "parameter", array(hlo_type::f32, kernel)), std::move(c)})});
}

// A reducer computation: add(p0, p1) on scalars, 1 FLOP per application.
HloComputation adder(std::int64_t id) {
    const std::int64_t base = id * 10;
    return computation(
        id, {instr(base + 1, "r0." + std::to_string(id), "parameter", array(hlo_type::f32, {})),
             instr(base + 2, "r1." + std::to_string(id), "parameter", array(hlo_type::f32, {})),
             instr(base + 3, "sum." + std::to_string(id), "add", array(hlo_type::f32, {}),
                   {base + 1, base + 2})});
}

struct Row {
    const char* name;
    std::function<HloModule()> make;
    bool known;
    double flops, bytes, transcendentals;
};

const std::vector<Row>& rows() {
    static const std::vector<Row> table = {
        // [4,8] x [8,16] -> [4,16]: 2 x 64 outputs x 8 = 1024 FLOP; (32 + 128 + 64) x 4 B = 896.
        {"dot f32 4x8 * 8x16",
         [] {
             HloDotDims d;
             d.lhsContracting = {1};
             d.rhsContracting = {0};
             return dotModule(hlo_type::f32, {4, 8}, {8, 16}, {4, 16}, d);
         },
         true, 1024, 896, 0},
        // batch 2: [2,4,8] x [2,8,16] -> [2,4,16]: 2 x 128 x 8 = 2048; (64+256+128) x 2 B = 896.
        {"batched dot bf16",
         [] {
             HloDotDims d;
             d.lhsContracting = {2};
             d.rhsContracting = {1};
             d.lhsBatch = {0};
             d.rhsBatch = {0};
             return dotModule(hlo_type::bf16, {2, 4, 8}, {2, 8, 16}, {2, 4, 16}, d);
         },
         true, 2048, 896, 0},
        // x [1,3,8,8], w [4,3,3,3], y [1,4,8,8], stride 1, pad 1: per spatial dimension the
        // outputs 0 and 7 have 2 taps inside the input, 1..6 have 3: 2+18+2 = 22, so 22 x 22 =
        // 484 taps; 2 x 1 x 4 x 3 x 484 = 11616 FLOP (a dense count would say 2x256x27 = 13824).
        // Bytes (192 + 108 + 256) x 4 = 2224.
        {"conv2d 3x3 pad 1",
         [] {
             return convModule({1, 3, 8, 8}, {4, 3, 3, 3}, array(hlo_type::f32, {1, 4, 8, 8}),
                               {window(3, 1, 1), window(3, 1, 1)});
         },
         true, 11616, 2224, 0},
        // feature_group_count 2: x [1,4,5,5], w [6,2,1,1] (2 = 4/2 inputs per group), y
        // [1,6,5,5]: 2 x 1 x 6 x 2 x 25 = 600; (100 + 12 + 150) x 4 = 1048.
        {"grouped conv",
         [] {
             return convModule({1, 4, 5, 5}, {6, 2, 1, 1}, array(hlo_type::f32, {1, 6, 5, 5}),
                               {window(1), window(1)}, "convolution", "", 2);
         },
         true, 600, 1048, 0},
        // 1-D, in 5, window 3, stride 2, pad 1 -> out 3: taps inside per output 2, 3, 2 = 7;
        // 2 x 7 = 14; (5 + 3 + 3) x 4 = 44.
        {"strided conv1d",
         [] {
             return convModule({1, 1, 5}, {1, 1, 3}, array(hlo_type::f32, {1, 1, 3}),
                               {window(3, 2, 1)});
         },
         true, 14, 44, 0},
        // Transposed (base dilation 2): in 3 -> dilated 5 (real at 0, 2, 4), window 3, pad 2 ->
        // out 7; each of the 3 inputs meets each of the 3 taps once: 9 pairs; 2 x 9 = 18;
        // (3 + 3 + 7) x 4 = 52.
        {"base-dilated conv1d",
         [] {
             return convModule({1, 1, 3}, {1, 1, 3}, array(hlo_type::f32, {1, 1, 7}),
                               {window(3, 1, 2, 2)});
         },
         true, 18, 52, 0},
        // Sizes no real program has (a damaged file): [2^31, 2^31] x [2^31, 2^31] counts
        // 2 x 2^62 x 2^31 = 2^94 FLOP and 3 x 2^62 x 4 = 3 x 2^64 B, in doubles, without an
        // overflowing cast in the formula.
        {"absurd dot",
         [] {
             const std::int64_t n = std::int64_t(1) << 31;
             HloDotDims d;
             d.lhsContracting = {1};
             d.rhsContracting = {0};
             return dotModule(hlo_type::f32, {n, n}, {n, n}, {n, n}, d);
         },
         true, std::ldexp(1.0, 94), 3 * std::ldexp(1.0, 64), 0},
        // Base dilation 2 and window dilation 3: in 4 -> dilated 7 (real at 0, 2, 4, 6), window
        // 2 taps 3 apart, pad 1 -> out (7 + 2 - 4) + 1 = 6. Tap 0 reads p = o - 1: real for
        // o = 1, 3, 5; tap 1 reads p = o + 2: real for o = 0, 2, 4. 6 pairs: 12 FLOP;
        // (4 + 2 + 6) x 4 = 48.
        {"dilated conv1d",
         [] {
             HloWindowDim w = window(2, 1, 1, 2);
             w.windowDilation = 3;
             return convModule({1, 1, 4}, {1, 1, 2}, array(hlo_type::f32, {1, 1, 6}), {w});
         },
         true, 12, 48, 0},
        // The 3x3 convolution above as cuDNN's custom call, (y, u8[1024] scratch): same FLOPs,
        // the scratch not counted: 2224 B.
        {"cudnn conv forward",
         [] {
             return convModule(
                 {1, 3, 8, 8}, {4, 3, 3, 3},
                 tupleOf({array(hlo_type::f32, {1, 4, 8, 8}), array(hlo_type::u8, {1024})}),
                 {window(3, 1, 1), window(3, 1, 1)}, "custom-call", "__cudnn$convForward");
         },
         true, 11616, 2224, 0},
        // Its input gradient: (dy [1,4,8,8], w) -> (dx [1,3,8,8], scratch): the same 11616 FLOP
        // of the forward convolution; (256 + 108 + 192) x 4 = 2224.
        {"cudnn conv backward input",
         [] {
             return convModule(
                 {1, 4, 8, 8}, {4, 3, 3, 3},
                 tupleOf({array(hlo_type::f32, {1, 3, 8, 8}), array(hlo_type::u8, {1024})}),
                 {window(3, 1, 1), window(3, 1, 1)}, "custom-call", "__cudnn$convBackwardInput");
         },
         true, 11616, 2224, 0},
        // cuBLAS GEMM [64,32] x [48,32]^T -> ([64,48], s8 scratch): K^2 = 2048 x 1536 / 3072 =
        // 1024, K = 32; 2 x 3072 x 32 = 196608; (2048 + 1536 + 3072) x 2 = 13312.
        {"cublas gemm",
         [] {
             HloInstruction g = instr(
                 3, "op", "custom-call",
                 tupleOf({array(hlo_type::bf16, {64, 48}), array(hlo_type::s8, {4096})}), {1, 2});
             g.customCallTarget = "__cublas$gemm";
             return moduleOf({computation(
                 1, {instr(1, "a", "parameter", array(hlo_type::bf16, {64, 32})),
                     instr(2, "b", "parameter", array(hlo_type::bf16, {48, 32})), std::move(g)})});
         },
         true, 196608, 13312, 0},
        // fusion of multiply, exp and add on f32[16]: 16 + 16 FLOP, 16 transcendentals;
        // parameters and result (16 x 3) x 4 = 192.
        {"fusion elementwise",
         [] {
             HloComputation body =
                 computation(5, {instr(51, "p0", "parameter", array(hlo_type::f32, {16})),
                                 instr(52, "p1", "parameter", array(hlo_type::f32, {16})),
                                 instr(53, "mul", "multiply", array(hlo_type::f32, {16}), {51, 52}),
                                 instr(54, "e", "exponential", array(hlo_type::f32, {16}), {53}),
                                 instr(55, "s", "add", array(hlo_type::f32, {16}), {53, 54})});
             HloInstruction f = instr(3, "op", "fusion", array(hlo_type::f32, {16}), {1, 2});
             f.called = {5};
             return moduleOf(
                 {body, computation(1, {instr(1, "a", "parameter", array(hlo_type::f32, {16})),
                                        instr(2, "b", "parameter", array(hlo_type::f32, {16})),
                                        std::move(f)})});
         },
         true, 32, 192, 16},
        // A Triton GEMM fusion: bf16 [32,64] x [64,128] -> [32,128]: 2 x 4096 x 64 = 524288;
        // (2048 + 8192 + 4096) x 2 = 28672.
        {"gemm fusion",
         [] {
             HloInstruction d =
                 instr(63, "dot.1", "dot", array(hlo_type::bf16, {32, 128}), {61, 62});
             d.hasDotDims = true;
             d.dot.lhsContracting = {1};
             d.dot.rhsContracting = {0};
             HloComputation body = computation(
                 6, {instr(61, "q0", "parameter", array(hlo_type::bf16, {32, 64})),
                     instr(62, "q1", "parameter", array(hlo_type::bf16, {64, 128})), std::move(d)});
             HloInstruction f = instr(3, "op", "fusion", array(hlo_type::bf16, {32, 128}), {1, 2});
             f.called = {6};
             return moduleOf(
                 {body,
                  computation(1, {instr(1, "a", "parameter", array(hlo_type::bf16, {32, 64})),
                                  instr(2, "b", "parameter", array(hlo_type::bf16, {64, 128})),
                                  std::move(f)})});
         },
         true, 524288, 28672, 0},
        // reduce f32[8,32] -> [8] with add: 256 - 8 = 248 applications x 1 FLOP = 248;
        // (256 + 1 + 8) x 4 = 1060.
        {"reduce",
         [] {
             HloInstruction r = instr(3, "op", "reduce", array(hlo_type::f32, {8}), {1, 2});
             r.called = {7};
             r.dimensions = {1};
             return moduleOf(
                 {adder(7),
                  computation(1, {instr(1, "a", "parameter", array(hlo_type::f32, {8, 32})),
                                  instr(2, "zero", "constant", array(hlo_type::f32, {})),
                                  std::move(r)})});
         },
         true, 248, 1060, 0},
        // add f32[10,10] + f32[10,10]: 100 FLOP; 300 x 4 = 1200.
        {"elementwise add",
         [] {
             return moduleOf(
                 {computation(1, {instr(1, "a", "parameter", array(hlo_type::f32, {10, 10})),
                                  instr(2, "b", "parameter", array(hlo_type::f32, {10, 10})),
                                  instr(3, "op", "add", array(hlo_type::f32, {10, 10}), {1, 2})})});
         },
         true, 100, 1200, 0},
        // transpose bf16 [64,32]: no FLOPs; 2 x 2048 x 2 = 8192.
        {"transpose",
         [] {
             return moduleOf({computation(
                 1, {instr(1, "a", "parameter", array(hlo_type::bf16, {64, 32})),
                     instr(3, "op", "transpose", array(hlo_type::bf16, {32, 64}), {1})})});
         },
         true, 0, 8192, 0},
        // A damaged module whose fusion body holds a fusion of itself: FLOPs unknown, found
        // without looping; bytes (16 + 16) x 4 = 128.
        {"fusion calling itself",
         [] {
             HloInstruction inner = instr(52, "inner", "fusion", array(hlo_type::f32, {16}), {51});
             inner.called = {5};
             HloComputation body = computation(
                 5, {instr(51, "p0", "parameter", array(hlo_type::f32, {16})), std::move(inner)});
             HloInstruction f = instr(3, "op", "fusion", array(hlo_type::f32, {16}), {1});
             f.called = {5};
             return moduleOf(
                 {body, computation(1, {instr(1, "a", "parameter", array(hlo_type::f32, {16})),
                                        std::move(f)})});
         },
         false, 0, 128, 0},
        // An attention custom call: FLOPs unknown (not guessed), bytes still counted:
        // (2048 + 2048) x 2 = 8192.
        {"unknown custom call",
         [] {
             HloInstruction c =
                 instr(3, "op", "custom-call", array(hlo_type::bf16, {2, 1024}), {1});
             c.customCallTarget = "te_fused_attn_forward_ffi";
             return moduleOf({computation(
                 1, {instr(1, "a", "parameter", array(hlo_type::bf16, {2, 1024})), std::move(c)})});
         },
         false, 0, 8192, 0},
    };
    return table;
}

} // namespace

class TestHloCost : public QObject {
    Q_OBJECT

  private slots:
    void costs_data() {
        QTest::addColumn<int>("row");
        for (std::size_t i = 0; i < rows().size(); ++i)
            QTest::newRow(rows()[i].name) << int(i);
    }

    void costs() {
        QFETCH(int, row);
        const Row& r = rows()[std::size_t(row)];
        const HloModule module = r.make();
        const auto costs = hloCosts(module);
        const auto it = costs.find("op");
        QVERIFY(it != costs.end());
        const HloCost& c = it->second;
        QCOMPARE(c.flopsKnown, r.known);
        QCOMPARE(c.flops, r.flops);
        QCOMPARE(c.bytes, r.bytes);
        QCOMPARE(c.transcendentals, r.transcendentals);
        QVERIFY2(!c.formula.empty(), c.formula.c_str());
    }
};

QTEST_APPLESS_MAIN(TestHloCost)
#include "test_hlo_cost.moc"
