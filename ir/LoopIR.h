// The loop-level IR: scalar expressions, loads and stores on buffers, and loop nests.
// Passes lower the array IR into it; the emitters print it as C++ or CUDA. Nodes are
// immutable and shared; statements are built by the lowering and marked by later passes.
#pragma once

#include "ir/DType.h"
#include "ir/Dim.h"
#include "ir/SourceLoc.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace npc::loop {

enum class ExprKind { Var, IntImm, FloatImm, Cast, Unary, Binary, Select, Load, Call };

/// Operators with the same meaning in C++ and CUDA.
enum class UnaryOp { Neg, Not };
enum class BinaryOp { Add, Sub, Mul, Div, Lt, Le, Gt, Ge, Eq, Ne, And, Or };

/// Functions the emitters spell per target. Semantics are NumPy's for the ufunc named.
enum class Intrinsic {
    Sqrt, Exp, Log, Abs, Pow,    ///< sqrt, exp, log, absolute, power (floats)
    IntPow,                      ///< power for integers (npc::power: wraps, rejects exp < 0)
    FloorDiv, FloorMod,          ///< floor_divide, remainder (Python's sign rules)
    Minimum, Maximum,            ///< minimum, maximum: NaN propagates
    IsNan,                       ///< isnan
    // Float math with C's semantics, spelled std::<name> (NumPy's SIMD loops may differ
    // from the C library by a few ULP in the transcendental ones).
    Exp2, Expm1, Log2, Log10, Log1p, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh,
    Floor, Ceil, Trunc, Rint, Atan2, Hypot, Cbrt, Copysign, Asinh, Acosh, Atanh, Erf, Erfc,
    Signbit,                     ///< signbit (bool): the sign bit of a float, NaNs' too
    Sign,                        ///< sign: -1, 0, 1 (NaN stays NaN, -0.0 gives 0.0)
    IsInf, IsFinite,             ///< isinf, isfinite (false / true for integers)
    Fmin, Fmax,                  ///< fmin, fmax: a NaN operand is ignored
    Fmod,                        ///< fmod: C's truncated remainder; integer fmod by 0 is 0
    Gcd, Lcm,                    ///< gcd, lcm (integers; npc::gcd, npc::lcm)
    Nextafter,                   ///< nextafter (floats; C's nextafter)
    Ldexp,                       ///< ldexp (floats; npc::ldexp, the exponent as a float)
    FrexpMantissa, FrexpExponent, ///< frexp's mantissa (float) and exponent (int32)
    BitAnd, BitOr, BitXor, Invert, ///< bitwise_and/or/xor, invert (integers, bool)
    LeftShift, RightShift,       ///< left_shift, right_shift: counts >= width give 0 / -1
    WrapAdd, WrapSub, WrapMul, WrapNeg, ///< integer arithmetic that wraps (no C++ UB)
    BroadcastDim,                ///< npc::broadcast_dim(a, b): checked numpy broadcasting
    SliceStart, SliceLength,     ///< npc::slice_start/length(n, start, stop, step)
    RangeLength,                 ///< npc::range_length(start, stop, step): len(range(...))
    NormalizeIndex,              ///< npc::normalize_index(i, n, axis): wraps, else IndexError
    /// npc::checked_index(i, n, axis, index_error): wraps like NormalizeIndex; an index
    /// out of bounds is recorded in the function's `index_error` flag (raised after the
    /// loop: OpenMP loops cannot throw) and gives 0. Axis -1: known in bounds, no check.
    CheckedIndex,
    /// arg_better(v, p, best, bestPosition): (v, p) comes before the best so far in
    /// numpy.argmin's order (ArgMinBetter: the first NaN, else the smaller value, ties to the
    /// smaller position) or numpy.argmax's (ArgMaxBetter): npc::arg_better<Min>.
    ArgMinBetter, ArgMaxBetter,
    /// then(a, b): evaluates `a` for its effect (an index check whose value the result does
    /// not need: `np.zeros(n)[idx]`), then gives `b`.
    Then,
    BroadcastStride,             ///< npc::bcast_stride(view, axis): 0 for size-1 axes
    BitWidth,                    ///< npc::bit_width(n): bits of n >= 0 (binary search steps)
    /// radix_digit(v, shift, bits): bits `shift` to `shift + bits - 1` (int64) of the
    /// unsigned key of real or bool `v` whose order is numpy.sort's (npc::sort_key).
    RadixDigit,
    Infinity, Lowest, Highest,   ///< +inf / smallest / largest value of the dtype
    // Complex numbers (numpy.real, numpy.imag, numpy.conjugate; multiply and divide as
    // NumPy's complex loops compute them: the textbook product, Smith's quotient).
    Real, Imag, Conj, ComplexMul, ComplexDiv,
};
std::string_view intrinsicName(Intrinsic f);

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

/// A scalar expression of dtype `dtype` (indices and extents are int64).
struct Expr {
    ExprKind kind;
    DType dtype;
    std::string name;   ///< Var: the variable; Load: the buffer's data pointer
                        ///< (a Var with one arg is an element of a lane array: `name[arg]`)
    int64_t intValue = 0;
    double floatValue = 0;  ///< FloatImm; of a complex dtype: the real part
    double imagValue = 0;   ///< FloatImm of a complex dtype: the imaginary part
    UnaryOp unaryOp = UnaryOp::Neg;
    BinaryOp binaryOp = BinaryOp::Add;
    Intrinsic intrinsic = Intrinsic::Sqrt;
    std::vector<ExprPtr> args; ///< operands; Load: {offset}; Select: {cond, then, else}
};

ExprPtr var(std::string name, DType dtype);
/// Element `lane` of a lane array declared by a Decl with `lanes` set.
ExprPtr laneVar(std::string name, DType dtype, ExprPtr lane);
ExprPtr intImm(int64_t value, DType dtype = DType::Int64);
ExprPtr floatImm(double value, DType dtype);
/// The complex64/complex128 constant `real + imag*1j` (a FloatImm of a complex dtype).
ExprPtr complexImm(double real, double imag, DType dtype);
/// The constant `value` of any dtype: an IntImm, or a FloatImm for float and complex.
ExprPtr numberImm(double value, DType dtype);
ExprPtr boolImm(bool value);
ExprPtr cast(ExprPtr value, DType dtype);
ExprPtr unary(UnaryOp op, ExprPtr value);
/// Folds integer constants and the identities x+0, x*1, x*0 on index arithmetic.
ExprPtr binary(BinaryOp op, ExprPtr lhs, ExprPtr rhs);
ExprPtr select(ExprPtr cond, ExprPtr then, ExprPtr otherwise);
ExprPtr load(std::string data, ExprPtr offset, DType dtype);
ExprPtr call(Intrinsic f, std::vector<ExprPtr> args, DType dtype);
bool isIntImm(const ExprPtr &e, int64_t value);

enum class StmtKind {
    Block, For, Decl, Assign, Store, If, Comment, Throw, While, Break, Continue, Return, Alloc,
    Snapshot
};

struct Stmt;
using StmtPtr = std::shared_ptr<Stmt>;

/// One statement. Loops own a body block; Decl introduces a variable in the enclosing
/// block (deepest scope that works, so OpenMP privatises it for free).
struct Stmt {
    StmtKind kind;
    std::vector<StmtPtr> stmts; ///< Block; For: body; If: then-branch
    std::vector<StmtPtr> orelse; ///< If: else-branch
    std::string name;           ///< For: loop variable; Decl/Assign: variable; Store: data pointer
    DType dtype = DType::Int64; ///< Decl
    bool mutableVar = false;    ///< Decl: not const (accumulators)
    int lanes = 0;              ///< Decl: > 0 declares an array of that many lanes (no init)
    ExprPtr extent;             ///< For: iterations (from 0)
    ExprPtr value;              ///< Decl init (may be null), Assign, Store value; If/Throw cond
    ExprPtr offset;             ///< Store; Assign to a lane array element (else null)
    std::string text;           ///< Comment; Throw: message
    std::string exception;      ///< Throw: npc exception class ("ValueError")
    ExprPtr detail;             ///< Throw: an int64 shown at the message's "{}" (or null)
    /// For: set by the parallelize pass. `reduction` names the accumulator of a
    /// `+` or `*` reduction the loop may combine across threads.
    bool parallel = false;
    bool reductionLoop = false; ///< For: iterations depend on each other (set by lowering)
    bool simd = false;          ///< For: lanes of a vectorized loop (`#pragma omp simd`)
    std::string reductionVar;
    BinaryOp reductionOp = BinaryOp::Add;
    /// For with a reductionVar: Minimum or Maximum when the accumulator combines with
    /// NumPy's NaN-propagating minimum/maximum instead of reductionOp.
    std::optional<Intrinsic> reductionCall;
    /// For: an argmin (or, when !argMin, argmax) over the loop nest: `argIndexVar` (int64)
    /// and `argValueVar` hold the position and value of the first extreme element (NumPy's
    /// rule: the first NaN, else the first minimum). Threads may each take a part and
    /// combine by (value, position) (npc::arg_better).
    std::string argIndexVar, argValueVar;
    bool argMin = true;
    /// For: a Python `for` loop (control flow): never parallel, may contain break.
    bool serial = false;
    /// For: the nest's amount of work (elements visited), where the extents of its inner
    /// loops do not show it (a merge of runs whose bounds the body computes); a parallel
    /// loop runs on several threads only with enough work (NPC_PARALLEL_MIN_WORK). Null:
    /// the product of the loop extents.
    ExprPtr work;
    /// For: the outermost loop of a compaction (numpy.flatnonzero, see lowerNonzero in
    /// ir/passes/LowerGather.cpp), whose counter, declared just before it, is this
    /// variable. The loops nested in it (each the only statement of the one before) visit
    /// the mask in C order; the innermost body computes the element's mask value, then ends
    /// with `if (mask && counter < limit) { buffer[counter] = position; counter += 1 }`. A
    /// target may run it in parallel (the CUDA target: counts per chunk, then a scan).
    std::string compactCounter;
    bool returnsTuple = false;  ///< Return: the function returns a tuple
    bool replaces = false;      ///< Alloc: new storage for a buffer declared before
    /// Return: the variables returned (Var exprs; a tuple when the function returns
    /// one); Alloc: the extents of the buffer `name` of dtype `dtype`; Throw with `pieces`:
    /// the values formatted between them (Python's str of an int or bool).
    std::vector<ExprPtr> extents;
    /// Throw: the message's text around its values (`extents`), one more piece than values;
    /// empty when the message is `text` alone.
    std::vector<std::string> pieces;
    /// Snapshot: the argument read (`source`) and the arguments written (`overlapping`);
    /// Alloc (takeStmt): the buffer whose storage `name` takes.
    std::string source;
    std::vector<std::string> overlapping;
};

StmtPtr block(std::vector<StmtPtr> stmts = {});
StmtPtr forLoop(std::string var, ExprPtr extent, std::vector<StmtPtr> body);
StmtPtr decl(std::string name, DType dtype, ExprPtr init, bool mutableVar = false);
StmtPtr assign(std::string name, ExprPtr value);
/// `name[lane] = value` for a lane array.
StmtPtr assignLane(std::string name, ExprPtr lane, ExprPtr value);
StmtPtr store(std::string data, ExprPtr offset, ExprPtr value);
StmtPtr ifThen(ExprPtr cond, std::vector<StmtPtr> then, std::vector<StmtPtr> orelse = {});
StmtPtr comment(std::string text);
/// `if (cond) throw npc::<exception>(message);`
StmtPtr throwIf(ExprPtr cond, std::string exception, std::string message);
/// `if (cond) throw npc::<exception>(message with "{}" replaced by detail's value);`
StmtPtr throwIf(ExprPtr cond, std::string exception, std::string message, ExprPtr detail);
/// `for (;;) { body }`: left by Break or Return (Python's `while`, condition in the body).
StmtPtr loopForever(std::vector<StmtPtr> body);
StmtPtr breakStmt();
StmtPtr continueStmt();
/// Returns `results` (Var exprs naming scalars or buffers) from the function.
StmtPtr returnStmt(std::vector<ExprPtr> results, bool returnsTuple);
/// Allocates buffer `name` of `extents` at this point (its data pointer is `name_data`).
/// `replaces`: `name` is a buffer declared before (an Allocation of extents 0) whose
/// storage this replaces; its old elements are gone.
StmtPtr allocStmt(std::string name, DType dtype, std::vector<ExprPtr> extents,
                  bool replaces = false);
/// Buffer `name`, declared before, takes the storage (and extents) of buffer `source` of
/// its dtype and rank, which is left empty (an Alloc with `replaces` and `source`).
StmtPtr takeStmt(std::string name, DType dtype, std::string source);
/// Buffer `name` (data pointer `name_data`) reads argument `source` (elements of `dtype`,
/// at source's offsets) as it is at this point: a copy of the memory `source` spans if it
/// shares memory with one of the arguments `overlapping`, else `source` itself (see
/// passes/ArgumentOverlap.h).
StmtPtr snapshotStmt(std::string name, DType dtype, std::string source,
                     std::vector<std::string> overlapping);

/// How an argument reaches the generated function.
struct Param {
    std::string name;
    DType dtype;
    int rank = 0;   ///< 0: a scalar passed by value
    Shape shape;    ///< fixed extents are Const dims (checked on entry)
    bool written = false;
};

/// A buffer the function allocates: a temporary or a returned array.
struct Allocation {
    std::string name;
    DType dtype;
    Shape shape;
    std::vector<ExprPtr> extents; ///< one per axis, evaluated after the prologue
};

/// One value the function returns: an allocated array or a scalar variable.
struct Result {
    std::string name;
    DType dtype;
    int rank = 0;
};

/// One exported function (one overload) at loop level.
struct Function {
    std::string name;
    std::vector<Param> params;
    std::vector<Result> results;
    bool returnsTuple = false;
    /// Run-time extents, slice starts, index checks: hoisted, evaluated once on entry.
    std::vector<StmtPtr> prologue;
    std::vector<Allocation> allocations;
    /// Statement groups in order; each starts with a Comment quoting the Python line.
    std::vector<StmtPtr> body;
};

/// C spelling of a binary operator: "+", "<=", "&&" (shared by the printer and emitters).
std::string_view binaryOpSymbol(BinaryOp op);
/// Calls `fn` on every expression node in `e`, operands included (pre-order).
void forEachExpr(const ExprPtr &e, const std::function<void(const Expr &)> &fn);
/// Calls `fn` on every expression node of `stmts` and of the statements nested in them.
void forEachExpr(const std::vector<StmtPtr> &stmts, const std::function<void(const Expr &)> &fn);

/// A deep copy of `s` (its expressions and the statements nested in it) with `expr`
/// applied to every copied expression node and `stmt`, when given, to every copied
/// statement.
StmtPtr rewritten(const StmtPtr &s, const std::function<void(Expr &)> &expr,
                  const std::function<void(Stmt &)> &stmt = {});

/// A copy of `stmts` (at every depth) in which the variables named in `names` (Var
/// expressions, declarations, assignments) have the mapped names.
std::vector<StmtPtr> renameVariables(const std::vector<StmtPtr> &stmts,
                                     const std::map<std::string, std::string> &names);

/// Adds to `out` the variables that `stmts` declare, assign or loop over, at any depth.
void definedNames(const std::vector<StmtPtr> &stmts, std::set<std::string> &out);
/// True when `e`, or an expression of `stmts` at any depth, calls intrinsic `f`.
bool usesIntrinsic(const ExprPtr &e, Intrinsic f);
bool usesIntrinsic(const std::vector<StmtPtr> &stmts, Intrinsic f);

/// The variables (Var expressions) `f`'s prologue, allocation extents and body read.
std::set<std::string> variablesRead(const Function &f);

/// Every name `f`'s code uses: parameters, allocations, variables, loop indices and the
/// buffers loaded and stored (for passes and emitters that add names of their own).
std::set<std::string> namesUsed(const Function &f);

/// Text form of an expression (C-like; also used as a key to deduplicate hoisted values).
std::string str(const ExprPtr &e);
/// Text form for --emit-loops and tests (C-like, one statement a line).
std::string print(const Function &f);

/// Sentinel for an absent slice bound passed to SliceStart/SliceLength (`npc::none`).
inline constexpr int64_t kNoneBound = INT64_MIN;

} // namespace npc::loop
