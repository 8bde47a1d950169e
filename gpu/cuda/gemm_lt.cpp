// gpu_gemm_tf32 / _fp16 / _bf16 / _fp8 / _int8: tensor-core peak from large cuBLASLt GEMMs on
// hash-random data (never zeros, which flatter the rate), a handful of outputs verified against a
// host fp64 dot product of the same inputs.
#include "gpu/cuda/cuda_benchmarks.h"
#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_devices.h"
#include "gpu/cuda/cuda_measure.h"
#include "gpu/cuda/cuda_resources.h"
#include "gpu/cuda/kernels.h"

#include <cublasLt.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

namespace roofscope::probe {

namespace {

// What one precision's GEMM is made of. Layout "TN" throughout (op(A) = A^T with A stored K x M,
// B stored K x N, both column-major), the one layout cuBLASLt accepts for fp8 and int8 too.
struct GemmType {
    Precision precision;
    const char* label; // "bf16 x bf16 -> bf16, fp32 accumulate"
    cudaDataType_t ab; // A and B
    cudaDataType_t cd; // C and D
    cublasComputeType_t compute;
    cudaDataType_t scale;     // alpha, beta
    kernels::Element element; // how A and B are filled
    std::size_t abBytes;
    std::size_t cdBytes;
    int minCapability; // 10 x major + minor
    // Tolerance |d - ref| <= outEps |ref| + accEps sum|a_k b_k|: the output type's rounding plus
    // the accumulation's, with room for split-K partial sums rounded to the output type (and,
    // for tf32, the inputs' rounding to 10 mantissa bits). A wrong element misses by about
    // |ref| ~ sqrt(K) / 3, far above it.
    double outEps;
    double accEps;
};

const GemmType* gemmType(Precision precision) {
    static const GemmType types[] = {
        {Precision::tf32, "fp32 data, tf32 tensor math (CUBLAS_COMPUTE_32F_FAST_TF32) -> fp32",
         CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F, kernels::Element::f32, 4,
         4, 80, 1e-6, 1.0 / 1024},
        {Precision::fp16, "fp16 x fp16 -> fp16, fp32 accumulate", CUDA_R_16F, CUDA_R_16F,
         CUBLAS_COMPUTE_32F, CUDA_R_32F, kernels::Element::f16, 2, 2, 70, 1.0 / 2048, 1e-4},
        {Precision::bf16, "bf16 x bf16 -> bf16, fp32 accumulate", CUDA_R_16BF, CUDA_R_16BF,
         CUBLAS_COMPUTE_32F, CUDA_R_32F, kernels::Element::bf16, 2, 2, 80, 1.0 / 256, 1e-4},
        {Precision::fp8, "fp8 e4m3 x e4m3 -> bf16, fp32 compute, fast accumulation, unit scales",
         CUDA_R_8F_E4M3, CUDA_R_16BF, CUBLAS_COMPUTE_32F, CUDA_R_32F, kernels::Element::e4m3, 1, 2,
         89, 1.0 / 256, 1.0 / 1024},
        {Precision::int8, "int8 x int8 -> int32, int32 accumulate", CUDA_R_8I, CUDA_R_32I,
         CUBLAS_COMPUTE_32I, CUDA_R_32I, kernels::Element::i8, 1, 4, 75, 0, 0},
    };
    for (const GemmType& type : types)
        if (type.precision == precision)
            return &type;
    return nullptr;
}

// Owner of a cuBLASLt object (handle, descriptors), destroyed by `Destroy` on every return path.
template <class T, auto Destroy> class LtOwner {
  public:
    LtOwner() = default;
    LtOwner(const LtOwner&) = delete;
    LtOwner& operator=(const LtOwner&) = delete;
    ~LtOwner() {
        if (value_)
            (void)Destroy(value_);
    }
    T* out() { return &value_; }
    T get() const { return value_; }

  private:
    T value_{};
};
using LtHandle = LtOwner<cublasLtHandle_t, cublasLtDestroy>;
using LtMatmulDesc = LtOwner<cublasLtMatmulDesc_t, cublasLtMatmulDescDestroy>;
using LtLayout = LtOwner<cublasLtMatrixLayout_t, cublasLtMatrixLayoutDestroy>;
using LtPreference = LtOwner<cublasLtMatmulPreference_t, cublasLtMatmulPreferenceDestroy>;

// Host decoders of the element types, from their bit patterns (no CUDA headers needed here).
double decodeHalf(std::uint16_t bits) {
    const int exponent = (bits >> 10) & 0x1f;
    const int mantissa = bits & 0x3ff;
    const double sign = (bits & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? NAN : sign * INFINITY;
    return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

double decodeBf16(std::uint16_t bits) {
    const std::uint32_t word = static_cast<std::uint32_t>(bits) << 16;
    float value = 0;
    std::memcpy(&value, &word, sizeof value);
    return value;
}

double decodeE4m3(std::uint8_t bits) {
    const int exponent = (bits >> 3) & 0xf;
    const int mantissa = bits & 0x7;
    const double sign = (bits & 0x80) ? -1.0 : 1.0;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -9);
    if (exponent == 15 && mantissa == 7)
        return NAN;
    return sign * std::ldexp(8 + mantissa, exponent - 10);
}

double decode(cudaDataType_t type, const unsigned char* p) {
    switch (type) {
    case CUDA_R_32F: {
        float v = 0;
        std::memcpy(&v, p, sizeof v);
        return v;
    }
    case CUDA_R_16F: {
        std::uint16_t v = 0;
        std::memcpy(&v, p, sizeof v);
        return decodeHalf(v);
    }
    case CUDA_R_16BF: {
        std::uint16_t v = 0;
        std::memcpy(&v, p, sizeof v);
        return decodeBf16(v);
    }
    case CUDA_R_8F_E4M3:
        return decodeE4m3(*p);
    case CUDA_R_8I:
        return static_cast<std::int8_t>(*p);
    case CUDA_R_32I: {
        std::int32_t v = 0;
        std::memcpy(&v, p, sizeof v);
        return v;
    }
    default:
        return NAN;
    }
}

int gemmSize(Size size) {
    switch (size) {
    case Size::quick:
        return 4096;
    case Size::normal:
        return 8192;
    case Size::thorough:
        return 16384;
    }
    return 8192;
}

constexpr std::size_t kWorkspaceBytes = std::size_t(64) << 20;
constexpr int kVerifiedOutputs = 8;
constexpr int kAlgorithms = 8; // heuristic candidates tried; the list is ordered by expected speed

// The index of the fastest of `count` algorithms, each run once to warm up and then three times
// under events; `run(i)` launches one GEMM with algorithm i. Algorithms refused with "not
// supported" are passed over; an Error when every one is.
Result<int> pickFastest(int count, cudaStream_t s, const std::function<Status(int)>& run) {
    auto start = Event::create();
    auto stop = Event::create();
    if (!start)
        return start.error();
    if (!stop)
        return stop.error();
    int best = -1;
    float bestMs = 0;
    Error refused = notSupported("no algorithm");
    for (int i = 0; i < count; ++i) {
        if (Status warm = run(i); !warm) {
            if (warm.error().kind != ErrorKind::unsupported)
                return warm.error();
            refused = warm.error();
            continue;
        }
        ROOFSCOPE_CUDA_TRY(cudaEventRecord(start.value().get(), s));
        for (int r = 0; r < 3; ++r)
            ROOFSCOPE_TRY_STATUS(run(i));
        ROOFSCOPE_CUDA_TRY(cudaEventRecord(stop.value().get(), s));
        ROOFSCOPE_CUDA_TRY(cudaEventSynchronize(stop.value().get()));
        float ms = 0;
        ROOFSCOPE_CUDA_TRY(cudaEventElapsedTime(&ms, start.value().get(), stop.value().get()));
        if (best < 0 || ms < bestMs) {
            best = i;
            bestMs = ms;
        }
    }
    if (best < 0)
        return refused;
    return best;
}

// Checks kVerifiedOutputs elements of D = op(A) op(B) against fp64 dot products of the inputs as
// stored (so the check is of the GEMM, not of the fill).
Status verify(const GemmType& type, const DeviceBuffer& a, const DeviceBuffer& b,
              const DeviceBuffer& d, long long n, cudaStream_t stream) {
    std::vector<unsigned char> row(static_cast<std::size_t>(n) * type.abBytes);
    std::vector<unsigned char> column(row.size());
    unsigned char out[8] = {};
    for (int i = 0; i < kVerifiedOutputs; ++i) {
        // Corners and a spread of pseudo-random positions.
        const long long m = i == 0 ? 0 : i == 1 ? n - 1 : (i * 2654435761LL + 12345) % n;
        const long long c = i == 0 ? 0 : i == 1 ? n - 1 : (i * 40503LL * 7919 + 777) % n;
        const auto* aBytes = a.as<unsigned char>();
        const auto* bBytes = b.as<unsigned char>();
        const auto* dBytes = d.as<unsigned char>();
        ROOFSCOPE_CUDA_TRY(cudaMemcpyAsync(row.data(),
                                           aBytes + static_cast<std::size_t>(m * n) * type.abBytes,
                                           row.size(), cudaMemcpyDeviceToHost, stream));
        ROOFSCOPE_CUDA_TRY(cudaMemcpyAsync(column.data(),
                                           bBytes + static_cast<std::size_t>(c * n) * type.abBytes,
                                           column.size(), cudaMemcpyDeviceToHost, stream));
        ROOFSCOPE_CUDA_TRY(
            cudaMemcpyAsync(out, dBytes + static_cast<std::size_t>(m + c * n) * type.cdBytes,
                            type.cdBytes, cudaMemcpyDeviceToHost, stream));
        ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(stream));
        double reference = 0;
        double magnitude = 0;
        for (long long k = 0; k < n; ++k) {
            const double product = decode(type.ab, row.data() + k * type.abBytes) *
                                   decode(type.ab, column.data() + k * type.abBytes);
            reference += product;
            magnitude += std::fabs(product);
        }
        const double got = decode(type.cd, out);
        const double tolerance = type.outEps * std::fabs(reference) + type.accEps * magnitude;
        if (!(std::fabs(got - reference) <= tolerance) || magnitude == 0)
            return makeError("verification failed: " + std::string(toString(type.precision)) +
                             " GEMM output (" + std::to_string(m) + ", " + std::to_string(c) +
                             ") is " + numberText(got, 9) + ", fp64 reference " +
                             numberText(reference, 9) + " (tolerance " + numberText(tolerance, 3) +
                             ")");
    }
    return {};
}

} // namespace

Result<Outcome> runGemm(int device, Precision precision, Context& context) {
    const GemmType* typePtr = gemmType(precision);
    if (!typePtr)
        return notSupported("no tensor GEMM benchmark for " + std::string(toString(precision)));
    const GemmType& type = *typePtr;

    const Budget budget(context);
    ScopedDevice scope;
    ROOFSCOPE_TRY_STATUS(scope.enter(device));
    ROOFSCOPE_TRY(facts, gpuFacts(device));
    const int capability = 10 * facts.value().major + facts.value().minor;
    if (capability < type.minCapability)
        return notSupported(
            std::string(toString(precision)) + " tensor GEMMs need compute capability " +
            std::to_string(type.minCapability / 10) + "." +
            std::to_string(type.minCapability % 10) + " or later; this GPU is " +
            std::to_string(facts.value().major) + "." + std::to_string(facts.value().minor));

    // Square M = N = K, halved until A, B, D and the workspace fit in 80% of free memory.
    long long n = gemmSize(context.size);
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    ROOFSCOPE_CUDA_TRY(cudaMemGetInfo(&freeBytes, &totalBytes));
    auto needed = [&](long long side) {
        const double sideD = static_cast<double>(side);
        return sideD * sideD *
                   (2.0 * static_cast<double>(type.abBytes) + static_cast<double>(type.cdBytes)) +
               static_cast<double>(kWorkspaceBytes);
    };
    while (n > 1024 && needed(n) > 0.8 * static_cast<double>(freeBytes))
        n /= 2;
    const std::size_t elements = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);

    ROOFSCOPE_TRY(stream, Stream::create());
    const cudaStream_t s = stream.value().get();
    ROOFSCOPE_TRY(a, DeviceBuffer::allocate(elements * type.abBytes));
    ROOFSCOPE_TRY(b, DeviceBuffer::allocate(elements * type.abBytes));
    ROOFSCOPE_TRY(d, DeviceBuffer::allocate(elements * type.cdBytes));
    // C apart from D: with beta = 0 it is never read, but cuBLASLt refuses some fp8
    // configurations where C and D alias.
    ROOFSCOPE_TRY(c, DeviceBuffer::allocate(elements * type.cdBytes));
    ROOFSCOPE_TRY(workspace, DeviceBuffer::allocate(kWorkspaceBytes));
    ROOFSCOPE_CUDA_TRY(kernels::fillRandom(a.value().get(), elements, type.element, 0xa11ce, s));
    ROOFSCOPE_CUDA_TRY(kernels::fillRandom(b.value().get(), elements, type.element, 0xb0b, s));
    context.progress(0.1);

    LtHandle handle;
    ROOFSCOPE_CUDA_TRY(cublasLtCreate(handle.out()));
    LtMatmulDesc op;
    ROOFSCOPE_CUDA_TRY(cublasLtMatmulDescCreate(op.out(), type.compute, type.scale));
    const cublasOperation_t transA = CUBLAS_OP_T;
    const cublasOperation_t transB = CUBLAS_OP_N;
    ROOFSCOPE_CUDA_TRY(cublasLtMatmulDescSetAttribute(op.get(), CUBLASLT_MATMUL_DESC_TRANSA,
                                                      &transA, sizeof transA));
    ROOFSCOPE_CUDA_TRY(cublasLtMatmulDescSetAttribute(op.get(), CUBLASLT_MATMUL_DESC_TRANSB,
                                                      &transB, sizeof transB));
    DeviceBuffer scales; // fp8: unit scale factors for A and B, in device memory as Lt requires
    if (precision == Precision::fp8) {
        // Each scale on its own 16-byte boundary: Lt reads them with vector loads.
        ROOFSCOPE_TRY(allocated, DeviceBuffer::allocate(8 * sizeof(float)));
        scales = std::move(allocated).value();
        const float ones[8] = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
        ROOFSCOPE_CUDA_TRY(
            cudaMemcpyAsync(scales.get(), ones, sizeof ones, cudaMemcpyHostToDevice, s));
        const float* scaleA = scales.as<float>();
        const float* scaleB = scales.as<float>() + 4;
        ROOFSCOPE_CUDA_TRY(cublasLtMatmulDescSetAttribute(
            op.get(), CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof scaleA));
        ROOFSCOPE_CUDA_TRY(cublasLtMatmulDescSetAttribute(
            op.get(), CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof scaleB));
        const std::int8_t fastAccumulation = 1;
        ROOFSCOPE_CUDA_TRY(cublasLtMatmulDescSetAttribute(
            op.get(), CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fastAccumulation, sizeof fastAccumulation));
    }
    LtLayout layoutA;
    LtLayout layoutB;
    LtLayout layoutD;
    ROOFSCOPE_CUDA_TRY(cublasLtMatrixLayoutCreate(layoutA.out(), type.ab, n, n, n));
    ROOFSCOPE_CUDA_TRY(cublasLtMatrixLayoutCreate(layoutB.out(), type.ab, n, n, n));
    ROOFSCOPE_CUDA_TRY(cublasLtMatrixLayoutCreate(layoutD.out(), type.cd, n, n, n));
    LtPreference preference;
    ROOFSCOPE_CUDA_TRY(cublasLtMatmulPreferenceCreate(preference.out()));
    const std::uint64_t workspaceBytes = kWorkspaceBytes;
    ROOFSCOPE_CUDA_TRY(cublasLtMatmulPreferenceSetAttribute(
        preference.get(), CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceBytes,
        sizeof workspaceBytes));

    cublasLtMatmulHeuristicResult_t heuristic[kAlgorithms] = {};
    int found = 0;
    const cublasStatus_t searched = cublasLtMatmulAlgoGetHeuristic(
        handle.get(), op.get(), layoutA.get(), layoutB.get(), layoutD.get(), layoutD.get(),
        preference.get(), kAlgorithms, heuristic, &found);
    if (searched == CUBLAS_STATUS_NOT_SUPPORTED ||
        (searched == CUBLAS_STATUS_SUCCESS && found == 0))
        return notSupported("cuBLASLt has no algorithm for " + std::string(type.label) +
                            " on this GPU (cublasLtMatmulAlgoGetHeuristic: " +
                            cublasGetStatusString(searched) + ")");
    if (auto error = failure(searched, "cublasLtMatmulAlgoGetHeuristic", __FILE__, __LINE__))
        return *error;

    // alpha = 1, beta = 0 in the scale type (host pointers, the default pointer mode).
    const float alphaF = 1, betaF = 0;
    const std::int32_t alphaI = 1, betaI = 0;
    const void* alpha = type.scale == CUDA_R_32I ? static_cast<const void*>(&alphaI) : &alphaF;
    const void* beta = type.scale == CUDA_R_32I ? static_cast<const void*>(&betaI) : &betaF;

    int chosen = 0;
    const Launch launch = [&](int reps) -> Status {
        for (int r = 0; r < reps; ++r) {
            const cublasStatus_t status = cublasLtMatmul(
                handle.get(), op.get(), alpha, a.value().get(), layoutA.get(), b.value().get(),
                layoutB.get(), beta, c.value().get(), layoutD.get(), d.value().get(), layoutD.get(),
                &heuristic[chosen].algo, workspace.value().get(), kWorkspaceBytes, s);
            // An algorithm the heuristic offered can still be refused at the call.
            if (status == CUBLAS_STATUS_NOT_SUPPORTED)
                return notSupported("cublasLtMatmul refused " + std::string(type.label) +
                                    " on this GPU (" + cublasGetStatusString(status) + ")");
            if (auto error = failure(status, "cublasLtMatmul", __FILE__, __LINE__))
                return *error;
        }
        return {};
    };
    // The heuristic's first choice is not always the fastest, and an algorithm it offers can still
    // be refused at the call (seen for fp8 on an H200): time each briefly, as cuBLAS's own
    // autotuning and PyTorch's reference runs effectively do, and keep the fastest that runs.
    auto picked = pickFastest(found, s, [&](int index) {
        chosen = index;
        return launch(1);
    });
    if (!picked)
        return picked.error();
    chosen = picked.value();
    SamplePlan plan = samplePlan(context.size);
    plan.maxReps = 1000;
    // Tensor cores draw the most power: give clocks longer to settle under load first.
    plan.warmupS = context.size == Size::quick ? 0.05 : context.size == Size::normal ? 0.2 : 1.0;
    ROOFSCOPE_TRY(timed, timeOnStream(s, plan, budget, launch));
    std::string clockHow;
    const double clockMHz = clockAfterRunMHz(device, &clockHow);
    const RunConditions conditions = conditionsAfterRun(device);
    context.progress(0.9);
    ROOFSCOPE_TRY_STATUS(verify(type, a.value(), b.value(), d.value(), n, s));

    const double flops =
        2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
    const std::string side = std::to_string(n);
    const std::string method =
        "cuBLASLt matmul " + std::string(type.label) + ", M=N=K=" + side +
        ", TN, hash-random inputs in [-1, 1)" +
        (precision == Precision::int8 ? " ([-127, 127] for int8)" : "") + ", fastest of " +
        std::to_string(found) + " heuristic algorithms (#" + std::to_string(chosen + 1) + "), " +
        bytesText(kWorkspaceBytes) + " workspace, " +
        std::to_string(timed.value().secondsPerRep.size()) + " samples of " +
        std::to_string(timed.value().reps) + " GEMMs; FLOP = 2 M N K; " +
        std::to_string(kVerifiedOutputs) + " outputs verified against fp64 host dot products";
    Outcome outcome;
    Measured m = rateFromTimes(ComputeKey{precision, ComputeUnit::tensor}, flops,
                               timed.value().secondsPerRep, method, clockMHz);
    m.note = "clock: " + clockHow;
    m.conditions = conditions;
    if (precision == Precision::int8)
        m.note += "; int8 rate in operations per second (2 per multiply-add)";
    if (n < gemmSize(context.size))
        outcome.warnings.push_back("GEMM size reduced to " + side + " to fit free device memory");
    if (timed.value().stoppedEarly)
        outcome.warnings.push_back("stopped early (time limit or cancel): fewer samples");
    outcome.ceilings.push_back(std::move(m));
    context.progress(1.0);
    return outcome;
}

} // namespace roofscope::probe
