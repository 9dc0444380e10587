// The part of the CUDA emitter that differs from the C++ one: loops and kernels. Splits a
// loop-IR function into `__global__` kernels and writes the host function that allocates
// device memory, runs the prologue's checks and launches the kernels (`<name>_device`).
#pragma once

#include "codegen/CodeWriter.h"
#include "ir/LoopIR.h"

#include <map>
#include <string>
#include <string_view>

namespace npc::codegen::cuda {

/// `npc::cuda::DeviceArray<int64_t, 1>`; rank-0 results are `DeviceArray<T, 0>` too.
std::string deviceValueType(const loop::Result &r);
/// What `<name>_device` returns: void, one DeviceArray, or a std::tuple of them.
std::string deviceResultType(const loop::Function &f);

/// Emits `f` for the GPU. Its kernels go to `kernels` (at namespace scope; named
/// `<name>_kernel<N>`, N counted per function name in `kernelNumbers` so that overloads get
/// distinct kernels), the definition of `<name>_device` to `host`:
/// - Python control flow (serial for loops, whiles, ifs around stages, break, continue,
///   return, allocations) is host code;
/// - each parallel loop in it becomes a kernel with a grid-stride loop over its index;
///   with a `+`/`*` accumulator, a block reduction folded into the accumulator atomically;
/// - other statements run on the host when they only compute scalars from host values
///   (extents, scalar arguments, host scalars), else in a single-thread kernel;
/// - scalars that kernels compute live in device memory (rank-0 DeviceArrays); a loop or
///   `if` condition reading one copies it to the host first.
/// A function with several results also gets `struct <resultsStruct> { DeviceArray<..> r0;
/// ...; }` and `<name>_device_results`, which returns it and which `<name>_device` calls:
/// the host entry point reads the members (nvcc compiles std::get<I> of a std::tuple of
/// more than ~20 elements in exponential time). `resultsStruct` must differ per overload.
void emitDeviceFunction(const loop::Function &f, CodeWriter &kernels, CodeWriter &host,
                        std::map<std::string, int> &kernelNumbers,
                        const std::string &resultsStruct);

} // namespace npc::codegen::cuda
