// Run-time checks of Python's operators on Python numbers where Python raises and NumPy's
// scalars would not (ZeroDivisionError for `total / count` by a zero only the run time
// knows): the checked value raises Python's exception where the operation runs.
#pragma once

#include "ir/ArrayIR.h"
#include "ir/DType.h"

namespace npc::lowering {

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

} // namespace npc::lowering
