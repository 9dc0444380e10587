// The ufuncs that take floats apart and put them together: np.frexp (mantissa and
// exponent) and np.ldexp (x * 2**e), with NumPy's loops (numpy/_core/code_generators/
// generate_umath.py: frexp e->ei, f->fi, d->di; ldexp with int32 or int64 exponents) and
// C's frexp and ldexp for the values (npc::frexp_mantissa, npc::frexp_exponent,
// npc::ldexp in npc/arith.h).
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

/// NumPy's TypeError when no loop of `ufunc` takes the operands.
UserError noLoop(std::string_view ufunc, SourceLoc loc) {
    return UserError(loc, fmt::format("ufunc '{}' not supported for the input types, and the "
                                      "inputs could not be safely coerced to any supported "
                                      "types according to the casting rule ''safe''",
                                      ufunc));
}

/// numpy.frexp(x): the tuple (mantissa, exponent) with x = mantissa * 2**exponent and
/// 0.5 <= |mantissa| < 1; zeros, infinities and NaN give themselves and exponent 0. The
/// mantissa has the float loop's dtype (int16 in float32, int32 in float64; int8, uint8
/// and bool would be float16, which npc lacks), the exponent is int32.
Value frexp(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    NodePtr x = requireArray(b[0], args, "x");
    if (isComplex(x->type.dtype))
        throw noLoop("frexp", args.loc);
    SourceLoc loc = args.loc;
    DType t = floatLoop(x->type.dtype, "frexp", loc);
    NodePtr v = array::makeCast(x, t, false, loc);
    return arrayTuple({array::makeUnary(UnaryOp::FrexpMantissa, v, t, loc),
                       array::makeUnary(UnaryOp::FrexpExponent, v, DType::Int32, loc)},
                      loc);
}

/// numpy.ldexp(x1, x2): x1 * 2**x2, rounded once. NumPy's loops take a float x1 (int16 in
/// float32, wider ints and Python floats in float64; int8, uint8, bool and a Python int
/// beside a NumPy exponent would be float16) and an int32 or int64 exponent: a Python int
/// exponent beside a NumPy x1 must fit int32 (NumPy's OverflowError), uint64 and float
/// exponents have no loop (TypeError). Two Python numbers are float64 and int64.
Value ldexp(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x1", true}, {"x2", true}});
    NodePtr x = requireArray(b[0], args, "x1");
    NodePtr e = requireArray(b[1], args, "x2");
    SourceLoc loc = args.loc;
    DType xd = x->type.dtype, ed = e->type.dtype;
    if (isComplex(xd) || isInexact(ed) || ed == DType::UInt64)
        throw noLoop("ldexp", loc);
    const bool pythonNumbers = x->type.weak && e->type.weak;
    if (x->type.weak && isInteger(xd) && !pythonNumbers)
        throw UserError(loc, fmt::format("np.ldexp of a Python int and {} produces float16, which "
                                         "npc does not support; write the first operand as a "
                                         "float (2.0, not 2)",
                                         dtypeName(ed)));
    DType t = floatLoop(xd, "ldexp", loc);
    if (e->type.weak && !isBool(ed) && !pythonNumbers)
        e = lowering.pythonNumberTo(e, DType::Int32, loc);
    // The exponent as a float of x1's dtype: exact for int32 values in float64, and any
    // value too large for that keeps its sign and saturates as NumPy's int does.
    Shape shape = broadcastShapes(x->type.shape, e->type.shape, loc);
    NodePtr v = array::makeBroadcast(array::makeCast(x, t, false, loc), shape, loc);
    NodePtr exponent = array::makeBroadcast(array::makeCast(e, t, false, loc), shape, loc);
    return Value::array(array::makeBinary(BinaryOp::Ldexp, v, exponent, loc), loc);
}

} // namespace

const std::map<std::string, Handler> &floatPartFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.frexp", frexp},
        {"numpy.ldexp", ldexp},
    };
    return table;
}

} // namespace npc::lowering
