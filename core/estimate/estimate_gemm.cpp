// Matrix products. FLOPs follow torch.utils.flop_counter (mm_flop, addmm_flop, bmm_flop,
// baddbmm_flop, _scaled_mm_flop): 2·M·N·K, a multiply-add counting 2; the bias of addmm/baddbmm/
// linear is not counted (addmm_flop ignores it). Bytes: every operand read once (the bias at its
// own, unbroadcast size) and the product written once at the first matrix's dtype.
// _scaled_mm (FP8, MX and FP4 GEMMs): 2·M·N·K at the inputs' precision; the scales (per tensor,
// per row or per block) are read, their arithmetic is not counted; the output is written at
// out_dtype when given, else at the input's dtype. Float4_e2m1fn_x2 packs two values per byte
// along K, so K = 2 × the stored size (as PyTorch calls cuBLAS; flop_counter's _scaled_mm_flop
// takes the stored K and counts half); such GEMMs run at fp4 on tensor units. _int_mm: int8 in,
// int32 out.

#include "core/estimate/estimate_support.h"

#include <algorithm>
#include <array>
#include <utility>

namespace roofscope::estimate {
namespace {

constexpr std::size_t kAnyRank = 64;

OpEstimate gemmEstimate(const OpInputs& in, std::size_t mainArg, double flops, double outElems,
                        std::string formula) {
    return makeEstimate(Category::gemm, precisionOf(in, mainArg), flops, allTensorBytes(in),
                        outElems * elemBytes(in, mainArg), std::move(formula));
}

// The optional bias/self of addmm-like ops must broadcast to the product's shape.
Status checkBias(std::string_view op, const OpInputs& in, std::size_t i, const Shape& out) {
    const Shape* bias = optionalTensor(in, i);
    if (!bias)
        return {};
    const auto b = broadcastShapes(*bias, out);
    if (!b || *b != out)
        return opError(op, "expected the added tensor " + shapeText(*bias) +
                               " to broadcast to the product " + shapeText(out));
    return {};
}

// Arguments first and first + 1 as the [M, K] and [K, N] matrices of a GEMM; an error naming
// the op when either is not a matrix or their K differ.
Result<std::pair<Shape, Shape>> requireMatrices(std::string_view op, const OpInputs& in,
                                                std::size_t first) {
    auto x = requireTensor(op, in, first, "first matrix", 2, 2);
    auto y = requireTensor(op, in, first + 1, "second matrix", 2, 2);
    if (!x || !y)
        return !x ? x.error() : y.error();
    const Shape &A = x.value(), &B = y.value();
    if (A[1] != B[0])
        return opError(op, "expected the second matrix to have " + std::to_string(A[1]) +
                               " rows (K of " + shapeText(A) + "), got " + shapeText(B));
    return std::pair{A, B};
}

// mm(self[M,K], mat2[K,N]); addmm(self, mat1[M,K], mat2[K,N], beta, alpha).
// flop_counter mm_flop / addmm_flop: 2·M·N·K.
Result<OpEstimate> estimateMm(std::string_view op, const OpInputs& in) {
    const std::size_t a = op == "addmm" ? 1 : 0;
    ROOFSCOPE_TRY(matrices, requireMatrices(op, in, a));
    const auto& [A, B] = matrices.value();
    if (op == "addmm")
        if (auto s = checkBias(op, in, 0, {A[0], B[1]}); !s)
            return s.error();
    const double M = double(A[0]), K = double(A[1]), N = double(B[1]);
    return gemmEstimate(in, a, 2 * M * N * K, M * N,
                        "2*M*N*K = 2*" + count(M) + "*" + count(N) + "*" + count(K) +
                            " (flop_counter mm_flop)");
}

// bmm(self[B,M,K], mat2[B,K,N]); baddbmm(self, batch1, batch2, beta, alpha).
// flop_counter bmm_flop / baddbmm_flop: 2·B·M·N·K.
Result<OpEstimate> estimateBmm(std::string_view op, const OpInputs& in) {
    const std::size_t a = op == "baddbmm" ? 1 : 0;
    auto x = requireTensor(op, in, a, "first batch", 3, 3);
    auto y = requireTensor(op, in, a + 1, "second batch", 3, 3);
    if (!x || !y)
        return !x ? x.error() : y.error();
    const Shape &A = x.value(), &B = y.value();
    if (A[0] != B[0] || A[2] != B[1])
        return opError(op, "expected the second batch to be [" + std::to_string(A[0]) + ", " +
                               std::to_string(A[2]) + ", N] to match " + shapeText(A) + ", got " +
                               shapeText(B));
    if (op == "baddbmm")
        if (auto s = checkBias(op, in, 0, {A[0], A[1], B[2]}); !s)
            return s.error();
    const double b = double(A[0]), M = double(A[1]), K = double(A[2]), N = double(B[2]);
    return gemmEstimate(in, a, 2 * b * M * N * K, b * M * N,
                        "2*B*M*N*K = 2*" + count(b) + "*" + count(M) + "*" + count(N) + "*" +
                            count(K) + " (flop_counter bmm_flop)");
}

// matmul(self, other) with torch.matmul's rules: a 1-D first operand is a row [1,K], a 1-D
// second operand a column [K,1] (that dimension is dropped from the result), and the batch
// dimensions broadcast. FLOPs as bmm_flop over the broadcast batch: 2·batch·M·N·K.
// dot(self[K], tensor[K]) and mv(self[M,K], vec[K]) are the 1-D cases.
Result<OpEstimate> estimateMatmul(std::string_view op, const OpInputs& in) {
    const std::size_t maxA = op == "dot" ? 1 : op == "mv" ? 2 : kAnyRank;
    const std::size_t minA = op == "mv" ? 2 : 1;
    auto x = requireTensor(op, in, 0, "first operand", minA, maxA);
    auto y = requireTensor(op, in, 1, "second operand", 1, op == "matmul" ? kAnyRank : 1);
    if (!x || !y)
        return !x ? x.error() : y.error();
    const Shape &A = x.value(), &B = y.value();
    const bool aVec = A.size() == 1, bVec = B.size() == 1;
    const std::int64_t M = aVec ? 1 : A[A.size() - 2], K = A.back();
    const std::int64_t K2 = bVec ? B[0] : B[B.size() - 2], N = bVec ? 1 : B.back();
    if (K != K2)
        return opError(op, "expected the second operand's contracted dimension to be " +
                               std::to_string(K) + " (last of " + shapeText(A) + "), got " +
                               shapeText(B));
    const Shape batchA(A.begin(), A.end() - std::min<std::ptrdiff_t>(2, A.size()));
    const Shape batchB(B.begin(), B.end() - std::min<std::ptrdiff_t>(2, B.size()));
    const auto batch = broadcastShapes(batchA, batchB);
    if (!batch)
        return opError(op, "batch dimensions of " + shapeText(A) + " and " + shapeText(B) +
                               " do not broadcast");
    const double b = numel(*batch), m = double(M), n = double(N), k = double(K);
    return gemmEstimate(in, 0, 2 * b * m * n * k, b * m * n,
                        "2*batch*M*N*K = 2*" + count(b) + "*" + count(m) + "*" + count(n) + "*" +
                            count(k) + " (flop_counter bmm_flop over the broadcast batch)");
}

// linear(input[..., K], weight[N, K], bias[N]?) = addmm over the flattened input rows:
// flop_counter addmm_flop (reached through linear's decomposition): 2·rows·N·K, the bias not
// counted. A 1-D weight [K] gives one output per row (N = 1).
Result<OpEstimate> estimateLinear(std::string_view op, const OpInputs& in) {
    auto x = requireTensor(op, in, 0, "input", 1, kAnyRank);
    auto w = requireTensor(op, in, 1, "weight", 1, 2);
    if (!x || !w)
        return !x ? x.error() : w.error();
    const Shape &X = x.value(), &W = w.value();
    const std::int64_t K = X.back(), N = W.size() == 2 ? W[0] : 1;
    if (W.back() != K)
        return opError(op, "expected the weight to be [N, " + std::to_string(K) + "] for input " +
                               shapeText(X) + ", got " + shapeText(W));
    if (const Shape* bias = optionalTensor(in, 2);
        bias && numel(*bias) != double(N) && numel(*bias) != 1)
        return opError(op, "expected a bias of " + std::to_string(N) + " elements, got " +
                               shapeText(*bias));
    const double rows = numel(Shape(X.begin(), X.end() - 1));
    const double n = double(N), k = double(K);
    return gemmEstimate(in, 0, 2 * rows * n * k, rows * n,
                        "2*rows*N*K = 2*" + count(rows) + "*" + count(n) + "*" + count(k) +
                            " (flop_counter addmm_flop; bias not counted)");
}

// _scaled_mm(self[M,K], mat2[K,N], scale_a, scale_b, bias?, scale_result?, out_dtype?,
// use_fast_accum); _int_mm(self[M,K], mat2[K,N]).
Result<OpEstimate> estimateScaledMm(std::string_view op, const OpInputs& in) {
    ROOFSCOPE_TRY(matrices, requireMatrices(op, in, 0));
    const auto& [A, B] = matrices.value();
    const auto isFp4 = [&](std::size_t i) {
        const OpInput* arg = in.at(i);
        return arg && arg->type.find("Float4_e2m1fn_x2") != std::string::npos;
    };
    const bool packed = isFp4(0) && isFp4(1);
    const double M = double(A[0]), N = double(B[1]), K = double(A[1]) * (packed ? 2 : 1);
    double outBytes = elemBytes(in, 0);
    if (op == "_int_mm")
        outBytes = 4;
    else if (const auto code = scalarTypeCode(in, 6))
        outBytes = code->bytes;
    OpEstimate e = makeEstimate(Category::gemm, precisionOf(in, 0), 2 * M * N * K,
                                allTensorBytes(in), M * N * outBytes,
                                "2*M*N*K = 2*" + count(M) + "*" + count(N) + "*" + count(K) +
                                    (packed ? " (K = 2 x stored: fp4 packed in pairs)" : "") +
                                    " (flop_counter _scaled_mm_flop; scales not counted)");
    e.tensorUnits = true; // scaled and integer GEMMs exist only on tensor/matrix units
    return e;
}

constexpr std::array kEntries{
    Entry{"mm", estimateMm},
    Entry{"addmm", estimateMm},
    Entry{"bmm", estimateBmm},
    Entry{"baddbmm", estimateBmm},
    Entry{"matmul", estimateMatmul},
    Entry{"dot", estimateMatmul},
    Entry{"mv", estimateMatmul},
    Entry{"linear", estimateLinear},
    Entry{"_scaled_mm", estimateScaledMm},
    Entry{"_int_mm", estimateScaledMm},
};

} // namespace

std::span<const Entry> gemmEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
