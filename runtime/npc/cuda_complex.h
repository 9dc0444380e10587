// Complex numbers in `npc transpile --target cuda` output. Arrays and scalars at the
// generated API are std::complex<T>, as in the OpenMP target; kernels compute with libcu++'s
// cuda::std::complex<T>, whose operators and math functions run on the device (those of
// std::complex are host-only). Generated .cu files include this header only when their
// module uses complex numbers; it is empty for plain C++ compilers.
#ifndef NPC_RUNTIME_CUDA_COMPLEX_H
#define NPC_RUNTIME_CUDA_COMPLEX_H

#include "npc/complex.h"
#include "npc/cuda.h"

#if defined(__CUDACC__)

#include <cuda/std/complex>

#include <complex>
#include <type_traits>

namespace npc::cuda {

/// The kernels' view of complex elements: std::complex<T> and cuda::std::complex<T> have
/// the same layout (the real part, then the imaginary part). cuda::std::complex<T> is
/// aligned to 2 * sizeof(T), which device memory from cudaMalloc (and any element of an
/// array there) meets; a device view of complex elements must be so aligned.
template <class T>::cuda::std::complex<T> *device_ptr(std::complex<T> *data) {
    return reinterpret_cast<::cuda::std::complex<T> *>(data);
}
template <class T> const ::cuda::std::complex<T> *device_ptr(const std::complex<T> *data) {
    return reinterpret_cast<const ::cuda::std::complex<T> *>(data);
}

/// block_reduce_into for complex sums: NumPy's complex addition is per part, so the real
/// and imaginary parts are reduced as two float sums (two atomic additions per block).
/// Complex products are not reduced on the device in parallel (npc runs them in one thread).
template <class Op, class T>
__device__ void block_reduce_into(::cuda::std::complex<T> *target, ::cuda::std::complex<T> value) {
    static_assert(std::is_same_v<Op, Plus>, "only complex sums are reduced in parallel");
    T *parts = reinterpret_cast<T *>(target);
    block_reduce_into<Op>(parts, value.real());
    block_reduce_into<Op>(parts + 1, value.imag());
}

} // namespace npc::cuda

#endif // __CUDACC__

#endif // NPC_RUNTIME_CUDA_COMPLEX_H
