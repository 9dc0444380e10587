// The CUDA emitter: prints loop-IR functions as a header and a `.cu` source for nvcc. It
// reuses the C++ emitter for statements and expressions and replaces loops with kernels
// (see CudaKernels.h), as Halide's CodeGen_GPU_C derives from CodeGen_C.
#pragma once

#include "codegen/CppEmitter.h"

#include <string>
#include <vector>

namespace npc::codegen {

/// Emits `<module>.cuh` and `<module>.cu`. Each function gets two entry points:
/// - `f(...)`, with the C++ target's signature: array arguments are host views, copied to
///   the device; results are copied back into npc::Array (scalars returned by value);
/// - `f_device(...)`: array arguments are views of device memory, results stay on the
///   device as npc::cuda::DeviceArray (rank 0 for scalars); nothing is copied.
/// The header has no device code: host C++ compilers may include it given CUDA's include
/// directory. Output bytes depend only on the input.
std::vector<EmittedFile> emitCuda(const EmitInput &input);

/// Emits `<module>_main.cu`: the `.npy` driver of emitCppMain, calling the host entry point.
EmittedFile emitCudaMain(const EmitInput &input, const std::string &entry);

} // namespace npc::codegen
