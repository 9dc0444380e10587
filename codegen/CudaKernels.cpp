// The device entry point of one function (see CudaKernels.h): the public entry to the CUDA
// emitter's DeviceFunctionEmitter (CudaDeviceFunction.h) and the spellings it shares with
// the host entry points.
#include "codegen/CudaKernels.h"

#include "codegen/CppEmitter.h"
#include "codegen/CudaDeviceFunction.h"

#include <fmt/format.h>

#include <vector>

namespace npc::codegen::cuda {

std::string deviceValueType(const loop::Result &r) {
    return fmt::format("npc::cuda::DeviceArray<{}, {}>", cppTypeName(r.dtype), r.rank);
}

std::string deviceResultType(const loop::Function &f) {
    if (f.results.empty())
        return "void";
    if (!f.returnsTuple)
        return deviceValueType(f.results[0]);
    std::vector<std::string> types;
    for (const loop::Result &r : f.results)
        types.push_back(deviceValueType(r));
    return fmt::format("std::tuple<{}>", fmt::join(types, ", "));
}

void emitDeviceFunction(const loop::Function &f, CodeWriter &kernels, CodeWriter &host,
                        std::map<std::string, int> &kernelNumbers,
                        const std::string &resultsStruct) {
    detail::DeviceFunctionEmitter(f, kernels, host, kernelNumbers, resultsStruct).emit();
}

} // namespace npc::codegen::cuda
