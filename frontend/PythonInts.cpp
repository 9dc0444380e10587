// Exact evaluation of int-literal expressions (see PythonInts.h), in 128-bit integers:
// beyond them a value is "too big", which only matters when it is the final value.
#include "frontend/PythonInts.h"

#include "ir/SourceLoc.h"

#include <fmt/format.h>

#include <cstdint>
#include <string>

namespace npc::lowering {
namespace {

__extension__ typedef __int128 Int128;

/// An intermediate result: a value, or a magnitude beyond Int128, or not a Python int
/// computed here (a name, a float, a ZeroDivisionError).
struct Exact {
    enum Kind { Value, TooBig, NotHandled } kind = NotHandled;
    Int128 value = 0;
};

Exact value(Int128 v) { return {Exact::Value, v}; }
Exact tooBig() { return {Exact::TooBig, 0}; }
Exact notHandled() { return {}; }

/// Floor division and modulo as Python defines them (the remainder takes the divisor's sign).
void floorDivMod(Int128 x, Int128 y, Int128 &q, Int128 &m) {
    q = x / y;
    m = x % y;
    if (m != 0 && ((m < 0) != (y < 0))) {
        q -= 1;
        m += y;
    }
}

Exact binary(syntax::BinaryOp op, Int128 x, Int128 y) {
    using syntax::BinaryOp;
    Int128 r = 0;
    switch (op) {
    case BinaryOp::Add: return __builtin_add_overflow(x, y, &r) ? tooBig() : value(r);
    case BinaryOp::Sub: return __builtin_sub_overflow(x, y, &r) ? tooBig() : value(r);
    case BinaryOp::Mul: return __builtin_mul_overflow(x, y, &r) ? tooBig() : value(r);
    case BinaryOp::Pow: {
        if (y < 0)
            return notHandled(); // a Python float
        if (x == 0 || x == 1 || x == -1)
            return value(x == 0 ? (y == 0 ? 1 : 0) : (x == -1 && y % 2 != 0 ? -1 : 1));
        r = 1; // |x| >= 2: beyond Int128 within 127 factors
        for (Int128 i = 0; i < y; ++i)
            if (__builtin_mul_overflow(r, x, &r))
                return tooBig();
        return value(r);
    }
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod: {
        if (y == 0)
            return notHandled(); // ZeroDivisionError
        Int128 q = 0, m = 0;
        floorDivMod(x, y, q, m);
        return value(op == BinaryOp::FloorDiv ? q : m);
    }
    case BinaryOp::LShift:
        if (y < 0)
            return notHandled(); // ValueError: negative shift count
        if (x == 0)
            return value(0);
        if (y >= 126)
            return tooBig();
        return __builtin_mul_overflow(x, Int128{1} << y, &r) ? tooBig() : value(r);
    case BinaryOp::RShift:
        if (y < 0)
            return notHandled();
        return value(y >= 127 ? (x < 0 ? -1 : 0) : x >> y); // >> of a negative floors
    case BinaryOp::BitAnd: return value(x & y);
    case BinaryOp::BitOr: return value(x | y);
    case BinaryOp::BitXor: return value(x ^ y);
    default: return notHandled();
    }
}

Exact evaluate(const syntax::Expr &e) {
    if (const auto *i = e.as<syntax::IntLiteral>())
        return value(i->value);
    if (const auto *u = e.as<syntax::Unary>()) {
        Exact a = evaluate(*u->operand);
        if (a.kind != Exact::Value)
            return a;
        switch (u->op) {
        case syntax::UnaryOp::Pos: return a;
        case syntax::UnaryOp::Neg: return value(-a.value); // |a| < 2**127: no overflow
        case syntax::UnaryOp::Invert: return value(~a.value);
        case syntax::UnaryOp::Not: return notHandled();
        }
        return notHandled();
    }
    if (const auto *b = e.as<syntax::Binary>()) {
        Exact x = evaluate(*b->lhs);
        if (x.kind == Exact::NotHandled)
            return x;
        Exact y = evaluate(*b->rhs);
        if (y.kind == Exact::NotHandled)
            return y;
        if (x.kind == Exact::TooBig || y.kind == Exact::TooBig)
            return tooBig(); // Python would compute on; npc reports the expression
        return binary(b->op, x.value, y.value);
    }
    return notHandled();
}

std::string decimal(Int128 v) {
    if (v == 0)
        return "0";
    bool negative = v < 0;
    std::string digits;
    while (v != 0) {
        int digit = static_cast<int>(v % 10);
        digits.insert(digits.begin(), static_cast<char>('0' + (digit < 0 ? -digit : digit)));
        v /= 10;
    }
    return negative ? "-" + digits : digits;
}

bool fitsInt64(const Exact &r) {
    return r.kind == Exact::Value && r.value >= INT64_MIN && r.value <= INT64_MAX;
}

} // namespace

std::optional<int64_t> pythonIntOp(syntax::BinaryOp op, int64_t x, int64_t y, bool &beyondInt64) {
    Exact r = binary(op, x, y);
    beyondInt64 = r.kind != Exact::NotHandled && !fitsInt64(r);
    return fitsInt64(r) ? std::optional(static_cast<int64_t>(r.value)) : std::nullopt;
}

std::optional<int64_t> exactLiteralInt(const syntax::Expr &e) {
    Exact r = evaluate(e);
    if (r.kind == Exact::NotHandled)
        return std::nullopt;
    if (fitsInt64(r))
        return static_cast<int64_t>(r.value);
    std::string shown = r.kind == Exact::Value ? ", " + decimal(r.value) + "," : "";
    throw UserError(e.loc, fmt::format("the value of this Python int expression{} does not fit "
                                       "in int64, which npc computes Python ints in; write a "
                                       "float where a float is meant (2.0**64, not 2**64)",
                                       shown));
}

} // namespace npc::lowering
