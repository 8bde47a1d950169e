// Matrix products: FLOPs 2·M·N·K (flop_counter mm_flop/bmm_flop), bytes = operands read once +
// product written once. Every expected number is worked out by hand in the row's comment.
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

class TestEstimateGemm : public QObject {
    Q_OBJECT

  private slots:
    void estimates_data() {
        estimateColumns();
        // formats.md §1.6: M=141, K=512, N=512; 2·141·512·512 = 73,924,608.
        // read: bias 512·2 = 1,024 + mat1 141·512·2 = 144,384 + mat2 512·512·2 = 524,288
        //       = 669,696; written: 141·512·2 = 144,384.
        estimateRow("addmm formats.md", "aten::addmm", "[[512],[141,512],[512,512],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","Scalar","Scalar"])",
                    R"(["","","","1","1"])", 73924608, 669696, 144384, "gemm", "bf16", true);
        // Legacy "float": 2·32·2048·1000 = 131,072,000; read (32·1000 + 1000·2048)·4 =
        // (32,000 + 2,048,000)·4 = 8,320,000; written 32·2048·4 = 262,144.
        estimateRow("mm legacy float", "aten::mm", "[[32,1000],[1000,2048]]",
                    R"(["float","float"])", "", 131072000, 8320000, 262144, "gemm", "fp32", true);
        // No types: fp32 assumed. 2·2·4·3 = 48; read (6 + 12)·4 = 72; written 2·4·4 = 32.
        estimateRow("mm without types", "mm", "[[2,3],[3,4]]", "", "", 48, 72, 32, "gemm", "fp32",
                    true);
        // fp64 GEMMs can run on FP64 tensor cores (DMMA on A100/H100, MFMA on MI200/MI300):
        // 2·2·2·2 = 16; read 8·8 = 64; write 32.
        estimateRow("mm double", "aten::mm", "[[2,2],[2,2]]", R"(["double","double"])", "", 16, 64,
                    32, "gemm", "fp64", true);
        // fp8: 2·16·8·32 = 8,192; read (512 + 256)·1 = 768; written 16·8·1 = 128.
        estimateRow("mm fp8", "aten::mm", "[[16,32],[32,8]]",
                    R"(["c10::Float8_e4m3fn","c10::Float8_e4m3fn"])", "", 8192, 768, 128, "gemm",
                    "fp8", true);
        // 2·2048·160·20·45 = 589,824,000; read 2048·160·45·2 = 29,491,200 +
        // 2048·45·20·2 = 3,686,400 = 33,177,600; written 2048·160·20·2 = 13,107,200.
        estimateRow("bmm half", "aten::bmm", "[[2048,160,45],[2048,45,20]]",
                    R"(["c10::Half","c10::Half"])", "", 589824000, 33177600, 13107200, "gemm",
                    "fp16", true);
        // 2·4·8·16·32 = 32,768; read self 4·8·16·4 = 2,048 + 4·8·32·4 = 4,096 +
        // 4·32·16·4 = 8,192 = 14,336; written 4·8·16·4 = 2,048.
        estimateRow("baddbmm", "aten::baddbmm", "[[4,8,16],[4,8,32],[4,32,16],[],[]]",
                    R"(["float","float","float","Scalar","Scalar"])", "", 32768, 14336, 2048,
                    "gemm", "fp32", true);
        // ws128 sample: 2·2048·38377·32 = 5,030,150,144; read (2048·32 + 32·38377)·4 =
        // (65,536 + 1,228,064)·4 = 5,174,400; written 2048·38377·4 = 314,384,384.
        estimateRow("matmul 2-D", "aten::matmul", "[[2048,32],[32,38377]]", R"(["float","float"])",
                    "", 5030150144.0, 5174400, 314384384, "gemm", "fp32", true);
        // Batch [2,1] x [3] broadcasts to [2,3] = 6; M=4, K=8, N=5: 2·6·4·5·8 = 1,920;
        // read (2·4·8 + 3·8·5)·4 = (64 + 120)·4 = 736; written 6·4·5·4 = 480.
        estimateRow("matmul broadcast", "aten::matmul", "[[2,1,4,8],[3,8,5]]", "", "", 1920, 736,
                    480, "gemm", "fp32", true);
        // 1-D · 1-D: 2·7 = 14; read 14·4 = 56; written one element, 4.
        estimateRow("matmul dot", "aten::matmul", "[[7],[7]]", "", "", 14, 56, 4, "gemm", "fp32",
                    true);
        // 2-D · 1-D: 2·3·7 = 42; read (21 + 7)·4 = 112; written 3·4 = 12.
        estimateRow("matmul mv", "aten::matmul", "[[3,7],[7]]", "", "", 42, 112, 12, "gemm", "fp32",
                    true);
        // 1-D · 3-D: [1,7] x [2,7,5]: 2·2·1·5·7 = 140; read (7 + 70)·4 = 308; written
        // 2·5·4 = 40.
        estimateRow("matmul vector-batch", "aten::matmul", "[[7],[2,7,5]]", "", "", 140, 308, 40,
                    "gemm", "fp32", true);
        estimateRow("mv", "aten::mv", "[[3,7],[7]]", "", "", 42, 112, 12, "gemm", "fp32", true);
        estimateRow("dot", "aten::dot", "[[7],[7]]", "", "", 14, 56, 4, "gemm", "fp32", true);
        // ws128 sample, with bias: 2·2048·256·6948 = 7,285,506,048; read (2048·6948 +
        // 256·6948 + 256)·4 = (14,229,504 + 1,778,688 + 256)·4 = 64,033,792; written
        // 2048·256·4 = 2,097,152.
        estimateRow("linear with bias", "aten::linear", "[[2048,6948],[256,6948],[256]]",
                    R"(["float","float","float"])", "", 7285506048.0, 64033792, 2097152, "gemm",
                    "fp32", true);
        // Without bias, 3-D input: rows 4·128 = 512; 2·512·4096·1024 = 4,294,967,296; read
        // (4·128·1024 + 4096·1024)·2 = (524,288 + 4,194,304)·2 = 9,437,184; written
        // 512·4096·2 = 4,194,304.
        estimateRow("linear without bias", "aten::linear", "[[4,128,1024],[4096,1024],[]]",
                    R"(["c10::BFloat16","c10::BFloat16",""])", "", 4294967296.0, 9437184, 4194304,
                    "gemm", "bf16", true);
    }
    void estimates() { checkEstimateRow(); }

    // _scaled_mm(self, mat2, scale_a, scale_b, bias?, scale_result?, out_dtype?, use_fast_accum)
    // and _int_mm: 2·M·N·K at the inputs' precision, the scales read, the output at out_dtype.
    void scaled_data() {
        estimateColumns();
        // FP8 e4m3 with per-tensor fp32 scales, a bf16 bias and out_dtype 15 (BFloat16):
        // 2·4096·1024·8192 = 68,719,476,736. read 4096·8192 + 8192·1024 = 33,554,432 +
        // 8,388,608 = 41,943,040 at 1 B + two 0-d scales 8 + bias 1024·2 = 2,048 ->
        // 41,945,096; written 4096·1024·2 = 8,388,608.
        estimateRow("fp8 per-tensor out bf16", "aten::_scaled_mm",
                    "[[4096,8192],[8192,1024],[],[],[1024],[],[],[]]",
                    R"(["c10::Float8_e4m3fn","c10::Float8_e4m3fn","float","float",)"
                    R"("c10::BFloat16","","Scalar","Scalar"])",
                    R"(["","","","","","","15","True"])", 68719476736.0, 41945096, 8388608, "gemm",
                    "fp8", true);
        // ROCm fnuz with row-wise scales [128,1] and [1,512] and no out_dtype (fp8 out):
        // 2·128·512·256 = 33,554,432. read 128·256 + 256·512 = 32,768 + 131,072 = 163,840 +
        // scales (128 + 512)·4 = 2,560 -> 166,400; written 128·512·1 = 65,536.
        estimateRow("fp8 fnuz row-wise", "aten::_scaled_mm",
                    "[[128,256],[256,512],[128,1],[1,512],[],[],[],[]]",
                    R"(["c10::Float8_e4m3fnuz","c10::Float8_e4m3fnuz","float","float","","",)"
                    R"("Scalar","Scalar"])",
                    R"(["","","","","","","","False"])", 33554432, 166400, 65536, "gemm", "fp8",
                    true);
        // e5m2 x e4m3 (a backward GEMM's mix): precision from self, fp8.
        // 2·64·64·128 = 1,048,576; read (64·128 + 128·64)·1 = 16,384 + 8 -> 16,392; written
        // out_dtype 6 (Float) 64·64·4 = 16,384.
        estimateRow("fp8 e5m2 x e4m3", "aten::_scaled_mm", "[[64,128],[128,64],[],[],[],[],[],[]]",
                    R"(["c10::Float8_e5m2","c10::Float8_e4m3fn","float","float","","","Scalar",)"
                    R"("Scalar"])",
                    R"(["","","","","","","6","False"])", 1048576, 16392, 16384, "gemm", "fp8",
                    true);
        // MXFP4: Float4_e2m1fn_x2 packs two values per byte along K, stored [256, 2048] and
        // [2048, 512], so K = 4096: 2·256·512·4096 = 1,073,741,824. read 524,288 + 1,048,576 +
        // e8m0 block scales 256·128 = 32,768 and 512·128 = 65,536 -> 1,671,168; written bf16
        // 256·512·2 = 262,144. fp4, on tensor units.
        estimateRow("mxfp4", "aten::_scaled_mm",
                    "[[256,2048],[2048,512],[32768],[65536],[],[],[],[]]",
                    R"(["c10::Float4_e2m1fn_x2","c10::Float4_e2m1fn_x2","c10::Float8_e8m0fnu",)"
                    R"("c10::Float8_e8m0fnu","","","Scalar","Scalar"])",
                    R"(["","","","","","","15","False"])", 1073741824.0, 1671168, 262144, "gemm",
                    "fp4", true);
        // _int_mm int8 -> int32: 2·64·32·128 = 524,288; read 64·128 + 128·32 = 12,288; written
        // 64·32·4 = 8,192.
        estimateRow("_int_mm", "aten::_int_mm", "[[64,128],[128,32]]",
                    R"(["signed char","signed char"])", "", 524288, 12288, 8192, "gemm", "int8",
                    true);
    }
    void scaled() { checkEstimateRow(); }

    void errors_data() {
        errorColumns();
        errorRow("mm K mismatch", "aten::mm", "[[141,512],[256,512]]", "", "",
                 "expected the second matrix to have 512 rows");
        errorRow("mm vector", "aten::mm", "[[5],[5,3]]", "", "", "with 2 dimensions");
        errorRow("mm missing operand", "aten::mm", "[[5,3]]", "", "", "found none");
        errorRow("bmm batch mismatch", "aten::bmm", "[[2,3,4],[3,4,5]]", "", "",
                 "expected the second batch to be [2, 4, N]");
        errorRow("addmm bias", "aten::addmm", "[[7],[141,512],[512,512]]", "", "",
                 "to broadcast to the product [141, 512]");
        errorRow("matmul batch", "aten::matmul", "[[2,4,8],[3,8,5]]", "", "", "do not broadcast");
        errorRow("matmul K", "aten::matmul", "[[4,8],[9,5]]", "", "",
                 "contracted dimension to be 8");
        errorRow("linear weight", "aten::linear", "[[4,10],[5,11]]", "", "",
                 "expected the weight to be [N, 10]");
        errorRow("linear bias", "aten::linear", "[[4,10],[5,10],[6]]", "", "",
                 "expected a bias of 5 elements");
        errorRow("_scaled_mm K mismatch", "aten::_scaled_mm", "[[16,32],[16,8],[],[]]", "", "",
                 "expected the second matrix to have 32 rows");
    }
    void errors() { checkErrorRow(); }
};

QTEST_APPLESS_MAIN(TestEstimateGemm)
#include "test_estimate_gemm.moc"
