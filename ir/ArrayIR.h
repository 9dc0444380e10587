// The array-level IR: a typed DAG of NumPy operations (ufuncs, broadcasts, views,
// reductions) with explicit casts. Built only through the checking make*() functions;
// nodes are immutable and shared. Semantics follow NumPy 2.x; promotion (NEP 50) has
// already been made explicit as Cast nodes by the frontend.
#pragma once

#include "ir/DType.h"
#include "ir/Dim.h"
#include "ir/SourceLoc.h"

#include <memory>
#include <string>
#include <vector>

namespace npc::array {

enum class NodeKind {
#define NPC_ARRAY_NODE(Name) Name,
#include "ir/ArrayNodes.def"
};

/// The static type of an array value: dtype and symbolic shape (rank 0 for scalars).
/// `weak` marks a Python scalar (NEP 50): literals and `int`/`float` arguments.
struct Type {
    DType dtype = DType::Float64;
    Shape shape;
    bool weak = false;

    int rank() const { return static_cast<int>(shape.size()); }
    /// `float64[X.shape[0], 3]`, `int64` for 0-d, `int (weak)` for Python scalars.
    std::string str() const;
};

/// Elementwise unary ufuncs. Float-only ones (sqrt ... rint) require a float operand (the
/// frontend casts; sqrt, exp, log, log10 and the trigonometric and hyperbolic ones also take
/// complex); IsNan/IsInf/IsFinite/LogicalNot produce bool; Invert takes integers. Absolute
/// of a complex operand, Real and Imag (numpy.real, numpy.imag) produce the float dtype of
/// its parts; Conj (numpy.conjugate) takes and produces complex. Cbrt is float-only;
/// Signbit (numpy.signbit) takes a float and produces bool.
enum class UnaryOp {
    Negative, Absolute, Sqrt, Exp, Log, LogicalNot,
    Sign, Exp2, Expm1, Log2, Log10, Log1p, Sin, Cos, Tan, Arcsin, Arccos, Arctan,
    Sinh, Cosh, Tanh, Floor, Ceil, Trunc, Rint, IsNan, IsInf, IsFinite, Invert,
    Real, Imag, Conj, Cbrt, Signbit, Arcsinh, Arccosh, Arctanh,
    Erf, Erfc, ///< math.erf, math.erfc (no NumPy ufunc; float64 only)
    FrexpMantissa, FrexpExponent, ///< numpy.frexp's two results (floats; the exponent int32)
};
/// Elementwise binary ufuncs. Comparisons produce bool; the others the operand dtype
/// (logical_and/or/xor take bool operands: the frontend casts to bool first; copysign
/// takes floats).
enum class BinaryOp {
    Add, Subtract, Multiply, TrueDivide, FloorDivide, Remainder, Power,
    Minimum, Maximum, Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual,
    Arctan2, Hypot, Fmin, Fmax, Fmod, LogicalAnd, LogicalOr, LogicalXor,
    BitwiseAnd, BitwiseOr, BitwiseXor, LeftShift, RightShift, Copysign,
    Gcd, Lcm,  ///< integers only
    Nextafter, ///< floats only
    Ldexp,     ///< floats; the exponent converted to the float dtype (see npc::ldexp)
};
/// Reductions. Sum/Prod/Min/Max keep the operand dtype (the frontend casts first when
/// NumPy accumulates in a wider dtype); ArgMin/ArgMax produce int64 (flat index in C
/// order when reducing several axes, as numpy.argmin with axis=None); Any/All (numpy.any,
/// numpy.all) take and produce bool (the frontend casts to bool first).
enum class ReduceOp { Sum, Prod, Min, Max, ArgMin, ArgMax, Any, All };

std::string_view unaryOpName(UnaryOp op);   ///< NumPy ufunc name: "negative", "sqrt", ...
std::string_view binaryOpName(BinaryOp op); ///< NumPy ufunc name: "add", "less", ...
std::string_view reduceOpName(ReduceOp op); ///< "sum", "argmin", ...
bool isComparison(BinaryOp op);

/// One entry of a basic index, in order over the result's construction: an Index
/// consumes one operand axis and removes it, a Slice consumes one and keeps it,
/// a NewAxis inserts a size-1 axis. Entries cover every operand axis.
struct ViewEntry {
    enum Kind { Index, Slice, NewAxis } kind = Slice;
    int64_t index = 0;                   ///< Index: as written (negative wraps)
    std::optional<int64_t> start, stop;  ///< Slice: as written
    int64_t step = 1;                    ///< Slice
    /// Run-time index or bounds: positions in the View node's operands (scalar int64
    /// nodes; operand 0 is the array), or -1 for the constant above.
    int indexOperand = -1, startOperand = -1, stopOperand = -1;

    static ViewEntry all() { return ViewEntry{}; } ///< `:`
    static ViewEntry newAxis() {
        ViewEntry e;
        e.kind = NewAxis;
        return e;
    }
    static ViewEntry at(int64_t i) {
        ViewEntry e;
        e.kind = Index;
        e.index = i;
        return e;
    }
};

/// A condition on extents that only the run time can decide (NumPy raises ValueError
/// when it fails): `actual == expected`, or with `orOne` also `actual == 1`. Lowering
/// checks it once on entry.
struct ExtentCheck {
    ExtentCheck() = default;
    ExtentCheck(Dim actual, Dim expected, bool orOne = false, std::string message = "",
                std::string exception = "ValueError", std::vector<Dim> shown = {})
        : actual(std::move(actual)), expected(std::move(expected)), orOne(orOne),
          message(std::move(message)), exception(std::move(exception)), shown(std::move(shown)) {}

    Dim actual, expected;
    bool orOne = false;
    /// NumPy's ValueError message; kCheckedSource in it stands for the source text of the
    /// checked node's expression (`k * m`), each kShownExtent for the run-time value of
    /// the next extent of `shown`.
    std::string message;
    std::string exception = "ValueError"; ///< the npc exception raised (IndexError for masks)
    std::vector<Dim> shown;               ///< the extents the message shows, in order
};

/// In an ExtentCheck's message: replaced by the checked expression's source text.
inline constexpr std::string_view kCheckedSource = "{source}";
/// In an ExtentCheck's message: replaced by the run-time value of an extent (`shown`).
inline constexpr std::string_view kShownExtent = "{extent}";

/// Extent `d` in an error message, as NumPy prints it: a constant's digits; another
/// extent becomes kShownExtent, appended to `shown` (an ExtentCheck's, so that the run
/// time prints its value), or, with `shown` null (a compile-time error), its symbolic
/// form (dimStr: `x.shape[0] - 1`).
std::string showExtent(const Dim &d, std::vector<Dim> *shown);
/// Shape `s` in an error message as NumPy's C code prints a shape, `(3,4)`, `(5,)`, its
/// extents shown by showExtent.
std::string showShape(const Shape &s, std::vector<Dim> *shown);

struct Node;
using NodePtr = std::shared_ptr<const Node>;

/// One IR value. `operands` holds the inputs; the kind-specific fields are below.
struct Node {
    NodeKind kind;
    Type type;
    SourceLoc loc;
    std::vector<NodePtr> operands;

    int param = -1;           ///< Param: argument index; Var: variable index
    std::string name;         ///< Param: argument name; others: Python variable bound to it
    double floatValue = 0;    ///< Constant (float dtypes; the real part of complex ones)
    double imagValue = 0;     ///< Constant (complex dtypes): the imaginary part
    int64_t intValue = 0;     ///< Constant (integer and bool dtypes); DimValue unused
    Dim dim;                  ///< DimValue
    UnaryOp unaryOp = UnaryOp::Negative;
    BinaryOp binaryOp = BinaryOp::Add;
    ReduceOp reduceOp = ReduceOp::Sum;
    std::vector<int> axes;    ///< Reduce: sorted operand axes; Transpose: result axis i is
                              ///< operand axis axes[i]
    int axis = 0;             ///< Concat: the axis the operands are joined along; Iota: the
                              ///< axis whose index is the value; Sort: the axis sorted
    bool keepdims = false;    ///< Reduce
    bool positions = false;   ///< Sort: numpy.argsort's int64 positions, not the values
    bool right = false;       ///< SearchSorted: side='right' (after equal elements)
    /// Copy: always computed into a buffer of its own where it is evaluated, never fused
    /// into its users (the right side of an update that reads its target).
    bool buffered = false;
    /// Scan: the op (Sum or Prod) is `reduceOp`; `axes` holds the one axis scanned, or
    /// every operand axis when flattening (axis=None: the result is 1-D, in C order).
    bool flatten = false;
    /// Cast of a Python number (an int64 scalar: an int argument, a value computed from
    /// one, np.clip's bound clamped on its open side; or a float64 scalar, converted
    /// through Python's int() first) to an integer dtype: a value that does not fit raises
    /// OverflowError at run time, as NEP 50 specifies (NaN: int()'s ValueError).
    bool rangeChecked = false;
    std::vector<ViewEntry> view; ///< View
    /// Gather: the operand axes indexed (`axes`, one per index operand, increasing), where
    /// the index shape's axes go in the result (`axis`), and each indexed axis as NumPy
    /// numbers it in IndexError messages (-1: indices known to be in bounds, unchecked).
    std::vector<int> errorAxes;
    /// Reshape, Broadcast, View, Concat: extents the run time must check (see ExtentCheck).
    std::vector<ExtentCheck> checks;

    const NodePtr &operand(size_t i = 0) const { return operands.at(i); }
};

NodePtr makeParam(int index, std::string name, Type type, SourceLoc loc);
/// Reads local variable `index` of the function (see Variable) at this point.
NodePtr makeVar(int index, std::string name, Type type, SourceLoc loc);
NodePtr makeIntConstant(int64_t value, DType dtype, bool weak, SourceLoc loc);
NodePtr makeFloatConstant(double value, DType dtype, bool weak, SourceLoc loc);
/// A complex64/complex128 constant `real + imag*1j` (a Python `2.5j` literal is a weak
/// complex128 with real part 0).
NodePtr makeComplexConstant(double real, double imag, DType dtype, bool weak, SourceLoc loc);
NodePtr makeDimValue(Dim dim, SourceLoc loc);
/// Converts to `dtype` (weak-ness dropped). Returns `value` itself if already `dtype`. A
/// Python int becomes float32 or complex64 through float64, as NumPy converts it.
NodePtr makeCast(NodePtr value, DType dtype, SourceLoc loc);
/// A cast whose result is a Python scalar when `weak` (int(x), float(x), math.sqrt(x)
/// return Python numbers, which NEP 50 treats as weak). Returns `value` itself if it
/// already has this dtype and weakness.
NodePtr makeCast(NodePtr value, DType dtype, bool weak, SourceLoc loc);
/// The int64 index along `axis` of every element of an array of `shape` (numpy.indices
/// for one axis): the building block of np.arange, np.linspace, np.eye and array literals.
NodePtr makeIota(Shape shape, int axis, SourceLoc loc);
/// numpy.copy / ndarray.copy: a new array equal to `value`. Never folded away, so passes
/// can tell a copy (a value of its own) from an alias of the operand. `buffered`: see
/// Node::buffered.
NodePtr makeCopy(NodePtr value, SourceLoc loc, bool buffered = false);
NodePtr makeUnary(UnaryOp op, NodePtr value, DType resultType, SourceLoc loc);
/// Both operands must have the same dtype and shape (except comparisons' result dtype).
NodePtr makeBinary(BinaryOp op, NodePtr lhs, NodePtr rhs, SourceLoc loc);
/// numpy.where: `cond` is bool; all three operands have one shape, `x` and `y` one dtype.
NodePtr makeWhere(NodePtr cond, NodePtr x, NodePtr y, SourceLoc loc);
/// Broadcasts to `shape` (rank >= operand rank, right-aligned, numpy.broadcast_to).
/// Returns `value` itself if the shapes are already equal.
NodePtr makeBroadcast(NodePtr value, Shape shape, SourceLoc loc);
/// Basic indexing; `entries` must consume every operand axis. Constant out-of-range
/// integer indices are UserErrors (IndexError in NumPy). `dynamic` holds the scalar int64
/// nodes of run-time indices and bounds, referenced by the entries' *Operand fields
/// (operand i + 1 is dynamic[i]).
NodePtr makeView(NodePtr value, std::vector<ViewEntry> entries, SourceLoc loc,
                 std::vector<NodePtr> dynamic = {});
/// Integer-array indexing (NumPy's advanced indexing) of `value` along `axes` (increasing,
/// distinct) by `indices`, int64 arrays of one shape B (the broadcast index shape), one per
/// axis. The result is the operand's other axes, in order, with B's axes inserted at
/// `position` (NumPy puts them where the index arrays stood when they are adjacent, first
/// otherwise). Negative indices wrap; an index outside the axis raises NumPy's IndexError
/// naming axis `errorAxes[i]` (-1: the indices are known to be in bounds).
NodePtr makeGather(NodePtr value, std::vector<NodePtr> indices, std::vector<int> axes,
                   int position, std::vector<int> errorAxes, SourceLoc loc);
/// The flat C-order positions of the true elements of bool array `mask`, in order (int64,
/// 1-D, numpy.flatnonzero): `count` is their number, a run-time Value dim the caller has
/// computed (np.count_nonzero(mask)). `x[mask]` is x's leading axes flattened, gathered
/// at these positions.
NodePtr makeNonzero(NodePtr mask, Dim count, SourceLoc loc);
/// numpy.bincount(x, weights): element `k` of the 1-D result (of extent `length`, a dim
/// the caller computed as NumPy sizes it: max(x) + 1 or minlength, and checked x's
/// values non-negative) is the number of `k`s in `x` (int64 1-D), or with `weights`
/// (float64, x's shape) the sum of their weights in x's order (float64).
NodePtr makeBincount(NodePtr x, NodePtr weights, Dim length, SourceLoc loc);
/// numpy.searchsorted(sorted, keys, side): for each element of `keys` (any shape; the
/// result has it, int64), the position in `sorted` (1-D, ascending with NaNs last, of the
/// keys' dtype: the frontend casts both to their common dtype) before which it would be
/// inserted to keep the order: before equal elements, or after them when `right`. Real and
/// bool dtypes only; NaNs compare as NumPy's sort orders them (after every number).
NodePtr makeSearchSorted(NodePtr sorted, NodePtr keys, bool right, SourceLoc loc);
/// Reduces `axes` (distinct, in range). Empty `axes` is not allowed.
NodePtr makeReduce(ReduceOp op, NodePtr value, std::vector<int> axes, bool keepdims,
                   SourceLoc loc);
/// numpy.cumsum / numpy.cumprod (`op` Sum or Prod), numpy.maximum.accumulate /
/// numpy.minimum.accumulate (Max or Min: NaN propagates, as the ufuncs) of `value` in its
/// own dtype (the frontend casts first): along `axis`, or, when `axis` is nullopt, over
/// the flattened array in C order (the result is 1-D). The operand must have rank >= 1.
NodePtr makeScan(ReduceOp op, NodePtr value, std::optional<int> axis, SourceLoc loc);
/// numpy.sort (or, when `positions`, numpy.argsort: int64) of `value`, a real or bool
/// array of rank >= 1, along `axis`, in ascending order with NaNs last. Equal values keep
/// their order (kind='stable'), which numpy.argsort's default kind need not.
NodePtr makeSort(NodePtr value, int axis, bool positions, SourceLoc loc);

/// The sum of extents (a concatenation's length): constant-folded, the extent `n` itself
/// for the lengths of `x[k:]` and `x[:k]` (`np.concatenate((x[1:], x[:1]))`), else a Sum
/// dim (equal for equal terms).
Dim dimSum(const std::vector<Dim> &terms);
/// `a // b` as a run-time Value dim (the -1 extent of a reshape); 0 when `b` is 0.
Dim dimQuotient(const Dim &a, const Dim &b, SourceLoc loc);
/// numpy.transpose(value, axes): result axis i is operand axis `axes[i]`; `axes` must be
/// a permutation of the operand's axes. Returns `value` itself for the identity.
NodePtr makeTranspose(NodePtr value, std::vector<int> axes, SourceLoc loc);
/// numpy.reshape(value, shape) in C order. The element counts must be equal: the frontend
/// checks constant counts; `checks` carries the run-time ones. Returns `value` itself if
/// the shapes are already equal.
NodePtr makeReshape(NodePtr value, Shape shape, std::vector<ExtentCheck> checks, SourceLoc loc);
/// numpy.concatenate(parts, axis): the parts have one dtype and rank, and equal extents
/// except along `axis` (`checks` carries those only the run time can compare).
NodePtr makeConcat(std::vector<NodePtr> parts, int axis, std::vector<ExtentCheck> checks,
                   SourceLoc loc);
/// Returns a copy of `node` with run-time extent checks added (squeeze, broadcast_to).
NodePtr withChecks(const NodePtr &node, std::vector<ExtentCheck> checks);

/// A printable form of a run-time int scalar (`(k + 1)`, `n`, `x.shape[0]`), for extents
/// in messages and --emit-ir; "?" for what it cannot spell.
std::string valueText(const NodePtr &n);

/// Returns a copy of `node` whose `name` is the Python variable it is bound to.
NodePtr withName(const NodePtr &node, const std::string &name);

/// A local variable: a loop counter, a value carried around a loop or out of an `if`,
/// or an array updated in place. Rank 0: a scalar; else a C-contiguous buffer of this
/// shape, owned by the function (assignment copies into it).
struct Variable {
    std::string name;
    Type type;
    SourceLoc loc;   ///< where the frontend needed it (for errors about it), may be empty
    std::string why; ///< why it was needed, for errors about it, may be empty
    /// An array whose shape only the run time knows where it is assigned (a copy made in a
    /// loop, `g = a[k + 1:, k] / a[k, k]` before `a` changes): the extents the function
    /// body computes are scalar variables (Value dims of their Var nodes) assigned just
    /// before each Let of it, which gives it new storage. Declared empty on entry.
    bool allocatedByLet = false;
};

enum class StmtKind { Let, Store, For, While, If, Break, Continue, Return, Raise };

struct Stmt;
using StmtPtr = std::shared_ptr<const Stmt>;

/// One statement of a function body, in Python's order. Values are DAGs evaluated when
/// the statement runs (they read Params, Vars and constants).
struct Stmt {
    StmtKind kind = StmtKind::Let;
    SourceLoc loc;
    int var = -1;       ///< Let: the variable assigned; For: the counter (int64)
    /// Let of a variable allocated by its Lets (Variable::allocatedByLet) whose value is
    /// the Var of another such variable, of its dtype and shape, that nothing reads
    /// afterwards: the variable takes that one's storage instead of a copy of it.
    bool takesStorage = false;
    NodePtr value;      ///< Let, Store: the value (variable's / target's type);
                        ///< If, While: the condition (a bool scalar)
    NodePtr target;     ///< Store: the elements written, a View chain over a Param or Var
                        ///< (possibly with a Gather over a View or Reshape chain)
    NodePtr start, stop, step; ///< For: Python's range(start, stop, step), int64 scalars
    std::vector<StmtPtr> body;   ///< For, While, If (then)
    std::vector<StmtPtr> orelse; ///< If
    std::vector<NodePtr> values; ///< Return (the function's result types); Raise: the
                                 ///< values of its message (see `pieces`)
    /// Raise: the npc exception class (runtime/npc/error.h: "ValueError", "Error" for
    /// Python's Exception) and its message; with `values` (int or bool scalars, from an
    /// f-string), `pieces` holds the text around them (one more piece than values).
    std::string exception, message;
    std::vector<std::string> pieces;
};

/// An exported function (one overload): parameters, statements, and the values it
/// returns when control reaches the end (a straight-line function has no statements).
struct Function {
    std::string name;
    SourceLoc loc;
    std::vector<NodePtr> params;  ///< Param nodes, in order
    std::vector<NodePtr> results; ///< one per returned value (empty: returns None)
    bool returnsTuple = false;    ///< `return a, b` (even with one element)
    std::vector<Variable> variables;
    std::vector<StmtPtr> body;
    /// Result types when `results` is empty but Return statements return values.
    std::vector<Type> resultTypes;
};

/// The root of a Store target: the Param or Var node its chain of Views (and, for
/// integer-array and boolean-mask stores, Gathers and Reshapes) starts from.
const Node &storeRoot(const Node &target);

/// Text form of a function for --emit-ir and tests: one line per node in topological
/// order, `%3 = add %1, %2 : float64[X.shape[0], 2]`.
std::string print(const Function &f);

/// Checks the invariants every pass relies on (operand dtypes and shapes agree,
/// axes are in range); throws InternalError naming the broken node.
void verify(const Function &f);

} // namespace npc::array
