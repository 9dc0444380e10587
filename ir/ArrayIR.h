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
/// frontend casts); IsNan/IsInf/IsFinite/LogicalNot produce bool; Invert takes integers.
enum class UnaryOp {
    Negative, Absolute, Sqrt, Exp, Log, LogicalNot,
    Sign, Exp2, Expm1, Log2, Log10, Log1p, Sin, Cos, Tan, Arcsin, Arccos, Arctan,
    Sinh, Cosh, Tanh, Floor, Ceil, Trunc, Rint, IsNan, IsInf, IsFinite, Invert,
};
/// Elementwise binary ufuncs. Comparisons produce bool; the others the operand dtype
/// (logical_and/or/xor take bool operands: the frontend casts to bool first).
enum class BinaryOp {
    Add, Subtract, Multiply, TrueDivide, FloorDivide, Remainder, Power,
    Minimum, Maximum, Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual,
    Arctan2, Hypot, Fmin, Fmax, Fmod, LogicalAnd, LogicalOr, LogicalXor,
    BitwiseAnd, BitwiseOr, BitwiseXor, LeftShift, RightShift,
};
/// Reductions. Sum/Prod/Min/Max keep the operand dtype (the frontend casts first when
/// NumPy accumulates in a wider dtype); ArgMin/ArgMax produce int64 (flat index in C
/// order when reducing several axes, as numpy.argmin with axis=None).
enum class ReduceOp { Sum, Prod, Min, Max, ArgMin, ArgMax };

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

struct Node;
using NodePtr = std::shared_ptr<const Node>;

/// One IR value. `operands` holds the inputs; the kind-specific fields are below.
struct Node {
    NodeKind kind;
    Type type;
    SourceLoc loc;
    std::vector<NodePtr> operands;

    int param = -1;           ///< Param: argument index
    std::string name;         ///< Param: argument name; others: Python variable bound to it
    double floatValue = 0;    ///< Constant (float dtypes)
    int64_t intValue = 0;     ///< Constant (integer and bool dtypes); DimValue unused
    Dim dim;                  ///< DimValue
    UnaryOp unaryOp = UnaryOp::Negative;
    BinaryOp binaryOp = BinaryOp::Add;
    ReduceOp reduceOp = ReduceOp::Sum;
    std::vector<int> axes;    ///< Reduce: sorted operand axes
    bool keepdims = false;    ///< Reduce
    /// Cast of a Python int argument to a narrower integer dtype: a value that does not
    /// fit raises OverflowError at run time, as NEP 50 specifies.
    bool rangeChecked = false;
    std::vector<ViewEntry> view; ///< View

    const NodePtr &operand(size_t i = 0) const { return operands.at(i); }
};

NodePtr makeParam(int index, std::string name, Type type, SourceLoc loc);
NodePtr makeIntConstant(int64_t value, DType dtype, bool weak, SourceLoc loc);
NodePtr makeFloatConstant(double value, DType dtype, bool weak, SourceLoc loc);
NodePtr makeDimValue(Dim dim, SourceLoc loc);
/// Converts to `dtype` (weak-ness dropped). Returns `value` itself if already `dtype`.
NodePtr makeCast(NodePtr value, DType dtype, SourceLoc loc);
NodePtr makeUnary(UnaryOp op, NodePtr value, DType resultType, SourceLoc loc);
/// Both operands must have the same dtype and shape (except comparisons' result dtype).
NodePtr makeBinary(BinaryOp op, NodePtr lhs, NodePtr rhs, SourceLoc loc);
/// numpy.where: `cond` is bool; all three operands have one shape, `x` and `y` one dtype.
NodePtr makeWhere(NodePtr cond, NodePtr x, NodePtr y, SourceLoc loc);
/// Broadcasts to `shape` (rank >= operand rank, right-aligned, numpy.broadcast_to).
/// Returns `value` itself if the shapes are already equal.
NodePtr makeBroadcast(NodePtr value, Shape shape, SourceLoc loc);
/// Basic indexing; `entries` must consume every operand axis. Constant out-of-range
/// integer indices are UserErrors (IndexError in NumPy).
NodePtr makeView(NodePtr value, std::vector<ViewEntry> entries, SourceLoc loc);
/// Reduces `axes` (distinct, in range). Empty `axes` is not allowed.
NodePtr makeReduce(ReduceOp op, NodePtr value, std::vector<int> axes, bool keepdims,
                   SourceLoc loc);

/// Returns a copy of `node` whose `name` is the Python variable it is bound to.
NodePtr withName(const NodePtr &node, const std::string &name);

/// An exported function (one overload): parameters, and the values it returns.
struct Function {
    std::string name;
    SourceLoc loc;
    std::vector<NodePtr> params;  ///< Param nodes, in order
    std::vector<NodePtr> results; ///< one per returned value (empty: returns None)
    bool returnsTuple = false;    ///< `return a, b` (even with one element)
};

/// Text form of a function for --emit-ir and tests: one line per node in topological
/// order, `%3 = add %1, %2 : float64[X.shape[0], 2]`.
std::string print(const Function &f);

/// Checks the invariants every pass relies on (operand dtypes and shapes agree,
/// axes are in range); throws InternalError naming the broken node.
void verify(const Function &f);

} // namespace npc::array
