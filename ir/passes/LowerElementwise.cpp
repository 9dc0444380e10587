// Lower-to-loops: elementwise ufuncs and casts of Python numbers (NumPy's wrapping
// integer arithmetic, NaN rules of minimum/maximum, NEP 50 range checks).
#include "ir/passes/LoweringState.h"

namespace npc::passes::detail {

void Lowering::checkRange(const Node &n) {
    DType from = n.operand()->type.dtype;
    NPC_ASSERT(n.operand()->type.rank() == 0 &&
                   (from == DType::Int64 || from == DType::UInt64 || from == DType::Float64),
               "range-checked cast of a value that is not an int64, uint64 or float64 scalar");
    DType t = n.type.dtype;
    ExprPtr v = scalarize(n.operand(), {});
    if (from == DType::UInt64) { // into a signed dtype: CPython's conversion to C long first
        v = loop::cast(v, DType::Int64);
        check(loop::binary(loop::BinaryOp::Lt, v, loop::intImm(0)), "OverflowError",
              "Python int too large to convert to C long", "long:" + loop::str(v));
        if (t == DType::Int64)
            return;
    }
    if (from == DType::Float64) {
        // Python's int() of the float, then the int's check below. NumPy's messages: int()'s
        // for NaN and infinities, and CPython's conversion to C long beyond int64 (uint64:
        // [-2**63, 2**64)).
        std::string key = loop::str(v);
        check(loop::call(loop::Intrinsic::IsNan, {v}, DType::Bool), "ValueError",
              "cannot convert float NaN to integer", "nan:" + key);
        check(loop::call(loop::Intrinsic::IsInf, {v}, DType::Bool), "OverflowError",
              "cannot convert float infinity to integer", "inf:" + key);
        ExprPtr whole = loop::call(loop::Intrinsic::Trunc, {v}, DType::Float64);
        double above = t == DType::UInt64 ? 0x1p64 : 0x1p63;
        check(loop::binary(
                  loop::BinaryOp::Or,
                  loop::binary(loop::BinaryOp::Lt, whole, loop::floatImm(-0x1p63, DType::Float64)),
                  loop::binary(loop::BinaryOp::Ge, whole, loop::floatImm(above, DType::Float64))),
              "OverflowError", "Python int too large to convert to C long", "long:" + key);
        v = loop::cast(whole, DType::Int64);
        if (t == DType::UInt64) { // int64 holds the rest of uint64's range but not all of it
            check(loop::binary(loop::BinaryOp::Lt, whole, loop::floatImm(0, DType::Float64)),
                  "OverflowError", "Python integer {} out of bounds for uint64",
                  "range:" + key + ":uint64", v);
            return;
        }
        if (t == DType::Int64)
            return;
    }
    std::string key = fmt::format("range:{}:{}", loop::str(v), dtypeName(t));
    // The argument is an int64; uint64's upper bound cannot be exceeded. An int64 cast of a
    // narrower integer (`s[0] = u[0]`, uint8 into int8) is tested only on the side it can
    // pass (g++ rejects a comparison that is always false under -Werror=type-limits).
    DType source = from == DType::Float64 ? DType::Int64 : from; // a float's int() is any int64
    if (from == DType::Int64 && n.operand()->kind == NodeKind::Cast &&
        isInteger(n.operand()->operand()->type.dtype))
        source = n.operand()->operand()->type.dtype;
    bool below = integerMin(source) < integerMin(t);
    bool above =
        integerMax(t) <= static_cast<uint64_t>(INT64_MAX) && integerMax(source) > integerMax(t);
    ExprPtr low = loop::binary(loop::BinaryOp::Lt, v, loop::intImm(integerMin(t)));
    ExprPtr high =
        loop::binary(loop::BinaryOp::Gt, v, loop::intImm(static_cast<int64_t>(integerMax(t))));
    if (!below && !above)
        return;
    ExprPtr outside = below && above ? loop::binary(loop::BinaryOp::Or, low, high)
                      : below        ? low
                                     : high;
    // On entry in a function that is one expression, else where the value is converted
    // (NumPy raises there: `if c: a[0] = n` does not raise when c is false).
    check(outside, "OverflowError",
          fmt::format("Python integer {{}} out of bounds for {}", dtypeName(t)), key, v);
}

ExprPtr Lowering::computeUnary(const Node &n, ExprPtr x) {
    using array::UnaryOp;
    using loop::Intrinsic;
    DType t = n.type.dtype;
    switch (n.unaryOp) {
    case UnaryOp::Negative:
        if (needsWrapping(t))
            return loop::call(loop::Intrinsic::WrapNeg, {x}, t);
        return loop::unary(loop::UnaryOp::Neg, x);
    case UnaryOp::Absolute:
        if (isBool(t) || isUnsignedInteger(t))
            return x;
        return loop::call(loop::Intrinsic::Abs, {x}, t);
    case UnaryOp::Sqrt:
        return loop::call(loop::Intrinsic::Sqrt, {x}, t);
    case UnaryOp::Exp:
        return loop::call(loop::Intrinsic::Exp, {x}, t);
    case UnaryOp::Log:
        return loop::call(loop::Intrinsic::Log, {x}, t);
    case UnaryOp::LogicalNot:
        return loop::unary(loop::UnaryOp::Not, x);
    case UnaryOp::Sign: return loop::call(Intrinsic::Sign, {x}, t);
    case UnaryOp::Exp2: return loop::call(Intrinsic::Exp2, {x}, t);
    case UnaryOp::Expm1: return loop::call(Intrinsic::Expm1, {x}, t);
    case UnaryOp::Log2: return loop::call(Intrinsic::Log2, {x}, t);
    case UnaryOp::Log10: return loop::call(Intrinsic::Log10, {x}, t);
    case UnaryOp::Log1p: return loop::call(Intrinsic::Log1p, {x}, t);
    case UnaryOp::Sin: return loop::call(Intrinsic::Sin, {x}, t);
    case UnaryOp::Cos: return loop::call(Intrinsic::Cos, {x}, t);
    case UnaryOp::Tan: return loop::call(Intrinsic::Tan, {x}, t);
    case UnaryOp::Arcsin: return loop::call(Intrinsic::Asin, {x}, t);
    case UnaryOp::Arccos: return loop::call(Intrinsic::Acos, {x}, t);
    case UnaryOp::Arctan: return loop::call(Intrinsic::Atan, {x}, t);
    case UnaryOp::Sinh: return loop::call(Intrinsic::Sinh, {x}, t);
    case UnaryOp::Cosh: return loop::call(Intrinsic::Cosh, {x}, t);
    case UnaryOp::Tanh: return loop::call(Intrinsic::Tanh, {x}, t);
    // floor/ceil/trunc of integers and bools is the identity (NumPy 2 keeps the dtype).
    case UnaryOp::Floor: return isInexact(t) ? loop::call(Intrinsic::Floor, {x}, t) : x;
    case UnaryOp::Ceil: return isInexact(t) ? loop::call(Intrinsic::Ceil, {x}, t) : x;
    case UnaryOp::Trunc: return isInexact(t) ? loop::call(Intrinsic::Trunc, {x}, t) : x;
    case UnaryOp::Rint: return isInexact(t) ? loop::call(Intrinsic::Rint, {x}, t) : x;
    case UnaryOp::IsNan: return loop::call(Intrinsic::IsNan, {x}, DType::Bool);
    case UnaryOp::IsInf: return loop::call(Intrinsic::IsInf, {x}, DType::Bool);
    case UnaryOp::IsFinite: return loop::call(Intrinsic::IsFinite, {x}, DType::Bool);
    case UnaryOp::Invert:
        return isBool(t) ? loop::unary(loop::UnaryOp::Not, x) : loop::call(Intrinsic::Invert, {x}, t);
    case UnaryOp::Real: return loop::call(Intrinsic::Real, {x}, t);
    case UnaryOp::Imag: return loop::call(Intrinsic::Imag, {x}, t);
    case UnaryOp::Conj: return loop::call(Intrinsic::Conj, {x}, t);
    case UnaryOp::Cbrt:
        return loop::call(Intrinsic::Cbrt, {x}, t);
    case UnaryOp::Signbit:
        return loop::call(Intrinsic::Signbit, {x}, DType::Bool);
    case UnaryOp::Arcsinh:
        return loop::call(Intrinsic::Asinh, {x}, t);
    case UnaryOp::Arccosh:
        return loop::call(Intrinsic::Acosh, {x}, t);
    case UnaryOp::Arctanh:
        return loop::call(Intrinsic::Atanh, {x}, t);
    case UnaryOp::Erf:
        return loop::call(Intrinsic::Erf, {x}, t);
    case UnaryOp::Erfc:
        return loop::call(Intrinsic::Erfc, {x}, t);
    case UnaryOp::FrexpMantissa: return loop::call(Intrinsic::FrexpMantissa, {x}, t);
    case UnaryOp::FrexpExponent: return loop::call(Intrinsic::FrexpExponent, {x}, DType::Int32);
    }
    NPC_INTERNAL_ERROR("unhandled unary op");
}

ExprPtr Lowering::computeBinary(const Node &n, ExprPtr a, ExprPtr b) {
    using array::BinaryOp;
    using loop::Intrinsic;
    DType t = n.operand(0)->type.dtype;
    // `s == s` of integers is a constant (and g++ warns about the comparison written out),
    // as is `p ^ p` of bools (written as `p != p`).
    const bool boolXor =
        isBool(t) && (n.binaryOp == BinaryOp::LogicalXor || n.binaryOp == BinaryOp::BitwiseXor);
    if ((isComparison(n.binaryOp) || boolXor) && !isInexact(t) && loop::str(a) == loop::str(b))
        return loop::boolImm(n.binaryOp == BinaryOp::Equal || n.binaryOp == BinaryOp::LessEqual ||
                             n.binaryOp == BinaryOp::GreaterEqual);
    auto arith = [&](loop::BinaryOp op, Intrinsic wrapped) {
        if (needsWrapping(t) || (t == DType::UInt16 && op == loop::BinaryOp::Mul))
            return loop::call(wrapped, {a, b}, t);
        return loop::binary(op, a, b);
    };
    switch (n.binaryOp) {
    case BinaryOp::Add:
        return isBool(t) ? loop::binary(loop::BinaryOp::Or, a, b)
                         : arith(loop::BinaryOp::Add, Intrinsic::WrapAdd);
    case BinaryOp::Subtract:
        return arith(loop::BinaryOp::Sub, Intrinsic::WrapSub);
    case BinaryOp::Multiply:
        if (isComplex(t))
            return loop::call(Intrinsic::ComplexMul, {a, b}, t);
        return isBool(t) ? loop::binary(loop::BinaryOp::And, a, b)
                         : arith(loop::BinaryOp::Mul, Intrinsic::WrapMul);
    case BinaryOp::TrueDivide:
        if (isComplex(t))
            return loop::call(Intrinsic::ComplexDiv, {a, b}, t);
        return loop::binary(loop::BinaryOp::Div, a, b);
    case BinaryOp::FloorDivide:
        return loop::call(Intrinsic::FloorDiv, {a, b}, t);
    case BinaryOp::Remainder:
        return loop::call(Intrinsic::FloorMod, {a, b}, t);
    case BinaryOp::Power:
        return loop::call(isInexact(t) ? Intrinsic::Pow : Intrinsic::IntPow, {a, b}, t);
    case BinaryOp::Minimum:
        return loop::call(Intrinsic::Minimum, {a, b}, t);
    case BinaryOp::Maximum:
        return loop::call(Intrinsic::Maximum, {a, b}, t);
    case BinaryOp::Less: return loop::binary(loop::BinaryOp::Lt, a, b);
    case BinaryOp::LessEqual: return loop::binary(loop::BinaryOp::Le, a, b);
    case BinaryOp::Greater: return loop::binary(loop::BinaryOp::Gt, a, b);
    case BinaryOp::GreaterEqual: return loop::binary(loop::BinaryOp::Ge, a, b);
    case BinaryOp::Equal: return loop::binary(loop::BinaryOp::Eq, a, b);
    case BinaryOp::NotEqual: return loop::binary(loop::BinaryOp::Ne, a, b);
    case BinaryOp::Arctan2: return loop::call(Intrinsic::Atan2, {a, b}, t);
    case BinaryOp::Hypot: return loop::call(Intrinsic::Hypot, {a, b}, t);
    case BinaryOp::Fmin: return loop::call(Intrinsic::Fmin, {a, b}, t);
    case BinaryOp::Fmax: return loop::call(Intrinsic::Fmax, {a, b}, t);
    case BinaryOp::Fmod: return loop::call(Intrinsic::Fmod, {a, b}, t);
    case BinaryOp::LogicalAnd: return loop::binary(loop::BinaryOp::And, a, b);
    case BinaryOp::LogicalOr: return loop::binary(loop::BinaryOp::Or, a, b);
    case BinaryOp::LogicalXor: return loop::binary(loop::BinaryOp::Ne, a, b);
    case BinaryOp::BitwiseAnd:
        return isBool(t) ? loop::binary(loop::BinaryOp::And, a, b) : loop::call(Intrinsic::BitAnd, {a, b}, t);
    case BinaryOp::BitwiseOr:
        return isBool(t) ? loop::binary(loop::BinaryOp::Or, a, b) : loop::call(Intrinsic::BitOr, {a, b}, t);
    case BinaryOp::BitwiseXor:
        return isBool(t) ? loop::binary(loop::BinaryOp::Ne, a, b) : loop::call(Intrinsic::BitXor, {a, b}, t);
    case BinaryOp::LeftShift: return loop::call(Intrinsic::LeftShift, {a, b}, t);
    case BinaryOp::RightShift: return loop::call(Intrinsic::RightShift, {a, b}, t);
    case BinaryOp::Copysign:
        return loop::call(Intrinsic::Copysign, {a, b}, t);
    case BinaryOp::Gcd: return loop::call(Intrinsic::Gcd, {a, b}, t);
    case BinaryOp::Lcm: return loop::call(Intrinsic::Lcm, {a, b}, t);
    case BinaryOp::Nextafter: return loop::call(Intrinsic::Nextafter, {a, b}, t);
    case BinaryOp::Ldexp: return loop::call(Intrinsic::Ldexp, {a, b}, t);
    }
    NPC_INTERNAL_ERROR("unhandled binary op");
}


} // namespace npc::passes::detail
