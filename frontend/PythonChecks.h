// Run-time checks of Python's operators on Python numbers where Python raises and NumPy's
// scalars would not (ZeroDivisionError for `total / count` by a zero only the run time
// knows): the checked value raises Python's exception where the operation runs.
#pragma once

#include "frontend/Syntax.h"
#include "ir/ArrayIR.h"
#include "ir/DType.h"

#include <optional>
#include <string_view>
#include <utility>

namespace npc::lowering {

/// The Python operator of ufunc `op` on Python ints (`+ - * ** // % << >>`) and its
/// spelling; nullopt for other ufuncs.
std::optional<std::pair<syntax::BinaryOp, std::string_view>> pythonIntOperator(array::BinaryOp op);

/// True when `n` is arithmetic on parameters, variables, extents and constants, which
/// lowering can compute where a check needs it.
bool isSimpleScalar(const array::Node &n);

/// `result` of the Python operator `a op b`, with Python's ZeroDivisionError (Python 3.11's
/// message) for `/`, `//` and `%` of Python numbers by a divisor only the run time knows
/// (`total / count`, `n // m`): a check that runs where the operation does (in the branch
/// of an `if` or of `a if c else b` that holds it). NumPy's scalars give inf, NaN or 0
/// instead. `result` unchanged for other operators and operands.
array::NodePtr pythonDivisionChecked(array::BinaryOp op, const array::NodePtr &a,
                                     const array::NodePtr &b, array::NodePtr result, SourceLoc loc);

/// `result` of the Python operator `a ** b` on Python numbers of a float result dtype (a
/// Python float to any power, a Python int to a float or negative power), with the errors
/// Python's float power raises: ZeroDivisionError for zero to a negative power,
/// OverflowError for a finite base and exponent whose power is beyond the dtype. A finite
/// negative base to a finite fractional power is a complex number in Python, which npc
/// cannot type: a ValueError saying so, where NumPy's float64 would give NaN. Constant
/// operands raise at compile time (UserError at `loc`); others where the power runs.
/// A complex power (complex_pow) raises ZeroDivisionError for zero to a power with a
/// negative real part or a nonzero imaginary part, OverflowError where a part of the
/// power is infinite. `a` and `b` must be simple scalars
/// (isSimpleScalar): the checks read them again.
array::NodePtr pythonPowerChecked(array::BinaryOp op, const array::NodePtr &a,
                                  const array::NodePtr &b, array::NodePtr result, SourceLoc loc);

/// `result` of the Python operator `a op b` on two Python ints (`+ - * // ** << >>`), with
/// the errors npc's int64 Python ints add to Python's: OverflowError where Python's value
/// (its ints are unbounded) does not fit in int64 (`k * k` for k = 2**40, `1 << n` for
/// n = 64, `MIN // -1`), instead of a wrapped value; and Python's ValueError for a negative
/// shift count. Raised where the operation runs. `a` and `b` must be simple scalars
/// (isSimpleScalar): the checks read them again.
array::NodePtr pythonIntChecked(array::BinaryOp op, const array::NodePtr &a,
                                const array::NodePtr &b, array::NodePtr result, SourceLoc loc);

/// A UserError (Python's value 2**63 does not fit in int64) when `a` is the Python int
/// constant -2**63, before `-a` or `abs(a)` folds it (`-np.iinfo(np.int64).min`).
void requireNegatable(const array::NodePtr &a, SourceLoc loc);
/// `result` of `-a` or `abs(a)` of a Python int `a`, with an OverflowError where `a` is
/// int64's minimum (Python's value, 2**63, does not fit in int64).
array::NodePtr pythonNegationChecked(const array::NodePtr &a, array::NodePtr result, SourceLoc loc);

/// `result`, the int64 of `x` by Python's `int`, `math.floor`, `math.ceil` or `math.trunc`,
/// with the errors Python raises and those of npc's int64 Python ints: ValueError for NaN,
/// OverflowError for an infinity and for a value beyond int64 (a float, or a uint64 scalar
/// of 2**63 or more). `x` must be a simple scalar (isSimpleScalar) unless a constant.
array::NodePtr pythonIntConversionChecked(const array::NodePtr &x, array::NodePtr result,
                                          SourceLoc loc);

} // namespace npc::lowering
