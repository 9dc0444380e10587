// The C++ (OpenMP) emitter: prints loop-IR functions as a header and a source file that
// need only the C++ standard library, OpenMP and runtime/npc/*.h.
#pragma once

#include "codegen/CodeWriter.h"
#include "ir/LoopIR.h"

#include <map>
#include <set>
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

/// The driver of emitCppMain for any target whose header `header` declares host functions
/// with the C++ target's signatures; the file is named `fileName`.
EmittedFile emitDriverMain(const EmitInput &input, const std::string &entry,
                           const std::string &header, const std::string &fileName);

/// The first line of every emitted file: npc's version, the Python file, "do not edit".
std::string generatedBanner(const EmitInput &input);

/// The C++ dialect of emitted code. Only complex numbers are spelled differently:
/// std::complex in OpenMP code; in CUDA code libcu++'s cuda::std::complex and its math
/// functions (cuda::std::exp, ...; sqrt and log are npc's), which kernels can call
/// (std::complex's are host-only).
enum class Dialect { Cpp, Cuda };

/// The C++ spelling of a loop-IR expression (shared with the CUDA emitter).
std::string cppExpr(const loop::ExprPtr &e, Dialect dialect = Dialect::Cpp);
/// The C++ type of dtype `t`'s elements in `dialect`: cppTypeName(t), except that complex
/// dtypes are `cuda::std::complex<float>` / `<double>` in CUDA code.
std::string typeName(DType t, Dialect dialect);

/// Prints loop-IR statements as C++ at the writer's indentation. The CUDA emitter reuses
/// it for host code and kernel bodies and overrides loop() (as Halide's CodeGen_GPU_C
/// derives from CodeGen_C).
class CppStmtPrinter {
public:
    explicit CppStmtPrinter(CodeWriter &w, Dialect dialect = Dialect::Cpp)
        : w_(w), dialect_(dialect) {}
    virtual ~CppStmtPrinter() = default;
    CppStmtPrinter(const CppStmtPrinter &) = delete;
    CppStmtPrinter &operator=(const CppStmtPrinter &) = delete;

    void stmts(const std::vector<loop::StmtPtr> &list);
    /// Prints `s`; after a statement of array loops that indexes through integer arrays,
    /// raises the IndexError they recorded (when indexFlag_ is set).
    void stmt(const loop::Stmt &s);

protected:
    /// A for loop from 0; parallel loops get `#pragma omp parallel for` (with a reduction
    /// clause for their accumulator).
    virtual void loop(const loop::Stmt &s);
    /// A parallel whole-array argmin/argmax loop (Stmt::argIndexVar): its body as a lambda
    /// that npc::parallel_arg_reduce runs on every OpenMP thread's share of the loop.
    void argReductionLoop(const loop::Stmt &s);
    /// `x = v`, or `x += v` / `x *= v` for accumulations.
    void assignment(const loop::Stmt &s);
    /// The OpenMP reduction operator of a parallel loop's accumulator (`+`, `*`, `||`,
    /// `&&`, or npc/ufunc.h's wrapping ones for int32 and int64).
    std::string_view reductionOperator(const loop::Stmt &s) const;
    /// Throws NumPy's ValueError if an integer power had a negative exponent.
    void powerCheck();
    /// The C++ condition that an integer power had a negative exponent.
    virtual std::string powerErrorCondition() const;

    /// `e` and the element type of `t` in this printer's dialect.
    std::string expr(const loop::ExprPtr &e) const { return cppExpr(e, dialect_); }
    std::string type(DType t) const { return typeName(t, dialect_); }

    CodeWriter &w_;
    const Dialect dialect_;
    /// Integer power records negative exponents in `power_error`; checked before returns.
    bool powerFlag_ = false;
    /// Integer-array indexing records out-of-bounds indices in `index_error` (see
    /// npc::IndexErrorFlag); raised after each outermost array loop that uses it.
    bool indexFlag_ = false;
    /// Constants declared only for their checks (an index whose element npc folded away):
    /// printed [[maybe_unused]], against -Wunused-variable.
    std::set<std::string> unread_;
    /// The dtypes of the scalars declared so far (accumulators among them).
    std::map<std::string, DType> declared_;
    /// Every name the function's code uses, and those the printer added.
    std::set<std::string> names_;

private:
    void printStmt(const loop::Stmt &s);
    int arrayDepth_ = 0; ///< array loops (not Python's) around the statement being printed
};

/// `npc::Array<int64_t, 1>`, `double`, or `std::tuple<...>` for a function's results.
std::string cppResultType(const loop::Function &f);
/// `npc::ArrayView<const double, 2> X, double alpha`
std::string cppParamList(const loop::Function &f);
/// One parameter of cppParamList, named `name`.
std::string cppParam(const loop::Param &p, const std::string &name);
/// True when `f` computes an integer power (npc::power_flagged records a negative
/// exponent in the function's `power_error` flag, raised as NumPy's ValueError).
bool usesIntegerPower(const loop::Function &f);
/// True when `f` takes or returns complex numbers (its declarations need <complex>).
bool complexSignature(const loop::Function &f);
/// The constants and lane arrays `f` declares and never reads nor returns: declared only
/// for the checks their values make (an index whose element npc folded away), or set for
/// nothing (a reshape's flat position its extents fold away).
std::set<std::string> unreadDecls(const loop::Function &f);
/// The arguments `stmts` (at any depth) take a Snapshot of (see passes/ArgumentOverlap.h).
std::set<std::string> snapshotSources(const std::vector<loop::StmtPtr> &stmts);
/// True when the generated function never uses argument `p` (its data, shape, strides,
/// or a scalar's value), so it must be cast to void against -Wunused-parameter.
/// `readBuffers`: the arrays whose data the body reads.
bool paramUnused(const loop::Function &f, const loop::Param &p,
                 const std::set<std::string> &readBuffers);

} // namespace npc::codegen
