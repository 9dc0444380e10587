// The C++ (OpenMP) emitter: prints loop-IR functions as a header and a source file that
// need only the C++ standard library, OpenMP and runtime/npc/*.h.
#pragma once

#include "ir/LoopIR.h"

#include <string>
#include <vector>

namespace npc::codegen {

/// Everything one Python module becomes.
struct EmitInput {
    std::string moduleName;  ///< C++ namespace and file stem ("kmeans")
    std::string sourceName;  ///< the Python file's name as written in comments ("kmeans.py")
    std::string version;     ///< npc's version, stamped in the banner
    std::vector<loop::Function> functions; ///< overloads share a name
    std::vector<std::string> signatures;   ///< one per function: "kmeans(float64[:,:], ...)"
};

/// Emitted files: name relative to the output directory, and contents.
struct EmittedFile {
    std::string name;
    std::string text;
};

/// Emits `<module>.h` (declarations with doc comments) and `<module>.cpp` (kernels).
/// Output bytes depend only on the input (no paths, dates or machine facts).
std::vector<EmittedFile> emitCpp(const EmitInput &input);

/// Emits `<module>_main.cpp`: a driver that runs the exported function named `entry`
/// (all its overloads) on `.npy` files (see runtime/npc/driver.h).
EmittedFile emitCppMain(const EmitInput &input, const std::string &entry);

/// The C++ spelling of a loop-IR expression (shared with the CUDA emitter).
std::string cppExpr(const loop::ExprPtr &e);
/// `npc::Array<int64_t, 1>`, `double`, or `std::tuple<...>` for a function's results.
std::string cppResultType(const loop::Function &f);
/// `npc::ArrayView<const double, 2> X, double alpha`
std::string cppParamList(const loop::Function &f);

} // namespace npc::codegen
