// Run-time checks of Python's operators on Python numbers (see PythonChecks.h).
#include "frontend/PythonChecks.h"

#include "frontend/LowerContext.h"

#include <algorithm>

namespace npc::lowering {

using array::BinaryOp;
using array::NodePtr;

bool isSimpleScalar(const array::Node &n) {
    switch (n.kind) {
    case array::NodeKind::Constant:
    case array::NodeKind::DimValue:
    case array::NodeKind::Param:
    case array::NodeKind::Var:
        return true;
    case array::NodeKind::Cast:
    case array::NodeKind::Unary:
    case array::NodeKind::Binary:
    case array::NodeKind::Where:
        return std::all_of(n.operands.begin(), n.operands.end(),
                           [](const NodePtr &o) { return isSimpleScalar(*o); });
    default:
        return false;
    }
}

NodePtr pythonDivisionChecked(BinaryOp op, const NodePtr &a, const NodePtr &b, NodePtr result,
                              SourceLoc loc) {
    if ((op != BinaryOp::TrueDivide && op != BinaryOp::FloorDivide && op != BinaryOp::Remainder) ||
        !isPythonScalar(a) || !isPythonScalar(b) || b->kind == array::NodeKind::Constant)
        return result;
    bool ints = isInteger(a->type.dtype) && isInteger(b->type.dtype);
    bool complex = isComplex(a->type.dtype) || isComplex(b->type.dtype);
    const char *message =
        op == BinaryOp::TrueDivide ? (ints      ? "division by zero"
                                      : complex ? "complex division by zero"
                                                : "float division by zero")
        : op == BinaryOp::FloorDivide
            ? (ints ? "integer division or modulo by zero" : "float floor division by zero")
            : (ints ? "integer modulo by zero" : "float modulo");
    DType t = b->type.dtype;
    NodePtr zero = isComplex(t) ? array::makeComplexConstant(0, 0, t, false, loc)
                   : isFloat(t) ? array::makeFloatConstant(0, t, false, loc)
                                : array::makeIntConstant(0, t, false, loc);
    NodePtr isZero = array::makeBinary(BinaryOp::Equal, b, zero, loc);
    array::ExtentCheck check{dimValue(array::makeCast(isZero, DType::Int64, loc), message),
                             dimConst(0), false, message, "ZeroDivisionError"};
    return array::withChecks(result, {std::move(check)});
}

} // namespace npc::lowering
