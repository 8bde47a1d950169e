// gpu_fma_fp64 / _fp32 / _fp16 / _bf16: the vector units' FMA peak (kernel contract in
// kernels.h), verified thread by thread against the analytic result.
#include "gpu/cuda/cuda_benchmarks.h"
#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_devices.h"
#include "gpu/cuda/cuda_measure.h"
#include "gpu/cuda/cuda_resources.h"
#include "gpu/cuda/kernels.h"

#include <vector>

namespace roofscope::probe {

namespace {

using kernels::FmaType;

// Loop trips per rep: about 1 ms of fp32 work on an H100-class GPU with the grid below (2048
// threads per SM, 1/16 FFMA per thread per clock), long enough to time on its own. Odd, for the
// verification below.
constexpr long long kTripsPerRep = 511;

const char* typeName(FmaType type) {
    switch (type) {
    case FmaType::f64:
        return "fp64 DFMA";
    case FmaType::f32:
        return "fp32 FFMA";
    case FmaType::f16x2:
        return "fp16 HFMA2 (half2)";
    case FmaType::bf16x2:
        return "bf16 HFMA2.BF16 (bfloat162)";
    }
    return "?";
}

} // namespace

Result<Outcome> runFmaPeak(int device, Precision precision, Context& context) {
    FmaType type = FmaType::f32;
    if (precision == Precision::fp64)
        type = FmaType::f64;
    else if (precision == Precision::fp16)
        type = FmaType::f16x2;
    else if (precision == Precision::bf16)
        type = FmaType::bf16x2;
    else if (precision != Precision::fp32)
        return notSupported("no vector FMA benchmark for " + std::string(toString(precision)));

    const Budget budget(context);
    ScopedDevice scope;
    ROOFSCOPE_TRY_STATUS(scope.enter(device));
    ROOFSCOPE_TRY(facts, gpuFacts(device));
    ROOFSCOPE_TRY(stream, Stream::create());

    // One full wave of resident blocks: every multiprocessor busy, no tail of a partial wave.
    int perSm = 0;
    ROOFSCOPE_CUDA_TRY(kernels::fmaBlocksPerSm(type, &perSm));
    const int blocks = facts.value().multiprocessors * (perSm > 0 ? perSm : 1);
    const long long threads = static_cast<long long>(blocks) * kernels::kFmaThreads;
    ROOFSCOPE_TRY(out, DeviceBuffer::allocate(static_cast<std::size_t>(threads) * sizeof(double)));

    // A rep is kTripsPerRep trips; a sample is one launch of reps x kTripsPerRep trips, so no
    // launch gap falls inside the timing.
    const Launch launch = [&](int reps) -> Status {
        ROOFSCOPE_CUDA_TRY(kernels::launchFma(type, blocks, kTripsPerRep * reps,
                                              out.value().as<double>(), stream.value().get()));
        return {};
    };
    ROOFSCOPE_TRY(timed,
                  timeOnStream(stream.value().get(), samplePlan(context.size), budget, launch));
    std::string clockHow;
    const double clockMHz = clockAfterRunMHz(device, &clockHow);
    const RunConditions conditions = conditionsAfterRun(device);
    context.progress(0.9);

    // Verify every thread of one more launch of an odd number of trips (kTripsPerRep): the
    // chains then end at 3 - start, not where they began, so a kernel whose loop did not run
    // cannot pass.
    ROOFSCOPE_CUDA_TRY(kernels::launchFma(type, blocks, kTripsPerRep, out.value().as<double>(),
                                          stream.value().get()));
    std::vector<double> results(static_cast<std::size_t>(threads));
    ROOFSCOPE_CUDA_TRY(cudaMemcpyAsync(results.data(), out.value().get(),
                                       results.size() * sizeof(double), cudaMemcpyDeviceToHost,
                                       stream.value().get()));
    ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(stream.value().get()));
    for (long long t = 0; t < threads; ++t) {
        const double expected = kernels::fmaExpected(type, t, kTripsPerRep);
        if (results[static_cast<std::size_t>(t)] != expected)
            return makeError(std::string("verification failed: ") + typeName(type) + " thread " +
                             std::to_string(t) + " gave " +
                             numberText(results[static_cast<std::size_t>(t)], 17) + ", expected " +
                             numberText(expected, 17));
    }

    const int lanes = kernels::fmaLanes(type);
    const double flopsPerRep = 2.0 * lanes * static_cast<double>(threads) * kTripsPerRep *
                               kernels::kFmaUnroll * kernels::kFmaChains;
    const std::string method =
        std::string(typeName(type)) + ", " + std::to_string(kernels::kFmaChains) +
        " independent chains per thread, " + std::to_string(blocks) + " blocks x " +
        std::to_string(kernels::kFmaThreads) + " threads (" + std::to_string(perSm) + " per SM), " +
        std::to_string(timed.value().reps * kTripsPerRep * kernels::kFmaUnroll) +
        " FMAs per chain per sample, " + std::to_string(timed.value().secondsPerRep.size()) +
        " samples; FLOP = 2 x lanes x FMAs; every thread's result verified exactly";
    Outcome outcome;
    Measured m = rateFromTimes(ComputeKey{precision, ComputeUnit::vector}, flopsPerRep,
                               timed.value().secondsPerRep, method, clockMHz);
    m.note = "clock: " + clockHow;
    m.conditions = conditions;
    outcome.ceilings.push_back(std::move(m));
    if (timed.value().stoppedEarly)
        outcome.warnings.push_back("stopped early (time limit or cancel): fewer samples");
    context.progress(1.0);
    return outcome;
}

} // namespace roofscope::probe
