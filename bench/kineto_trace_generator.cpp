#include "bench/kineto_trace_generator.h"

#include <array>
#include <cstdio>
#include <memory>

namespace roofscope::bench {

namespace {

struct Layer {
    const char* op;
    const char* dims;
    const char* types;
    const char* concrete;
    const char* kernel;
};

// Shapes of a BERT-large-like layer in fp16; kernel names as cuBLAS/cuDNN/PyTorch spell them.
constexpr std::array kLayers = {
    Layer{"aten::addmm", "[[1024], [4096, 1024], [1024, 1024]]",
          "[\"c10::Half\", \"c10::Half\", \"c10::Half\", \"Scalar\", \"Scalar\"]",
          "[\"\", \"\", \"\", \"1\", \"1\"]",
          "ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_stages_32x5_tn"},
    Layer{"aten::mm", "[[4096, 1024], [1024, 4096]]", "[\"c10::Half\", \"c10::Half\"]",
          "[\"\", \"\"]",
          "sm80_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x256x32_stage3_warpsize2x4x1_"
          "tensor16x8x16_kernel"},
    Layer{"aten::gelu", "[[4096, 4096], []]", "[\"c10::Half\", \"\"]", "[\"\", \"'none'\"]",
          "void at::native::vectorized_elementwise_kernel<4, "
          "at::native::GeluCUDAKernelImpl(at::TensorIteratorBase&, "
          "at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#4}::operator()() "
          "const::{lambda(c10::Half)#1}, at::detail::Array<char*, 2> >(int, "
          "at::native::GeluCUDAKernelImpl(at::TensorIteratorBase&, "
          "at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#4}::operator()() "
          "const::{lambda(c10::Half)#1}, at::detail::Array<char*, 2>)"},
    Layer{"aten::native_layer_norm", "[[4096, 1024], [], [1024], [1024], []]",
          "[\"c10::Half\", \"\", \"c10::Half\", \"c10::Half\", \"Scalar\"]",
          "[\"\", \"[1024]\", \"\", \"\", \"1e-05\"]",
          "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::Half, "
          "float>(int, float, c10::Half const*, c10::Half const*, c10::Half const*, float*, "
          "float*, c10::Half*)"},
    Layer{"aten::add", "[[4096, 1024], [4096, 1024], []]",
          "[\"c10::Half\", \"c10::Half\", \"Scalar\"]", "[\"\", \"\", \"1\"]",
          "void at::native::vectorized_elementwise_kernel<4, "
          "at::native::CUDAFunctor_add<c10::Half>, at::detail::Array<char*, 3> >(int, "
          "at::native::CUDAFunctor_add<c10::Half>, at::detail::Array<char*, 3>)"},
};

class Writer {
  public:
    explicit Writer(std::FILE* f) : f_(f) {}
    template <class... A> void put(const char* fmt, A... args) {
        const int n = std::fprintf(f_, fmt, args...);
        if (n > 0)
            bytes_ += static_cast<std::uint64_t>(n);
    }
    std::uint64_t bytes() const { return bytes_; }

  private:
    std::FILE* f_;
    std::uint64_t bytes_ = 0;
};

} // namespace

std::string writeKinetoTrace(const std::string& path, std::uint64_t targetBytes,
                             GeneratedTrace& info) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"),
                                                         &std::fclose);
    if (!file)
        return "cannot write " + path;
    static char buffer[1 << 20];
    std::setvbuf(file.get(), buffer, _IOFBF, sizeof buffer);
    Writer w(file.get());
    w.put("{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n");
    for (int d = 0; d < 8; ++d)
        w.put("    {\"id\": %d, \"name\": \"NVIDIA A100-SXM4-80GB\", \"totalGlobalMem\": "
              "85051572224, "
              "\"computeMajor\": 8, \"computeMinor\": 0, \"maxThreadsPerBlock\": 1024, "
              "\"numSms\": 108}%s\n",
              d, d < 7 ? "," : "");
    w.put("  ],\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 0, \"world_size\": 8, "
          "\"nccl_version\": \"2.18.1\"},\n  \"cuda_runtime_version\": 12010,\n"
          "  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": 1711964646000000000,\n"
          "  \"traceEvents\": [\n");
    std::uint64_t ts = 1000000000; // ns
    std::int64_t ext = 1, corr = 1;
    bool first = true;
    auto sep = [&] {
        if (!first)
            w.put(",\n");
        first = false;
    };
    for (std::uint64_t step = 0; w.bytes() < targetBytes; ++step) {
        sep();
        w.put("  {\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#%llu\", "
              "\"pid\": 2045, \"tid\": 2045, \"ts\": %llu.%03llu, \"dur\": 90000.000, "
              "\"args\": {\"External id\": %lld, \"Record function id\": 0, \"Ev Idx\": 0}}",
              static_cast<unsigned long long>(step), static_cast<unsigned long long>(ts / 1000),
              static_cast<unsigned long long>(ts % 1000), static_cast<long long>(ext++));
        ++info.events;
        for (int i = 0; i < 200 && w.bytes() < targetBytes; ++i) {
            const Layer& l = kLayers[i % kLayers.size()];
            const std::uint64_t opTs = ts;
            const std::int64_t opExt = ext++;
            sep();
            w.put("  {\"ph\": \"X\", \"cat\": \"python_function\", \"name\": \"torch/nn/modules/"
                  "linear.py(114): forward\", \"pid\": 2045, \"tid\": 2045, \"ts\": %llu.%03llu, "
                  "\"dur\": 30.512, \"args\": {\"Python parent id\": %d, \"Python id\": %d, "
                  "\"Python module id\": 7, \"Ev Idx\": %d}}",
                  static_cast<unsigned long long>(opTs / 1000),
                  static_cast<unsigned long long>(opTs % 1000), i, i + 1, i);
            sep();
            w.put(
                "  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": 2045, "
                "\"tid\": 2045, \"ts\": %llu.%03llu, \"dur\": 25.129, \"args\": {\"External id\": "
                "%lld, \"Record function id\": 0, \"Sequence number\": %d, \"Fwd thread id\": 0, "
                "\"Ev Idx\": %d, \"Input Dims\": %s, \"Input type\": %s, \"Input Strides\": "
                "[[1], [1024, 1], [1, 1024], [], []], \"Concrete Inputs\": %s}}",
                l.op, static_cast<unsigned long long>((opTs + 500) / 1000),
                static_cast<unsigned long long>((opTs + 500) % 1000), static_cast<long long>(opExt),
                i, i, l.dims, l.types, l.concrete);
            const auto c = corr++;
            sep();
            w.put("  {\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", "
                  "\"pid\": 2045, \"tid\": 2045, \"ts\": %llu.%03llu, \"dur\": 6.231, \"args\": "
                  "{\"External id\": %lld, \"cbid\": 211, \"correlation\": %lld}}",
                  static_cast<unsigned long long>((opTs + 5000) / 1000),
                  static_cast<unsigned long long>((opTs + 5000) % 1000),
                  static_cast<long long>(opExt), static_cast<long long>(c));
            sep();
            w.put("  {\"ph\": \"s\", \"id\": %lld, \"pid\": 2045, \"tid\": 2045, \"ts\": "
                  "%llu.%03llu, \"cat\": \"ac2g\", \"name\": \"ac2g\"}",
                  static_cast<long long>(c), static_cast<unsigned long long>((opTs + 5000) / 1000),
                  static_cast<unsigned long long>((opTs + 5000) % 1000));
            sep();
            w.put(
                "  {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, \"tid\": 7, "
                "\"ts\": %llu.%03llu, \"dur\": 41.407, \"args\": {\"External id\": %lld, "
                "\"queued\": 0, \"device\": 0, \"context\": 1, \"stream\": 7, \"correlation\": "
                "%lld, \"registers per thread\": 40, \"shared memory\": 400, \"blocks per SM\": "
                "4.740741, \"warps per SM\": 75.851852, \"grid\": [512, 1, 1], \"block\": [512, "
                "1, 1], \"est. achieved occupancy %%\": 75}}",
                l.kernel, static_cast<unsigned long long>((opTs + 20000) / 1000),
                static_cast<unsigned long long>((opTs + 20000) % 1000),
                static_cast<long long>(opExt), static_cast<long long>(c));
            ++info.kernels;
            sep();
            w.put("  {\"ph\": \"f\", \"id\": %lld, \"pid\": 0, \"tid\": 7, \"ts\": %llu.%03llu, "
                  "\"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}",
                  static_cast<long long>(c), static_cast<unsigned long long>((opTs + 20000) / 1000),
                  static_cast<unsigned long long>((opTs + 20000) % 1000));
            info.events += 6;
            if (i % 50 == 49) {
                sep();
                w.put("  {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": "
                      "\"ncclKernel_AllReduce_RING_LL_Sum_half(ncclDevComm*, unsigned long, "
                      "ncclWork*)\", \"pid\": 0, \"tid\": 40, \"ts\": %llu.%03llu, \"dur\": "
                      "2636.669, \"args\": {\"External id\": %lld, \"device\": 0, \"stream\": 40, "
                      "\"correlation\": %lld, \"Collective name\": \"allreduce\", \"In msg "
                      "nelems\": 6637568, \"Out msg nelems\": 6637568, \"Group size\": 8, "
                      "\"dtype\": \"Half\", \"Process Group Name\": \"0\", \"Process Group "
                      "Description\": \"default_pg\", \"Process Group Ranks\": \"[0, 1, 2, 3, 4, "
                      "5, 6, 7]\"}}",
                      static_cast<unsigned long long>((opTs + 30000) / 1000),
                      static_cast<unsigned long long>((opTs + 30000) % 1000),
                      static_cast<long long>(ext++), static_cast<long long>(corr++));
                sep();
                w.put(
                    "  {\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy DtoD (Device "
                    "-> Device)\", \"pid\": 0, \"tid\": 7, \"ts\": %llu.%03llu, \"dur\": 5.088, "
                    "\"args\": {\"External id\": %lld, \"device\": 0, \"context\": 1, \"stream\": "
                    "7, \"correlation\": %lld, \"bytes\": 4000, \"memory bandwidth (GB/s)\": "
                    "0.786}}",
                    static_cast<unsigned long long>((opTs + 31000) / 1000),
                    static_cast<unsigned long long>((opTs + 31000) % 1000),
                    static_cast<long long>(ext++), static_cast<long long>(corr++));
                info.events += 2;
                info.kernels += 1;
            }
            ts += 45000;
        }
    }
    w.put("\n  ],\n  \"traceName\": \"%s\"\n}\n", path.c_str());
    info.bytes = w.bytes();
    if (std::ferror(file.get()))
        return "write error on " + path;
    return {};
}

} // namespace roofscope::bench
