// Short kernel names and record labels (core/kernel_name.h), on names taken from the shared H100,
// MI300X and A100 samples.
#include "core/kernel_name.h"

#include <QtTest>

using namespace roofscope;

class TestKernelName : public QObject {
    Q_OBJECT
  private slots:
    void shortName_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("expected");
        // A cutlass wrapper: the tile name is the kernel.
        QTest::newRow("cutlass")
            << "void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_"
               "align8>(cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8::Params)"
            << "cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8";
        // Tensile on MI300X: transposes, macro tile and instruction.
        QTest::newRow("tensile")
            << "Cijk_Ailk_Bljk_B_BS_BH_Bias_HA_S_SAV_UserArgs_MT128x256x32_MI16x16x1_SN_LDSB1_AFC1_"
               "AFEM1_AFEM1_ASEM1_CLR1_CADS0_DTVA0_DTVB0_EPS0_FDSI0_GRPM1_GRVWA8_GRVWB4_GSUAMB"
            << "Cijk_Ailk_Bljk MT128x256x32 MI16x16x1";
        // PyTorch's elementwise kernels: the functor inside the adaptor says what is computed.
        QTest::newRow("binary functor")
            << "void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<c10::"
               "BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<"
               "float> >, std::array<char*, 3ul> >(int, at::native::BinaryFunctor<c10::BFloat16, "
               "c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float> >, "
               "std::array<char*, 3ul>)"
            << "vectorized_elementwise_kernel<MulFunctor>";
        QTest::newRow("add functor")
            << "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::"
               "BFloat16>, std::array<char*, 3ul> >(int, "
               "at::native::CUDAFunctor_add<c10::BFloat16>,"
               " std::array<char*, 3ul>)"
            << "vectorized_elementwise_kernel<CUDAFunctor_add>";
        QTest::newRow("lambda of a kernel")
            << "void at::native::vectorized_elementwise_kernel<4, at::native::sigmoid_kernel_cuda("
               "at::TensorIteratorBase&)::{lambda()#2}::operator()() "
               "const::{lambda()#4}::operator()"
               "() const::{lambda(c10::BFloat16)#1}, std::array<char*, 2ul> >(int, at::native::"
               "sigmoid_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}, std::array<char*, 2ul>)"
            << "vectorized_elementwise_kernel<sigmoid_kernel_cuda>";
        QTest::newRow("copy")
            << "void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl_nocast<at::"
               "native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()"
               "() const::{lambda()#12}::operator()() const::{lambda(c10::BFloat16)#1}>(at::"
               "TensorIteratorBase&, at::native::direct_copy_kernel_cuda)::{lambda(int)#1}>(int, "
               "at::native::gpu_kernel_impl_nocast)"
            << "elementwise_kernel<direct_copy_kernel_cuda>";
        // In an anonymous namespace: the function's own name.
        QTest::newRow("softmax")
            << "void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, c10::BFloat16, "
               "float,"
               " c10::BFloat16, at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(c10::"
               "BFloat16*, c10::BFloat16 const*, int)"
            << "cunn_SoftMaxForward";
        QTest::newRow("layer norm")
            << "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::BFloat16,"
               " float>(int, float, c10::BFloat16 const*, float*)"
            << "vectorized_layer_norm_kernel";
        // Plain names stay; an argument list goes; a readable suffix stays.
        QTest::newRow("cublas")
            << "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_"
               "execute_segment_k_off_kernel__5x_cublas"
            << "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_"
               "execute_segment_k_off_kernel__5x_cublas";
        QTest::newRow("nccl") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned "
                                 "long, ncclWork*)"
                              << "ncclKernel_AllReduce_RING_LL_Sum_float";
        QTest::newRow("nccl template argument")
            << "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
            << "ncclDevKernel_AllReduce_Sum_f32_RING_LL";
        // Composable Kernel: every kernel is a kentry; the kernel type among its arguments
        // names it (the JAX Transformer Engine sample's attention forward and backward).
        QTest::newRow("ck_tile forward attention")
            << "void ck_tile::kentry<ck_tile::gfx950_t, 2, ck_tile::FmhaFwdKernel<ck_tile::"
               "BlockFmhaPipelineQRKSVSAsync<ck_tile::BlockFmhaPipelineProblem<std::bfloat16_t, "
               "float>, void> >, ck_tile::FmhaFwdKernel<void>::FmhaFwdBatchModeKargs>(ck_tile::"
               "FmhaFwdKernel<void>::FmhaFwdBatchModeKargs) [clone .kd]"
            << "FmhaFwdKernel";
        QTest::newRow("ck_tile backward dq dk dv")
            << "void ck_tile::kentry<ck_tile::gfx950_t, 1, ck_tile::FmhaBwdDQDKDVKernel<ck_tile::"
               "BlockFmhaBwdDQDKDVPipeline<void>, void>, ck_tile::FmhaBwdDQDKDVKernel<void>::"
               "FmhaBwdBatchModeKargs>(ck_tile::FmhaBwdDQDKDVKernel<void>::FmhaBwdBatchModeKargs)"
            << "FmhaBwdDQDKDVKernel";
        // The older kentry, without an architecture argument.
        QTest::newRow("ck_tile without an arch")
            << "void ck_tile::kentry<ck_tile::FmhaFwdKernel<ck_tile::BlockFmhaPipelineQRKSVS<"
               "void> > >(int)"
            << "FmhaFwdKernel";
        // A kentry whose arguments name no kernel type keeps the launcher's name.
        QTest::newRow("ck_tile, no kernel type") << "void ck_tile::kentry<64, 1, Foo<int> >(int)"
                                                 << "kentry";
        QTest::newRow("memcpy") << "Memcpy HtoD (Pageable -> Device)"
                                << "Memcpy HtoD (Pageable -> Device)";
        QTest::newRow("empty") << ""
                               << "";
    }
    void shortName() {
        QFETCH(QString, kernel);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(shortKernelName(kernel.toStdString())), expected);
    }

    void label() {
        OpRecord r;
        r.name =
            "void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_bf16_64x64_tn>(x::Params)";
        QCOMPARE(recordLabel(r), std::string("cutlass_80_tensorop_bf16_s16816gemm_bf16_64x64_tn"));
        r.op = "aten::mm [[512,768],[768,3072]]";
        QCOMPARE(recordLabel(r), "aten::mm [[512,768],[768,3072]] \u00b7 "
                                 "cutlass_80_tensorop_bf16_s16816gemm_bf16_64x64_tn");
        r.name = r.op; // grouped by op
        QCOMPARE(recordLabel(r), r.op);
    }
};

QTEST_APPLESS_MAIN(TestKernelName)
#include "test_kernel_name.moc"
