// Scalarization of array IR stages into loop IR.
#include "ir/passes/LowerToLoops.h"

#include "ir/Identifiers.h"

#include <fmt/format.h>
#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace npc::passes {
namespace {

using array::Node;
using array::NodeKind;
using array::NodePtr;
using loop::ExprPtr;
using loop::StmtKind;
using loop::StmtPtr;

/// Where a materialized value lives: a buffer with strides, or a scalar variable.
struct Storage {
    std::string name;
    std::vector<ExprPtr> strides; ///< empty for scalars
};

class Lowering {
public:
    Lowering(const array::Function &f, const Schedule &s, const SourceFile &file)
        : af_(f), schedule_(s), file_(file) {}

    loop::Function run() {
        out_.name = af_.name;
        out_.returnsTuple = af_.returnsTuple;
        countUsers();
        for (const NodePtr &p : af_.params)
            addParam(*p);
        for (const Stage &stage : schedule_.stages)
            lowerStage(stage);
        for (const NodePtr &r : af_.results) {
            const Storage &s = storage_.at(r.get());
            out_.results.push_back({s.name, r->type.dtype, r->type.rank()});
        }
        pruneUnusedPrologue();
        return std::move(out_);
    }

private:
    // ---- names ----------------------------------------------------------------------
    std::string fresh(const std::string &hint) {
        std::string base = cppIdentifier(hint.empty() ? "t" : hint);
        std::string name = base;
        for (int n = 2; !names_.insert(name).second; ++n)
            name = fmt::format("{}{}", base, n);
        return name;
    }

    /// A fresh name for an array whose data pointer `<name>_data` is free too.
    std::string freshBuffer(const std::string &hint) {
        std::string base = cppIdentifier(hint.empty() ? "t" : hint);
        std::string name = base;
        for (int n = 2; names_.count(name) || names_.count(name + "_data"); ++n)
            name = fmt::format("{}{}", base, n);
        names_.insert(name);
        names_.insert(name + "_data");
        return name;
    }

    static std::string hintFor(const Node &n) {
        if (!n.name.empty())
            return n.name;
        switch (n.kind) {
        case NodeKind::Reduce: return std::string(array::reduceOpName(n.reduceOp));
        case NodeKind::Binary:
            return n.binaryOp == array::BinaryOp::Subtract ? "diff" : "t";
        default: return "t";
        }
    }

    // ---- prologue: extents, strides, checks ----------------------------------------
    /// Drops prologue values nothing reads (strides of an argument used only for its
    /// extents, say), so the emitted code has no unused variables.
    void pruneUnusedPrologue() {
        for (bool changed = true; changed;) {
            changed = false;
            std::set<std::string> used;
            auto visit = [&](const loop::Expr &e) {
                if (e.kind == loop::ExprKind::Var)
                    used.insert(e.name);
            };
            loop::forEachExpr(out_.prologue, visit);
            loop::forEachExpr(out_.body, visit);
            for (const loop::Allocation &a : out_.allocations)
                for (const ExprPtr &e : a.extents)
                    loop::forEachExpr(e, visit);
            auto unused = [&](const StmtPtr &s) {
                return s->kind == StmtKind::Decl && !used.count(s->name);
            };
            auto it = std::remove_if(out_.prologue.begin(), out_.prologue.end(), unused);
            changed = it != out_.prologue.end();
            out_.prologue.erase(it, out_.prologue.end());
        }
    }


    ExprPtr hoist(const std::string &hint, ExprPtr value) {
        std::string key = loop::str(value);
        if (auto it = hoisted_.find(key); it != hoisted_.end())
            return it->second;
        std::string name = fresh(hint);
        out_.prologue.push_back(loop::decl(name, value->dtype, value));
        return hoisted_[key] = loop::var(name, value->dtype);
    }

    static ExprPtr bound(const std::optional<int64_t> &b) {
        return loop::intImm(b ? *b : loop::kNoneBound);
    }

    ExprPtr dimExpr(const Dim &d) {
        switch (d->kind) {
        case DimKind::Const:
            return loop::intImm(d->value);
        case DimKind::Extent:
            return loop::var(fmt::format("{}.shape[{}]", paramNames_.at(d->param), d->axis),
                             DType::Int64);
        case DimKind::Broadcast:
            return hoist("n", loop::call(loop::Intrinsic::BroadcastDim,
                                         {dimExpr(d->operands[0]), dimExpr(d->operands[1])},
                                         DType::Int64));
        case DimKind::Slice:
            return hoist("n", loop::call(loop::Intrinsic::SliceLength,
                                         {dimExpr(d->operands[0]), bound(d->start), bound(d->stop),
                                          loop::intImm(d->step)},
                                         DType::Int64));
        case DimKind::Product: {
            ExprPtr p = loop::intImm(1);
            for (const Dim &f : d->operands)
                p = loop::binary(loop::BinaryOp::Mul, p, dimExpr(f));
            return p;
        }
        }
        NPC_INTERNAL_ERROR("unhandled dim kind");
    }

    void addParam(const Node &p) {
        std::string name = p.type.rank() > 0 ? freshBuffer(p.name) : fresh(p.name);
        paramNames_[p.param] = name;
        loop::Param param{name, p.type.dtype, p.type.rank(), p.type.shape, false};
        Storage s{name, {}};
        for (int axis = 0; axis < p.type.rank(); ++axis) {
            const Dim &d = p.type.shape[static_cast<size_t>(axis)];
            if (auto c = dimConstValue(d)) {
                ExprPtr actual = loop::var(fmt::format("{}.shape[{}]", name, axis), DType::Int64);
                out_.prologue.push_back(loop::throwIf(
                    loop::binary(loop::BinaryOp::Ne, actual, loop::intImm(*c)), "ValueError",
                    fmt::format("argument '{}' must have extent {} on axis {}", p.name, *c, axis)));
            }
            std::string strideName = fresh(fmt::format("{}_s{}", name, axis));
            out_.prologue.push_back(loop::decl(
                strideName, DType::Int64,
                loop::call(loop::Intrinsic::BroadcastStride,
                           {loop::var(name, DType::Int64), loop::intImm(axis)}, DType::Int64)));
            s.strides.push_back(loop::var(strideName, DType::Int64));
        }
        storage_[&p] = s;
        out_.params.push_back(param);
    }

    /// A buffer of `n`'s shape, C-contiguous; size-1 axes get stride 0 so it broadcasts.
    Storage allocate(const Node &n, const std::string &name) {
        loop::Allocation a{name, n.type.dtype, n.type.shape, {}};
        for (const Dim &d : n.type.shape)
            a.extents.push_back(dimExpr(d));
        Storage s{name, std::vector<ExprPtr>(a.extents.size())};
        ExprPtr running = loop::intImm(1);
        for (size_t axis = a.extents.size(); axis-- > 0;) {
            const ExprPtr &extent = a.extents[axis];
            ExprPtr stride = running;
            if (isIntImm(extent, 1))
                stride = loop::intImm(0);
            else if (extent->kind != loop::ExprKind::IntImm && running->kind != loop::ExprKind::IntImm)
                stride = hoist(fmt::format("{}_s{}", name, axis), stride);
            s.strides[axis] = stride;
            running = loop::binary(loop::BinaryOp::Mul, running, extent);
        }
        out_.allocations.push_back(std::move(a));
        return s;
    }

    // ---- stages ------------------------------------------------------------------------
    void countUsers() {
        std::set<const Node *> seen;
        std::function<void(const NodePtr &)> visit = [&](const NodePtr &n) {
            if (!seen.insert(n.get()).second)
                return;
            for (const NodePtr &op : n->operands) {
                ++users_[op.get()];
                visit(op);
            }
        };
        for (const NodePtr &r : af_.results)
            visit(r);
    }

    std::string pythonLine(SourceLoc loc) const {
        auto [line, column] = file_.lineColumn(loc.begin);
        (void)column;
        std::string text(file_.lineText(loc.begin));
        size_t first = text.find_first_not_of(" \t");
        text = first == std::string::npos ? "" : text.substr(first);
        std::string path = file_.path.substr(file_.path.find_last_of('/') + 1);
        return fmt::format("{}:{}: {}", path, line, text);
    }

    void lowerStage(const Stage &stage) {
        const Node &root = *stage.root;
        std::vector<StmtPtr> group;
        std::string comment = pythonLine(root.loc);
        if (comment != lastComment_)
            group.push_back(loop::comment(comment));
        lastComment_ = comment;
        std::string hint = stage.result >= 0 && root.name.empty() ? "result" : hintFor(root);
        std::string name = root.type.rank() > 0 ? freshBuffer(hint) : fresh(hint);
        stageRoot_ = &root;
        memo_.assign(1, {});
        blocks_ = {&group};
        depth_ = static_cast<size_t>(root.type.rank());
        if (root.type.rank() == 0) {
            ExprPtr value = scalarize(stage.root, {});
            group.push_back(loop::decl(name, root.type.dtype, loop::cast(value, root.type.dtype)));
            storage_[&root] = Storage{name, {}};
        } else {
            Storage s = allocate(root, name);
            std::vector<ExprPtr> idx;
            std::vector<StmtPtr> *body = &group;
            std::vector<StmtPtr> loops;
            for (const Dim &d : root.type.shape) {
                if (dimIsConst(d, 1)) { // a size-1 axis needs no loop
                    idx.push_back(loop::intImm(0));
                    continue;
                }
                std::string v = loopVar(idx.size());
                StmtPtr loop = loop::forLoop(v, dimExpr(d), {});
                body->push_back(loop);
                body = &loop->stmts;
                idx.push_back(loop::var(v, DType::Int64));
            }
            blocks_ = {body};
            ExprPtr value = scalarize(stage.root, idx);
            body->push_back(loop::store(name, offset(idx, s.strides), loop::cast(value, root.type.dtype)));
            storage_[&root] = s;
        }
        for (StmtPtr &st : group)
            out_.body.push_back(st);
    }

    /// The loop variable at nesting `depth`: i, j, k, ... Sibling loops reuse names;
    /// a clash with a parameter or variable gets a suffix.
    std::string loopVar(size_t depth) {
        std::string name = loopVarName(depth);
        if (loopNames_.count(name))
            return name;
        if (!names_.insert(name).second)
            name = fresh(name);
        loopNames_.insert(name);
        return name;
    }

    static std::string loopVarName(size_t depth) {
        static const char *kNames[] = {"i", "j", "k", "l", "m", "p", "q", "r"};
        return depth < 8 ? kNames[depth] : fmt::format("i{}", depth);
    }

    static ExprPtr offset(const std::vector<ExprPtr> &idx, const std::vector<ExprPtr> &strides) {
        ExprPtr off = loop::intImm(0);
        for (size_t a = 0; a < idx.size(); ++a)
            off = loop::binary(loop::BinaryOp::Add, off, loop::binary(loop::BinaryOp::Mul, idx[a], strides[a]));
        return off;
    }

    // ---- scalarization -----------------------------------------------------------------
    std::vector<StmtPtr> &current() { return *blocks_.back(); }

    ExprPtr scalarize(const NodePtr &n, const std::vector<ExprPtr> &idx) {
        if (n.get() != stageRoot_ && schedule_.isMaterialized(n.get())) {
            const Storage &s = storage_.at(n.get());
            if (s.strides.empty())
                return loop::var(s.name, n->type.dtype);
            return loop::load(s.name, offset(idx, s.strides), n->type.dtype);
        }
        if (n->kind == NodeKind::Param) {
            const Storage &s = storage_.at(n.get());
            if (s.strides.empty())
                return loop::var(s.name, n->type.dtype);
            return loop::load(s.name, offset(idx, s.strides), n->type.dtype);
        }
        std::string key = memoKey(n.get(), idx);
        for (auto it = memo_.rbegin(); it != memo_.rend(); ++it)
            if (auto hit = it->find(key); hit != it->end())
                return hit->second;
        ExprPtr value = compute(*n, idx);
        bool bindVar = n->kind == NodeKind::Reduce ||
                       ((n->kind == NodeKind::Unary || n->kind == NodeKind::Binary) &&
                        (users_[n.get()] > 1 || !n->name.empty()));
        if (bindVar && value->kind != loop::ExprKind::Var) {
            std::string name = fresh(hintFor(*n));
            current().push_back(loop::decl(name, value->dtype, value));
            value = loop::var(name, value->dtype);
        }
        if (memo_.empty())
            memo_.emplace_back();
        memo_.back()[key] = value;
        return value;
    }

    static std::string memoKey(const Node *n, const std::vector<ExprPtr> &idx) {
        std::string key = fmt::format("{}", static_cast<const void *>(n));
        for (const ExprPtr &e : idx)
            key += "|" + loop::str(e);
        return key;
    }

    ExprPtr compute(const Node &n, const std::vector<ExprPtr> &idx);
    ExprPtr computeUnary(const Node &n, ExprPtr x);
    void checkRange(const Node &n);
    ExprPtr computeBinary(const Node &n, ExprPtr a, ExprPtr b);
    ExprPtr computeReduce(const Node &n, const std::vector<ExprPtr> &idx);
    std::vector<ExprPtr> viewIndex(const Node &n, const std::vector<ExprPtr> &idx);
    std::vector<ExprPtr> broadcastIndex(const Node &n, const std::vector<ExprPtr> &idx);

    const array::Function &af_;
    const Schedule &schedule_;
    const SourceFile &file_;
    loop::Function out_;
    std::set<std::string> names_;
    std::map<std::string, ExprPtr> hoisted_;
    std::map<const Node *, Storage> storage_;
    std::map<const Node *, int> users_;
    std::map<int, std::string> paramNames_; ///< C++ names of the parameters
    const Node *stageRoot_ = nullptr;
    std::vector<std::vector<StmtPtr> *> blocks_;
    std::vector<std::map<std::string, ExprPtr>> memo_;
    std::string lastComment_;
    std::set<std::string> checked_;
    std::set<std::string> loopNames_;
    size_t depth_ = 0;
};

ExprPtr Lowering::compute(const Node &n, const std::vector<ExprPtr> &idx) {
    switch (n.kind) {
    case NodeKind::Param:
        NPC_INTERNAL_ERROR("parameters are loaded by scalarize");
    case NodeKind::Constant:
        if (isFloat(n.type.dtype))
            return loop::floatImm(n.floatValue, n.type.dtype);
        return loop::intImm(n.intValue, n.type.dtype);
    case NodeKind::DimValue:
        return dimExpr(n.dim);
    case NodeKind::Cast:
        if (n.rangeChecked)
            checkRange(n);
        return loop::cast(scalarize(n.operand(), idx), n.type.dtype);
    case NodeKind::Unary:
        return computeUnary(n, scalarize(n.operand(), idx));
    case NodeKind::Binary:
        return computeBinary(n, scalarize(n.operand(0), idx), scalarize(n.operand(1), idx));
    case NodeKind::Broadcast:
        return scalarize(n.operand(), broadcastIndex(n, idx));
    case NodeKind::View:
        return scalarize(n.operand(), viewIndex(n, idx));
    case NodeKind::Reduce:
        return computeReduce(n, idx);
    case NodeKind::Where:
        return loop::select(scalarize(n.operand(0), idx), scalarize(n.operand(1), idx),
                            scalarize(n.operand(2), idx));
    }
    NPC_INTERNAL_ERROR("unhandled array node kind");
}

/// True for the integer dtypes whose C++ arithmetic can overflow (undefined behaviour)
/// where NumPy wraps: int32 and int64 (smaller ones are promoted to int first).
bool needsWrapping(DType t) { return t == DType::Int32 || t == DType::Int64; }

void Lowering::checkRange(const Node &n) {
    const Node &x = *n.operand();
    NPC_ASSERT(x.kind == NodeKind::Param, "range-checked cast of a computed value");
    DType t = n.type.dtype;
    std::string key = fmt::format("range:{}:{}", x.param, dtypeName(t));
    if (!checked_.insert(key).second)
        return;
    ExprPtr v = scalarize(n.operand(), {});
    // The argument is an int64; uint64's upper bound cannot be exceeded.
    ExprPtr outside = loop::binary(loop::BinaryOp::Lt, v, loop::intImm(integerMin(t)));
    if (integerMax(t) <= static_cast<uint64_t>(INT64_MAX))
        outside = loop::binary(
            loop::BinaryOp::Or, outside,
            loop::binary(loop::BinaryOp::Gt, v, loop::intImm(static_cast<int64_t>(integerMax(t)))));
    out_.prologue.push_back(loop::throwIf(
        outside, "OverflowError",
        fmt::format("Python integer {} out of bounds for {}", x.name, dtypeName(t))));
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
    }
    NPC_INTERNAL_ERROR("unhandled unary op");
}

ExprPtr Lowering::computeBinary(const Node &n, ExprPtr a, ExprPtr b) {
    using array::BinaryOp;
    using loop::Intrinsic;
    DType t = n.operand(0)->type.dtype;
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
        return isBool(t) ? loop::binary(loop::BinaryOp::And, a, b)
                         : arith(loop::BinaryOp::Mul, Intrinsic::WrapMul);
    case BinaryOp::TrueDivide:
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
    }
    NPC_INTERNAL_ERROR("unhandled binary op");
}

std::vector<ExprPtr> Lowering::broadcastIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    const Shape &in = n.operand()->type.shape;
    const Shape &out = n.type.shape;
    size_t lead = out.size() - in.size();
    std::vector<ExprPtr> result;
    for (size_t a = 0; a < in.size(); ++a) {
        const Dim &d = in[a];
        const ExprPtr &i = idx[a + lead];
        if (dimIsConst(d, 1))
            result.push_back(loop::intImm(0));
        else if (dimEqual(d, out[a + lead]) || dimBroadcastsByStride(d))
            result.push_back(i);
        else
            result.push_back(loop::select(loop::binary(loop::BinaryOp::Eq, dimExpr(d), loop::intImm(1)),
                                          loop::intImm(0), i));
    }
    return result;
}

std::vector<ExprPtr> Lowering::viewIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    const Shape &in = n.operand()->type.shape;
    std::vector<ExprPtr> result;
    size_t out = 0;
    for (const array::ViewEntry &e : n.view) {
        if (e.kind == array::ViewEntry::NewAxis) {
            ++out;
            continue;
        }
        size_t axis = result.size();
        const Dim &extent = in[axis];
        auto c = dimConstValue(extent);
        if (e.kind == array::ViewEntry::Index) {
            if (c)
                result.push_back(loop::intImm(e.index < 0 ? e.index + *c : e.index));
            else
                result.push_back(hoist("idx", loop::call(loop::Intrinsic::NormalizeIndex,
                                                         {loop::intImm(e.index), dimExpr(extent),
                                                          loop::intImm(static_cast<int64_t>(axis))},
                                                         DType::Int64)));
            continue;
        }
        ExprPtr start;
        if (c)
            start = loop::intImm(adjustSlice(*c, e.start, e.stop, e.step).start);
        else if (!e.start && e.step > 0)
            start = loop::intImm(0);
        else
            start = hoist("start", loop::call(loop::Intrinsic::SliceStart,
                                              {dimExpr(extent), bound(e.start), bound(e.stop),
                                               loop::intImm(e.step)},
                                              DType::Int64));
        ExprPtr i = idx[out++];
        result.push_back(loop::binary(loop::BinaryOp::Add, start,
                                      loop::binary(loop::BinaryOp::Mul, i, loop::intImm(e.step))));
    }
    return result;
}

ExprPtr Lowering::computeReduce(const Node &n, const std::vector<ExprPtr> &idx) {
    using array::ReduceOp;
    using loop::Intrinsic;
    const NodePtr &x = n.operand();
    DType t = x->type.dtype;
    ReduceOp op = n.reduceOp;
    bool arg = op == ReduceOp::ArgMin || op == ReduceOp::ArgMax;

    std::vector<Dim> extents;
    for (int a : n.axes)
        extents.push_back(x->type.shape[static_cast<size_t>(a)]);
    if (op != ReduceOp::Sum && op != ReduceOp::Prod) {
        Dim count = dimProduct(extents);
        std::string message =
            arg ? fmt::format("attempt to get {} of an empty sequence", array::reduceOpName(op))
                : fmt::format("zero-size array to reduction operation {} which has no identity",
                              op == ReduceOp::Min ? "minimum" : "maximum");
        if (!dimConstValue(count) || *dimConstValue(count) == 0) {
            std::string key = "empty:" + message + dimStr(count);
            if (checked_.insert(key).second)
                out_.prologue.push_back(loop::throwIf(
                    loop::binary(loop::BinaryOp::Eq, dimExpr(count), loop::intImm(0)), "ValueError",
                    message));
        }
    }

    // Accumulators, declared in the enclosing scope.
    DType accType = t;
    std::string acc = fresh(hintFor(n));
    std::string best;
    ExprPtr init;
    switch (op) {
    case ReduceOp::Sum: init = isFloat(accType) ? loop::floatImm(0, accType) : loop::intImm(0, accType); break;
    case ReduceOp::Prod: init = isFloat(accType) ? loop::floatImm(1, accType) : loop::intImm(1, accType); break;
    case ReduceOp::Min:
    case ReduceOp::ArgMin:
        init = loop::call(isFloat(t) ? Intrinsic::Infinity : Intrinsic::Highest, {}, t);
        break;
    case ReduceOp::Max:
    case ReduceOp::ArgMax:
        init = isFloat(t) ? loop::unary(loop::UnaryOp::Neg, loop::call(Intrinsic::Infinity, {}, t))
                          : loop::call(Intrinsic::Lowest, {}, t);
        break;
    }
    if (arg) {
        best = fresh(acc + "_value");
        current().push_back(loop::decl(acc, DType::Int64, loop::intImm(0), true));
        current().push_back(loop::decl(best, t, init, true));
    } else {
        current().push_back(loop::decl(acc, accType, init, true));
    }

    // The reduction loop nest; its body becomes the current block.
    size_t savedDepth = depth_;
    std::vector<ExprPtr> xIdx(static_cast<size_t>(x->type.rank()));
    std::vector<StmtPtr> *body = &current();
    StmtPtr outer;
    ExprPtr flat = loop::intImm(0);
    size_t next = 0;
    for (int a = 0; a < x->type.rank(); ++a) {
        bool reduced = std::find(n.axes.begin(), n.axes.end(), a) != n.axes.end();
        if (!reduced) {
            xIdx[static_cast<size_t>(a)] = idx[next++];
            continue;
        }
        if (n.keepdims)
            ++next;
        std::string v = loopVar(depth_++);
        ExprPtr extent = dimExpr(x->type.shape[static_cast<size_t>(a)]);
        StmtPtr loop = loop::forLoop(v, extent, {});
        loop->reductionLoop = true;
        if (!outer) {
            outer = loop;
            if (op == ReduceOp::Sum || op == ReduceOp::Prod) {
                loop->reductionVar = acc;
                loop->reductionOp = op == ReduceOp::Sum ? loop::BinaryOp::Add : loop::BinaryOp::Mul;
            }
        }
        body->push_back(loop);
        body = &loop->stmts;
        ExprPtr iv = loop::var(v, DType::Int64);
        xIdx[static_cast<size_t>(a)] = iv;
        flat = loop::binary(loop::BinaryOp::Add, loop::binary(loop::BinaryOp::Mul, flat, extent), iv);
    }
    blocks_.push_back(body);
    memo_.emplace_back();
    ExprPtr v = scalarize(x, xIdx);
    ExprPtr accVar = loop::var(acc, arg ? DType::Int64 : accType);
    switch (op) {
    case ReduceOp::Sum:
        v = loop::cast(v, accType);
        body->push_back(loop::assign(acc, needsWrapping(accType) ? loop::call(Intrinsic::WrapAdd, {accVar, v}, accType)
                                                                 : loop::binary(loop::BinaryOp::Add, accVar, v)));
        break;
    case ReduceOp::Prod:
        body->push_back(loop::assign(acc, needsWrapping(accType) ? loop::call(Intrinsic::WrapMul, {accVar, v}, accType)
                                                                 : isBool(accType) ? loop::binary(loop::BinaryOp::And, accVar, v)
                                                                 : loop::binary(loop::BinaryOp::Mul, accVar, v)));
        break;
    case ReduceOp::Min:
        body->push_back(loop::assign(acc, loop::call(Intrinsic::Minimum, {accVar, v}, t)));
        break;
    case ReduceOp::Max:
        body->push_back(loop::assign(acc, loop::call(Intrinsic::Maximum, {accVar, v}, t)));
        break;
    case ReduceOp::ArgMin:
    case ReduceOp::ArgMax: {
        if (v->kind != loop::ExprKind::Var && v->kind != loop::ExprKind::Load) {
            std::string name = fresh(hintFor(*x));
            body->push_back(loop::decl(name, t, v));
            v = loop::var(name, t);
        }
        // NumPy's rule: the first NaN wins, else the first extreme value. Written as
        // `!(v >= best) && best == best` (true for v < best, and for the first NaN) and
        // applied with selects, so the loop has no hard-to-predict branch.
        ExprPtr bestVar = loop::var(best, t);
        ExprPtr better = loop::binary(op == ReduceOp::ArgMin ? loop::BinaryOp::Lt : loop::BinaryOp::Gt, v, bestVar);
        if (isFloat(t))
            better = loop::binary(
                loop::BinaryOp::And,
                loop::unary(loop::UnaryOp::Not,
                            loop::binary(op == ReduceOp::ArgMin ? loop::BinaryOp::Ge : loop::BinaryOp::Le, v, bestVar)),
                loop::unary(loop::UnaryOp::Not, loop::call(Intrinsic::IsNan, {bestVar}, DType::Bool)));
        std::string flag = fresh("better");
        body->push_back(loop::decl(flag, DType::Bool, better));
        ExprPtr flagVar = loop::var(flag, DType::Bool);
        body->push_back(loop::assign(best, loop::select(flagVar, v, bestVar)));
        body->push_back(loop::assign(acc, loop::select(flagVar, flat, accVar)));
        break;
    }
    }
    blocks_.pop_back();
    memo_.pop_back();
    depth_ = savedDepth;
    return accVar;
}

} // namespace

loop::Function lowerToLoops(const array::Function &f, const Schedule &schedule,
                            const SourceFile &file) {
    return Lowering(f, schedule, file).run();
}

} // namespace npc::passes
