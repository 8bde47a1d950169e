// Embedding lookups (gathered rows only, int64 indices), embedding_bag modes sum/mean/max and the
// dense gradient. Every expected number is worked out by hand in the row's comment.
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

namespace {
constexpr const char* kBagTypes =
    R"(["float","long int","long int","Scalar","Scalar","Scalar","","Scalar","Scalar"])";
} // namespace

class TestEstimateEmbedding : public QObject {
    Q_OBJECT

  private slots:
    void estimates_data() {
        estimateColumns();
        // BERT word embeddings: n = 16·512 = 8,192 indices, D = 768. read indices 8,192·8 =
        // 65,536 + rows 8,192·768·2 = 12,582,912 -> 12,648,448; written 12,582,912.
        estimateRow("embedding bf16", "aten::embedding", "[[30522,768],[16,512],[],[],[]]",
                    R"(["c10::BFloat16","long int","Scalar","Scalar","Scalar"])",
                    R"(["","","-1","False","False"])", 0, 12648448, 12582912, "embedding", "bf16",
                    false);
        // int32 indices: read 10·4 + 10·64·4 = 40 + 2,560 = 2,600; written 2,560.
        estimateRow("embedding int32 indices", "aten::embedding", "[[1000,64],[10]]",
                    R"(["float","int"])", "", 0, 2600, 2560, "embedding", "fp32", false);
        // sum: n = 4,096, D = 128, B = 256 offsets: 4,096·128 = 524,288 adds. read 4,096·8 +
        // 256·8 + 4,096·128·4 = 32,768 + 2,048 + 2,097,152 = 2,131,968; written 256·128·4 =
        // 131,072.
        estimateRow("embedding_bag sum", "aten::embedding_bag", "[[100000,128],[4096],[256]]",
                    kBagTypes, R"(["","","","False","0","False","","False"])", 524288, 2131968,
                    131072, "embedding", "fp32", false);
        // mean with include_last_offset: 257 offsets -> B = 256; 524,288 + 256·128 = 557,056;
        // read 32,768 + 257·8 + 2,097,152 = 2,131,976; written 131,072.
        estimateRow("embedding_bag mean", "aten::embedding_bag", "[[100000,128],[4096],[257]]",
                    kBagTypes, R"(["","","","False","1","False","","True"])", 557056, 2131976,
                    131072, "embedding", "fp32", false);
        // max: one compare per gathered element, 524,288.
        estimateRow("_embedding_bag max", "aten::_embedding_bag",
                    "[[100000,128],[4096],[256],[],[],[],[],[],[]]", kBagTypes,
                    R"(["","","","False","2","False","","False","-1"])", 524288, 2131968, 131072,
                    "embedding", "fp32", false);
        // per_sample_weights: + 524,288 multiplies = 1,048,576; read + 4,096·4 = 2,148,352.
        estimateRow("embedding_bag weighted", "aten::embedding_bag",
                    "[[100000,128],[4096],[256],[],[],[],[4096],[]]",
                    R"(["float","long int","long int","Scalar","Scalar","Scalar","float",)"
                    R"("Scalar"])",
                    R"(["","","","False","0","False","","False"])", 1048576, 2148352, 131072,
                    "embedding", "fp32", false);
        // 2-D indices [64, 20]: B = 64 bags, n = 1,280, D = 128, fp16, mean: 1,280·128 +
        // 64·128 = 172,032; read 1,280·8 + 1,280·128·2 = 10,240 + 327,680 = 337,920;
        // written 64·128·2 = 16,384.
        estimateRow("embedding_bag 2-D", "aten::embedding_bag", "[[1000,128],[64,20],[]]",
                    R"(["c10::Half","long int",""])", R"(["","","","False","1"])", 172032, 337920,
                    16384, "embedding", "fp16", false);
        // Dense backward: 8,192·768 = 6,291,456 adds; read grad 12,582,912 + indices 65,536 =
        // 12,648,448; written the table 30,522·768·2 = 46,881,792.
        estimateRow("embedding_dense_backward", "aten::embedding_dense_backward",
                    "[[16,512,768],[16,512],[],[],[]]",
                    R"(["c10::BFloat16","long int","Scalar","Scalar","Scalar"])",
                    R"(["","","30522","-1","False"])", 6291456, 12648448, 46881792, "embedding",
                    "bf16", false);
        // num_weights not recorded: only the touched rows, 8,192·768·2 = 12,582,912.
        estimateRow("embedding_dense_backward no rows", "aten::embedding_dense_backward",
                    "[[16,512,768],[16,512]]", R"(["c10::BFloat16","long int"])", "", 6291456,
                    12648448, 12582912, "embedding", "bf16", false);
    }
    void estimates() { checkEstimateRow(); }

    void errors_data() {
        errorColumns();
        errorRow("bag without offsets", "aten::embedding_bag", "[[100,8],[10]]", "", "",
                 "1-D indices need a 1-D offsets tensor");
        errorRow("bag weights", "aten::embedding_bag", "[[100,8],[10],[2],[],[],[],[9]]", "", "",
                 "expected per_sample_weights of 10 elements");
        errorRow("bag mode", "aten::embedding_bag", "[[100,8],[10],[2]]", "",
                 R"(["","","","False","3"])", "unknown mode");
        errorRow("weight rank", "aten::embedding", "[[100],[10]]", "", "",
                 "weight with 2 dimensions");
        errorRow("backward rows", "aten::embedding_dense_backward", "[[10,8],[12]]", "", "",
                 "to hold 12 rows");
    }
    void errors() { checkErrorRow(); }
};

QTEST_APPLESS_MAIN(TestEstimateEmbedding)
#include "test_estimate_embedding.moc"
