// Constructors with light constant folding for the loop IR, and its text printer.
#include "ir/LoopIR.h"

#include <fmt/format.h>

namespace npc::loop {
namespace {

ExprPtr make(Expr e) { return std::make_shared<const Expr>(std::move(e)); }

Expr base(ExprKind kind, DType dtype) {
    Expr e{};
    e.kind = kind;
    e.dtype = dtype;
    return e;
}

StmtPtr makeStmt(StmtKind kind) {
    auto s = std::make_shared<Stmt>();
    s->kind = kind;
    return s;
}

} // namespace

std::string_view intrinsicName(Intrinsic f) {
    switch (f) {
    case Intrinsic::Sqrt: return "sqrt";
    case Intrinsic::Exp: return "exp";
    case Intrinsic::Log: return "log";
    case Intrinsic::Abs: return "abs";
    case Intrinsic::Pow: return "pow";
    case Intrinsic::IntPow: return "power";
    case Intrinsic::FloorDiv: return "floor_divide";
    case Intrinsic::FloorMod: return "remainder";
    case Intrinsic::Minimum: return "minimum";
    case Intrinsic::Maximum: return "maximum";
    case Intrinsic::IsNan: return "isnan";
    case Intrinsic::Exp2: return "exp2";
    case Intrinsic::Expm1: return "expm1";
    case Intrinsic::Log2: return "log2";
    case Intrinsic::Log10: return "log10";
    case Intrinsic::Log1p: return "log1p";
    case Intrinsic::Sin: return "sin";
    case Intrinsic::Cos: return "cos";
    case Intrinsic::Tan: return "tan";
    case Intrinsic::Asin: return "arcsin";
    case Intrinsic::Acos: return "arccos";
    case Intrinsic::Atan: return "arctan";
    case Intrinsic::Sinh: return "sinh";
    case Intrinsic::Cosh: return "cosh";
    case Intrinsic::Tanh: return "tanh";
    case Intrinsic::Floor: return "floor";
    case Intrinsic::Ceil: return "ceil";
    case Intrinsic::Trunc: return "trunc";
    case Intrinsic::Rint: return "rint";
    case Intrinsic::Atan2: return "arctan2";
    case Intrinsic::Hypot: return "hypot";
    case Intrinsic::Sign: return "sign";
    case Intrinsic::IsInf: return "isinf";
    case Intrinsic::IsFinite: return "isfinite";
    case Intrinsic::Cbrt:
        return "cbrt";
    case Intrinsic::Copysign:
        return "copysign";
    case Intrinsic::Asinh:
        return "arcsinh";
    case Intrinsic::Acosh:
        return "arccosh";
    case Intrinsic::Atanh:
        return "arctanh";
    case Intrinsic::Erf:
        return "erf";
    case Intrinsic::Erfc:
        return "erfc";
    case Intrinsic::Signbit:
        return "signbit";
    case Intrinsic::Fmin: return "fmin";
    case Intrinsic::Fmax: return "fmax";
    case Intrinsic::Fmod: return "fmod";
    case Intrinsic::Gcd: return "gcd";
    case Intrinsic::Lcm: return "lcm";
    case Intrinsic::Nextafter: return "nextafter";
    case Intrinsic::Ldexp: return "ldexp";
    case Intrinsic::FrexpMantissa: return "frexp_mantissa";
    case Intrinsic::FrexpExponent: return "frexp_exponent";
    case Intrinsic::BitAnd: return "bitwise_and";
    case Intrinsic::BitOr: return "bitwise_or";
    case Intrinsic::BitXor: return "bitwise_xor";
    case Intrinsic::Invert: return "invert";
    case Intrinsic::LeftShift: return "left_shift";
    case Intrinsic::RightShift: return "right_shift";
    case Intrinsic::WrapAdd: return "wrapping_add";
    case Intrinsic::WrapSub: return "wrapping_sub";
    case Intrinsic::WrapMul: return "wrapping_mul";
    case Intrinsic::WrapNeg: return "wrapping_neg";
    case Intrinsic::BroadcastDim: return "broadcast_dim";
    case Intrinsic::SliceStart: return "slice_start";
    case Intrinsic::SliceLength: return "slice_length";
    case Intrinsic::RangeLength: return "range_length";
    case Intrinsic::NormalizeIndex: return "normalize_index";
    case Intrinsic::CheckedIndex: return "checked_index";
    case Intrinsic::Then: return "then";
    case Intrinsic::BitWidth:
        return "bit_width";
    case Intrinsic::RadixDigit: return "radix_digit";
    case Intrinsic::ArgMinBetter: return "argmin_better";
    case Intrinsic::ArgMaxBetter: return "argmax_better";
    case Intrinsic::BroadcastStride: return "bcast_stride";
    case Intrinsic::Infinity: return "infinity";
    case Intrinsic::Lowest: return "lowest";
    case Intrinsic::Highest: return "highest";
    case Intrinsic::Real: return "real";
    case Intrinsic::Imag: return "imag";
    case Intrinsic::Conj: return "conj";
    case Intrinsic::ComplexMul: return "complex_multiply";
    case Intrinsic::ComplexDiv: return "complex_divide";
    }
    return "?";
}

ExprPtr var(std::string name, DType dtype) {
    Expr e = base(ExprKind::Var, dtype);
    e.name = std::move(name);
    return make(std::move(e));
}

ExprPtr laneVar(std::string name, DType dtype, ExprPtr lane) {
    Expr e = base(ExprKind::Var, dtype);
    e.name = std::move(name);
    e.args = {std::move(lane)};
    return make(std::move(e));
}

ExprPtr intImm(int64_t value, DType dtype) {
    Expr e = base(ExprKind::IntImm, dtype);
    e.intValue = value;
    return make(std::move(e));
}

ExprPtr floatImm(double value, DType dtype) {
    Expr e = base(ExprKind::FloatImm, dtype);
    e.floatValue = value;
    return make(std::move(e));
}

ExprPtr complexImm(double real, double imag, DType dtype) {
    Expr e = base(ExprKind::FloatImm, dtype);
    e.floatValue = real;
    e.imagValue = imag;
    return make(std::move(e));
}

ExprPtr numberImm(double value, DType dtype) {
    if (isComplex(dtype))
        return complexImm(value, 0, dtype);
    if (isFloat(dtype))
        return floatImm(value, dtype);
    return intImm(static_cast<int64_t>(value), dtype);
}

ExprPtr boolImm(bool value) { return intImm(value, DType::Bool); }

ExprPtr cast(ExprPtr value, DType dtype) {
    if (value->dtype == dtype)
        return value;
    if (value->kind == ExprKind::IntImm && !isInexact(dtype) && !isBool(dtype)) {
        // The constant wrapped to the dtype, as the cast would (300 as int8 is 44).
        int bits = itemSize(dtype) * 8;
        if (bits == 64)
            return intImm(value->intValue, dtype);
        uint64_t low = static_cast<uint64_t>(value->intValue) & ((uint64_t{1} << bits) - 1);
        if (isSignedInteger(dtype) && (low >> (bits - 1)) != 0)
            return intImm(static_cast<int64_t>(low) - (int64_t{1} << bits), dtype);
        return intImm(static_cast<int64_t>(low), dtype);
    }
    Expr e = base(ExprKind::Cast, dtype);
    e.args = {std::move(value)};
    return make(std::move(e));
}

ExprPtr unary(UnaryOp op, ExprPtr value) {
    Expr e = base(ExprKind::Unary, op == UnaryOp::Not ? DType::Bool : value->dtype);
    e.unaryOp = op;
    e.args = {std::move(value)};
    return make(std::move(e));
}

bool isIntImm(const ExprPtr &e, int64_t value) {
    return e->kind == ExprKind::IntImm && e->intValue == value;
}

ExprPtr binary(BinaryOp op, ExprPtr lhs, ExprPtr rhs) {
    bool index = lhs->dtype == DType::Int64 && rhs->dtype == DType::Int64;
    if (index && lhs->kind == ExprKind::IntImm && rhs->kind == ExprKind::IntImm) {
        int64_t a = lhs->intValue, b = rhs->intValue;
        switch (op) {
        case BinaryOp::Add: return intImm(a + b);
        case BinaryOp::Sub: return intImm(a - b);
        case BinaryOp::Mul: return intImm(a * b);
        default: break;
        }
    }
    if (index) {
        if (op == BinaryOp::Add && isIntImm(lhs, 0))
            return rhs;
        if ((op == BinaryOp::Add || op == BinaryOp::Sub) && isIntImm(rhs, 0))
            return lhs;
        if (op == BinaryOp::Mul && (isIntImm(lhs, 0) || isIntImm(rhs, 1)))
            return lhs;
        if (op == BinaryOp::Mul && (isIntImm(rhs, 0) || isIntImm(lhs, 1)))
            return rhs;
    }
    bool predicate = op >= BinaryOp::Lt;
    Expr e = base(ExprKind::Binary, predicate ? DType::Bool : lhs->dtype);
    e.binaryOp = op;
    e.args = {std::move(lhs), std::move(rhs)};
    return make(std::move(e));
}

ExprPtr select(ExprPtr cond, ExprPtr then, ExprPtr otherwise) {
    Expr e = base(ExprKind::Select, then->dtype);
    e.args = {std::move(cond), std::move(then), std::move(otherwise)};
    return make(std::move(e));
}

ExprPtr load(std::string data, ExprPtr offset, DType dtype) {
    Expr e = base(ExprKind::Load, dtype);
    e.name = std::move(data);
    e.args = {std::move(offset)};
    return make(std::move(e));
}

ExprPtr call(Intrinsic f, std::vector<ExprPtr> args, DType dtype) {
    Expr e = base(ExprKind::Call, dtype);
    e.intrinsic = f;
    e.args = std::move(args);
    return make(std::move(e));
}

StmtPtr block(std::vector<StmtPtr> stmts) {
    StmtPtr s = makeStmt(StmtKind::Block);
    s->stmts = std::move(stmts);
    return s;
}

StmtPtr forLoop(std::string v, ExprPtr extent, std::vector<StmtPtr> body) {
    StmtPtr s = makeStmt(StmtKind::For);
    s->name = std::move(v);
    s->extent = std::move(extent);
    s->stmts = std::move(body);
    return s;
}

StmtPtr decl(std::string name, DType dtype, ExprPtr init, bool mutableVar) {
    StmtPtr s = makeStmt(StmtKind::Decl);
    s->name = std::move(name);
    s->dtype = dtype;
    s->value = std::move(init);
    s->mutableVar = mutableVar;
    return s;
}

StmtPtr assign(std::string name, ExprPtr value) {
    StmtPtr s = makeStmt(StmtKind::Assign);
    s->name = std::move(name);
    s->value = std::move(value);
    return s;
}

StmtPtr assignLane(std::string name, ExprPtr lane, ExprPtr value) {
    StmtPtr s = assign(std::move(name), std::move(value));
    s->offset = std::move(lane);
    return s;
}

StmtPtr store(std::string data, ExprPtr offset, ExprPtr value) {
    StmtPtr s = makeStmt(StmtKind::Store);
    s->name = std::move(data);
    s->offset = std::move(offset);
    s->value = std::move(value);
    return s;
}

StmtPtr ifThen(ExprPtr cond, std::vector<StmtPtr> then, std::vector<StmtPtr> orelse) {
    StmtPtr s = makeStmt(StmtKind::If);
    s->value = std::move(cond);
    s->stmts = std::move(then);
    s->orelse = std::move(orelse);
    return s;
}

StmtPtr comment(std::string text) {
    StmtPtr s = makeStmt(StmtKind::Comment);
    s->text = std::move(text);
    return s;
}

StmtPtr throwIf(ExprPtr cond, std::string exception, std::string message) {
    StmtPtr s = makeStmt(StmtKind::Throw);
    s->value = std::move(cond);
    s->exception = std::move(exception);
    s->text = std::move(message);
    return s;
}

StmtPtr throwIf(ExprPtr cond, std::string exception, std::string message, ExprPtr detail) {
    StmtPtr s = throwIf(std::move(cond), std::move(exception), std::move(message));
    s->detail = std::move(detail);
    return s;
}

StmtPtr loopForever(std::vector<StmtPtr> body) {
    StmtPtr s = makeStmt(StmtKind::While);
    s->stmts = std::move(body);
    return s;
}

StmtPtr breakStmt() { return makeStmt(StmtKind::Break); }

StmtPtr continueStmt() { return makeStmt(StmtKind::Continue); }

StmtPtr returnStmt(std::vector<ExprPtr> results, bool returnsTuple) {
    StmtPtr s = makeStmt(StmtKind::Return);
    s->returnsTuple = returnsTuple;
    s->extents = std::move(results);
    return s;
}

StmtPtr allocStmt(std::string name, DType dtype, std::vector<ExprPtr> extents, bool replaces) {
    StmtPtr s = makeStmt(StmtKind::Alloc);
    s->name = std::move(name);
    s->dtype = dtype;
    s->extents = std::move(extents);
    s->replaces = replaces;
    return s;
}

StmtPtr takeStmt(std::string name, DType dtype, std::string source) {
    StmtPtr s = allocStmt(std::move(name), dtype, {}, true);
    s->source = std::move(source);
    return s;
}

StmtPtr snapshotStmt(std::string name, DType dtype, std::string source,
                     std::vector<std::string> overlapping) {
    StmtPtr s = makeStmt(StmtKind::Snapshot);
    s->name = std::move(name);
    s->dtype = dtype;
    s->source = std::move(source);
    s->overlapping = std::move(overlapping);
    return s;
}

} // namespace npc::loop
