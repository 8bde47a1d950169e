// Category, precision and compute unit of a compute launch from what ran (formats.md 1.6):
//   - category: the op estimate's, else the op's name (categoryFromOpName), else the kernel's
//     name (kernelTraits); a helper kernel of an op is what its own name says;
//   - GEMM, convolution and attention work take precision and unit from the kernel name where it
//     tells (tf32, tensorop/HMMA/DMMA/MFMA, e4m3) and PyTorch's documented defaults otherwise:
//     torch.backends.cuda.matmul.allow_tf32 is False (fp32 GEMMs run on the fp32 pipes), while
//     torch.backends.cudnn.allow_tf32 is True (fp32 convolutions run as TF32 on tensor cores of
//     Ampere and later); cuBLAS runs fp64 GEMMs on the FP64 tensor cores (DMMA) of sm_80+.
//     The roof follows the unit (Ceilings::computeKeyFor).

#include "core/import/kernel_traits.h"
#include "core/import/kineto/kineto_analysis_internal.h"

namespace roofscope::kineto {
namespace {

bool isTensorWork(Category c) {
    return c == Category::gemm || c == Category::conv || c == Category::attention;
}

} // namespace

RunTraits runTraitsOf(const TraceMetadata& meta, int deviceIndex) {
    RunTraits out;
    for (const TraceDeviceProperties& d : meta.devices) {
        if (d.id != deviceIndex && deviceIndex >= 0)
            continue;
        const bool amd = d.name.find("AMD") != std::string::npos ||
                         d.name.find("Instinct") != std::string::npos ||
                         meta.versions.contains("hip_runtime_version");
        out.nvidiaAmpereOrLater = !amd && d.computeMajor >= 8;
        break;
    }
    return out;
}

const SharedText& winogradNote() {
    static const SharedText note(std::string{kWinogradNote});
    return note;
}

void applyKernelTraits(const KernelTraits& traits, const RunTraits& run, Launch& launch) {
    LaunchRecord& r = launch.record;
    const bool estimated = r.flops.known();
    if (launch.helper) {
        // What the helper itself does, never its op's family (it carries none of its work).
        if (traits.category)
            r.category = *traits.category;
        else if (r.category == Category::other && !launch.opName.empty())
            r.category = categoryFromOpName(launch.opName.str()).value_or(Category::other);
    } else if (!estimated && r.category == Category::other) {
        if (const auto fromOp =
                launch.opName.empty() ? std::nullopt : categoryFromOpName(launch.opName.str()))
            r.category = *fromOp;
        else if (traits.category)
            r.category = *traits.category;
    }
    if (r.category == Category::conv && r.flops.known() && !launch.helper && traits.fewerMultiplies)
        r.flopsNote = winogradNote();
    if (!isTensorWork(r.category) || launch.helper) {
        r.usesTensorUnits = false;
        return;
    }
    // The name says what ran: TF32 for fp32 data, FP8, or the data type when nothing else does.
    if (traits.precision) {
        const Precision named = *traits.precision;
        if (!estimated || r.precision == Precision::other ||
            (r.precision == Precision::fp32 && named == Precision::tf32) || named == Precision::fp8)
            r.precision = named;
    }
    if (traits.unit) {
        r.usesTensorUnits = *traits.unit == ComputeUnit::tensor;
        if (r.usesTensorUnits && r.precision == Precision::fp32 && run.nvidiaAmpereOrLater)
            r.precision = Precision::tf32; // fp32 data on NVIDIA tensor cores is TF32
        return;
    }
    switch (r.precision) {
    case Precision::fp32:
        r.usesTensorUnits = r.category == Category::conv && run.nvidiaAmpereOrLater;
        if (r.usesTensorUnits)
            r.precision = Precision::tf32;
        break;
    case Precision::fp64:
        r.usesTensorUnits = run.nvidiaAmpereOrLater;
        break;
    case Precision::other:
        r.usesTensorUnits = false;
        break;
    default: // fp16, bf16, fp8, int8, tf32
        r.usesTensorUnits = true;
        break;
    }
}

} // namespace roofscope::kineto
