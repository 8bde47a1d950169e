// kernelTraits (import/kernel_traits.h) on NVIDIA's GEMM, convolution and helper kernels: real
// names, most of them verbatim from the traces in ../shared/samples (named in each row's
// comment), the rest from the libraries' public naming (cited). test_kernel_traits_other.cpp
// has the other NVIDIA kernels, communication and AMD; test_op_name_category.cpp the op names
// and the goal on the samples.

#include "tests/support/kernel_traits_rows.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

class TestKernelTraits : public QObject {
    Q_OBJECT

  private slots:
    void nvidiaGemm_data() {
        traitColumns();
        // A100 DDP sample. CUTLASS procedural name: fp32 accumulate ('s'), m16n8k8 MMA on f32
        // data, which only exists as TF32.
        row("cutlass s1688gemm (tf32)",
            "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_256x64_16x4_nn_align4>"
            "(cutlass_80_tensorop_s1688gemm_256x64_16x4_nn_align4::Params)",
            gemm, tf32, tensor);
        // H100 Falconsai sample: bf16 C and A around the fp32-accumulate m16n8k16 core name.
        row("cutlass bf16 s16816gemm",
            "void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_128x64_64x6_tn_"
            "align8>(cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_128x64_64x6_tn_align8::Params)",
            gemm, bf16, tensor);
        // H100 timesformer sample: an sm75 kernel, m16n8k8 on bf16.
        row("cutlass_75 bf16 s1688gemm",
            "void cutlass::Kernel2<cutlass_75_tensorop_bf16_s1688gemm_bf16_128x128_nn_align1>"
            "(cutlass_75_tensorop_bf16_s1688gemm_bf16_128x128_nn_align1::Params)",
            gemm, bf16, tensor);
        // H100 timesformer sample: the WMMA opclass is tensor cores too.
        row("cutlass wmma bf16",
            "void cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_16x16_32x1_nn_"
            "align8>(cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_16x16_32x1_nn_align8::Params)",
            gemm, bf16, tensor);
        // A100 DDP sample: SIMT opclass, CUDA cores in fp32.
        row("cutlass simt sgemm",
            "void cutlass::Kernel<cutlass_80_simt_sgemm_128x32_8x5_nn_align1>"
            "(cutlass_80_simt_sgemm_128x32_8x5_nn_align1::Params)",
            gemm, fp32, vector);
        // CUTLASS library naming (cutlass_library gemm_operation.py): 'h' accumulate, fp16;
        // 'd' with an 884 MMA shape is DMMA; 'i' with s8 elements is IMMA.
        row("cutlass h16816gemm", "cutlass_tensorop_h16816gemm_256x128_32x3_nn_align8", gemm, fp16,
            tensor);
        row("cutlass d884gemm (dmma)", "cutlass_tensorop_d884gemm_64x32_16x4_nn_align1", gemm, fp64,
            tensor);
        row("cutlass i16832gemm s8", "cutlass_tensorop_i16832gemm_s8_128x128_64x3_tn_align16", gemm,
            int8, tensor);
        row("cutlass s1688tf32gemm", "cutlass_tensorop_s1688tf32gemm_256x128_16x3_nn_align4", gemm,
            tf32, tensor);
        row("cutlass3x sm90 e4m3",
            "cutlass3x_sm90_tensorop_s64x128x32gemm_e4m3_e4m3_f32_bf16_bf16_128x128x128_1x1x1_0_"
            "tnn_align16_warpspecialized_cooperative_epi_tma",
            gemm, fp8, tensor);
        // H100 samples: cuBLAS's xmma kernels, A and B bf16 (the first type group).
        row("sm90 xmma bf16",
            "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_"
            "execute_segment_k_off_kernel__5x_cublas",
            gemm, bf16, tensor);
        row("sm80 xmma tf32", "sm80_xmma_gemm_tf32f32_tf32f32_f32_tn_n_tilesize128x128x16_stage4_",
            gemm, tf32, tensor);
        // cuBLAS 12 Hopper/Blackwell GEMMs (nvjet_hsh in fp16 runs, nvjet_tst in bf16, nvjet_qqtst
        // in fp8 ones; GindaChen/nsys-ai#582: warpgroup MMA kernels).
        row("nvjet hsh", "nvjet_hsh_256x128_64x4_2x1_v_bz_coopA_TNN", gemm, fp16, tensor);
        row("nvjet sm100 tst", "nvjet_sm100_tst_64x32_64x16_2x1_2cta_h_bz_TNT", gemm, bf16, tensor);
        row("nvjet qqtst", "nvjet_qqtst_128x256_128x6_2x1_2cta_v_bz_TNT", gemm, fp8, tensor);
        // Legacy cuBLAS: arch prefix and SIMT sgemm (A100 DDP, ws128, V100 ResNet samples).
        row("ampere_sgemm", "ampere_sgemm_32x32_sliced1x4_tn", gemm, fp32, vector);
        row("volta_sgemm", "volta_sgemm_64x64_nt", gemm, fp32, vector);
        row("volta_h884gemm (hmma)", "volta_h884gemm_256x128_ldg8_nn", gemm, fp16, tensor);
        row("turing_fp16_s1688gemm", "turing_fp16_s1688gemm_fp16_256x128_ldg8_f2f_tn", gemm, fp16,
            tensor);
        row("maxwell_hgemm (simt)", "maxwell_hgemm_128x64_nn", gemm, fp16, vector);
        // H100 samples: cuBLAS GEMV / dot for degenerate shapes, bf16 in the template arguments.
        row("cublas gemvx",
            "std::enable_if<!(false), void>::type internal::gemvx::kernel<int, int, __nv_bfloat16, "
            "__nv_bfloat16, __nv_bfloat16, float, false, true, true, false, 7, false, "
            "cublasGemvParamsEx<int, cublasGemvTensorStridedBatched<__nv_bfloat16 const>, "
            "cublasGemvTensorStridedBatched<__nv_bfloat16 const>, "
            "cublasGemvTensorStridedBatched<__nv_bfloat16>, float> >(cublasGemvParamsEx<int, "
            "cublasGemvTensorStridedBatched<__nv_bfloat16 const>, float>)",
            gemm, bf16, vector);
        row("cublas dot",
            "void dot_kernel<float, 128, 0, cublasDotParams<cublasGemvTensorStridedBatched<"
            "__nv_bfloat16 const>, cublasGemvTensorStridedBatched<float> > >(cublasDotParams<"
            "cublasGemvTensorStridedBatched<__nv_bfloat16 const>, "
            "cublasGemvTensorStridedBatched<float> >)",
            gemm, fp32, kNone);
        row("sgemm_largek (ws128)",
            "void sgemm_largek_lds64<true, true, 6, 3, 4, 5, 2, 66>(float*, float const*, float "
            "const*, int, int, int, int, int, int, float const*, float const*, float, float, int, "
            "int, int*, int*)",
            gemm, kNone, vector);
        // Blackwell TensorRT-LLM GEMMs: fp8 x fp4 runs at the fp8 rate; fp4 x fp4 has no
        // Precision value (other).
        row("bmm MxE4m3 x MxE2m1",
            "bmm_MxE4m3_MxE2m1MxE4m3_Fp32_t128x128x256_s4_et128x64_m256x128x32", gemm, fp8, tensor);
        row("bmm E4m3", "bmm_E4m3_E4m3E4m3_Fp32_t128x64x128u2_s6_et64x64_m64x64x32_cga1x1x1", gemm,
            fp8, tensor);
        row("bmm E2m1 (fp4)", "bmm_E2m1_E2m1E2m1_Fp32_bA16_bB16_bC16_t128x128x256_s3", gemm, fp4,
            tensor);
        // Inductor templates.
        row("triton_tem mm", "triton_tem_fused_addmm_0", gemm, kNone, kNone);
    }
    void nvidiaGemm() { checkTraits(); }

    void nvidiaHelpers_data() {
        traitColumns();
        // A100 DDP sample: cuBLASLt's split-K reduction after the GEMM: the GEMM's helper, by
        // what it does a reduction, never a gemm that could take the op's FLOPs.
        row("cublasLt splitKreduce",
            "void cublasLt::splitKreduce_kernel<32, 16, int, float, float, float, float, true, "
            "true, false>(cublasLt::cublasSplitKParams<float>, float const*, float const*, float*, "
            "float const*, float const*, float const*, float const*, float*, void*, long, float*, "
            "int*)",
            reduction, fp32, kNone, true);
        row("cublas splitKreduce (V100)",
            "void splitKreduce_kernel<float, float, float, float>(cublasSplitKParams<float>, float "
            "const*, float const*, float*, float const*, float const*, float const*)",
            reduction, fp32, kNone, true);
        // H100 owlv2 sample: cuBLAS's split reduction of a GEMV.
        row("cublas reduce_1Block",
            "void reduce_1Block_kernel<float, 128, 7, cublasGemvTensorStridedBatched<float>, "
            "cublasGemvTensorStridedBatched<__nv_bfloat16 const>, "
            "cublasGemvTensorStridedBatched<__nv_bfloat16> >(float const*, float, "
            "cublasGemvTensorStridedBatched<float>, int)",
            reduction, fp32, kNone, true);
        // ws128 sample: cuBLASLt epilogue and cuBLAS beta scaling; the parameter type
        // cublasTransposeParams must not make scal_kernel a layout transform.
        row("cublasLt epilogue",
            "void epilogue::impl::globalKernel<float, float, float, true, true>(int, int, long, "
            "float*, cublasLtEpilogue_t, int, float*, long, void*, long, long, long, float*, long, "
            "int*)",
            elementwise, fp32, kNone, true);
        row("cublas scal",
            "void scal_kernel<float, float, 1, false, 6, 5, 5, 3>(cublasTransposeParams<float>, "
            "float const*, float*, float const*)",
            elementwise, fp32, kNone, true);
        // A100 DDP sample: CUTLASS's split-K reduction inside cuDNN.
        row("cutlass ReduceSplitK",
            "void cutlass_cudnn_train::Kernel<cutlass_cudnn_train::reduction::kernel::ReduceSplitK<"
            "cutlass_cudnn_train::MatrixShape<4, 128>, cutlass_cudnn_train::epilogue::thread::"
            "LinearCombination<float, 4, float, float, (cutlass_cudnn_train::epilogue::thread::"
            "ScaleType::Kind)0, (cutlass_cudnn_train::FloatRoundStyle)2>, cutlass_cudnn_train::"
            "reduction::thread::ReduceAdd<float, float, 4>, 4> >(cutlass_cudnn_train::Params)",
            reduction, fp32, kNone, true);
    }
    void nvidiaHelpers() { checkTraits(); }

    void nvidiaConv_data() {
        traitColumns();
        // A100 DDP sample: cuDNN's xmma implicit GEMM; conv wins over the "gemm" in the name.
        row("xmma wgrad implicit gemm",
            "sm80_xmma_wgrad_implicit_gemm_indexed_tf32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x"
            "128x16_stage4_warpsize2x2x1_g1_tensor16x8x8_execute_kernel_cudnn_train",
            conv, tf32, tensor);
        row("xmma fprop implicit gemm",
            "sm80_xmma_fprop_implicit_gemm_tf32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize64x128x32_"
            "stage5_warpsize2x2x1_g1_tensor16x8x8_execute_kernel_cudnn_infer",
            conv, tf32, tensor);
        // A100 DDP sample: cuDNN's CUTLASS convolutions, tf32 named as the element.
        row("cutlass s1688dgrad tf32",
            "void cutlass_cudnn_infer::Kernel<cutlass_tensorop_s1688dgrad_optimized_tf32_64x128_"
            "32x3_nhwc_align4>(cutlass_tensorop_s1688dgrad_optimized_tf32_64x128_32x3_nhwc_align4::"
            "Params)",
            conv, tf32, tensor);
        // H100 samples: bf16 fprop.
        row("cutlass bf16 s16816fprop",
            "void cutlass__5x_cudnn::Kernel<cutlass_tensorop_bf16_s16816fprop_optimized_bf16_256x64"
            "_32x4_nhwc_align8>(cutlass_tensorop_bf16_s16816fprop_optimized_bf16_256x64_32x4_nhwc_"
            "align8::Params)",
            conv, bf16, tensor);
        // A100 DDP sample: a mangled CUTLASS implicit-GEMM convolution; tfloat32_t is A's type.
        row("mangled ImplicitGemmConvolution",
            "_ZN19cutlass_cudnn_train6KernelINS_4conv6kernel23ImplicitGemmConvolutionINS1_"
            "11threadblock22ImplicitGemmMultistageINS_4gemm9GemmShapeILi128ELi128ELi32EEENS4_"
            "52Conv2dWgradOutputGradientTileAccessIteratorOptimizedINS_11MatrixShapeILi128ELi32EEE"
            "NS_10tfloat32_tENS_9transform29PitchLinearWarpRakedThreadMapINS_16PitchLinearShapeILi"
            "128ELi32EEELi128ENSF_ILi8ELi4EEELi4EEENS_12AlignedArrayISC_Li4ELi16EEEEE",
            conv, tf32, kNone);
        // SIMT cuDNN (A100 DDP, V100 ResNet samples): scudnn is single precision on CUDA cores.
        row("cudnn_infer ampere scudnn", "cudnn_infer_ampere_scudnn_128x64_relu_xregs_large_nn_v1",
            conv, fp32, vector);
        row("volta scudnn winograd", "volta_scudnn_winograd_128x128_ldg1_ldg4_relu_tile148t_nt_v1",
            conv, fp32, vector);
        row("volta scudnn splitK", "volta_scudnn_128x128_stridedB_splitK_small_nn_v1", conv, fp32,
            vector);
        row("volta h884cudnn", "volta_h884cudnn_256x64_ldg8_relu_exp_small_nhwc_tn_v1", conv, fp16,
            tensor);
        // V100 ResNet sample: cuDNN's own engines; kernel_conv_params is a parameter, not a
        // name, the name says "convolve".
        row("implicit_convolve_sgemm",
            "void implicit_convolve_sgemm<float, float, 1024, 6, 7, 3, 3, 5, 1, false, true, true>"
            "(int, int, int, float const*, int, float*, float const*, kernel_conv_params, unsigned "
            "long long, int, float, float, int, float const*, float const*, bool, int, int)",
            conv, fp32, vector);
        row("cudnn dgrad_engine",
            "void cudnn::detail::dgrad_engine<float, 512, 6, 5, 3, 3, 3, false>(int, int, int, "
            "float const*, int, float const*, int, float*, kernel_grad_params, unsigned long long, "
            "int, unsigned long long, int, float, int, int, int)",
            conv, fp32, kNone);
        row("cudnn wgrad_alg0_engine",
            "void cudnn::cnn::wgrad_alg0_engine<float, 128, 6, 7, 3, 3, 5, false, 512>(int, int, "
            "int, float const*, int, float*, float const*, kernel_grad_params, unsigned long long, "
            "int, float, int, int, int, int)",
            conv, fp32, kNone);
        // Helpers around cuDNN convolutions: layout transforms and im2col are memory, offset
        // tables memory, Winograd transforms and beta scaling elementwise; all helpers.
        row("cudnn nchwToNhwc",
            "void cudnn::ops::nchwToNhwcKernel<float, float, float, false, true, "
            "(cudnnKernelDataType_t)2>(cudnn::ops::nchw2nhwc_params_t<float>, float const*, "
            "float*)",
            memory, fp32, kNone, true);
        row("cudnn engines nhwcToNchw bf16",
            "void cudnn::engines_precompiled::nhwcToNchwKernel<__nv_bfloat16, __nv_bfloat16, "
            "float, "
            "true, false, (cudnnKernelDataType_t)0>(cudnn::engines_precompiled::nhwc2nchw_params_t<"
            "float>, __nv_bfloat16 const*, __nv_bfloat16*)",
            memory, bf16, kNone, true);
        row("cask computeOffsets",
            "cask_cudnn::computeOffsetsKernel(cask_cudnn::ComputeOffsetsParams)", memory, kNone,
            kNone, true);
        row("cask computeWgradSplitKOffsets",
            "cask_cudnn::computeWgradSplitKOffsetsKernel(cask_cudnn::ComputeSplitKOffsetsParams)",
            memory, kNone, kNone, true);
        row("cudnn im2col4d",
            "void cudnn::cnn::im2col4d_kernel<float, long>(cudnn::cnn::im2col4d_params, "
            "cudnnConvolutionStruct, cudnnTensor4dStruct, float const*, float*)",
            memory, fp32, kNone, true);
        row("cudnn winograd data transform",
            "void cudnn::winograd_nonfused::winogradForwardData4x4<float, float>(cudnn::winograd_"
            "nonfused::WinogradDataParams<float, float>)",
            elementwise, fp32, kNone, true);
        row("cudnn scalePackedTensor",
            "void cudnn::ops::scalePackedTensor_kernel<float, float>(cudnnTensor4dStruct, float*, "
            "float)",
            elementwise, fp32, kNone, true);
        row("cudnn reduce_wgrad helper",
            "void cudnn::cnn::reduce_wgrad_nchw_helper<float, float>(void*, void const*, float, "
            "int, int)",
            reduction, fp32, kNone, true);
    }
    void nvidiaConv() { checkTraits(); }

    // Winograd and FFT convolutions, fused or not, say that they execute fewer multiplications
    // than the direct convolution; a direct one and a GEMM do not.
    void fewerMultiplies() {
        QVERIFY(kernelTraits("volta_scudnn_winograd_128x128_ldg1_ldg4_relu_tile148t_nt_v1")
                    .fewerMultiplies);
        QVERIFY(kernelTraits("void cudnn::winograd_nonfused::winogradForwardData4x4<float, float>"
                             "(cudnn::winograd_nonfused::WinogradDataParams<float, float>)")
                    .fewerMultiplies);
        QVERIFY(
            kernelTraits("void fft2d_r2c_32x32<float, false, 1u, false>(float2*)").fewerMultiplies);
        QVERIFY(!kernelTraits("volta_scudnn_128x64_relu_interior_nn_v1").fewerMultiplies);
        QVERIFY(!kernelTraits("volta_sgemm_32x128_nn").fewerMultiplies);
    }

    // Every matched name says which rule matched; an unmatched one says none.
    void ruleIsNamed() {
        QVERIFY(!kernelTraits("volta_sgemm_64x64_nt").rule.empty());
        QVERIFY(!kernelTraits("ncclDevKernel_Generic").rule.empty());
        QVERIFY(kernelTraits("my_custom_kernel").rule.empty());
    }
};

QTEST_GUILESS_MAIN(TestKernelTraits)
#include "test_kernel_traits.moc"
