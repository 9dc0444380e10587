// Free variables of kernel regions and their rewriting for device code (see CudaRegion.h).
#include "codegen/CudaRegion.h"

#include "codegen/CppEmitter.h"

#include "ir/SourceLoc.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <memory>

namespace npc::codegen::cuda {
namespace {

using loop::Expr;
using loop::ExprKind;
using loop::ExprPtr;
using loop::Intrinsic;
using loop::Stmt;
using loop::StmtKind;
using loop::StmtPtr;

class UseCollector {
public:
    explicit UseCollector(RegionUses &u) : u_(u) {}

    void declarations(const Stmt &s) {
        if (s.kind == StmtKind::Decl || s.kind == StmtKind::For)
            u_.declared.insert(s.name);
        for (const StmtPtr &c : s.stmts)
            declarations(*c);
        for (const StmtPtr &c : s.orelse)
            declarations(*c);
    }

    void stmt(const Stmt &s) {
        switch (s.kind) {
        case StmtKind::Block:
        case StmtKind::Comment:
        case StmtKind::While: // Python control flow stays on the host, outside kernels
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Return:
        case StmtKind::Alloc:
        case StmtKind::Snapshot:
            break;
        case StmtKind::For:
            expr(s.extent);
            break;
        case StmtKind::Decl:
            if (s.value)
                expr(s.value);
            break;
        case StmtKind::Assign:
            expr(s.value);
            use(s.name, false);
            if (!u_.declared.count(s.name))
                u_.assigned.insert(s.name);
            break;
        case StmtKind::Store:
            use(s.name, true);
            u_.stored.insert(s.name);
            expr(s.offset);
            expr(s.value);
            break;
        case StmtKind::If:
            expr(s.value);
            break;
        case StmtKind::Throw:
            u_.throws = true;
            expr(s.value);
            if (s.detail)
                expr(s.detail);
            for (const ExprPtr &e : s.extents)
                expr(e);
            break;
        }
        for (const StmtPtr &c : s.stmts)
            stmt(*c);
        for (const StmtPtr &c : s.orelse)
            stmt(*c);
    }

private:
    void expr(const ExprPtr &e) {
        if (e->kind == ExprKind::Var)
            use(e->name, false);
        if (e->kind == ExprKind::Load) {
            use(e->name, true);
            u_.loads = true;
        }
        for (const ExprPtr &a : e->args)
            expr(a);
    }

    void use(const std::string &name, bool buffer) {
        if (!buffer && u_.declared.count(name))
            return;
        if (!seen_.insert({name, buffer}).second)
            return;
        u_.free.push_back({name, buffer});
    }

    RegionUses &u_;
    std::set<std::pair<std::string, bool>> seen_;
};

/// A Var node whose "name" is a device expression: codegen-local spelling of a value the
/// shared C++ expression printer would write with host-only std::numeric_limits.
ExprPtr deviceSpelling(const std::string &text, DType dtype) {
    return loop::var(text, dtype);
}

/// A float part of dtype `part` in device code: NaN and infinities through npc::cuda.
std::string deviceFloat(double v, DType part) {
    std::string type(cppTypeName(part));
    if (std::isnan(v))
        return fmt::format("npc::cuda::quiet_nan<{}>()", type);
    if (std::isinf(v))
        return fmt::format("{}npc::cuda::infinity<{}>()", v < 0 ? "-" : "", type);
    return cppExpr(loop::floatImm(v, part), Dialect::Cuda);
}

ExprPtr rewrite(const ExprPtr &e, const std::map<std::string, std::string> &rename) {
    std::string type(cppTypeName(e->dtype));
    switch (e->kind) {
    case ExprKind::Var: {
        auto it = rename.find(e->name);
        return it == rename.end() ? e : loop::var(it->second, e->dtype);
    }
    case ExprKind::FloatImm: {
        if (isComplex(e->dtype)) {
            DType part = complexPartDType(e->dtype);
            double re = part == DType::Float32 ? static_cast<float>(e->floatValue) : e->floatValue;
            double im = part == DType::Float32 ? static_cast<float>(e->imagValue) : e->imagValue;
            if (std::isfinite(re) && std::isfinite(im))
                return e;
            return deviceSpelling(fmt::format("{}({}, {})", typeName(e->dtype, Dialect::Cuda),
                                              deviceFloat(re, part), deviceFloat(im, part)),
                                  e->dtype);
        }
        // The value in its dtype: 1e300 as float32 is inf.
        double v = e->dtype == DType::Float32 ? static_cast<float>(e->floatValue) : e->floatValue;
        if (std::isnan(v))
            return deviceSpelling(fmt::format("npc::cuda::quiet_nan<{}>()", type), e->dtype);
        if (std::isinf(v)) {
            ExprPtr inf = deviceSpelling(fmt::format("npc::cuda::infinity<{}>()", type), e->dtype);
            return v < 0 ? loop::unary(loop::UnaryOp::Neg, inf) : inf;
        }
        return e;
    }
    case ExprKind::Call:
        switch (e->intrinsic) {
        case Intrinsic::Infinity:
            return deviceSpelling(fmt::format("npc::cuda::infinity<{}>()", type), e->dtype);
        case Intrinsic::Lowest:
            return deviceSpelling(fmt::format("npc::cuda::lowest<{}>()", type), e->dtype);
        case Intrinsic::Highest:
            return deviceSpelling(fmt::format("npc::cuda::highest<{}>()", type), e->dtype);
        case Intrinsic::IntPow: // a negative exponent is recorded in the call's PowerErrorFlag
            return deviceSpelling(
                fmt::format("npc::cuda::power_flagged<{}>({}, {}, power_error)", type,
                            cppExpr(rewrite(e->args[0], rename), Dialect::Cuda),
                            cppExpr(rewrite(e->args[1], rename), Dialect::Cuda)),
                e->dtype);
        case Intrinsic::CheckedIndex: // recorded in the call's npc::cuda::IndexErrorFlag
            return deviceSpelling(fmt::format("npc::cuda::checked_index({}, {}, {}, index_error)",
                                              cppExpr(rewrite(e->args[0], rename), Dialect::Cuda),
                                              cppExpr(rewrite(e->args[1], rename), Dialect::Cuda),
                                              cppExpr(rewrite(e->args[2], rename), Dialect::Cuda)),
                                  e->dtype);
        case Intrinsic::BroadcastDim:
        case Intrinsic::SliceStart:
        case Intrinsic::SliceLength:
        case Intrinsic::RangeLength:
        case Intrinsic::NormalizeIndex:
        case Intrinsic::BroadcastStride:
            NPC_INTERNAL_ERROR(fmt::format("the CUDA target cannot evaluate {} in a kernel (it "
                                           "belongs to the host prologue)",
                                           loop::intrinsicName(e->intrinsic)));
        default:
            break;
        }
        break;
    default:
        break;
    }
    if (e->args.empty())
        return e;
    std::vector<ExprPtr> args;
    bool changed = false;
    for (const ExprPtr &a : e->args) {
        args.push_back(rewrite(a, rename));
        changed = changed || args.back() != a;
    }
    if (!changed)
        return e;
    auto copy = std::make_shared<Expr>(*e);
    copy->args = std::move(args);
    return copy;
}

} // namespace

RegionUses collectUses(const std::vector<StmtPtr> &region) {
    RegionUses u;
    UseCollector c(u);
    for (const StmtPtr &s : region)
        c.declarations(*s);
    for (const StmtPtr &s : region)
        c.stmt(*s);
    return u;
}

std::optional<std::pair<std::string, int>> parseShapeVar(const std::string &name) {
    const std::string marker = ".shape[";
    size_t dot = name.find(marker);
    if (dot == std::string::npos || dot == 0 || name.back() != ']')
        return std::nullopt;
    std::string digits = name.substr(dot + marker.size(), name.size() - dot - marker.size() - 1);
    if (digits.empty() || digits.size() > 2)
        return std::nullopt;
    for (char c : digits)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return std::nullopt;
    return std::make_pair(name.substr(0, dot), std::stoi(digits));
}

std::string shapeParamName(const std::string &param, int axis) {
    return fmt::format("{}_shape{}", param, axis);
}

StmtPtr rewriteForDevice(const StmtPtr &s, const std::map<std::string, std::string> &rename) {
    NPC_ASSERT(s->kind != StmtKind::Throw,
               "the CUDA target cannot raise errors from device code yet: " + s->text);
    auto copy = std::make_shared<Stmt>(*s);
    if (copy->value)
        copy->value = rewrite(copy->value, rename);
    if (copy->offset)
        copy->offset = rewrite(copy->offset, rename);
    if (copy->extent)
        copy->extent = rewrite(copy->extent, rename);
    for (StmtPtr &c : copy->stmts)
        c = rewriteForDevice(c, rename);
    for (StmtPtr &c : copy->orelse)
        c = rewriteForDevice(c, rename);
    return copy;
}

} // namespace npc::codegen::cuda
