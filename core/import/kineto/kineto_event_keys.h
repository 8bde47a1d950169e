#pragma once
// Internal to the trace reader: the names Kineto gives things, mapped once per event: event
// categories (modern and 2021 spellings) and the argument keys the importer reads.

#include <string_view>

namespace roofscope::detail {

enum class EventClass {
    ignored,
    cpuOp,
    annotation,
    gpuAnnotation,
    kernel,
    memcpy,
    memset,
    runtime,
    counters
};

// Modern categories and their 2021 capitalised forms (formats.md 1.3).
inline EventClass classify(std::string_view cat) {
    if (cat == "kernel" || cat == "Kernel")
        return EventClass::kernel;
    if (cat == "cpu_op" || cat == "Operator")
        return EventClass::cpuOp;
    if (cat == "cuda_runtime" || cat == "Runtime" || cat == "cuda_driver")
        return EventClass::runtime;
    if (cat == "gpu_memcpy" || cat == "Memcpy")
        return EventClass::memcpy;
    if (cat == "gpu_memset" || cat == "Memset")
        return EventClass::memset;
    if (cat == "user_annotation")
        return EventClass::annotation;
    if (cat == "gpu_user_annotation")
        return EventClass::gpuAnnotation;
    if (cat == "cuda_profiler_range")
        return EventClass::counters;
    return EventClass::ignored;
}

enum class ArgKey {
    other,
    externalId,
    correlation,
    device,
    stream,
    bytes,
    dims,
    types,
    concrete,
    collectiveName,
    inNelems,
    outNelems,
    groupSize,
    dtype,
    pgName,
    pgDesc,
    counter
};

// A kernel has a dozen args: dispatching on the length first keeps this to one compare each.
inline ArgKey argKey(std::string_view key) {
    switch (key.size()) {
    case 5:
        return key == "bytes" ? ArgKey::bytes : key == "dtype" ? ArgKey::dtype : ArgKey::other;
    case 6:
        return key == "device" ? ArgKey::device : key == "stream" ? ArgKey::stream : ArgKey::other;
    case 10:
        return key == "Input Dims"   ? ArgKey::dims
               : key == "Input type" ? ArgKey::types
               : key == "Group size" ? ArgKey::groupSize
                                     : ArgKey::other;
    case 11:
        return key == "External id" || key == "external id" ? ArgKey::externalId
               : key == "correlation"                       ? ArgKey::correlation
                                                            : ArgKey::other;
    case 13:
        return key == "In msg nelems" ? ArgKey::inNelems : ArgKey::other;
    case 14:
        return key == "Out msg nelems" ? ArgKey::outNelems : ArgKey::other;
    case 15:
        return key == "Concrete Inputs"   ? ArgKey::concrete
               : key == "Collective name" ? ArgKey::collectiveName
                                          : ArgKey::other;
    case 18:
        return key == "Process Group Name" ? ArgKey::pgName : ArgKey::other;
    case 25:
        return key == "Process Group Description" ? ArgKey::pgDesc : ArgKey::other;
    default:
        return key.size() > 40 && key.starts_with("smsp__") ? ArgKey::counter : ArgKey::other;
    }
}

// "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum" -> precision 0 (d), op 1 (fma).
inline bool counterSlot(std::string_view key, int& precision, int& op) {
    constexpr std::string_view prefix = "smsp__sass_thread_inst_executed_op_";
    if (!key.starts_with(prefix))
        return false;
    key.remove_prefix(prefix.size());
    if (key.size() < 4)
        return false;
    const char p = key[0];
    precision = p == 'd' ? 0 : p == 'f' ? 1 : p == 'h' ? 2 : -1;
    const std::string_view o = key.substr(1, 3);
    op = o == "add" ? 0 : o == "fma" ? 1 : o == "mul" ? 2 : -1;
    return precision >= 0 && op >= 0;
}

} // namespace roofscope::detail
