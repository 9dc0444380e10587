// Symbolic array extents: constants, the caller's extents, and extents derived from them
// by broadcasting, slicing and products. Shapes of IR values are vectors of Dims.
#pragma once

#include "ir/SourceLoc.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace npc {

struct DimNode;
/// An immutable, shared symbolic extent (>= 0 at run time).
using Dim = std::shared_ptr<const DimNode>;
using Shape = std::vector<Dim>;

enum class DimKind {
    Const,     ///< a compile-time extent
    Extent,    ///< `param.shape[axis]` of a function argument
    Broadcast, ///< NumPy broadcasting of two extents (run-time check)
    Slice,     ///< length of `start:stop:step` over `base` (Python slice semantics)
    Product,   ///< product of extents (element counts, e.g. the divisor of mean)
    Sum,       ///< sum of extents (a concatenation's length)
    Value,     ///< the run-time value of a scalar int64 array-IR node (`x[i:i + n]`)
    NonNegative, ///< a run-time int used as an extent (`np.zeros(n)`): checked >= 0
};

struct DimNode {
    DimKind kind = DimKind::Const;
    int64_t value = 0;           ///< Const
    int param = -1;              ///< Extent: argument index
    int axis = -1;               ///< Extent: axis
    std::string paramName;       ///< Extent: argument name (for printing)
    std::vector<Dim> operands;   ///< Broadcast (2), Slice (1: base), Product (n)
    std::optional<int64_t> start, stop; ///< Slice bounds as written (may be negative)
    int64_t step = 1;            ///< Slice step (non-zero)
    /// Slice: run-time bounds (Value dims) that replace `start`/`stop` when set.
    Dim startValue, stopValue;
    /// Value: the array::Node (held opaquely: this header sits below the array IR) and
    /// its printed form.
    std::shared_ptr<const void> node;
    std::string text;            ///< Value: printed form; NonNegative: ValueError message
};

Dim dimConst(int64_t value);
Dim dimExtent(int param, int axis, std::string paramName);
/// Broadcasts two extents (numpy.broadcast_shapes). Folds equal and size-1 operands;
/// throws UserError at `loc` when two different constants other than 1 meet.
Dim dimBroadcast(const Dim &a, const Dim &b, SourceLoc loc);
/// Length of `base[start:stop:step]` with Python's clamping; folds constants and the
/// full slice `[:]`.
Dim dimSlice(const Dim &base, std::optional<int64_t> start, std::optional<int64_t> stop,
             int64_t step);
/// Length of `base[start:stop:step]` where either bound may be a run-time Value dim
/// (null: use the constant bound, itself optional).
Dim dimSliceDynamic(const Dim &base, std::optional<int64_t> start, Dim startValue,
                    std::optional<int64_t> stop, Dim stopValue, int64_t step);
/// The run-time value of scalar node `node` (an `array::NodePtr`), printed as `text`.
/// Two Value dims are equal when they name the same node.
Dim dimValue(std::shared_ptr<const void> node, std::string text);
/// Product of extents; folds constants; the empty product is 1.
Dim dimProduct(const std::vector<Dim> &factors);
/// Sum of extents, in order; folds constants (the constant last); the empty sum is 0.
/// Sums of equal terms, in any order, are equal dims (the lengths of two joins of one
/// shape).
Dim dimAdd(const std::vector<Dim> &terms);
/// `value` (a Value dim: a run-time int, possibly negative) used as an extent; the run
/// time raises ValueError(`message`) when it is negative (NumPy: "negative dimensions are
/// not allowed"). Constants are checked by the caller and returned as they are.
Dim dimNonNegative(Dim value, std::string message);

std::optional<int64_t> dimConstValue(const Dim &d);
bool dimIsConst(const Dim &d, int64_t value);
/// Structural equality: equal results for every input.
bool dimEqual(const Dim &a, const Dim &b);
bool shapeEqual(const Shape &a, const Shape &b);
/// True when `d` is NumPy's broadcast of `base` with other extents (`broadcast(w.shape[0],
/// X.shape[1])` of `w.shape[0]`), at any depth: equal to `base` at run time unless `base`
/// is 1 and another extent is not.
bool dimBroadcastOf(const Dim &d, const Dim &base);
/// True when every run-time size-1 case of `d` comes from size-1 extents of the
/// function's arguments, so a zero stride on those extents broadcasts it for free.
bool dimBroadcastsByStride(const Dim &d);
/// Printed form, in Python terms where one exists: `5`, `X.shape[1]`, `broadcast(a, b)`,
/// `X.shape[0] - 2` (the length of `[1:-1]`: the difference clamped at 0),
/// `len(range(n)[1::2])`, `a * b`.
std::string dimStr(const Dim &d);
/// Printed shape: `(X.shape[0], 3)`.
std::string shapeStr(const Shape &s);
/// For errors about two shapes that differ: `shape (n,) here but (m,) elsewhere`. Two
/// run-time lengths that print alike (two masks counted separately, both
/// `count_nonzero(keep)`) are said to be computed separately rather than printed as if equal.
std::string shapeMismatchStr(const Shape &here, const Shape &elsewhere);

/// Python's slice normalisation (PySlice_AdjustIndices) for a constant extent.
struct SliceBounds {
    int64_t start, step, length;
};
SliceBounds adjustSlice(int64_t extent, std::optional<int64_t> start, std::optional<int64_t> stop,
                        int64_t step);

} // namespace npc
