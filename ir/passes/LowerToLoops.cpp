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

/// Where a stage's values go: a fresh buffer or scalar (temporaries, results), a
/// local variable (Let), or the elements of a parameter or variable (Store).
struct Destination {
    enum Kind { Fresh, Variable, Target } kind = Fresh;
    int var = -1;                  ///< Variable
    const Node *target = nullptr;  ///< Target: a View chain over a Param or Var
};

class Lowering {
public:
    Lowering(const array::Function &f, const Schedule &s, const SourceFile &file)
        : af_(f), schedule_(s), sched_(&s), file_(file) {}

    loop::Function run() {
        out_.name = cppIdentifier(af_.name); // `def double(x)` becomes `double_py`
        out_.returnsTuple = af_.returnsTuple;
        std::set<int> written;
        collectWrittenParams(af_.body, written);
        for (const NodePtr &p : af_.params)
            addParam(*p, written.count(p->param) > 0);
        declareVariables();
        lowerStmts(af_.body, out_.body);
        countUsers(af_.results);
        localPre_ = &out_.body;
        for (const Stage &stage : schedule_.stages)
            lowerStage(stage, out_.body);
        for (const NodePtr &r : af_.results) {
            const Storage &s = storage_.at(r.get());
            out_.results.push_back({s.name, r->type.dtype, r->type.rank()});
        }
        if (af_.results.empty())
            for (const array::Type &t : af_.resultTypes)
                out_.results.push_back({"", t.dtype, t.rank()});
        pruneUnreadVariables();
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
        case NodeKind::Scan: return fmt::format("cum{}", array::reduceOpName(n.reduceOp));
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


    /// True when `e` reads only arguments and prologue values, so it can be evaluated
    /// once on entry; values of local variables are computed where they are needed.
    bool availableOnEntry(const ExprPtr &e) const {
        bool ok = true;
        loop::forEachExpr(e, [&](const loop::Expr &x) {
            if (x.kind == loop::ExprKind::Var && !entryNames_.count(x.name))
                ok = false;
        });
        return ok;
    }

    /// Binds `value` to a variable evaluated once: in the prologue when it depends only on
    /// the arguments, else just before the current statement (inside its control flow).
    /// Drops scalar variables nothing reads (`for _ in range(n)`), declarations and
    /// assignments alike, so the emitted code has no set-but-unused variables.
    void pruneUnreadVariables() {
        std::set<std::string> read;
        auto visit = [&](const loop::Expr &e) {
            if (e.kind == loop::ExprKind::Var)
                read.insert(e.name);
        };
        loop::forEachExpr(out_.prologue, visit);
        loop::forEachExpr(out_.body, visit);
        std::set<std::string> unread;
        for (size_t i = 0; i < variables_.size(); ++i)
            if (variables_[i].strides.empty() && !read.count(variables_[i].name))
                unread.insert(variables_[i].name);
        std::function<void(std::vector<StmtPtr> &)> prune = [&](std::vector<StmtPtr> &stmts) {
            stmts.erase(std::remove_if(stmts.begin(), stmts.end(),
                                       [&](const StmtPtr &st) {
                                           return (st->kind == StmtKind::Decl ||
                                                   st->kind == StmtKind::Assign) &&
                                                  !st->offset && unread.count(st->name);
                                       }),
                        stmts.end());
            for (const StmtPtr &st : stmts) {
                prune(st->stmts);
                prune(st->orelse);
            }
        };
        if (!unread.empty())
            prune(out_.body);
    }

    /// True when `e` may throw (index and broadcast checks): in a function with
    /// statements it must run where Python would raise, not on entry.
    static bool mayThrow(const ExprPtr &e) {
        bool found = false;
        loop::forEachExpr(e, [&](const loop::Expr &x) {
            found |= x.kind == loop::ExprKind::Call &&
                     (x.intrinsic == loop::Intrinsic::NormalizeIndex ||
                      x.intrinsic == loop::Intrinsic::BroadcastDim ||
                      x.intrinsic == loop::Intrinsic::RangeLength);
        });
        return found;
    }

    ExprPtr hoist(const std::string &hint, ExprPtr value) {
        std::string key = loop::str(value);
        bool entry = availableOnEntry(value) &&
                     (af_.body.empty() || allowThrowOnEntry_ || !mayThrow(value));
        auto &cache = entry ? hoisted_ : localHoisted_;
        if (auto it = cache.find(key); it != cache.end())
            return it->second;
        std::string name = fresh(hint);
        (entry ? out_.prologue : *localPre_).push_back(loop::decl(name, value->dtype, value));
        if (entry)
            entryNames_.insert(name);
        return cache[key] = loop::var(name, value->dtype);
    }

    /// `if (cond) throw ...` on entry when it depends only on the arguments, else before
    /// the current statement. `key` deduplicates checks.
    void check(ExprPtr cond, const std::string &exception, const std::string &message,
               const std::string &key) {
        if (availableOnEntry(cond) && (af_.body.empty() || allowThrowOnEntry_)) {
            if (checked_.insert(key).second)
                out_.prologue.push_back(loop::throwIf(std::move(cond), exception, message));
        } else if (localChecked_.insert(key).second) {
            localPre_->push_back(loop::throwIf(std::move(cond), exception, message));
        }
    }

    /// Binds an index computation to a variable of the current block (reused by the
    /// expressions that follow instead of being recomputed in each).
    ExprPtr hoistInLoop(const std::string &hint, ExprPtr value) {
        if (value->kind == loop::ExprKind::Var || value->kind == loop::ExprKind::IntImm)
            return value;
        std::string name = fresh(hint);
        current().push_back(loop::decl(name, DType::Int64, value));
        return loop::var(name, DType::Int64);
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
                                         {dimExpr(d->operands[0]),
                                          d->startValue ? dimExpr(d->startValue) : bound(d->start),
                                          d->stopValue ? dimExpr(d->stopValue) : bound(d->stop),
                                          loop::intImm(d->step)},
                                         DType::Int64));
        case DimKind::Product: {
            ExprPtr p = loop::intImm(1);
            for (const Dim &f : d->operands)
                p = loop::binary(loop::BinaryOp::Mul, p, dimExpr(f));
            return p;
        }
        case DimKind::Value:
            return scalarExpr(*static_cast<const Node *>(d->node.get()));
        case DimKind::NonNegative: {
            ExprPtr v = dimExpr(d->operands[0]);
            if (v->kind != loop::ExprKind::Var && v->kind != loop::ExprKind::IntImm)
                v = hoist("n", v);
            check(loop::binary(loop::BinaryOp::Lt, v, loop::intImm(0)), "ValueError", d->text,
                  fmt::format("nonnegative:{}:{}", loop::str(v), d->text));
            return v;
        }
        }
        NPC_INTERNAL_ERROR("unhandled dim kind");
    }

    void addParam(const Node &p, bool written) {
        std::string name = p.type.rank() > 0 ? freshBuffer(p.name) : fresh(p.name);
        paramNames_[p.param] = name;
        entryNames_.insert(name);
        for (int axis = 0; axis < p.type.rank(); ++axis)
            entryNames_.insert(fmt::format("{}.shape[{}]", name, axis));
        loop::Param param{name, p.type.dtype, p.type.rank(), p.type.shape, written};
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
            entryNames_.insert(strideName);
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
        if (std::all_of(a.extents.begin(), a.extents.end(),
                        [&](const ExprPtr &e) { return availableOnEntry(e); }))
            out_.allocations.push_back(std::move(a));
        else // extents computed in the function body: allocated where the value is
            localPre_->push_back(loop::allocStmt(a.name, a.dtype, a.extents));
        return s;
    }

    // ---- stages ------------------------------------------------------------------------
    void countUsers(const std::vector<NodePtr> &roots) {
        std::set<const Node *> seen;
        std::function<void(const NodePtr &)> visit = [&](const NodePtr &n) {
            if (!seen.insert(n.get()).second)
                return;
            for (const NodePtr &op : n->operands) {
                ++users_[op.get()];
                visit(op);
            }
        };
        for (const NodePtr &r : roots)
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

    /// The offset of element `idx` of store target `target` in its root's buffer.
    ExprPtr targetOffset(const Node &target, std::vector<ExprPtr> idx) {
        const Node *n = &target;
        while (n->kind == NodeKind::View) {
            idx = viewIndex(*n, idx);
            n = n->operand().get();
        }
        return offset(idx, rootStorage(*n).strides);
    }

    const Storage &rootStorage(const Node &root) {
        if (root.kind == NodeKind::Var)
            return variables_.at(static_cast<size_t>(root.param));
        return storage_.at(&root);
    }

    void lowerStage(const Stage &stage, std::vector<StmtPtr> &into, Destination dest = {}) {
        const Node &root = *stage.root;
        std::vector<StmtPtr> group, pre;
        std::string comment = pythonLine(root.loc);
        if (comment != lastComment_)
            group.push_back(loop::comment(comment));
        lastComment_ = comment;
        localPre_ = &pre;
        localHoisted_.clear();
        localChecked_.clear();
        std::string hint = stage.result >= 0 && root.name.empty() ? "result" : hintFor(root);
        stageRoot_ = &root;
        memo_.assign(1, {});
        std::vector<StmtPtr> body0;
        blocks_ = {&body0};
        depth_ = static_cast<size_t>(root.type.rank());
        const Node *shapeNode = dest.kind == Destination::Target ? dest.target : &root;
        bool scan = root.kind == NodeKind::Scan;
        if (scan) { // runs in a buffer of its own; another destination gets a copy of it
            storage_[&root] = lowerScan(root, freshBuffer(hint));
            stageRoot_ = nullptr;
        }
        if (scan && dest.kind == Destination::Fresh) {
            // done: the scan's buffer is the stage's value
        } else if (shapeNode->type.rank() == 0) {
            ExprPtr value = loop::cast(scalarize(stage.root, {}), root.type.dtype);
            if (dest.kind == Destination::Fresh) {
                std::string name = fresh(hint);
                body0.push_back(loop::decl(name, root.type.dtype, value));
                storage_[&root] = Storage{name, {}};
            } else if (dest.kind == Destination::Variable) {
                const Storage &v = variables_.at(static_cast<size_t>(dest.var));
                if (v.strides.empty())
                    body0.push_back(loop::assign(v.name, value));
                else
                    body0.push_back(loop::store(v.name, loop::intImm(0), value));
            } else {
                const Node &r = array::storeRoot(*dest.target);
                body0.push_back(loop::store(rootStorage(r).name, targetOffset(*dest.target, {}), value));
            }
        } else {
            Storage s;
            std::string bufferName;
            if (dest.kind == Destination::Fresh) {
                s = allocate(root, freshBuffer(hint));
                bufferName = s.name;
            } else if (dest.kind == Destination::Variable) {
                s = variables_.at(static_cast<size_t>(dest.var));
                bufferName = s.name;
            } else {
                bufferName = rootStorage(array::storeRoot(*dest.target)).name;
            }
            std::vector<ExprPtr> idx;
            std::vector<StmtPtr> *body = &body0;
            for (const Dim &d : shapeNode->type.shape) {
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
            ExprPtr value = loop::cast(scalarize(stage.root, idx), root.type.dtype);
            ExprPtr off = dest.kind == Destination::Target ? targetOffset(*dest.target, idx)
                                                           : offset(idx, s.strides);
            body->push_back(loop::store(bufferName, off, value));
            if (dest.kind == Destination::Fresh)
                storage_[&root] = s;
        }
        group.insert(group.end(), pre.begin(), pre.end());
        group.insert(group.end(), body0.begin(), body0.end());
        into.insert(into.end(), group.begin(), group.end());
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
        if (n->kind == NodeKind::Var) {
            const Storage &s = variables_.at(static_cast<size_t>(n->param));
            if (s.strides.empty())
                return loop::var(s.name, n->type.dtype);
            return loop::load(s.name, offset(idx, s.strides), n->type.dtype);
        }
        if (n.get() != stageRoot_ && sched_->isMaterialized(n.get())) {
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

    // ---- statements (Python control flow) -------------------------------------------
    void collectWrittenParams(const std::vector<array::StmtPtr> &stmts, std::set<int> &out);
    void declareVariables();
    void lowerStmts(const std::vector<array::StmtPtr> &stmts, std::vector<StmtPtr> &into);
    void lowerValue(const NodePtr &value, std::vector<StmtPtr> &into, Destination dest);
    ExprPtr scalarValue(const NodePtr &value, std::vector<StmtPtr> &into);
    ExprPtr scalarExpr(const Node &n);
    void commentLine(SourceLoc loc, std::vector<StmtPtr> &into);

    ExprPtr compute(const Node &n, const std::vector<ExprPtr> &idx);
    ExprPtr computeUnary(const Node &n, ExprPtr x);
    void checkRange(const Node &n);
    ExprPtr computeBinary(const Node &n, ExprPtr a, ExprPtr b);
    ExprPtr computeReduce(const Node &n, const std::vector<ExprPtr> &idx);
    ExprPtr accumulate(array::ReduceOp op, DType t, ExprPtr acc, ExprPtr v);
    Storage lowerScan(const Node &n, const std::string &name);
    std::vector<ExprPtr> viewIndex(const Node &n, const std::vector<ExprPtr> &idx);
    std::vector<ExprPtr> broadcastIndex(const Node &n, const std::vector<ExprPtr> &idx);
    std::vector<ExprPtr> transposeIndex(const Node &n, const std::vector<ExprPtr> &idx);
    std::vector<ExprPtr> reshapeIndex(const Node &n, const std::vector<ExprPtr> &idx);
    ExprPtr computeConcat(const Node &n, const std::vector<ExprPtr> &idx);
    void checkExtents(const Node &n);

    const array::Function &af_;
    const Schedule &schedule_;
    const Schedule *sched_;                ///< the schedule of the value being lowered
    std::vector<Storage> variables_;       ///< storage of Function::variables
    bool allowThrowOnEntry_ = false;       ///< see declareVariables
    std::set<std::string> entryNames_;     ///< values available on entry (see hoist)
    std::vector<StmtPtr> *localPre_ = nullptr; ///< where non-entry hoists go
    std::map<std::string, ExprPtr> localHoisted_;
    std::set<std::string> localChecked_;
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
    checkExtents(n);
    switch (n.kind) {
    case NodeKind::Param:
    case NodeKind::Var:
        NPC_INTERNAL_ERROR("parameters and variables are loaded by scalarize");
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
    case NodeKind::Scan:
        NPC_INTERNAL_ERROR("a scan is always a stage of its own (lowerScan)");
    case NodeKind::Where:
        return loop::select(scalarize(n.operand(0), idx), scalarize(n.operand(1), idx),
                            scalarize(n.operand(2), idx));
    case NodeKind::Transpose:
        return scalarize(n.operand(), transposeIndex(n, idx));
    case NodeKind::Reshape:
        return scalarize(n.operand(), reshapeIndex(n, idx));
    case NodeKind::Concat:
        return computeConcat(n, idx);
    case NodeKind::Iota:
        return idx.at(static_cast<size_t>(n.axis));
    case NodeKind::Copy: // a value of its own only once materialized; fused, it is its operand
        return scalarize(n.operand(), idx);
    }
    NPC_INTERNAL_ERROR("unhandled array node kind");
}

/// Emits the node's run-time extent checks (reshape counts, squeezed axes, ...) into the
/// prologue, once each.
void Lowering::checkExtents(const Node &n) {
    for (const array::ExtentCheck &c : n.checks) {
        ExprPtr actual = dimExpr(c.actual);
        ExprPtr failed = loop::binary(loop::BinaryOp::Ne, actual, dimExpr(c.expected));
        if (c.orOne)
            failed = loop::binary(loop::BinaryOp::And, failed,
                                  loop::binary(loop::BinaryOp::Ne, actual, loop::intImm(1)));
        check(failed, "ValueError", c.message,
              fmt::format("extent:{}:{}", loop::str(failed), c.message));
    }
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

std::vector<ExprPtr> Lowering::transposeIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    std::vector<ExprPtr> result(idx.size());
    for (size_t i = 0; i < idx.size(); ++i)
        result[static_cast<size_t>(n.axes[i])] = idx[i];
    return result;
}

/// The operand index of a reshape's element: axes of constant extent 1 take no part
/// (index 0), equal leading and trailing extents map one to one, and the axes between
/// go through the flat C-order index: built from the result's middle axes, split by
/// division over the operand's.
std::vector<ExprPtr> Lowering::reshapeIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    using loop::BinaryOp;
    const Shape &in = n.operand()->type.shape;
    const Shape &out = n.type.shape;
    std::vector<ExprPtr> result(in.size());
    std::vector<size_t> ins, outs;
    for (size_t a = 0; a < in.size(); ++a) {
        if (dimIsConst(in[a], 1))
            result[a] = loop::intImm(0);
        else
            ins.push_back(a);
    }
    for (size_t a = 0; a < out.size(); ++a)
        if (!dimIsConst(out[a], 1))
            outs.push_back(a);
    size_t lo = 0;
    for (; lo < ins.size() && lo < outs.size() && dimEqual(in[ins[lo]], out[outs[lo]]); ++lo)
        result[ins[lo]] = idx[outs[lo]];
    size_t hiIn = ins.size(), hiOut = outs.size();
    for (; hiIn > lo && hiOut > lo && dimEqual(in[ins[hiIn - 1]], out[outs[hiOut - 1]]);
         --hiIn, --hiOut)
        result[ins[hiIn - 1]] = idx[outs[hiOut - 1]];
    if (hiIn == lo)
        return result;
    ExprPtr flat = loop::intImm(0);
    for (size_t k = lo; k < hiOut; ++k)
        flat = loop::binary(BinaryOp::Add, loop::binary(BinaryOp::Mul, flat, dimExpr(out[outs[k]])),
                            idx[outs[k]]);
    if (hiIn - lo > 1)
        flat = hoistInLoop("flat", flat);
    for (size_t k = hiIn; k-- > lo + 1;) {
        ExprPtr extent = dimExpr(in[ins[k]]);
        // Not bound to a variable: inside a concatenation's part this must stay lazy (an
        // empty part's extent is 0).
        ExprPtr quotient = loop::binary(BinaryOp::Div, flat, extent);
        result[ins[k]] =
            loop::binary(BinaryOp::Sub, flat, loop::binary(BinaryOp::Mul, quotient, extent));
        flat = quotient;
    }
    result[ins[lo]] = flat;
    return result;
}

/// One part's value where the index along the axis falls in its range, chosen by
/// selects (C++ conditionals: only the chosen part is evaluated, so the others are never
/// read out of range; ScheduleStages gives parts with side computations a buffer).
ExprPtr Lowering::computeConcat(const Node &n, const std::vector<ExprPtr> &idx) {
    auto axis = static_cast<size_t>(n.axis);
    std::vector<ExprPtr> starts;
    ExprPtr start = loop::intImm(0);
    for (const NodePtr &part : n.operands) {
        starts.push_back(start);
        start = loop::binary(loop::BinaryOp::Add, start, dimExpr(part->type.shape[axis]));
        if (start->kind != loop::ExprKind::IntImm)
            start = hoist("offset", start);
    }
    ExprPtr value;
    for (size_t k = n.operands.size(); k-- > 0;) {
        std::vector<ExprPtr> partIdx = idx;
        partIdx[axis] = loop::binary(loop::BinaryOp::Sub, idx[axis], starts[k]);
        ExprPtr part = scalarize(n.operands[k], partIdx);
        value = value ? loop::select(loop::binary(loop::BinaryOp::Lt, idx[axis], starts[k + 1]),
                                     part, value)
                      : part;
    }
    return value;
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
        auto dynamic = [&](int operand) {
            return scalarExpr(*n.operand(static_cast<size_t>(operand)));
        };
        if (e.kind == array::ViewEntry::Index) {
            if (e.indexOperand >= 0)
                result.push_back(hoist("idx", loop::call(loop::Intrinsic::NormalizeIndex,
                                                         {dynamic(e.indexOperand), dimExpr(extent),
                                                          loop::intImm(static_cast<int64_t>(axis))},
                                                         DType::Int64)));
            else if (c)
                result.push_back(loop::intImm(e.index < 0 ? e.index + *c : e.index));
            else
                result.push_back(hoist("idx", loop::call(loop::Intrinsic::NormalizeIndex,
                                                         {loop::intImm(e.index), dimExpr(extent),
                                                          loop::intImm(static_cast<int64_t>(axis))},
                                                         DType::Int64)));
            continue;
        }
        bool dynamicBounds = e.startOperand >= 0 || e.stopOperand >= 0;
        ExprPtr start;
        if (c && !dynamicBounds)
            start = loop::intImm(adjustSlice(*c, e.start, e.stop, e.step).start);
        else if (!e.start && e.startOperand < 0 && e.step > 0)
            start = loop::intImm(0);
        else
            start = hoist("start", loop::call(loop::Intrinsic::SliceStart,
                                              {dimExpr(extent),
                                               e.startOperand >= 0 ? dynamic(e.startOperand) : bound(e.start),
                                               e.stopOperand >= 0 ? dynamic(e.stopOperand) : bound(e.stop),
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
    if (op != ReduceOp::Sum && op != ReduceOp::Prod && op != ReduceOp::Any &&
        op != ReduceOp::All) {
        Dim count = dimProduct(extents);
        std::string message =
            arg ? fmt::format("attempt to get {} of an empty sequence", array::reduceOpName(op))
                : fmt::format("zero-size array to reduction operation {} which has no identity",
                              op == ReduceOp::Min ? "minimum" : "maximum");
        if (!dimConstValue(count) || *dimConstValue(count) == 0)
            check(loop::binary(loop::BinaryOp::Eq, dimExpr(count), loop::intImm(0)), "ValueError",
                  message, "empty:" + message + dimStr(count));
    }

    // Accumulators, declared in the enclosing scope. A float32 sum accumulates in float64
    // and rounds once at the end: NumPy's pairwise summation keeps the error of long
    // float32 sums small, an in-order float32 sum would not.
    DType accType = op == ReduceOp::Sum && t == DType::Float32 ? DType::Float64 : t;
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
    case ReduceOp::Any: init = loop::boolImm(false); break;
    case ReduceOp::All: init = loop::boolImm(true); break;
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
    case ReduceOp::Prod:
        body->push_back(loop::assign(acc, accumulate(op, accType, accVar, loop::cast(v, accType))));
        break;
    case ReduceOp::Any:
        body->push_back(loop::assign(acc, loop::binary(loop::BinaryOp::Or, accVar, v)));
        break;
    case ReduceOp::All:
        body->push_back(loop::assign(acc, loop::binary(loop::BinaryOp::And, accVar, v)));
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
    return accType == n.type.dtype || arg ? accVar : loop::cast(accVar, n.type.dtype);
}

/// `acc + v` or `acc * v` in dtype `t`, wrapping for the integers that need it (bools:
/// `or` and `and`, as NumPy's add and multiply of bools).
ExprPtr Lowering::accumulate(array::ReduceOp op, DType t, ExprPtr acc, ExprPtr v) {
    using loop::Intrinsic;
    bool sum = op == array::ReduceOp::Sum;
    if (isBool(t))
        return loop::binary(sum ? loop::BinaryOp::Or : loop::BinaryOp::And, acc, v);
    if (needsWrapping(t) || (t == DType::UInt16 && !sum))
        return loop::call(sum ? Intrinsic::WrapAdd : Intrinsic::WrapMul, {acc, v}, t);
    return loop::binary(sum ? loop::BinaryOp::Add : loop::BinaryOp::Mul, acc, v);
}

/// A cumulative sum or product (numpy.cumsum, numpy.cumprod) as a stage of its own: loops
/// over the other axes (the outermost runs in parallel), then a sequential loop along the
/// scanned axis carrying the running value, which is stored at every step. Flattening
/// (axis=None) scans every axis in C order; the result index is the flat position.
Storage Lowering::lowerScan(const Node &n, const std::string &name) {
    const NodePtr &x = n.operand();
    const Shape &in = x->type.shape;
    DType t = n.type.dtype;
    Storage s = allocate(n, name);
    std::vector<ExprPtr> xIdx(in.size());
    std::vector<StmtPtr> *body = &current();
    size_t depth = 0;
    auto scanned = [&](size_t a) { return n.flatten || static_cast<int>(a) == n.axes.at(0); };
    for (size_t a = 0; a < in.size(); ++a) {
        if (scanned(a))
            continue;
        if (dimIsConst(in[a], 1)) {
            xIdx[a] = loop::intImm(0);
            continue;
        }
        std::string v = loopVar(depth++);
        StmtPtr loop = loop::forLoop(v, dimExpr(in[a]), {});
        body->push_back(loop);
        body = &loop->stmts;
        xIdx[a] = loop::var(v, DType::Int64);
    }
    bool sum = n.reduceOp == array::ReduceOp::Sum;
    std::string acc = fresh(hintFor(n) + "_acc");
    ExprPtr init = isFloat(t)  ? loop::floatImm(sum ? 0 : 1, t)
                   : isBool(t) ? loop::boolImm(!sum)
                               : loop::intImm(sum ? 0 : 1, t);
    body->push_back(loop::decl(acc, t, init, true));
    ExprPtr flat = loop::intImm(0);
    for (size_t a = 0; a < in.size(); ++a) {
        if (!scanned(a))
            continue;
        std::string v = loopVar(depth++);
        ExprPtr extent = dimExpr(in[a]);
        StmtPtr loop = loop::forLoop(v, extent, {});
        loop->reductionLoop = true;
        body->push_back(loop);
        body = &loop->stmts;
        xIdx[a] = loop::var(v, DType::Int64);
        flat = loop::binary(loop::BinaryOp::Add, loop::binary(loop::BinaryOp::Mul, flat, extent),
                            xIdx[a]);
    }
    blocks_.push_back(body);
    memo_.emplace_back();
    depth_ = depth;
    ExprPtr accVar = loop::var(acc, t);
    ExprPtr v = loop::cast(scalarize(x, xIdx), t);
    body->push_back(loop::assign(acc, accumulate(n.reduceOp, t, accVar, v)));
    ExprPtr off = n.flatten ? offset({flat}, s.strides) : offset(xIdx, s.strides);
    body->push_back(loop::store(name, off, accVar));
    blocks_.pop_back();
    memo_.pop_back();
    return s;
}

void Lowering::collectWrittenParams(const std::vector<array::StmtPtr> &stmts, std::set<int> &out) {
    for (const array::StmtPtr &st : stmts) {
        if (st->kind == array::StmtKind::Store) {
            const Node &root = array::storeRoot(*st->target);
            if (root.kind == NodeKind::Param)
                out.insert(root.param);
        }
        collectWrittenParams(st->body, out);
        collectWrittenParams(st->orelse, out);
    }
}

void Lowering::declareVariables() {
    for (const array::Variable &v : af_.variables) {
        if (v.type.rank() == 0) {
            std::string name = fresh(v.name);
            ExprPtr zero = isFloat(v.type.dtype) ? loop::floatImm(0, v.type.dtype)
                                                 : loop::intImm(0, v.type.dtype);
            out_.body.push_back(loop::decl(name, v.type.dtype, zero, true));
            variables_.push_back(Storage{name, {}});
            continue;
        }
        // Array variables live for the whole call: their shapes must be known on entry.
        std::vector<StmtPtr> scratch;
        localPre_ = &scratch;
        Node shape{};
        shape.type = v.type;
        // A broadcast check in the shape runs on entry (an error raised early).
        allowThrowOnEntry_ = true;
        variables_.push_back(allocate(shape, freshBuffer(v.name)));
        allowThrowOnEntry_ = false;
        if (!scratch.empty())
            throw UserError(af_.loc, fmt::format("the shape {} of array '{}' depends on values "
                                                 "computed in the function; npc needs the shapes "
                                                 "of arrays assigned in loops and branches to "
                                                 "follow from the arguments",
                                                 shapeStr(v.type.shape), v.name));
    }
}

void Lowering::commentLine(SourceLoc loc, std::vector<StmtPtr> &into) {
    std::string comment = pythonLine(loc);
    if (comment != lastComment_)
        into.push_back(loop::comment(comment));
    lastComment_ = comment;
}

void Lowering::lowerValue(const NodePtr &value, std::vector<StmtPtr> &into, Destination dest) {
    Schedule schedule = scheduleStages(std::vector<NodePtr>{value});
    const Schedule *saved = sched_;
    sched_ = &schedule;
    countUsers({value});
    for (const Stage &stage : schedule.stages)
        lowerStage(stage, into, stage.root == value ? dest : Destination{});
    sched_ = saved;
}

ExprPtr Lowering::scalarValue(const NodePtr &value, std::vector<StmtPtr> &into) {
    switch (value->kind) {
    case NodeKind::Constant:
    case NodeKind::DimValue:
    case NodeKind::Param:
    case NodeKind::Var:
        return scalarExpr(*value);
    default:
        lowerValue(value, into, {});
        return loop::var(storage_.at(value.get()).name, value->type.dtype);
    }
}

ExprPtr Lowering::scalarExpr(const Node &n) {
    switch (n.kind) {
    case NodeKind::Constant:
        if (isFloat(n.type.dtype))
            return loop::floatImm(n.floatValue, n.type.dtype);
        return loop::intImm(n.intValue, n.type.dtype);
    case NodeKind::DimValue:
        return dimExpr(n.dim);
    case NodeKind::Param:
        NPC_ASSERT(n.type.rank() == 0, "array parameter used as a scalar");
        return loop::var(paramNames_.at(n.param), n.type.dtype);
    case NodeKind::Var:
        NPC_ASSERT(n.type.rank() == 0, "array variable used as a scalar");
        return loop::var(variables_.at(static_cast<size_t>(n.param)).name, n.type.dtype);
    case NodeKind::Cast:
        return loop::cast(scalarExpr(*n.operand()), n.type.dtype);
    case NodeKind::Unary:
        return computeUnary(n, scalarExpr(*n.operand()));
    case NodeKind::Binary:
        return computeBinary(n, scalarExpr(*n.operand(0)), scalarExpr(*n.operand(1)));
    case NodeKind::Where:
        return loop::select(scalarExpr(*n.operand(0)), scalarExpr(*n.operand(1)),
                            scalarExpr(*n.operand(2)));
    default:
        NPC_INTERNAL_ERROR("run-time index or extent is not a simple scalar expression");
    }
}

void Lowering::lowerStmts(const std::vector<array::StmtPtr> &stmts, std::vector<StmtPtr> &into) {
    using array::StmtKind;
    for (const array::StmtPtr &st : stmts) {
        switch (st->kind) {
        case StmtKind::Let:
            if (st->value->kind == NodeKind::Var && st->value->param == st->var)
                break;
            lowerValue(st->value, into, Destination{Destination::Variable, st->var, nullptr});
            break;
        case StmtKind::Store:
            lowerValue(st->value, into, Destination{Destination::Target, -1, st->target.get()});
            break;
        case StmtKind::For: {
            commentLine(st->loc, into);
            ExprPtr start = scalarValue(st->start, into);
            ExprPtr stop = scalarValue(st->stop, into);
            ExprPtr step = scalarValue(st->step, into);
            std::string count = fresh("trips");
            into.push_back(loop::decl(count, DType::Int64,
                                      loop::call(loop::Intrinsic::RangeLength, {start, stop, step},
                                                 DType::Int64)));
            std::string counter = fresh(variables_.at(static_cast<size_t>(st->var)).name + "_iter");
            std::vector<StmtPtr> body;
            body.push_back(loop::assign(
                variables_.at(static_cast<size_t>(st->var)).name,
                loop::binary(loop::BinaryOp::Add, start,
                             loop::binary(loop::BinaryOp::Mul, loop::var(counter, DType::Int64), step))));
            lastComment_.clear();
            lowerStmts(st->body, body);
            StmtPtr loop = loop::forLoop(counter, loop::var(count, DType::Int64), std::move(body));
            loop->serial = true;
            loop->reductionLoop = true;
            into.push_back(loop);
            lastComment_.clear();
            break;
        }
        case StmtKind::While: {
            commentLine(st->loc, into);
            std::vector<StmtPtr> body; // the condition is an `if ... break` in the body
            lastComment_.clear();
            lowerStmts(st->body, body);
            into.push_back(loop::loopForever(std::move(body)));
            lastComment_.clear();
            break;
        }
        case StmtKind::If: {
            commentLine(st->loc, into);
            ExprPtr cond = scalarValue(st->value, into);
            std::vector<StmtPtr> then, orelse;
            lastComment_.clear();
            lowerStmts(st->body, then);
            lastComment_.clear();
            lowerStmts(st->orelse, orelse);
            into.push_back(loop::ifThen(cond, std::move(then), std::move(orelse)));
            lastComment_.clear();
            break;
        }
        case StmtKind::Break:
            into.push_back(loop::breakStmt());
            break;
        case StmtKind::Continue:
            into.push_back(loop::continueStmt());
            break;
        case StmtKind::Return: {
            std::vector<ExprPtr> values;
            for (const NodePtr &v : st->values) {
                lowerValue(v, into, {});
                values.push_back(loop::var(storage_.at(v.get()).name, v->type.dtype));
            }
            into.push_back(loop::returnStmt(std::move(values), af_.returnsTuple));
            break;
        }
        }
    }
}

} // namespace

loop::Function lowerToLoops(const array::Function &f, const Schedule &schedule,
                            const SourceFile &file) {
    return Lowering(f, schedule, file).run();
}

} // namespace npc::passes
