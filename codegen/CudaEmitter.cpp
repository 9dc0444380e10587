// Prints loop-IR functions for nvcc: declarations in <module>.cuh; kernels, device entry
// points and host entry points in <module>.cu; an optional .npy driver in <module>_main.cu.
#include "codegen/CudaEmitter.h"

#include "codegen/CodeWriter.h"
#include "codegen/CudaKernels.h"

#include <fmt/format.h>

#include <map>

namespace npc::codegen {
namespace {

/// Appends text written by another writer (it ends with a newline).
void append(CodeWriter &w, const std::string &text) {
    if (!text.empty())
        w.raw(text.substr(0, text.size() - 1));
}

/// `f(...)` on host memory: copies array arguments to the device, calls `f_device` (for
/// several results, `f_device_results`, which returns them as members r0, r1, ...), copies
/// results (and arguments the function writes) back. When the function writes arguments,
/// those that share host memory with one are copied as one span (npc::cuda::SharedArguments,
/// so `f(x, x)` updates x as NumPy would), and written arguments are copied back also when
/// the function raises (npc::cuda::call_and_copy_back).
void emitHostEntry(CodeWriter &w, const loop::Function &f) {
    auto body = w.block(fmt::format("{} {}({})", cppResultType(f), f.name, cppParamList(f)));
    bool writes = false;
    for (const loop::Param &p : f.params)
        writes = writes || (p.rank > 0 && p.written);
    std::vector<std::string> spans, written, copies;
    for (const loop::Param &p : f.params) {
        if (p.rank == 0)
            continue;
        spans.push_back(fmt::format("npc::byte_span({})", p.name));
        written.push_back(p.written ? "true" : "false");
        if (p.written)
            copies.push_back(p.name + "_device.copy_back();");
    }
    if (writes)
        w.line("npc::cuda::SharedArguments shared({{{}}}, {{{}}});", fmt::join(spans, ", "),
               fmt::join(written, ", "));
    std::vector<std::string> args;
    size_t arrays = 0;
    for (const loop::Param &p : f.params) {
        if (p.rank == 0) {
            args.push_back(p.name);
            continue;
        }
        if (writes)
            w.line("npc::cuda::DeviceArgument<{}{}, {}> {}_device({}, shared, {});",
                   p.written ? "" : "const ", cppTypeName(p.dtype), p.rank, p.name, p.name,
                   arrays++);
        else
            w.line("const npc::cuda::DeviceArray<{}, {}> {}_device = npc::cuda::to_device({});",
                   cppTypeName(p.dtype), p.rank, p.name, p.name);
        args.push_back(p.name + "_device");
    }
    std::string call = fmt::format("{}_device{}({})", f.name, f.returnsTuple ? "_results" : "",
                                   fmt::join(args, ", "));
    if (writes)
        call = fmt::format("npc::cuda::call_and_copy_back(\n        [&] {{ {}{}; }},\n        "
                           "[&] {{ {} }})",
                           f.results.empty() ? "" : "return ", call, fmt::join(copies, " "));
    auto toHost = [](const loop::Result &r, const std::string &value) {
        return fmt::format("npc::cuda::{}({})", r.rank == 0 ? "scalar_to_host" : "to_host", value);
    };
    if (f.results.empty()) {
        w.line("{};", call);
        return;
    }
    if (!f.returnsTuple) {
        w.line("return {};", toHost(f.results[0], call));
        return;
    }
    w.line("const auto results = {};", call);
    std::vector<std::string> values;
    for (size_t i = 0; i < f.results.size(); ++i)
        values.push_back(toHost(f.results[i], fmt::format("results.r{}", i)));
    w.line("return {{{}}};", fmt::join(values, ",\n            "));
}

/// True when a function reads, computes or returns complex numbers (npc/cuda_complex.h).
bool usesComplex(const loop::Function &f) {
    bool found = complexSignature(f);
    for (const loop::Allocation &a : f.allocations)
        found |= isComplex(a.dtype);
    auto visit = [&](const loop::Expr &e) { found |= isComplex(e.dtype); };
    loop::forEachExpr(f.prologue, visit);
    loop::forEachExpr(f.body, visit);
    return found;
}

} // namespace

std::vector<EmittedFile> emitCuda(const EmitInput &in) {
    bool complexTypes = false, complexCode = false;
    for (const loop::Function &f : in.functions) {
        complexTypes |= complexSignature(f);
        complexCode |= usesComplex(f);
    }
    CodeWriter h;
    h.line("{}", generatedBanner(in));
    h.line("// CUDA target: no device code here; include it from .cu files or from C++ built "
           "with CUDA's");
    h.line("// include directory, and link the object of {}.cu and the CUDA runtime.",
           in.moduleName);
    h.line("#pragma once");
    h.line("");
    h.line("#include \"npc/array.h\"");
    h.line("#include \"npc/cuda.h\"");
    h.line("");
    if (complexTypes)
        h.line("#include <complex>");
    h.line("#include <cstdint>");
    h.line("#include <tuple>");
    h.line("");
    h.line("namespace {} {{", in.moduleName);
    for (size_t i = 0; i < in.functions.size(); ++i) {
        const loop::Function &f = in.functions[i];
        h.line("");
        h.line("/// {} (from {}), run on the GPU.", in.signatures[i], in.sourceName);
        h.line("/// Array arguments are views on host memory, copied to the device; results are "
               "copied back.");
        h.line("/// Throws npc::Error subclasses where NumPy raises, npc::CudaError when CUDA "
               "fails.");
        h.line("{} {}({});", cppResultType(f), f.name, cppParamList(f));
        h.line("/// The same on device memory: array arguments are views whose data pointers "
               "point to device");
        h.line("/// memory (a npc::cuda::DeviceArray converts to one), and results stay on the "
               "device. Returns");
        h.line("/// once the kernels are queued on the default stream; copying a result to the "
               "host waits.");
        h.line("{} {}_device({});", cuda::deviceResultType(f), f.name, cppParamList(f));
    }
    h.line("");
    h.line("}} // namespace {}", in.moduleName);

    CodeWriter c;
    c.line("{}", generatedBanner(in));
    c.line("#include \"{}.cuh\"", in.moduleName);
    c.line("");
    c.line("#include \"npc/arith.h\"");
    c.line("#include \"npc/cuda.h\"");
    if (complexCode)
        c.line("#include \"npc/cuda_complex.h\"");
    c.line("#include \"npc/error.h\"");
    c.line("#include \"npc/ufunc.h\"");
    c.line("");
    c.line("#include <cmath>");
    c.line("#include <cstdint>");
    c.line("#include <limits>");
    c.line("#include <tuple>");
    c.line("#include <utility>");
    c.line("");
    c.line("// NumPy comparisons such as `uint8_array >= 0` are always true; nvcc warns about them "
           "(#186-D).");
    c.raw("#pragma nv_diag_suppress 186");
    c.line("");
    c.line("namespace {} {{", in.moduleName);
    std::map<std::string, int> kernelNumbers, overloads;
    for (size_t i = 0; i < in.functions.size(); ++i) {
        const loop::Function &f = in.functions[i];
        int overload = ++overloads[f.name];
        std::string resultsStruct =
            f.name + "_results" + (overload > 1 ? std::to_string(overload) : "");
        CodeWriter kernels, device;
        cuda::emitDeviceFunction(f, kernels, device, kernelNumbers, resultsStruct);
        if (!kernels.str().empty()) {
            c.line("");
            c.line("namespace {{");
            append(c, kernels.str());
            c.line("");
            c.line("}} // namespace");
        }
        c.line("");
        c.line("// {}, on device memory", in.signatures[i]);
        append(c, device.str());
        c.line("");
        c.line("// {}, on host memory", in.signatures[i]);
        emitHostEntry(c, f);
    }
    c.line("");
    c.line("}} // namespace {}", in.moduleName);
    return {{in.moduleName + ".cuh", h.str()}, {in.moduleName + ".cu", c.str()}};
}

EmittedFile emitCudaMain(const EmitInput &in, const std::string &entry) {
    return emitDriverMain(in, entry, in.moduleName + ".cuh", in.moduleName + "_main.cu");
}

} // namespace npc::codegen
