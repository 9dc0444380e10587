// Private to the frontend's lowering: the values names can be bound to and the shared
// helpers that apply NumPy's promotion and broadcasting rules while building array IR.
#pragma once

#include "frontend/Lower.h"
#include "frontend/Syntax.h"
#include "ir/ArrayIR.h"
#include "ir/Promotion.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace npc::lowering {

/// What a Python expression evaluates to at compile time.
struct Value {
    /// Unbound: a name Python may not have bound here; `text` says why (use is an error).
    /// Limits: what np.finfo / np.iinfo return (`text` says which; `qualifiedName` is
    /// the dtype's name).
    enum Kind { Array, Module, Function, None, Ellipsis, Tuple, String, Unbound, Limits };
    Kind kind = None;
    array::NodePtr node;        ///< Array (scalars are 0-d arrays)
    std::string qualifiedName;  ///< Module ("numpy"), Function ("numpy.argmin"), Limits
    std::vector<Value> elements; ///< Tuple
    std::string text;           ///< String
    SourceLoc loc;

    static Value array(array::NodePtr n, SourceLoc loc) { return {Array, std::move(n), {}, {}, {}, loc}; }
    /// A name Python may not have bound here; using it is an error saying `why`.
    static Value unbound(std::string why, SourceLoc loc) {
        return {Unbound, nullptr, {}, {}, std::move(why), loc};
    }
};

/// True when `a` and `b` are the same value: equal kinds, names, texts and elements, and
/// the same nodes (or equal constants, or equal extents: `x.shape` lowered twice)
/// (LowerLoops.cpp).
bool sameValue(const Value &a, const Value &b);

/// Arguments of one call, as written: positionals then keywords.
struct CallArgs {
    std::string function; ///< user-facing name for messages, e.g. "np.argmin"
    SourceLoc loc;        ///< the whole call
    std::vector<Value> positional;
    std::vector<std::pair<std::string, Value>> keywords;
    std::vector<SourceLoc> keywordLocs;
};

/// One index of a subscript, classified: basic (a slice, an integer, None, `...`) or
/// advanced (an array of integers or of bools).
struct IndexItem {
    enum Kind { Slice, Index, NewAxis, Ellipsis, IntArray, BoolArray } kind = Slice;
    array::ViewEntry entry; ///< Slice, Index, NewAxis
    array::NodePtr array;   ///< IntArray, BoolArray
    SourceLoc loc;
};

/// Lowers the expressions of one function body; owns the name environment.
class ExprLowering {
public:
    explicit ExprLowering(std::map<std::string, Value> globals) : env_(std::move(globals)) {}

    Value lower(const syntax::Expr &e);
    /// Lowers and requires an array (or scalar) value.
    array::NodePtr lowerArray(const syntax::Expr &e);
    /// The bool scalar of Python's truth test of `test` (`if`, `while`, `a if test else b`):
    /// a number is true when non-zero; an array must have one element at compile time
    /// (NumPy's ValueError for an empty or longer one is a located error).
    array::NodePtr condition(const syntax::Expr &test);
    /// `c` as a scalar where it is an array of one element at compile time (NumPy's truth
    /// value of such); its ValueError (located at `loc`) for an empty array or a longer one.
    array::NodePtr oneElement(array::NodePtr c, SourceLoc loc);
    void bind(const std::string &name, Value v) { env_[name] = std::move(v); }
    const std::map<std::string, Value> &env() const { return env_; }
    void setEnv(std::map<std::string, Value> env) { env_ = std::move(env); }
    /// Evaluates a value into a local variable at this point of the function (run-time
    /// indices that are not simple scalar expressions); set by the statement lowering.
    using Materializer = std::function<array::NodePtr(const array::NodePtr &, SourceLoc)>;
    void setMaterializer(Materializer m) { materialize_ = std::move(m); }
    /// `n` evaluated into a local variable where the statement lowering allows it, else `n`.
    array::NodePtr materialized(const array::NodePtr &n, SourceLoc loc) {
        return materialize_ ? materialize_(n, loc) : n;
    }
    /// Python's `a if cond else b` (and `and`/`or`): evaluates only the branch taken;
    /// set by the statement lowering (without it both sides are evaluated).
    using Branch = std::function<array::NodePtr()>;
    using Conditional =
        std::function<array::NodePtr(const array::NodePtr &, const Branch &, const Branch &, SourceLoc)>;
    void setConditional(Conditional c) { conditional_ = std::move(c); }
    /// Calls a function of the same file (inlined); set by the statement lowering.
    using LocalCall = std::function<Value(const std::string &, const CallArgs &)>;
    void setLocalCall(LocalCall c) { localCall_ = std::move(c); }
    /// Where the statement lowering emits next: its current block and how many statements
    /// it has emitted so far; set by the statement lowering. A mask counted at a position
    /// is reused at the same position (nothing emitted since, in the same block), so
    /// `x[keep] += v[keep]` counts and compacts `keep` once.
    using Position = std::function<std::pair<const void *, uint64_t>()>;
    void setPosition(Position p) { position_ = std::move(p); }

    // NumPy rules, shared with the function table.
    /// Casts to `dtype`, checking a weak Python int's value fits (NEP 50 OverflowError).
    array::NodePtr castTo(const array::NodePtr &v, DType dtype, SourceLoc loc);
    /// Casts a scalar `v` (an int64 from a Python int argument, a uint64, or a float64
    /// converted through int(); see array::Node::rangeChecked) to the integer `dtype`,
    /// raising NEP 50's OverflowError at run time when it does not fit.
    static array::NodePtr rangeCheckedCast(const array::NodePtr &v, DType dtype, SourceLoc loc);
    /// Python's int() of the scalar `v` (an int or a float), converted to the integer
    /// `dtype` as NumPy 2's setitem and scalar types convert Python numbers: at run time,
    /// NaN raises ValueError ("cannot convert float NaN to integer"), infinities and values
    /// that do not fit OverflowError ("Python integer 300 out of bounds for int8"). A value
    /// that is not a parameter or a variable is materialized first (the CUDA target checks
    /// a host copy).
    array::NodePtr throughPythonInt(const array::NodePtr &v, DType dtype, SourceLoc loc);
    /// `v` converted to `dtype` where NumPy 2 converts Python numbers through int()
    /// (`np.uint8(v)`, `np.array([v], dtype=np.uint8)`, the Python int operand of a binary
    /// ufunc with an integer array): a Python int or float only the run time knows goes
    /// through throughPythonInt, anything else through castTo.
    array::NodePtr pythonNumberTo(const array::NodePtr &v, DType dtype, SourceLoc loc);
    /// A binary ufunc with NEP 50 promotion and broadcasting.
    array::NodePtr binary(array::BinaryOp op, array::NodePtr a, array::NodePtr b, SourceLoc loc);
    /// A Python operator `a op b` (or `a op= b`): binary(), except where both operands are
    /// Python numbers, which follow Python instead of NumPy: constant ints fold exactly (a
    /// located error beyond int64, npc's type of Python ints), constant divisors of zero
    /// raise ZeroDivisionError (located), and an int to a negative constant power is a
    /// float (`k ** -1`), and Python bools are ints (`True + True` is 2). np.add(2**62, 2**62),
    /// np.power(k, -1) and np.add(True, True) stay NumPy's (binary()).
    array::NodePtr pythonOperator(array::BinaryOp op, array::NodePtr a, array::NodePtr b,
                                  SourceLoc loc);
    /// The `**` operator (and `**=`), as ndarray.__pow__: numpy.power, except that a float or
    /// complex array (rank > 0) to the literal 0.5 is numpy.sqrt and a complex array to the
    /// literal 2 numpy.square (NumPy's fast_scalar_power: -0.0 ** 0.5 is -0.0 and -inf ** 0.5
    /// NaN, where C's pow gives +0.0 and +inf; (0-0j) ** 2 is 0-0j, numpy.power's 0+0j).
    /// The fast path for ** -1 (numpy.reciprocal) is not taken: complex results can differ.
    array::NodePtr power(array::NodePtr base, const syntax::Expr &exponent, SourceLoc loc);
    /// NumPy's integer-array indexing of `base` by `indices[k]` on axis k where it is
    /// given (an integer array of rank >= 1; the arrays broadcast together) and `:` where it
    /// is null: `base[:, idx]` (np.take, np.take_along_axis). Negative elements count from
    /// the end; others out of bounds raise NumPy's IndexError at run time.
    array::NodePtr indexWithArrays(const array::NodePtr &base,
                                   const std::vector<array::NodePtr> &indices, SourceLoc loc);
    /// `base[mask]` for a bool `mask` of base's leading extents: the elements at the true
    /// positions, in C order (a length only the run time knows; np.unique, np.nonzero). The
    /// same mask indexed again where nothing was emitted since is counted once.
    array::NodePtr indexWithMask(const array::NodePtr &base, const array::NodePtr &mask,
                                 SourceLoc loc) {
        return maskIndex(base, mask, loc, loc);
    }
    /// A unary ufunc with NumPy's loop selection (sqrt of int16 is float32, ...).
    array::NodePtr unary(array::UnaryOp op, array::NodePtr a, SourceLoc loc);
    /// unary() of a complex64/complex128 operand (see LowerUfuncs.cpp).
    array::NodePtr complexUnary(array::UnaryOp op, array::NodePtr a, SourceLoc loc);

private:
    Value lowerName(const syntax::Expr &e, const syntax::Name &n);
    Value lowerAttribute(const syntax::Expr &e, const syntax::Attribute &a);
    Value lowerCall(const syntax::Expr &e, const syntax::Call &c);
    Value lowerSubscript(const syntax::Expr &e, const syntax::Subscript &s);
    Value lowerBinary(const syntax::Expr &e, const syntax::Binary &b);
    /// Python's `a == b` of two tuples (or lists) of numbers: a Python bool, false for a
    /// tuple and a list or different lengths. UserError for other operands.
    array::NodePtr tupleEqual(const Value &a, const Value &b, SourceLoc loc);
    Value lowerUnary(const syntax::Expr &e, const syntax::Unary &u);
    Value lowerCompare(const syntax::Expr &e, const syntax::Compare &c);

    array::NodePtr runtimeIndex(const syntax::Expr &e, const Value &v);
    /// NumPy's advanced indexing (LowerAdvancedIndexing.cpp): `items` cover every axis of
    /// `base` (no Ellipsis left); `dynamic` as for makeView.
    array::NodePtr advancedIndex(const array::NodePtr &base, const std::vector<IndexItem> &items,
                                 std::vector<array::NodePtr> dynamic, SourceLoc loc);
    /// `base[mask]` for a bool `mask` over base's leading axes: those axes flattened and
    /// gathered at the mask's true positions (a data-dependent length). `firstAxis`: the
    /// indexed array's axis the mask's first axis stands for, as IndexError messages
    /// number it.
    array::NodePtr maskIndex(const array::NodePtr &base, const array::NodePtr &mask,
                             SourceLoc maskLoc, SourceLoc loc, int firstAxis = 0);

    /// A mask node's true positions (a Nonzero node) and the position they were counted at.
    struct CountedMask {
        array::NodePtr mask, positions;
        std::pair<const void *, uint64_t> at;
    };

    std::map<std::string, Value> env_;
    std::optional<CountedMask> countedMask_; ///< the last mask counted
    Position position_;
    Materializer materialize_;
    Conditional conditional_;
    LocalCall localCall_;
    /// The `and`/`or` being lowered is a truth test (`if a[i] and b:`): its operands'
    /// truth values are what counts, so numbers are tested as Python does (non-zero).
    bool truthTest_ = false;
};

/// Calls a NumPy function or ndarray method by qualified name ("numpy.sum",
/// "numpy.linalg.norm", "ndarray.sum" with the array first). Throws UserError naming
/// the function when npc does not support it.
Value callNumPy(ExprLowering &lowering, const std::string &qualifiedName, CallArgs args);
/// Attributes of arrays (`x.shape`, `x.ndim`, `x.T`, ...); UserError if unsupported.
Value arrayAttribute(ExprLowering &lowering, const Value &array, const std::string &attr,
                     SourceLoc loc);
/// Module-level names of numpy (np.pi, np.newaxis, np.float32 ...) and functions.
Value moduleMember(const Value &module, const std::string &attr, SourceLoc loc);
/// An attribute of np.finfo(t) or np.iinfo(t) (`eps`, `max`, ...): a constant
/// (LowerLimits.cpp). UserError for the attributes npc does not know.
Value limitsAttribute(const Value &limits, const std::string &attr, SourceLoc loc);

/// One parameter of a NumPy signature, for bind().
struct ParamSpec {
    const char *name;
    bool required;
};
/// Python's argument binding for a NumPy signature: positionals then keywords; one
/// entry per parameter (empty when not passed). UserError on unknown or missing ones.
std::vector<std::optional<Value>> bind(const CallArgs &args, const std::vector<ParamSpec> &spec);
/// bind() of an array API signature, `f(x1, x2, /, *, axis=-1)`: the first
/// `positionalOnly` parameters of `spec` only by position, the others only by keyword;
/// Python's TypeErrors otherwise (LowerArrayApi.cpp).
std::vector<std::optional<Value>> bindArrayApi(const CallArgs &args, size_t positionalOnly,
                                               const std::vector<ParamSpec> &spec);
/// The array bound to parameter `what`; UserError if it is absent or not an array.
array::NodePtr requireArray(const std::optional<Value> &v, const CallArgs &args, const char *what);

/// An argument NumPy converts with np.asarray: a list or tuple made an array, an array as
/// it is; UserError naming parameter `what` otherwise.
array::NodePtr arrayArgument(ExprLowering &lowering, const Value &v, const CallArgs &args,
                             const char *what);
/// arrayArgument() made a NumPy array: a Python scalar gets its default dtype, strong (as
/// np.asarray(2) is an int64 array), so NEP 50 treats it as an array in what follows.
array::NodePtr asArray(ExprLowering &lowering, const Value &v, const CallArgs &args,
                       const char *what);
/// `x` flattened in C order (numpy.ravel of an array value).
array::NodePtr raveled(ExprLowering &lowering, const array::NodePtr &x, SourceLoc loc);
/// NumPy's errors (PyArray_FromAny with depth 1) for an argument read as a 1-D array.
void requireOneDimensional(const array::NodePtr &a, SourceLoc loc);
/// The value of an integer constant (`-1` folds to one); nullopt otherwise (bools too).
std::optional<int64_t> constantInt(const Value &v);
/// Normalises `axis` (None, an int, or a tuple of ints; negative counts from the end)
/// for an array of `rank`, as numpy.core.multiarray.normalize_axis_index does; None or
/// absent gives every axis. UserError on out-of-bounds, repeated or non-literal axes.
std::vector<int> normalizeAxes(const std::optional<Value> &axis, int rank, const CallArgs &args);
/// The value of a `True`/`False` literal (a constant bool); nullopt for anything else.
std::optional<bool> boolLiteral(const Value &v);
/// The value of a flag argument `what` (a True/False constant); `absent` when not passed.
/// UserError otherwise ("np.f(): what must be True or False").
bool boolFlag(const std::optional<Value> &v, bool absent, const CallArgs &args, const char *what);
/// A tuple value of the arrays `parts` (functions that return several arrays).
Value arrayTuple(std::vector<array::NodePtr> parts, SourceLoc loc);
/// The value of a `keepdims` argument (False when absent); UserError unless a bool literal.
bool keepdimsFlag(const std::optional<Value> &v, const CallArgs &args);
/// The dtype named by a `dtype=` argument: a NumPy scalar type (`np.float32`, `np.int64`,
/// `np.bool_`), a builtin (`float`, `int`, `bool`: float64, int64, bool, as NumPy maps
/// them) or a string (`'float32'`); nullopt when absent or None. UserError otherwise.
std::optional<DType> dtypeArgument(const std::optional<Value> &v, const CallArgs &args);
/// The dtype a qualified name stands for ("numpy.float32", "builtins.float"), if any.
std::optional<DType> dtypeOfName(const std::string &qualifiedName);
/// The dtype a value names: a NumPy scalar type or builtin (a Function value, `x.dtype`
/// too) or a name (`'float32'`; `'float'`, `'int'`, ... as the builtins); nullopt otherwise.
std::optional<DType> dtypeOfValue(const Value &v);
/// UserError when the NumPy argument `name` (`out`) was passed and is not None.
void rejectArgument(const std::optional<Value> &v, const char *name, const CallArgs &args);

/// Lowers one call of a NumPy function to array IR.
using Handler = std::function<Value(ExprLowering &, const CallArgs &)>;
/// The elementwise functions (ufuncs, np.where, np.clip, np.round), by qualified name.
const std::map<std::string, Handler> &elementwiseFunctions();
/// Functions NumPy writes in terms of others (np.diff, np.roll, np.flip, np.outer,
/// np.count_nonzero, np.isclose, np.allclose, np.deg2rad, ...) and the ndarray method
/// clip, by qualified name (LowerArrayFunctions.cpp).
const std::map<std::string, Handler> &arrayFunctions();
/// np.tile, np.repeat, np.diagonal, np.diag, np.trace and their ndarray methods, and
/// np.rot90, by qualified name (LowerArrayLayouts.cpp).
const std::map<std::string, Handler> &arrayLayoutFunctions();
/// np.sort, np.argsort, ndarray.argsort and np.median (LowerSorting.cpp).
const std::map<std::string, Handler> &sortingFunctions();
/// np.finfo and np.iinfo (LowerLimits.cpp).
const std::map<std::string, Handler> &limitsFunctions();
/// np.pad in the 'constant' and 'edge' modes (LowerPad.cpp).
const std::map<std::string, Handler> &padFunctions();
/// np.bincount (LowerBincount.cpp).
const std::map<std::string, Handler> &bincountFunctions();
/// np.searchsorted, ndarray.searchsorted, np.digitize and np.interp (LowerSearch.cpp).
const std::map<std::string, Handler> &searchFunctions();
/// np.histogram without weights and np.histogram_bin_edges (LowerHistogram.cpp).
const std::map<std::string, Handler> &histogramFunctions();
/// np.tensordot, np.inner, np.vdot, np.cross and np.kron (LowerTensorProducts.cpp).
const std::map<std::string, Handler> &tensorProductFunctions();
/// np.take, ndarray.take and np.take_along_axis (LowerTake.cpp).
const std::map<std::string, Handler> &takeFunctions();
/// np.unique, np.nonzero, ndarray.nonzero, np.flatnonzero and np.argwhere
/// (LowerSelection.cpp).
const std::map<std::string, Handler> &selectionFunctions();
/// np.convolve and np.correlate (LowerConvolve.cpp).
const std::map<std::string, Handler> &convolveFunctions();
/// np.einsum with letter subscripts (LowerEinsum.cpp).
const std::map<std::string, Handler> &einsumFunctions();
/// np.meshgrid, np.atleast_1d, np.atleast_2d, np.atleast_3d, np.indices, np.tri,
/// np.triu_indices, np.tril_indices and their _from forms, np.vander, np.diagflat
/// (LowerGrids.cpp).
const std::map<std::string, Handler> &gridFunctions();
/// np.cov and np.corrcoef (LowerCovariance.cpp).
const std::map<std::string, Handler> &covarianceFunctions();
/// The ufunc methods npc supports, by qualified name ("numpy.maximum.accumulate",
/// "numpy.add.reduce", "numpy.subtract.outer"; LowerUfuncMethods.cpp).
const std::map<std::string, Handler> &ufuncMethodFunctions();
/// The array API standard's functions NumPy 2 added (np.vecdot, np.matrix_transpose,
/// np.unstack, np.astype, np.cumulative_sum, np.linalg.outer, ...; LowerArrayApi.cpp).
const std::map<std::string, Handler> &arrayApiFunctions();
/// np.nan_to_num, np.select, np.polyval, np.isin, np.logspace, np.float_power, np.divmod,
/// np.modf, np.fabs, np.positive, np.reciprocal, np.fix, np.sinc, np.isposinf, np.isneginf,
/// np.isreal, np.iscomplex, np.spacing and np.geomspace (LowerMathFunctions.cpp).
const std::map<std::string, Handler> &mathFunctions();
/// np.frexp and np.ldexp (LowerFloatParts.cpp).
const std::map<std::string, Handler> &floatPartFunctions();
/// np.split, np.array_split, np.hsplit, np.vsplit, np.dsplit and np.trim_zeros
/// (LowerSplits.cpp).
const std::map<std::string, Handler> &splitFunctions();
/// np.nansum, np.nanprod, np.nanmean, np.nanmax, np.nanmin, np.nanargmin, np.nanargmax,
/// np.nancumsum, np.nancumprod, np.nanvar and np.nanstd (LowerNanFunctions.cpp).
const std::map<std::string, Handler> &nanFunctions();
/// np.ndim, np.shape, np.size, np.iscomplexobj, np.isrealobj, np.broadcast_arrays,
/// np.array_equal and np.array_equiv (LowerArrayInfo.cpp).
const std::map<std::string, Handler> &arrayInfoFunctions();
/// np.union1d, np.intersect1d, np.setdiff1d, np.setxor1d and np.ediff1d
/// (LowerSetFunctions.cpp).
const std::map<std::string, Handler> &setFunctions();
/// np.gradient (LowerGradient.cpp).
const std::map<std::string, Handler> &gradientFunctions();
/// np.unravel_index and np.ravel_multi_index (LowerIndexTricks.cpp).
const std::map<std::string, Handler> &indexTrickFunctions();
/// np.insert and np.delete (LowerInsertDelete.cpp).
const std::map<std::string, Handler> &insertDeleteFunctions();
/// ndarray.sort and ndarray.fill used as values (their in-place calls are statements:
/// FunctionLowering::methodInPlace, LowerMethodsInPlace.cpp).
const std::map<std::string, Handler> &inPlaceMethodFunctions();
/// The ufuncs whose .at method npc compiles, by qualified name ("numpy.add"), with their
/// number of inputs (LowerUfuncAt.cpp).
const std::map<std::string, int> &ufuncAtArities();
/// True when evaluating `n` computes a reduction (values of variables are computed
/// already): a value read twice that two parallel sums could compute differently in the
/// last bit (LowerAdvancedIndexing.cpp). `seen` collects the nodes visited.
bool containsReduction(const array::NodePtr &n, std::set<const array::Node *> &seen);
/// NumPy's loop selection for float-only ufuncs (`ufunc` names one in messages) on an
/// integer or bool dtype: the smallest float that holds every value; a UserError at `loc`
/// for one-byte dtypes (float16, which npc lacks). Inexact dtypes are their own.
DType floatLoop(DType in, std::string_view ufunc, SourceLoc loc);
/// `x` with `start:stop:step` along `axis` (`:` elsewhere); `dynamicStart`/`dynamicStop`,
/// int64 scalars, replace the constant bounds where given (LowerArrayFunctions.cpp).
array::NodePtr sliceAlong(const array::NodePtr &x, int axis, std::optional<int64_t> start,
                          std::optional<int64_t> stop, int64_t step, SourceLoc loc,
                          const array::NodePtr &dynamicStart = nullptr,
                          const array::NodePtr &dynamicStop = nullptr);
/// The arguments of a call with `a` replaced by `value` and the others as bound (`names`
/// gives the parameters after `a`), for forwarding to another function
/// (LowerArrayFunctions.cpp).
CallArgs forwarded(const CallArgs &args, const array::NodePtr &value,
                   const std::vector<std::optional<Value>> &bound,
                   const std::vector<const char *> &names);
/// The arguments of a reduction `f(a, *names)`: `a`, then `names`, with NumPy's `out`
/// (which npc rejects) bound before the last and left out of the result
/// (LowerArrayFunctions.cpp).
std::vector<std::optional<Value>> bindReduction(const CallArgs &args,
                                                const std::vector<const char *> &names);
/// `value` as a constant of dtype `t` broadcast to `shape` (LowerArrayFunctions.cpp).
array::NodePtr filled(double value, DType t, const Shape &shape, SourceLoc loc);
/// NumPy's loop selection for float-only binary ufuncs (np.arctan2, np.hypot, np.copysign,
/// np.logaddexp, ...) on operands `a` and `b`: their promotion when it is inexact, else the
/// float of the wider integer (int16 and uint16: float32). UserError at `loc` for float16.
DType binaryFloatLoop(const array::NodePtr &a, const array::NodePtr &b, std::string_view ufunc,
                      SourceLoc loc);
/// The reductions, scans and linear algebra (np.sum ... np.linalg.norm, np.dot), and
/// their ndarray methods, by qualified name (LowerReductions.cpp).
const std::map<std::string, Handler> &reductionFunctions();
/// Shape manipulation (np.reshape, np.transpose, np.concatenate, ..., builtin len) and
/// their ndarray methods, by qualified name (LowerShapes.cpp).
const std::map<std::string, Handler> &shapeFunctions();
/// The array attributes `shape`, `size`, `T` and `dtype` (a dtype is a Function value
/// naming the NumPy scalar type); nullopt for other names (LowerShapes.cpp).
std::optional<Value> shapeAttribute(const Value &array, const std::string &attr, SourceLoc loc);
/// Array creation (np.zeros ... np.full_like, np.arange, np.linspace, np.eye,
/// np.identity, np.array), conversions and copies (ndarray.astype, np.asarray, np.copy,
/// ndarray.copy, calls of NumPy scalar types such as np.float32(x)), by qualified name
/// (LowerCreation.cpp).
const std::map<std::string, Handler> &creationFunctions();
/// The Python builtins int, float, bool, min, max and the math module's functions, on
/// scalars with Python's semantics, by qualified name ("builtins.min", "math.sqrt";
/// LowerScalars.cpp).
const std::map<std::string, Handler> &scalarFunctions();
/// The dtype creation functions give Python floats and absent dtypes (np.zeros(n)):
/// float64 as in NumPy, or float32 under `--default-float float32` (LowerOptions).
DType defaultFloatDType();
/// The options of the lowerModule call in progress (frontend/Lower.h).
const LowerOptions &activeLowerOptions();
/// The strong dtype NumPy gives a Python scalar in an array constructor (np.array,
/// np.full): int -> int64, float -> defaultFloatDType(), bool -> bool; NumPy scalars and
/// arrays keep theirs.
DType constructorDType(const array::NodePtr &scalar);
/// An extent from a shape argument (np.zeros(n), np.eye(n), np.linspace's num): an int
/// constant (a negative one is a UserError with `negativeMessage`), an extent
/// (`x.shape[0]`, `len(x)`), or any run-time integer scalar (a parameter, `n * 2`),
/// checked on entry to raise ValueError(`negativeMessage`) when negative.
Dim extentArgument(const Value &v, const CallArgs &args, const char *what,
                   const std::string &negativeMessage = "negative dimensions are not allowed");
/// An error message naming extents (array::showExtent, array::showShape): with `shown`
/// null, the compile-time text (constants, else extents named symbolically); else the
/// run-time text, whose extents an ExtentCheck's `shown` receives, printed as numbers.
using ShownMessage = std::function<std::string(std::vector<Dim> *shown)>;
/// A run-time check that `actual` equals `expected` (or is 1, `orOne`), raising
/// `exception` with `message`'s run-time text, which shows the extents' values.
/// A run-time check raising ValueError(`message`) where the bool scalar `fails` is true
/// (named `text` in the IR): a condition two extents' equality cannot state (an empty axis
/// that a pad width extends, lengths NumPy compares only when one is non-zero).
array::ExtentCheck conditionCheck(const array::NodePtr &fails, std::string text,
                                  std::string message);
array::ExtentCheck shownCheck(Dim actual, Dim expected, bool orOne, const ShownMessage &message,
                              std::string exception = "ValueError");
/// `v` broadcast to `target` (at least v's rank) with NumPy's check (each of v's extents
/// equals the target's or is 1, aligned at the last axis): a UserError with `message`
/// where the extents are constants, else a run-time ValueError with it (numpy.broadcast_to,
/// numpy.full's fill value, assignments' values).
array::NodePtr broadcastChecked(const array::NodePtr &v, const Shape &target, SourceLoc loc,
                                const ShownMessage &message);
/// True for a Python int literal (a weak integer constant).
bool isWeakIntConstant(const array::NodePtr &n);
/// Where NumPy 2 converts a Python number to an integer dtype through Python's int()
/// (`a[i] = v`, `a[mask] = v`, `np.uint8(v)`, `np.array([v], dtype=...)`; not np.full, which
/// casts): a constant `v` must fit, else a located error with NumPy's OverflowError
/// ("Python integer 300 out of bounds for uint8", "cannot convert float infinity to
/// integer", "Python int too large to convert to C long") or ValueError ("cannot convert
/// float NaN to integer") message, at `v` if written inside `loc`, else at `loc`. Values only
/// the run time knows are not checked here.
void requireConvertible(const array::NodePtr &v, DType dtype, SourceLoc loc);
/// A Python complex `v` converted to the real or integer `dtype` as NumPy 2's setitem and
/// np.array(..., dtype=) convert it, through Python's float() or int(): their TypeError,
/// at `v` if written inside `loc`. (A complex array casts with a ComplexWarning.)
void requireNotPythonComplex(const array::NodePtr &v, DType dtype, SourceLoc loc);
/// Where to report a value's error: the value itself when it is written inside the
/// expression `loc` (`a + 300`), else that expression (`a + k`, not `k = 300` or a module
/// constant's definition).
SourceLoc valueLoc(const array::NodePtr &v, SourceLoc loc);
/// Python's int() of the float `x` converted to the integer `dtype` (NumPy 2's setitem of a
/// float scalar into a signed integer array, `np.int8(2.5)`): requireConvertible's errors,
/// at `loc`.
void requireIntConvertible(double x, DType dtype, SourceLoc loc);
/// NEP 50's check of a Python int `x` converted to the integer `dtype`: a UserError at
/// `loc` with NumPy's OverflowError message ("Python integer 300 out of bounds for int8").
void requireFits(int64_t x, DType dtype, SourceLoc loc);
/// True for a Python bool (a weak bool scalar): a literal, a `bool` argument, or a
/// comparison of Python numbers. Python's arithmetic makes it an int (`True + True` is 2),
/// where NumPy's bool stays bool.
bool isPythonBool(const array::NodePtr &n);
/// True for a Python scalar (weak, rank 0): a number or bool of Python's, not NumPy's.
bool isPythonScalar(const array::NodePtr &n);
/// A Python bool as the Python int it is in arithmetic (weak int64); anything else as is.
array::NodePtr pythonBoolAsInt(const array::NodePtr &n, SourceLoc loc);
/// `n` (a bool scalar) as a Python bool: what `bool()`, `not`, `math.isnan` and comparisons
/// of Python numbers give.
array::NodePtr asPythonBool(const array::NodePtr &n);
/// `n` (a scalar) as a Python scalar (weak): what `-k`, `~k` and `abs(k)` of a Python
/// scalar `k` and math's functions give. Leaves (parameters, variables) get a weak cast;
/// computed values are re-typed.
array::NodePtr asPythonScalar(const array::NodePtr &n);
/// The type of one value that is of type `a` on some paths and `b` on others (a variable
/// assigned in branches or loops, `x if c else y`, min/max, the returns of an inlined
/// function): NEP 50's promotion (numpy.result_type), except that Python scalars stay
/// Python's: two Python bools give a Python bool (NEP 50 treats bools as strong), a Python
/// bool with a Python int or float the Python number (a bool is an int in Python).
PromotionType joinTypes(PromotionType a, PromotionType b);

/// Broadcasts two shapes (numpy.broadcast_shapes); UserError at `loc` on mismatch.
Shape broadcastShapes(const Shape &a, const Shape &b, SourceLoc loc);
/// User-facing spelling of a qualified name: "numpy.linalg.norm" -> "np.linalg.norm".
std::string displayName(const std::string &qualifiedName);

} // namespace npc::lowering
