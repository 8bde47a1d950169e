// The dimension numbers of XLA's cuBLAS / hipBLASLt GEMM calls, read from their JSON
// backend_config (core/import/xplane/hlo_gemm_config.h), and the FLOPs of a batched GEMM call
// that they make countable; each row's figures worked out in its comment.
#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/hlo_gemm_config.h"
#include "tests/support/hlo_builders.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::test;

namespace {

// As the TE sample's custom-call.1 holds it (abridged).
const char* const kSampleConfig =
    R"({"operation_queue_id":"0","gemm_backend_config":{"selected_algorithm":"-1","alpha_real":1,)"
    R"("beta":0,"dot_dimension_numbers":{"lhs_contracting_dimensions":["1"],)"
    R"("rhs_contracting_dimensions":["1"],"lhs_batch_dimensions":[],"rhs_batch_dimensions":[]},)"
    R"("epilogue":"DEFAULT"}})";

const char* const kBatchedConfig =
    R"({"gemm_backend_config":{"dot_dimension_numbers":{"lhs_contracting_dimensions":["2"],)"
    R"("rhs_contracting_dimensions":["1"],"lhs_batch_dimensions":["0"],)"
    R"("rhs_batch_dimensions":["0"]}}})";

} // namespace

class TestXplaneGemmConfig : public QObject {
    Q_OBJECT

  private slots:
    void parses_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("lhsContracting"); // first entry
        QTest::addColumn<int>("batchDims");
        QTest::newRow("the sample's") << kSampleConfig << true << 1 << 0;
        QTest::newRow("batched") << kBatchedConfig << true << 2 << 1;
        QTest::newRow("numbers, not strings")
            << R"({"gemm_backend_config":{"dot_dimension_numbers":{"lhs_contracting_dimensions":[1],"rhs_contracting_dimensions":[0]}}})"
            << true << 1 << 0;
        QTest::newRow("not JSON") << "{attn_heads = 16 : i64}" << false << 0 << 0;
        QTest::newRow("empty") << "" << false << 0 << 0;
        QTest::newRow("no gemm config") << R"({"operation_queue_id":"0"})" << false << 0 << 0;
        QTest::newRow("no contracting dimension")
            << R"({"gemm_backend_config":{"dot_dimension_numbers":{}}})" << false << 0 << 0;
        QTest::newRow("a word for a number")
            << R"({"gemm_backend_config":{"dot_dimension_numbers":{"lhs_contracting_dimensions":["one"],"rhs_contracting_dimensions":["0"]}}})"
            << false << 0 << 0;
        QTest::newRow("lists of different lengths")
            << R"({"gemm_backend_config":{"dot_dimension_numbers":{"lhs_contracting_dimensions":["1","2"],"rhs_contracting_dimensions":["0"]}}})"
            << false << 0 << 0;
        QTest::newRow("a dimension past any rank")
            << R"({"gemm_backend_config":{"dot_dimension_numbers":{"lhs_contracting_dimensions":["99"],"rhs_contracting_dimensions":["0"]}}})"
            << false << 0 << 0;
    }

    void parses() {
        QFETCH(QString, config);
        QFETCH(bool, ok);
        QFETCH(int, lhsContracting);
        QFETCH(int, batchDims);
        const auto dims = gemmDotDimensions(config.toStdString());
        QCOMPARE(dims.has_value(), ok);
        if (!ok)
            return;
        QCOMPARE(int(dims->lhsContracting.front()), lhsContracting);
        QCOMPARE(int(dims->lhsBatch.size()), batchDims);
        QCOMPARE(dims->rhsBatch.size(), dims->lhsBatch.size());
    }

    void flops_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<bool>("known");
        QTest::addColumn<double>("flops");
        // bf16 [8,128,64] x [8,64,32] -> [8,128,32], batch 0, contracting 2 / 1:
        // 2 x 32,768 output elements x 64 = 4,194,304 FLOP.
        QTest::newRow("batched, with its config") << kBatchedConfig << true << 4194304.0;
        // Without the config a batched call's K cannot be told from the sizes.
        QTest::newRow("batched, no config") << "" << false << 0.0;
    }

    void flops() {
        QFETCH(QString, config);
        QFETCH(bool, known);
        QFETCH(double, flops);
        HloInstruction call =
            instr(3, "custom-call.1", "custom-call", array(hlo_type::bf16, {8, 128, 32}), {1, 2});
        call.customCallTarget = "__cublas$lt$matmul";
        call.backendConfig = config.toStdString();
        const HloModule m = moduleOf({computation(
            1, {instr(1, "a", "parameter", array(hlo_type::bf16, {8, 128, 64})),
                instr(2, "b", "parameter", array(hlo_type::bf16, {8, 64, 32})), call})});
        const HloCost cost = hloCosts(m).at("custom-call.1");
        QCOMPARE(cost.flopsKnown, known);
        if (!known) {
            QVERIFY2(cost.formula.find("no dimension numbers") != std::string::npos,
                     cost.formula.c_str());
            return;
        }
        QCOMPARE(cost.flops, flops);
        QVERIFY(cost.matrix);
        QVERIFY2(cost.formula.find("backend_config") != std::string::npos, cost.formula.c_str());
    }
};

QTEST_GUILESS_MAIN(TestXplaneGemmConfig)
#include "test_xplane_gemm_config.moc"
