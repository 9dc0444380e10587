// Build configuration of npc's header-only runtime: version and portability macros shared
// by every runtime header and by generated code.
#ifndef NPC_RUNTIME_CONFIG_H
#define NPC_RUNTIME_CONFIG_H

/// Version of the runtime headers; generated code may check it with a static_assert.
#define NPC_RUNTIME_VERSION_MAJOR 0
#define NPC_RUNTIME_VERSION_MINOR 1
#define NPC_RUNTIME_VERSION_PATCH 0
#define NPC_RUNTIME_VERSION "0.1.0"

/// Marks small helpers callable from both host and device code when compiled by nvcc;
/// empty for plain C++ compilers.
#if defined(__CUDACC__)
#define NPC_HD __host__ __device__
#else
#define NPC_HD
#endif

/// True while nvcc compiles the device side of a translation unit. Runtime helpers that
/// throw are host-only; their device paths take a documented non-throwing fallback.
#if defined(__CUDA_ARCH__)
#define NPC_DEVICE_PASS 1
#else
#define NPC_DEVICE_PASS 0
#endif

/// `__restrict__` is understood by g++, clang++ and nvcc; generated code uses it on the
/// raw pointers of arrays that provably do not alias.
#define NPC_RESTRICT __restrict__

#endif // NPC_RUNTIME_CONFIG_H
