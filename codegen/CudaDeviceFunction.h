// Private to the CUDA emitter: the class behind emitDeviceFunction (see CudaKernels.h) and
// the helpers its parts share. Its member functions are defined by responsibility in
// CudaDeviceAnalysis.cpp (which statements become kernels, which scalars live on the device),
// CudaDeviceKernel.cpp (kernels and their launches) and CudaDeviceHost.cpp (host control
// flow, host and device scalars, results).
#pragma once

#include "codegen/CodeWriter.h"
#include "codegen/CppEmitter.h"
#include "codegen/CudaRegion.h"
#include "ir/LoopIR.h"
#include "ir/SourceLoc.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace npc::codegen::cuda {
namespace detail {

using loop::Stmt;
using loop::StmtKind;
using loop::StmtPtr;

/// Lines are wrapped at this column, like the project's .clang-format.
constexpr size_t kColumnLimit = 100;

/// Where a top-level scalar lives while `<name>_device` runs.
enum class Where { Host, Device };

struct Scalar {
    DType dtype;
    Where where;
};

struct Buffer {
    DType dtype;
};

/// One kernel parameter: its declaration in the kernel and the argument of the launch.
struct KernelParam {
    std::string decl;
    std::string arg;
};

/// Prints statements inside a kernel: every loop there runs sequentially in its thread.
class KernelBodyPrinter : public CppStmtPrinter {
public:
    /// `unread`: the function's constants and lane arrays never read (unreadDecls), printed
    /// [[maybe_unused]] against nvcc's #177-D.
    KernelBodyPrinter(CodeWriter &w, const std::set<std::string> &unread)
        : CppStmtPrinter(w, Dialect::Cuda) {
        unread_ = unread;
    }

protected:
    void loop(const Stmt &s) override;
};

/// `head(a, b, ...)tail` as lines within the column limit at `indent` columns: one line if it
/// fits, else continuation lines aligned after the parenthesis, or (for long heads) indented
/// four columns on lines of their own. `brackets` may be "{}" instead of "()".
std::vector<std::string> wrapCall(const std::string &head, const std::vector<std::string> &items,
                                  const std::string &tail, size_t indent,
                                  std::string_view brackets = "()");


inline bool isKernelLoopShape(const Stmt &s) {
    return s.kind == StmtKind::For && s.parallel;
}

/// The loops of the kernel loop `s` that one grid-stride index covers, outermost first: `s`
/// and the loops perfectly nested in it (each the only statement of the one before) whose
/// iterations are independent, or belong to `s`'s whole-array reduction, and whose extents
/// do not depend on the indices around them. Mapping all their iterations to threads keeps
/// a `(1, n)` array from running on one thread, and lets neighbouring threads touch
/// neighbouring elements of C-order arrays (coalesced memory accesses).
std::vector<const Stmt *> collapsibleNest(const Stmt &s);

/// The number of iterations of `nest`: the product of its extents (array extents, never
/// negative).
loop::ExprPtr nestExtent(const std::vector<const Stmt *> &nest);

/// True when the reduction of loop `s` into `dtype` can be combined across threads on the
/// device: sums, products, minima and maxima of 4- and 8-byte integers and floats
/// (atomicAdd or a compare-and-swap loop).
bool deviceReducible(DType dtype, const Stmt &s);

/// The value each thread's accumulator starts from in the reduction of loop `s`: 0, 1,
/// or the largest/smallest value of `dtype` (infinities for floats) for minimum/maximum.
loop::ExprPtr reductionIdentity(const Stmt &s, DType dtype);

/// The npc::cuda functor that combines partial results of loop `s`'s reduction.
std::string_view reductionFunctor(const Stmt &s);

class DeviceFunctionEmitter : public CppStmtPrinter {
public:
    DeviceFunctionEmitter(const loop::Function &f, CodeWriter &kernels, CodeWriter &host,
                          std::map<std::string, int> &numbers, std::string resultsStruct)
        : CppStmtPrinter(host, Dialect::Cuda), f_(f), taken_(loop::namesUsed(f)),
          kernels_(kernels), numbers_(numbers), resultsStruct_(std::move(resultsStruct)) {}

    void emit();

protected:
    /// The definition of the function `head(params)` that runs `f_` on the device.
    void emitBody(const std::string &head);

    void loop(const Stmt &) override;
    /// Host code's negative exponents, or the kernels' (npc::cuda::PowerErrorFlag).
    std::string powerErrorCondition() const override;

private:
    /// How a statement of the body runs: host control flow (Python's for, while, if,
    /// break, continue, return; allocations), a kernel, a compaction (two kernels), host
    /// scalar code, or part of a single-thread kernel.
    enum class Role { Comment, Control, KernelLoop, Compaction, HostScalar, SerialKernel };

    /// Statements handled together: a comment, a control statement, a kernel loop, a host
    /// scalar statement, or a run of statements for one single-thread kernel.
    struct Segment {
        Role role;
        std::vector<StmtPtr> stmts;
    };

    /// Parameters for the free names of `u`, the renaming of extents, and the statements a
    /// kernel starts with (reading device scalars) and ends with (writing them back).
    /// `accumulator` is combined by the caller, neither read nor written back here.
    struct KernelInterface {
        std::vector<KernelParam> params;
        std::map<std::string, std::string> rename;
        std::vector<std::string> prologue;
        std::vector<std::string> epilogue;
    };

    // ---- analysis (CudaDeviceAnalysis.cpp) -----------------------------------------------
    void analyse();

    /// Scalars `run` declares at its top level that statements outside it read.
    std::vector<std::string> exported(const std::vector<StmtPtr> &run) const;

    /// Counts the variables `e` reads as uses outside any single statement.
    void addUses(const loop::ExprPtr &e);

    /// True for statements of the host control flow (their bodies hold further statements).
    static bool isControl(const Stmt &s);

    /// True when `list` holds (at any depth) a statement only the host can run.
    static bool containsHostOnly(const std::vector<StmtPtr> &list);

    /// True when `list` holds (at any depth) a loop, control flow, an allocation or a store.
    static bool containsControlOrLoop(const std::vector<StmtPtr> &list);

    /// Calls `fn(s, leaf)` on the statements of the host control flow in `list`: control
    /// statements (leaf false, then their bodies) and the statements they hold (leaf true).
    void forEachLeaf(const std::vector<StmtPtr> &list,
                     const std::function<void(const StmtPtr &, bool)> &fn) const;

    /// Only scalars: declarations, assignments, checks and branches among them.
    static bool scalarOnly(const Stmt &s);

    /// True for statements device code cannot run: checks that raise, index helpers.
    static bool needsHost(const Stmt &s);

    /// True when the leaf `s` may run on the host: it only computes scalars, assigns none
    /// that live on the device, and reads only host values (or must run on the host, which
    /// then copies the device scalars it reads).
    bool hostableLeaf(const Stmt &s) const;

    /// Splits `list` into segments. A run of leaves between comments, control statements
    /// and kernel loops runs on the host when every leaf can, else in one single-thread
    /// kernel (checks that must run on the host are taken out of it).
    std::vector<Segment> segments(const std::vector<StmtPtr> &list) const;

    /// Calls `fn` on every segment of `list` and of the control statements' bodies.
    void forEachSegment(const std::vector<StmtPtr> &list,
                        const std::function<void(const Segment &)> &fn) const;

    /// A top-level parallel loop that becomes a grid-stride kernel: no accumulator, or one
    /// the device can combine across threads.
    bool isKernelLoop(const Stmt &s) const;

    /// True for a name the host knows the value of: an extent, or a host scalar. Before
    /// emission, scalars not known to live on the device count as host scalars.
    bool onHost(const std::string &name) const;

    static void flatten(const std::vector<StmtPtr> &list, std::vector<StmtPtr> &out);

    // ---- host code (CudaDeviceHost.cpp) --------------------------------------------------
    /// Prints `list` (host control flow, kernels, host scalar code) in order; runs of
    /// statements for single-thread kernels are launched together.
    void emitList(const std::vector<StmtPtr> &list);

    /// `e` with the device scalars it reads copied to host variables first.
    loop::ExprPtr onHostExpr(const loop::ExprPtr &e) {
        std::map<std::string, std::string> rename;
        return onHostExpr(e, rename);
    }
    /// onHostExpr with the copies made so far (`rename`), for several expressions of one
    /// statement (a Throw's condition and the value its message names).
    loop::ExprPtr onHostExpr(const loop::ExprPtr &e, std::map<std::string, std::string> &rename);

    /// `e` with the variables in `rename` renamed.
    static loop::ExprPtr renameVars(const loop::ExprPtr &e,
                                    const std::map<std::string, std::string> &rename);

    /// Scalar statements on the host; a declaration of a device scalar initialises it.
    void hostScalar(const StmtPtr &s);

    /// Records the declarations in `list` (at any depth) as host scalars.
    void forEachDecl(const std::vector<StmtPtr> &list);

    /// Python control flow, run by the host.
    void control(const Stmt &s);

    /// `npc::cuda::DeviceArray<T, N> name({extents...});` and its data pointer; with
    /// `replaces`, new storage for the buffer `name` declared before (loop::allocStmt).
    void allocate(const std::string &name, DType dtype, const std::vector<loop::ExprPtr> &exts,
                  bool replaces = false);

    /// The kernels' pointer to the elements `data` of dtype `dtype` (see checksIndices_;
    /// complex elements are cast from std::complex to cuda::std::complex, same layout).
    std::string dataPointer(const std::string &data, DType dtype) const;
    /// `data` as the kernels' pointer type (cuda::std::complex for complex dtypes).
    static std::string kernelPointer(const std::string &data, DType dtype);

    /// The body's parameters: the header's, except that a complex scalar `c` arrives as
    /// `c_argument` (std::complex) and the body computes with a cuda::std::complex copy.
    std::string bodyParamList() const;
    std::string paramName(const loop::Param &p) const;

    static std::vector<std::string> resultNames(const std::vector<loop::Result> &results);

    /// A device-resident scalar: `npc::cuda::DeviceArray<T, 0> x` and its pointer `x_data`.
    void deviceScalar(const std::string &name, DType dtype, const std::string &init);

    /// Returns the variables `names` (one per result of `f_`) as device values.
    void returnResults(const std::vector<std::string> &names);

    // ---- kernels (CudaDeviceKernel.cpp) --------------------------------------------------
    std::string kernelName();

    std::string pointer(DType dtype, bool isConst, const std::string &name) const;

    /// `local`: outer variables the kernel keeps in registers of its own (an argmin's
    /// position and value), neither parameters nor read.
    KernelInterface interface(const RegionUses &u, const std::string &accumulator = "",
                              const std::set<std::string> &local = {}) const;

    /// Writes `// <context>` and the kernel's signature; the returned block is its body.
    CodeWriter::Block kernelHeader(const std::string &name, const std::vector<KernelParam> &params,
                                   bool parallel, const std::string &note);

    /// A top-level parallel loop: one thread per iteration of a grid-stride loop; an
    /// accumulator is reduced per block and folded into its device scalar atomically.
    void parallelKernel(const StmtPtr &loopStmt);

    /// Prints loop `loopStmt` (rewritten for the device with `rename`) and the loops
    /// collapsible into it (collapsibleNest) as one grid-stride loop over their iterations
    /// in C order: iteration i runs on thread i modulo the grid's thread count, and
    /// computes the loops' indices from i (npc::cuda::unravel_next).
    void gridStrideLoop(const StmtPtr &loopStmt,
                        const std::map<std::string, std::string> &rename);
    /// Declares the indices of the loops `nest` (rewritten for the device) at the flat
    /// C-order position `flat` of their iterations: those the statements `body` read
    /// (the innermost body before rewriting: device spellings hide the names they read).
    void unravel(const std::vector<const Stmt *> &nest, const std::string &flat,
                 const std::vector<StmtPtr> &body);
    /// A compaction loop (Stmt::compactCounter) as two kernels over the same chunks of its
    /// iterations, one per block: the first counts each chunk's true elements, the second
    /// writes them from the total of the chunks before (npc::cuda::block_offset), in order
    /// within its chunk (npc::cuda::compact_tile). Its counter is not used.
    void compactionKernels(const StmtPtr &loopStmt);

    /// `base`, or `base2`, `base3`, ...: a name no statement or parameter of `f_` uses.
    std::string freshName(const std::string &base) const;

    /// A top-level whole-array argmin/argmax loop (Stmt::argIndexVar): each thread keeps
    /// the first extreme (value, position) of its grid-stride share, each block combines
    /// its threads' into a per-block buffer (npc::cuda::block_arg_reduce), and a
    /// single-thread kernel combines the blocks' (npc::cuda::arg_combine): NumPy's result
    /// whatever the order, since ties go to the smaller position.
    void argKernel(const StmtPtr &loopStmt);

    /// Statements that run once, in order, in a single-thread kernel. Scalars they declare
    /// and later statements use are written to device scalars.
    void serialKernel(const std::vector<StmtPtr> &stmts);

    void launch(const std::string &kernel, const std::string &config,
                const std::vector<KernelParam> &params);

    /// Gives a kernel that reads through integer index arrays (the statements `region`)
    /// the call's npc::cuda::IndexErrorFlag, `index_error`, to record out-of-bounds indices
    /// in, and one that computes integer powers the call's npc::cuda::PowerErrorFlag (as
    /// `power_error`), to record negative exponents in.
    void addErrorParams(KernelInterface &k, const std::vector<StmtPtr> &region) const;

    /// After the launch of a kernel that reads through integer index arrays: NumPy's
    /// IndexError for an out-of-bounds index it met (kernels cannot throw).
    void raiseIndexErrors(const std::vector<StmtPtr> &region);

    const loop::Function &f_;
    const std::set<std::string> taken_; ///< every name f_ uses (see freshName)
    CodeWriter &kernels_;
    std::map<std::string, int> &numbers_;
    std::string resultsStruct_; // the aggregate of the results, for several
    std::map<std::string, Scalar> scalars_;
    std::map<std::string, Buffer> buffers_;
    std::map<std::string, DType> topDecls_;
    std::set<std::string> usedBuffers_;
    std::map<std::string, int> useCount_; ///< per name: statements and results reading it
    std::set<std::string> onDevice_;      ///< scalars that live in device memory
    int fetches_ = 0;                     ///< host copies of device scalars made so far
    std::string context_;
    bool restrict_ = true;
    /// The body indexes with integer arrays: the call has an npc::cuda::IndexErrorFlag
    /// `index_error`, and array pointers go through npc::cuda::nonnull.
    bool checksIndices_ = false;
};

} // namespace detail
} // namespace npc::codegen::cuda
