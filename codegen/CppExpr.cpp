// C++ spelling of loop-IR scalar expressions with minimal parentheses (kept where g++'s
// -Wparentheses would warn, so generated code builds under -Wall -Werror).
#include "codegen/CppEmitter.h"

#include <cmath>
#include <fmt/format.h>

namespace npc::codegen {
namespace {

using loop::BinaryOp;
using loop::ExprKind;
using loop::ExprPtr;
using loop::Intrinsic;

enum Precedence { kOr = 1, kAnd, kEquality, kRelational, kAdditive, kMultiplicative, kUnary, kPrimary };

int precedence(const ExprPtr &e) {
    switch (e->kind) {
    case ExprKind::Binary:
        switch (e->binaryOp) {
        case BinaryOp::Or: return kOr;
        case BinaryOp::And: return kAnd;
        case BinaryOp::Eq:
        case BinaryOp::Ne: return kEquality;
        case BinaryOp::Lt:
        case BinaryOp::Le:
        case BinaryOp::Gt:
        case BinaryOp::Ge: return kRelational;
        case BinaryOp::Add:
        case BinaryOp::Sub: return kAdditive;
        case BinaryOp::Mul:
        case BinaryOp::Div: return kMultiplicative;
        }
        return kPrimary;
    case ExprKind::Unary: return kUnary;
    case ExprKind::Select: return 0;
    case ExprKind::IntImm: return e->intValue < 0 ? kUnary : kPrimary;
    case ExprKind::FloatImm: return e->floatValue < 0 ? kUnary : kPrimary;
    default: return kPrimary;
    }
}


std::string floatLiteral(double v, DType t) {
    std::string type(cppTypeName(t));
    if (t == DType::Float32) // 1e300 as float32 is inf (NumPy's cast of a Python float)
        v = static_cast<float>(v);
    if (std::isnan(v))
        return fmt::format("std::numeric_limits<{}>::quiet_NaN()", type);
    if (std::isinf(v))
        return fmt::format("{}std::numeric_limits<{}>::infinity()", v < 0 ? "-" : "", type);
    std::string s = t == DType::Float32 ? fmt::format("{}", static_cast<float>(v)) : fmt::format("{}", v);
    if (s.find_first_of(".e") == std::string::npos)
        s += ".0";
    return t == DType::Float32 ? s + "f" : s;
}

std::string intLiteral(int64_t v, DType t) {
    if (isBool(t))
        return v ? "true" : "false";
    if (v == INT64_MIN)
        return "INT64_MIN";
    // `u` alone is an unsigned int: uint64 arithmetic of literals (`0u - 1u`) would wrap
    // at 2**32. `ull` is 64 bits on every data model.
    if (t == DType::UInt64)
        return fmt::format("{}ull", static_cast<uint64_t>(v));
    if (t == DType::UInt32)
        return fmt::format("{}u", v);
    return std::to_string(v);
}

/// True for dtypes C++ promotes to int before arithmetic: results are cast back so
/// they wrap at the dtype's width like NumPy's.
bool promotedToInt(DType t) {
    return t == DType::Int8 || t == DType::Int16 || t == DType::UInt8 || t == DType::UInt16;
}

std::string wrap(const ExprPtr &e, Dialect d, int parentPrecedence, bool strict = false) {
    int p = precedence(e);
    std::string s = cppExpr(e, d);
    bool paren = p < parentPrecedence || (strict && p == parentPrecedence);
    // g++ -Wparentheses: `a || b && c` and `a < b == c` draw warnings; keep parentheses.
    if (parentPrecedence == kOr && p == kAnd)
        paren = true;
    if ((parentPrecedence == kEquality || parentPrecedence == kRelational) &&
        (p == kEquality || p == kRelational))
        paren = true;
    return paren ? "(" + s + ")" : s;
}

/// `std::name(args)`; for a complex argument in CUDA code `cuda::std::name(args)`
/// (std::complex's functions are host-only; libcu++'s run on the device too), except
/// that sqrt, log and log10 are npc::complex_sqrt, complex_log and complex_log10.
std::string mathCall(std::string_view name, const loop::Expr &e, Dialect d) {
    std::vector<std::string> args;
    for (const ExprPtr &a : e.args)
        args.push_back(cppExpr(a, d));
    bool cudaComplex = d == Dialect::Cuda && isComplex(e.args[0]->dtype);
    // C's special values and accuracy where libcu++'s differ (see npc/complex.h).
    if (cudaComplex && (name == "sqrt" || name == "log" || name == "log10"))
        return fmt::format("npc::complex_{}({})", name, args[0]);
    return fmt::format("{}std::{}({})", cudaComplex ? "cuda::" : "", name, fmt::join(args, ", "));
}

std::string intrinsicCall(const loop::Expr &e, Dialect d) {
    std::string type(typeName(e.dtype, d));
    auto arg = [&](size_t i) { return cppExpr(e.args[i], d); };
    auto math = [&](std::string_view name) { return mathCall(name, e, d); };
    switch (e.intrinsic) {
    case Intrinsic::Sqrt: return math("sqrt");
    case Intrinsic::Exp: return math("exp");
    case Intrinsic::Log: return math("log");
    case Intrinsic::Abs:
        // A literal is an int or a long: |-128| of an int8 must wrap to -128 as an int8.
        if (e.args[0]->kind == loop::ExprKind::IntImm)
            return fmt::format("npc::absolute<{}>({})", type, arg(0));
        return fmt::format("npc::absolute({})", arg(0));
    case Intrinsic::Pow:
        if (isComplex(e.dtype)) // NumPy's rules for integer exponents (see npc/complex.h)
            return fmt::format("npc::power({}, {})", arg(0), arg(1));
        return math("pow");
    case Intrinsic::IntPow:
        // `power_error` is declared by the function emitter (see FunctionEmitter::emit).
        return fmt::format("npc::power_flagged<{}>({}, {}, power_error)", type, arg(0), arg(1));
    case Intrinsic::FloorDiv: return fmt::format("npc::floor_div<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::FloorMod: return fmt::format("npc::floor_mod<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::Minimum: return fmt::format("npc::minimum<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::Maximum: return fmt::format("npc::maximum<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::IsNan: return fmt::format("npc::isnan({})", arg(0));
    case Intrinsic::Exp2: return math("exp2");
    case Intrinsic::Expm1: return math("expm1");
    case Intrinsic::Log2: return math("log2");
    case Intrinsic::Log10: return math("log10");
    case Intrinsic::Log1p: return math("log1p");
    case Intrinsic::Sin: return math("sin");
    case Intrinsic::Cos: return math("cos");
    case Intrinsic::Tan: return math("tan");
    case Intrinsic::Asin: return math("asin");
    case Intrinsic::Acos: return math("acos");
    case Intrinsic::Atan: return math("atan");
    case Intrinsic::Sinh: return math("sinh");
    case Intrinsic::Cosh: return math("cosh");
    case Intrinsic::Tanh: return math("tanh");
    case Intrinsic::Floor: return math("floor");
    case Intrinsic::Ceil: return math("ceil");
    case Intrinsic::Trunc: return math("trunc");
    // Round half to even in the default rounding mode, as numpy.rint.
    case Intrinsic::Rint:
        if (isComplex(e.dtype)) // each part (see npc/complex.h)
            return fmt::format("npc::complex_rint({})", arg(0));
        return math("rint");
    case Intrinsic::Atan2: return math("atan2");
    case Intrinsic::Hypot: return math("hypot");
    case Intrinsic::Cbrt:
        return math("cbrt");
    case Intrinsic::Copysign:
        return math("copysign");
    case Intrinsic::Asinh:
        return math("asinh");
    case Intrinsic::Acosh:
        return math("acosh");
    case Intrinsic::Atanh:
        return math("atanh");
    case Intrinsic::Erf:
        return math("erf");
    case Intrinsic::Erfc:
        return math("erfc");
    case Intrinsic::Signbit:
        return math("signbit");
    case Intrinsic::Sign: return fmt::format("npc::sign<{}>({})", type, arg(0));
    case Intrinsic::IsInf: return fmt::format("npc::isinf({})", arg(0));
    case Intrinsic::IsFinite: return fmt::format("npc::isfinite({})", arg(0));
    case Intrinsic::Fmin: return fmt::format("npc::fmin<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::Fmax: return fmt::format("npc::fmax<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::Fmod: return fmt::format("npc::fmod<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::Gcd: return fmt::format("npc::gcd<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::Lcm: return fmt::format("npc::lcm<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::Nextafter: return math("nextafter");
    case Intrinsic::Ldexp: return fmt::format("npc::ldexp<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::FrexpMantissa: return fmt::format("npc::frexp_mantissa({})", arg(0));
    case Intrinsic::FrexpExponent:
        return fmt::format("npc::frexp_exponent<{}>({})", typeName(e.args[0]->dtype, d), arg(0));
    case Intrinsic::BitAnd: return fmt::format("npc::bitwise_and<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::BitOr: return fmt::format("npc::bitwise_or<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::BitXor: return fmt::format("npc::bitwise_xor<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::Invert: return fmt::format("npc::invert<{}>({})", type, arg(0));
    case Intrinsic::LeftShift:
        return fmt::format("npc::left_shift<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::RightShift:
        return fmt::format("npc::right_shift<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::WrapAdd: return fmt::format("npc::wrapping_add<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::WrapSub: return fmt::format("npc::wrapping_sub<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::WrapMul: return fmt::format("npc::wrapping_mul<{}>({}, {})", type, arg(0), arg(1));
    case Intrinsic::WrapNeg: return fmt::format("npc::wrapping_neg<{}>({})", type, arg(0));
    case Intrinsic::BroadcastDim: return fmt::format("npc::broadcast_dim({}, {})", arg(0), arg(1));
    case Intrinsic::SliceStart:
        return fmt::format("npc::slice_start({}, {}, {}, {})", arg(0), arg(1), arg(2), arg(3));
    case Intrinsic::RangeLength:
        return fmt::format("npc::range_length({}, {}, {})", arg(0), arg(1), arg(2));
    case Intrinsic::SliceLength:
        return fmt::format("npc::slice_length({}, {}, {}, {})", arg(0), arg(1), arg(2), arg(3));
    case Intrinsic::NormalizeIndex:
        return fmt::format("npc::normalize_index({}, {}, {})", arg(0), arg(1), arg(2));
    case Intrinsic::CheckedIndex:
        // `index_error` is declared by the function emitter (see FunctionEmitter::emit).
        return fmt::format("npc::checked_index({}, {}, {}, index_error)", arg(0), arg(1), arg(2));
    case Intrinsic::ArgMinBetter:
    case Intrinsic::ArgMaxBetter:
        return fmt::format("npc::arg_better<{}>({}, {}, {}, {})",
                           e.intrinsic == Intrinsic::ArgMinBetter ? "true" : "false", arg(0), arg(1),
                           arg(2), arg(3));
    case Intrinsic::Then: return fmt::format("(static_cast<void>({}), {})", arg(0), arg(1));
    case Intrinsic::BitWidth:
        return fmt::format("npc::bit_width({})", arg(0));
    case Intrinsic::RadixDigit:
        return fmt::format("npc::radix_digit({}, {}, {})", arg(0), arg(1), arg(2));
    case Intrinsic::BroadcastStride: return fmt::format("npc::bcast_stride({}, {})", arg(0), arg(1));
    case Intrinsic::Infinity: return fmt::format("npc::infinity<{}>()", type);
    case Intrinsic::Lowest: return fmt::format("npc::lowest<{}>()", type);
    case Intrinsic::Highest: return fmt::format("npc::highest<{}>()", type);
    case Intrinsic::Real: return fmt::format("{}.real()", wrap(e.args[0], d, kPrimary));
    case Intrinsic::Imag: return fmt::format("{}.imag()", wrap(e.args[0], d, kPrimary));
    case Intrinsic::Conj: return math("conj");
    case Intrinsic::ComplexMul: return fmt::format("npc::complex_multiply({}, {})", arg(0), arg(1));
    case Intrinsic::ComplexDiv: return fmt::format("npc::complex_divide({}, {})", arg(0), arg(1));
    }
    return "?";
}

} // namespace

std::string typeName(DType t, Dialect d) {
    if (d == Dialect::Cuda && isComplex(t))
        return t == DType::Complex64 ? "cuda::std::complex<float>" : "cuda::std::complex<double>";
    return std::string(cppTypeName(t));
}

std::string cppExpr(const ExprPtr &e, Dialect d) {
    switch (e->kind) {
    case ExprKind::Var:
        return e->args.empty() ? e->name : fmt::format("{}[{}]", e->name, cppExpr(e->args[0], d));
    case ExprKind::IntImm:
        return e->intValue == loop::kNoneBound && e->dtype == DType::Int64 ? "npc::none"
                                                                           : intLiteral(e->intValue, e->dtype);
    case ExprKind::FloatImm:
        if (isComplex(e->dtype)) {
            DType part = complexPartDType(e->dtype);
            return fmt::format("{}({}, {})", typeName(e->dtype, d), floatLiteral(e->floatValue, part),
                               floatLiteral(e->imagValue, part));
        }
        return floatLiteral(e->floatValue, e->dtype);
    case ExprKind::Cast:
        // NumPy's complex -> real cast keeps the real part (ComplexWarning); -> bool tests
        // both parts.
        if (isComplex(e->args[0]->dtype) && !isComplex(e->dtype))
            return fmt::format("npc::complex_to<{}>({})", typeName(e->dtype, d), cppExpr(e->args[0], d));
        // Float -> integer: NumPy's x86-64 values for NaN and out-of-range values, where
        // static_cast is undefined.
        if (isFloat(e->args[0]->dtype) && isInteger(e->dtype))
            return fmt::format("npc::float_to_int<{}>({})", typeName(e->dtype, d),
                               cppExpr(e->args[0], d));
        return fmt::format("static_cast<{}>({})", typeName(e->dtype, d), cppExpr(e->args[0], d));
    case ExprKind::Unary: {
        // Strict: `-(-x)` must not print as `--x`.
        std::string s = (e->unaryOp == loop::UnaryOp::Neg ? "-" : "!") + wrap(e->args[0], d, kUnary, true);
        if (e->unaryOp == loop::UnaryOp::Neg && promotedToInt(e->dtype))
            return fmt::format("static_cast<{}>({})", typeName(e->dtype, d), s);
        return s;
    }
    case ExprKind::Binary: {
        int p = precedence(e);
        std::string s = fmt::format("{} {} {}", wrap(e->args[0], d, p), loop::binaryOpSymbol(e->binaryOp),
                                    wrap(e->args[1], d, p, true));
        bool arithmetic = e->binaryOp <= BinaryOp::Div;
        if (arithmetic && promotedToInt(e->dtype))
            return fmt::format("static_cast<{}>({})", typeName(e->dtype, d), s);
        return s;
    }
    case ExprKind::Select:
        return fmt::format("{} ? {} : {}", wrap(e->args[0], d, kOr), wrap(e->args[1], d, kOr),
                           wrap(e->args[2], d, kOr));
    case ExprKind::Load:
        return fmt::format("{}_data[{}]", e->name, cppExpr(e->args[0], d));
    case ExprKind::Call:
        return intrinsicCall(*e, d);
    }
    return "?";
}

} // namespace npc::codegen
