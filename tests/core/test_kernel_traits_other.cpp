// kernelTraits (import/kernel_traits.h) on PyTorch's own, Triton, FBGEMM and other NVIDIA
// kernels, on communication kernels and on AMD's (hipBLASLt, rocBLAS, MIOpen, CK, RCCL): real
// names, most of them verbatim from the traces in ../shared/samples (named in each row's
// comment), the rest from the libraries' public naming (cited).

#include "tests/support/kernel_traits_rows.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

class TestKernelTraitsOther : public QObject {
    Q_OBJECT

  private slots:
    void nvidiaOther_data() {
        traitColumns();
        // H100 Falconsai sample: FlashAttention 2 in PyTorch; the CUTLASS pieces do not make it a
        // gemm. Its name does not say the MMA.
        row("pytorch_flash fwd",
            "void pytorch_flash::flash_fwd_kernel<pytorch_flash::Flash_fwd_kernel_traits<64, 128, "
            "128, 4, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<64, "
            "128, "
            "128, 4, cutlass::bfloat16_t> >, false, false, false, false, false, true, false>"
            "(pytorch_flash::Flash_fwd_params)",
            attention, bf16, kNone);
        row("cutlass mem-efficient fmha", "fmha_cutlassF_bf16_aligned_64x64_rf_sm80", attention,
            bf16, kNone);
        row("cudnn sdpa", "cudnn_generated_fort_native_sdpa_sm90_knob_7_64x128x64_4x1x1_kernel0_0",
            attention, kNone, kNone);
        row("flash bwd dot_do_o (helper)",
            "void flash_bwd_dot_do_o_kernel<true, Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, "
            "2, "
            "false, false, cutlass::half_t> >(Flash_bwd_params)",
            reduction, fp16, kNone, true);
        // A100 DDP / V100 ResNet samples: cuDNN batch norm is norm, not conv.
        row("cudnn bn_bw",
            "void cudnn::bn_bw_1C11_kernel_new<float, float, float2, 128, true, 1>(float, float, "
            "float, float, cudnnTensorStruct, float const*, cudnnTensorStruct, float const*, "
            "cudnnTensorStruct, float*, float const*, float*, float*, float const*, float const*, "
            "float)",
            norm, fp32, kNone);
        row("layer norm bf16",
            "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::BFloat16, "
            "float>(int, float, c10::BFloat16 const*, c10::BFloat16 const*, c10::BFloat16 const*, "
            "float*, float*, c10::BFloat16*)",
            norm, bf16, kNone);
        row("layer norm GammaBetaBackward (ws128)",
            "void at::native::(anonymous namespace)::GammaBetaBackwardCUDAKernel<float, float>("
            "long, long, float const*, float const*, float const*, float const*, float*, float*)",
            norm, fp32, kNone);
        row("flashinfer rmsnorm",
            "void flashinfer::norm::FusedAddRMSNormKernel<8u, __nv_bfloat16>(__nv_bfloat16*, "
            "__nv_bfloat16*, __nv_bfloat16*, unsigned int, unsigned int, unsigned int, float)",
            norm, bf16, kNone);
        // H100 timesformer sample: softmax is a reduction, as the op estimator says.
        row("cunn softmax",
            "void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, c10::BFloat16, float, "
            "c10::BFloat16, at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(c10::"
            "BFloat16*, c10::BFloat16 const*, int)",
            reduction, bf16, kNone);
        row("reduce_kernel mean",
            "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps"
            "<float, float, float, float>, unsigned int, float, 4> >(at::native::ReduceOp<float, "
            "at::native::MeanOps<float, float, float, float>, unsigned int, float, 4>)",
            reduction, fp32, kNone);
        row("max_pool",
            "void at::native::(anonymous namespace)::max_pool_forward_nchw<float, float>"
            "(int, float const*, long, long, long, int, int, int, int, int, int, int, int, int, "
            "int, float*, long*)",
            reduction, fp32, kNone);
        row("nll loss",
            "void cunn_ClassNLLCriterion_updateOutput_kernel<float, float>(float*, float*, float*, "
            "long*, float*, int, int, int, int, long)",
            reduction, fp32, kNone);
        row("cub scan (ws128)",
            "void cub::DeviceScanKernel<cub::AgentScanPolicy<128, 15, int, "
            "(cub::BlockLoadAlgorithm)"
            "3, (cub::CacheLoadModifier)0, (cub::BlockStoreAlgorithm)3, "
            "(cub::BlockScanAlgorithm)2, "
            "cub::MemBoundScaling<128, 15, int> >, int*, int*, cub::ScanTileState<int, true>, "
            "cub::Sum, int, int>(int*, int*, cub::ScanTileState<int, true>, int, cub::Sum, int, "
            "int)",
            reduction, kNone, kNone);
        // Copies, cat and fills are device-side data movement: memory, before elementwise.
        row("direct_copy in elementwise_kernel",
            "void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl_nocast<at::"
            "native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() "
            "const::{lambda()#12}::operator()() const::{lambda(c10::BFloat16)#1}>(at::"
            "TensorIteratorBase&, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::"
            "{lambda()#3}::operator()() const::{lambda()#12}::operator()() const::{lambda(c10::"
            "BFloat16)#1} const&)::{lambda(int)#1}>(int, at::native::gpu_kernel_impl_nocast<at::"
            "native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() "
            "const::{lambda()#12}::operator()() const::{lambda(c10::BFloat16)#1}>(at::"
            "TensorIteratorBase&, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::"
            "{lambda()#3}::operator()() const::{lambda()#12}::operator()() const::{lambda(c10::"
            "BFloat16)#1} const&)::{lambda(int)#1})",
            memory, bf16, kNone);
        row("CatArrayBatchedCopy",
            "void at::native::(anonymous namespace)::CatArrayBatchedCopy_aligned16_contig<at::"
            "native::(anonymous namespace)::OpaqueType<4u>, unsigned int, 1, 128, 1>(at::native::"
            "(anonymous namespace)::OpaqueType<4u>*, unsigned int)",
            memory, kNone, kNone);
        row("fill",
            "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, at::"
            "detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, at::detail::Array<char*"
            ", 1>)",
            memory, fp32, kNone);
        row("index (gather)",
            "void at::native::index_elementwise_kernel<128, 4, at::native::gpu_index_kernel<at::"
            "native::index_kernel_impl<at::native::OpaqueType<2> >(at::TensorIteratorBase&, c10::"
            "ArrayRef<long>, c10::ArrayRef<long>)::{lambda(char*, char const*, long)#1}>(at::"
            "TensorIteratorBase&, c10::ArrayRef<long>, c10::ArrayRef<long>)::{lambda(int)#1}>(int, "
            "long)",
            memory, kNone, kNone);
        row("cub radix sort (ws128)",
            "void cub::DeviceRadixSortOnesweepKernel<cub::DeviceRadixSortPolicy<long, int, int>::"
            "Policy800, false, long, int, int, int>(int*, int*, int*, int const*, long*, long "
            "const*, int*, int const*, int, int, int)",
            memory, kNone, kNone);
        // Pointwise math.
        row("vectorized add bf16",
            "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::"
            "BFloat16>, std::array<char*, 3ul> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, "
            "std::array<char*, 3ul>)",
            elementwise, bf16, kNone);
        row("unrolled mul (ws128)",
            "void at::native::unrolled_elementwise_kernel<at::native::AUnaryFunctor<float, float, "
            "float, at::native::binary_internal::MulFunctor<float> >, at::detail::Array<char*, 2>, "
            "TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, "
            "at::native::memory::LoadWithoutCast, at::native::memory::StoreWithoutCast>(int)",
            elementwise, fp32, kNone);
        // Optimizers (A100 DDP: the foreach SGD), FBGEMM embeddings (ws128).
        row("multi_tensor_apply",
            "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::"
            "(anonymous namespace)::TensorListMetadata<2>, at::native::(anonymous namespace)::"
            "BinaryOpListAlphaFunctor<float, 2, 2, 0>, std::plus<float>, float>(at::native::"
            "(anonymous namespace)::TensorListMetadata<2>, float)",
            optimizer, fp32, kNone);
        row("apex FusedAdam",
            "void multi_tensor_apply_kernel<TensorListMetadata<4>, AdamFunctor<"
            "float, float, int>, float, float, float, float, float, float, "
            "adamMode_t, float>(long, int volatile*, TensorListMetadata<4>)",
            optimizer, fp32, kNone);
        row("fbgemm split_embedding forward",
            "void split_embedding_codegen_forward_unweighted_kernel<c10::Half, c10::Half, float, "
            "false, long, 2ul, 32ul>(at::GenericPackedTensorAccessor<c10::Half, 1ul, at::"
            "RestrictPtrTraits, long>)",
            embedding, fp16, kNone);
        row("fbgemm split_embedding backward adagrad",
            "void split_embedding_backward_codegen_rowwise_adagrad_unweighted_kernel_cta_per_row_1<"
            "c10::Half, float, c10::Half, 2ul, 32>(at::GenericPackedTensorAccessor<float, 2ul, "
            "at::RestrictPtrTraits, long>)",
            embedding, fp16, kNone);
        row("embedding index select",
            "void at::native::(anonymous namespace)::indexSelectLargeIndex<c10::BFloat16, long, "
            "unsigned int, 2, 2, -2, true>(at::cuda::detail::TensorInfo<c10::BFloat16, unsigned "
            "int>, long)",
            embedding, bf16, kNone);
        row("fbgemm permute",
            "void fbgemm_gpu::permute_2D_data_kernel<false, int, int, decltype("
            "nullptr)>(int, int, int, int const*, decltype(nullptr) const*)",
            memory, kNone, kNone);
        row("fbgemm fp8 quantize",
            "void fbgemm_gpu::(anonymous namespace)::_compute_FP8_quantize_cuda_kernel<float>("
            "float const*, float const*, int, int, unsigned char*, bool)",
            elementwise, fp32, kNone);
        // Inductor's prefixes.
        row("triton pointwise", "triton_poi_fused__to_copy_add_mul_0", elementwise, kNone, kNone);
        row("triton reduction", "triton_red_fused_sum_1", reduction, kNone, kNone);
        row("triton persistent layer norm", "triton_per_fused_native_layer_norm_2", norm, kNone,
            kNone);
        row("unknown", "my_custom_kernel(float*, int)", kNone, kNone, kNone);
    }
    void nvidiaOther() { checkTraits(); }

    void communication_data() {
        traitColumns();
        // A100 DDP sample; the same test the analysis uses (looksLikeCommKernel).
        row("nccl all-reduce",
            "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)",
            collective, fp32, kNone);
        // ws128 sample: point-to-point of an all-to-all.
        row("nccl SendRecv",
            "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
            collective, kNone, kNone);
        row("nccl dev kernel", "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
            collective, kNone, kNone);
        row("rccl", "rcclGenericKernel<1, false>(ncclDevComm*, unsigned long, ncclWork*)",
            collective, kNone, kNone);
        // PyTorch symmetric memory (namespaced, so not by prefix) and multimem.
        row("symm mem one shot",
            "void c10d::symmetric_memory::one_shot_all_reduce_kernel<c10::BFloat16, 8>(c10::"
            "BFloat16**, unsigned long, unsigned long, unsigned int**, unsigned long, unsigned "
            "long, unsigned long)",
            collective, bf16, kNone);
        row("symm mem two shot",
            "void c10d::symmetric_memory::two_shot_all_reduce_kernel<float, 4>("
            "float**, unsigned long)",
            collective, fp32, kNone);
        row("multimem all-reduce",
            "void c10d::symmetric_memory::multimem_all_reduce_kernel<c10::"
            "BFloat16, 16, 8>(c10::BFloat16*, unsigned long)",
            collective, bf16, kNone);
    }
    void communication() { checkTraits(); }

    void amd_data() {
        traitColumns();
        // MI300 samples: hipBLASLt (Tensile) names; "_B_" is bf16 A/B, MI16x16x1 the MFMA shape.
        row("hipblaslt Cijk bf16",
            "Cijk_Alik_Bljk_B_BS_BH_Bias_HA_S_SAV_UserArgs_MT64x32x128_MI16x16x1_SN_LDSB1_AFC1_"
            "AFEM1_AFEM1_ASEM1_CLR1_CADS0_DTVA0_DTVB0_EPS0_FDSI0_GRPM1_GRVWA8_GRVWB8_GSUAMB_GLS0_"
            "ISA942_IU1_K1_LBSPPA512_LBSPPB256_LBSPPM0_LPA16_LPB16_LPM0_LRVW8_LWPMn1_MIAV0_MIWT2_1_"
            "MO40_NTn1_NTA0_NTB0_NTC0_NTD0_NTM0_NEPBS16_NLCA1_NLCB1_ONLL1_PGR2_PLR1_PKA1_SIA3_SS1_"
            "SPO0_SRVW0_SSO0_SVW2_SK0_SKXCCM0_TLDS1_ULSGRO0_USL1_UIOFGRO0_USFGROn1_VSn1_VWA2_VWB1_"
            "WSGRA0_WSGRB0_WS64_WG32_8_1",
            gemm, bf16, tensor);
        // MI300 owlv2 sample: the older Tensile spelling, BBS = bf16 in, bf16 out, fp32 compute.
        row("tensile Cijk BBS",
            "Cijk_Ailk_Bljk_BBS_BH_MT64x64x64_MI16x16x16x1_SN_1LDSB0_APM1_ABV0_ACED0_AF0EM1_AF1EM1"
            "_AMAS0_ASE_ASGT_ASLT_ASM_ASAE01_ASCE01_ASEM1_AAC0_BL1_BS1_CLR1_DTLA0_DTLB0_DTVA0_"
            "DTVB0",
            gemm, bf16, tensor);
        // Tensile naming: S data on MFMA (AMD matrix cores run fp32), HHS half, F8 fp8, I8 int8,
        // "_MX_" xf32 math on f32 data.
        row("tensile S fp32", "Cijk_Ailk_Bljk_S_B_Bias_HA_S_SAV_UserArgs_MT16x16x128_MI16x16x1_SN",
            gemm, fp32, tensor);
        row("tensile HHS", "Cijk_Ailk_Bljk_HHS_BH_MT128x128x32_MI32x32x8x1_SN_GSU1", gemm, fp16,
            tensor);
        row("tensile F8", "Cijk_Alik_Bljk_F8_BS_BH_UserArgs_MT128x128x128_MI16x16x1_SN", gemm, fp8,
            tensor);
        row("tensile I8", "Cijk_Ailk_Bljk_I8II_BH_MT128x128x64_MI32x32x16x1_SN", gemm, int8,
            tensor);
        row("tensile xf32", "Cijk_Ailk_Bljk_S_MX_B_Bias_HA_S_SAV_UserArgs_MT128x128x32_MI32x32x1",
            gemm, tf32, tensor);
        row("tensile no MFMA", "Cijk_Ailk_Bljk_SB_MT64x64x8_SN_TT4_4_WG16_16_1", gemm, fp32, kNone);
        // MI300 samples: MIOpen's implicit-GEMM convolution (the xdlops gtcx generation) and its
        // helpers.
        row("miopen igemm fwd",
            "igemm_fwd_gtcx3_nhwc_bf16_bx0_ex1_bt64x64x16_wt16x16x4_ws1x1_wr2x2_ta1x1x4x1_"
            "1x16x1x16_"
            "tb1x1x4x1_1x16x1x16_me",
            conv, bf16, tensor);
        row("miopen igemm wrw",
            "igemm_wrw_gtcx3_nhwc_bf16_bx0_ex1_bt64x32x32_wt16x16x16_ws1x1_"
            "wr2x1_ta1x4x1x2_1x8x1x32_tb1x4x1x1_1x8x1x32_vs1_gkgs",
            conv, bf16, tensor);
        row("miopen batched_transpose", "batched_transpose_256x4_half", memory, fp16, kNone, true);
        row("miopen SubTensorOp", "SubTensorOpWithScalar1d", memory, kNone, kNone, true);
        row("miopen im2col", "Im2d2Col_v2", memory, kNone, kNone, true);
        row("miopen batch norm", "MIOpenBatchNormFwdTrainSpatial", norm, kNone, kNone);
        // MI300 samples: the Triton flash attention ROCm PyTorch ships.
        row("rocm attn_fwd", "attn_fwd", attention, kNone, kNone);
        // Composable kernel: xdl pipelines are MFMA, the conv wins over its GridwiseGemm.
        row("ck grouped conv xdl (mangled)",
            "_ZN2ck16tensor_operation6device12_GLOBAL__N_139kernel_grouped_conv_fwd_xdl_cshuffle_v3"
            "INS_28GridwiseGemm_xdl_cshuffle_v3INS_13tensor_layout4gemm8RowMajorENS6_"
            "11ColumnMajorE",
            conv, kNone, tensor);
        row("ck gemm xdl",
            "void ck::kernel_gemm_xdl_cshuffle_v3<ck::GridwiseGemm_xdl_cshuffle_v3<ck::tensor_"
            "layout::gemm::RowMajor, ck::tensor_layout::gemm::ColumnMajor, ck::half_t, ck::half_t, "
            "float> >(ck::Argument)",
            gemm, fp16, tensor);
        row("ck fmha",
            "void ck_tile::kentry<ck_tile::FmhaFwdKernel<ck_tile::BlockFmhaPipelineQRKSVS"
            "Async<ck_tile::bf16_t> > >(ck_tile::FmhaFwdKernel::Kargs)",
            attention, bf16, kNone);
        // ROCm PyTorch's own kernels (MI300 samples): the same names as on CUDA.
        row("rocm manual_unroll copy",
            "void at::native::elementwise_kernel_manual_unroll<128, 8, at::native::gpu_kernel_impl_"
            "nocast<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::"
            "operator()() const::{lambda()#12}::operator()() const::{lambda(c10::BFloat16)#1}>(at::"
            "TensorIteratorBase&)::{lambda(int, bool)#1}>(int, bool)",
            memory, bf16, kNone);
        row("rocm softmax reg",
            "void at::native::(anonymous namespace)::cunn_SoftMaxForwardReg<c10::BFloat16, float, "
            "c10::BFloat16, at::native::(anonymous namespace)::SoftMaxForwardEpilogue, long, 4>("
            "c10::BFloat16*, c10::BFloat16 const*, long)",
            reduction, bf16, kNone);
    }
    void amd() { checkTraits(); }
};

QTEST_GUILESS_MAIN(TestKernelTraitsOther)
#include "test_kernel_traits_other.moc"
