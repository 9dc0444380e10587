// Private to ir/passes: the lower-to-loops pass's state (see LowerToLoops.h). The pass
// is split by topic: LowerToLoops.cpp (stages and their dispatch), LowerElementwise.cpp
// (ufuncs, casts), LowerIndexing.cpp (views, broadcasts, transposes, reshapes,
// concatenation), LowerReductions.cpp (reductions, scans), LowerStatements.cpp (Python
// control flow and variables).
#pragma once

#include "ir/passes/LowerToLoops.h"

#include "ir/Identifiers.h"

#include <fmt/format.h>
#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace npc::passes::detail {

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
    Lowering(const array::Function &f, const Schedule &s, const SourceFile &file,
             const LoweringOptions &options)
        : af_(f), schedule_(s), sched_(&s), file_(file), options_(options) {}

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
            std::set<std::string> used = loop::variablesRead(out_);
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
    /// assignments alike, so the emitted code has no set-but-unused variables, and the
    /// source comments that had only those under them.
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
            // A source comment left with nothing under it (`y_bound = false;` dropped), or
            // repeating the comment above it once the comments between them are gone.
            for (size_t i = stmts.size(); i-- > 0;)
                if (stmts[i]->kind == StmtKind::Comment &&
                    (i + 1 == stmts.size() || stmts[i + 1]->kind == StmtKind::Comment))
                    stmts.erase(stmts.begin() + static_cast<std::ptrdiff_t>(i));
            const loop::Stmt *above = nullptr;
            for (size_t i = 0; i < stmts.size(); ++i) {
                if (!stmts[i]->stmts.empty() || !stmts[i]->orelse.empty())
                    above = nullptr; // comments inside (`for j ...` repeated after the loop)
                if (stmts[i]->kind != StmtKind::Comment)
                    continue;
                if (above && above->text == stmts[i]->text)
                    stmts.erase(stmts.begin() + static_cast<std::ptrdiff_t>(i--));
                else
                    above = stmts[i].get();
            }
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

    /// True when `e` cannot be negative: a constant >= 0, an argument's extent, a slice,
    /// range or broadcast length, or sums, products, maxima and selections of such.
    bool knownNonNegative(const ExprPtr &e) const {
        switch (e->kind) {
        case loop::ExprKind::IntImm:
            return e->intValue >= 0;
        case loop::ExprKind::Var:
            return e->args.empty() && (e->name.find(".shape[") != std::string::npos ||
                                       nonNegativeNames_.count(e->name));
        case loop::ExprKind::Binary:
            return (e->binaryOp == loop::BinaryOp::Add || e->binaryOp == loop::BinaryOp::Mul) &&
                   knownNonNegative(e->args[0]) && knownNonNegative(e->args[1]);
        case loop::ExprKind::Select:
            return knownNonNegative(e->args[1]) && knownNonNegative(e->args[2]);
        case loop::ExprKind::Call:
            switch (e->intrinsic) {
            case loop::Intrinsic::SliceLength:
            case loop::Intrinsic::RangeLength:
            case loop::Intrinsic::BroadcastDim:
                return true;
            case loop::Intrinsic::WrapAdd:
            case loop::Intrinsic::WrapMul:
                return knownNonNegative(e->args[0]) && knownNonNegative(e->args[1]);
            case loop::Intrinsic::Maximum:
                return knownNonNegative(e->args[0]) || knownNonNegative(e->args[1]);
            default:
                return false;
            }
        default:
            return false;
        }
    }

    ExprPtr hoist(const std::string &hint, ExprPtr value) {
        std::string key = loop::str(value);
        bool entry =
            availableOnEntry(value) && (af_.body.empty() || variableShape_ || !mayThrow(value));
        auto &cache = entry ? hoisted_ : localHoisted_;
        if (auto it = cache.find(key); it != cache.end())
            return it->second;
        std::string name = fresh(hint);
        if (knownNonNegative(value))
            nonNegativeNames_.insert(name);
        (entry ? out_.prologue : *localPre_).push_back(loop::decl(name, value->dtype, value));
        if (entry)
            entryNames_.insert(name);
        return cache[key] = loop::var(name, value->dtype);
    }

    /// `if (cond) throw ...` on entry when it depends only on the arguments, else before
    /// the current statement. `key` deduplicates checks.
    /// `detail`, when given, is the value formatted into the message's `{}`.
    void check(ExprPtr cond, const std::string &exception, const std::string &message,
               const std::string &key, ExprPtr detail = nullptr,
               std::vector<std::string> pieces = {}, std::vector<ExprPtr> values = {}) {
        bool onEntry = availableOnEntry(cond) &&
                       std::all_of(values.begin(), values.end(),
                                   [&](const ExprPtr &v) { return availableOnEntry(v); });
        auto stmt = [&] {
            StmtPtr s = detail
                            ? loop::throwIf(std::move(cond), exception, message, std::move(detail))
                            : loop::throwIf(std::move(cond), exception, message);
            s->pieces = std::move(pieces);
            s->extents = std::move(values);
            return s;
        };
        if (onEntry && (af_.body.empty() || variableShape_)) {
            if (checked_.insert(key).second)
                out_.prologue.push_back(stmt());
        } else if (localChecked_.insert(key).second) {
            localPre_->push_back(stmt());
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

    /// A slice bound only the run time knows. INT64_MIN, which stands for an omitted bound
    /// (npc::none), becomes INT64_MIN + 1, which clamps the same way (`x[n::-1]` with
    /// n = -2**63 is empty, as in NumPy, not all of `x` reversed).
    static ExprPtr runtimeBound(ExprPtr v) {
        return loop::call(loop::Intrinsic::Maximum,
                          {std::move(v), loop::intImm(loop::kNoneBound + 1)}, DType::Int64);
    }

    ExprPtr dimExpr(const Dim &d) {
        switch (d->kind) {
        case DimKind::Const:
            return loop::intImm(d->value);
        case DimKind::Extent:
            return loop::var(fmt::format("{}.shape[{}]", paramNames_.at(d->param), d->axis),
                             DType::Int64);
        case DimKind::Broadcast: {
            ExprPtr a = dimExpr(d->operands[0]), b = dimExpr(d->operands[1]);
            // The shape of an array variable, allocated on entry: the broadcast extent when
            // the operands broadcast; the statements assigning it raise where they run.
            if (variableShape_)
                return hoist(
                    "n", loop::select(loop::binary(loop::BinaryOp::Eq, a, loop::intImm(1)), b, a));
            return hoist("n", loop::call(loop::Intrinsic::BroadcastDim, {a, b}, DType::Int64));
        }
        case DimKind::Slice:
            return hoist(
                "n",
                loop::call(loop::Intrinsic::SliceLength,
                           {dimExpr(d->operands[0]),
                            d->startValue ? runtimeBound(dimExpr(d->startValue)) : bound(d->start),
                            d->stopValue ? runtimeBound(dimExpr(d->stopValue)) : bound(d->stop),
                            loop::intImm(d->step)},
                           DType::Int64));
        case DimKind::Product: {
            ExprPtr p = loop::intImm(1);
            for (const Dim &f : d->operands)
                p = loop::binary(loop::BinaryOp::Mul, p, dimExpr(f));
            return p;
        }
        case DimKind::Sum: { // run-time ints among the terms may be huge: no C++ overflow
            ExprPtr s = dimExpr(d->operands.at(0));
            for (size_t i = 1; i < d->operands.size(); ++i)
                s = loop::call(loop::Intrinsic::WrapAdd, {s, dimExpr(d->operands[i])},
                               DType::Int64);
            return s;
        }
        case DimKind::Value:
            return scalarExpr(*static_cast<const Node *>(d->node.get()));
        case DimKind::NonNegative: {
            ExprPtr v = dimExpr(d->operands[0]);
            if (v->kind != loop::ExprKind::Var && v->kind != loop::ExprKind::IntImm)
                v = hoist("n", v);
            // The shape of an array variable, allocated on entry (clamped to 0 there, see
            // allocate): the statements assigning it check the value where they run.
            if (variableShape_)
                return v;
            // One check per value: a second message for it (np.zeros(n), then
            // np.broadcast_to(v, (n, 3))) could never be raised.
            // A message may show the value (kShownExtent: "Number of samples, -3, ...").
            std::vector<std::string> pieces;
            std::vector<ExprPtr> shown;
            if (size_t at = d->text.find(array::kShownExtent); at != std::string::npos) {
                pieces = {d->text.substr(0, at), d->text.substr(at + array::kShownExtent.size())};
                shown = {v};
            }
            check(loop::binary(loop::BinaryOp::Lt, v, loop::intImm(0)), "ValueError", d->text,
                  fmt::format("nonnegative:{}", loop::str(v)), nullptr, std::move(pieces),
                  std::move(shown));
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
                        [&](const ExprPtr &e) { return availableOnEntry(e); })) {
            // Allocated on entry, before the statement that checks its extents (np.zeros(n)
            // raises for n < 0), which may not run (`if n >= 0: y = np.zeros(n)`): a
            // negative extent allocates an array of 0 elements there instead of raising.
            // (A function that only returns an expression checks its extents on entry.)
            for (ExprPtr &e : a.extents)
                if (!af_.body.empty() && !knownNonNegative(e))
                    e = loop::call(loop::Intrinsic::Maximum, {e, loop::intImm(0)}, DType::Int64);
            out_.allocations.push_back(std::move(a));
        }
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
        size_t last = text.find_last_not_of(" \t\r\f\v");
        text = first == std::string::npos ? "" : text.substr(first, last - first + 1);
        // A line continued with `\` would splice the next C++ line into this comment.
        if (!text.empty() && text.back() == '\\')
            text += " ...";
        std::string path = file_.path.substr(file_.path.find_last_of('/') + 1);
        return fmt::format("{}:{}: {}", path, line, text);
    }

    /// The offset of element `idx` of store target `target` in its root's buffer.
    ExprPtr targetOffset(const Node &target, std::vector<ExprPtr> idx) {
        const Node *n = &target;
        for (;; n = n->operand().get()) {
            if (n->kind == NodeKind::View)
                idx = viewIndex(*n, idx);
            else if (n->kind == NodeKind::Gather)
                idx = gatherIndex(*n, idx);
            else if (n->kind == NodeKind::Reshape)
                idx = reshapeIndex(*n, idx);
            else
                break;
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
        bool scan = root.kind == NodeKind::Scan || root.kind == NodeKind::Nonzero ||
                    root.kind == NodeKind::Sort || root.kind == NodeKind::Bincount;
        if (scan) { // runs in a buffer of its own; another destination gets a copy of it
            storage_[&root] = root.kind == NodeKind::Scan   ? lowerScan(root, freshBuffer(hint))
                              : root.kind == NodeKind::Sort ? lowerSort(root, freshBuffer(hint))
                              : root.kind == NodeKind::Bincount
                                  ? lowerBincount(root, freshBuffer(hint))
                                  : lowerNonzero(root, freshBuffer("nonzero"));
            stageRoot_ = nullptr;
        }
        // Integer-array stores: indices checked (and wrapped) before any element is written,
        // and written in order where they may repeat (NumPy: the last write wins).
        bool ordered = dest.kind == Destination::Target && prepareGatherTarget(*dest.target);
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
                loop->reductionLoop = ordered;
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

    /// Appends to `body` a nest of loops over the axes of `shape` that `skip` does not
    /// name, outermost first, starting at nesting `depth` (advanced); sets `idx[a]` to the
    /// counter of each (0 for an axis of extent 1, which gets no loop) and returns the
    /// innermost body.
    std::vector<StmtPtr> *loopNest(std::vector<StmtPtr> *body, const Shape &shape,
                                   const std::function<bool(size_t)> &skip,
                                   std::vector<ExprPtr> &idx, size_t &depth) {
        for (size_t a = 0; a < shape.size(); ++a) {
            if (skip(a))
                continue;
            if (dimIsConst(shape[a], 1)) {
                idx[a] = loop::intImm(0);
                continue;
            }
            std::string v = loopVar(depth++);
            StmtPtr l = loop::forLoop(v, dimExpr(shape[a]), {});
            body->push_back(l);
            body = &l->stmts;
            idx[a] = loop::var(v, DType::Int64);
        }
        return body;
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
            checkExtents(*n); // a read Python may find unassigned (UnboundLocalError)
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
        for (const ExprPtr &e : idx) {
            key += '|';
            key += loop::str(e);
        }
        return key;
    }

    // ---- statements (Python control flow) -------------------------------------------
    void collectWrittenParams(const std::vector<array::StmtPtr> &stmts, std::set<int> &out);
    void declareVariables();
    /// An array variable allocated by each Let of it (Variable::allocatedByLet): declared
    /// empty on entry; its extents are kept for the Lets (letExtents_).
    void declareAllocatedByLet(const array::Variable &v);
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
    /// numpy.sort / numpy.argsort (LowerSort.cpp).
    Storage lowerSort(const Node &n, const std::string &name);
    // Integer-array indexing and boolean masks (LowerGather.cpp).
    std::vector<ExprPtr> gatherIndex(const Node &n, const std::vector<ExprPtr> &idx);
    ExprPtr computeGather(const Node &n, const std::vector<ExprPtr> &idx);
    ExprPtr computeSearchSorted(const Node &n, const std::vector<ExprPtr> &idx);
    Storage lowerNonzero(const Node &n, const std::string &name);
    Storage lowerBincount(const Node &n, const std::string &name);
    bool prepareGatherTarget(const Node &target);
    std::vector<ExprPtr> viewIndex(const Node &n, const std::vector<ExprPtr> &idx);
    std::vector<ExprPtr> broadcastIndex(const Node &n, const std::vector<ExprPtr> &idx);
    std::vector<ExprPtr> transposeIndex(const Node &n, const std::vector<ExprPtr> &idx);
    std::vector<ExprPtr> reshapeIndex(const Node &n, const std::vector<ExprPtr> &idx);
    ExprPtr computeConcat(const Node &n, const std::vector<ExprPtr> &idx);
    void checkExtents(const Node &n);
    std::string sourceText(SourceLoc loc) const;

    const array::Function &af_;
    const Schedule &schedule_;
    const Schedule *sched_;                ///< the schedule of the value being lowered
    std::vector<Storage> variables_;       ///< storage of Function::variables
    /// The extents each Let of a variable allocated by its Lets allocates, by variable.
    std::map<size_t, std::vector<ExprPtr>> letExtents_;
    /// Lowering the shape of an array variable, allocated on entry (declareVariables):
    /// its extents' own checks are left to the statements that assign the variable.
    bool variableShape_ = false;
    std::set<std::string> entryNames_;     ///< values available on entry (see hoist)
    std::set<std::string> nonNegativeNames_; ///< hoisted values that cannot be negative
    std::vector<StmtPtr> *localPre_ = nullptr; ///< where non-entry hoists go
    std::map<std::string, ExprPtr> localHoisted_;
    std::set<std::string> localChecked_;
    const SourceFile &file_;
    LoweringOptions options_;
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
    /// Store targets' gathers: their index arrays, checked and wrapped into buffers.
    std::map<const Node *, std::vector<Storage>> gatherIndices_;
    std::set<std::string> loopNames_;
    size_t depth_ = 0;
};


/// True for the integer dtypes whose C++ arithmetic can overflow (undefined behaviour)
/// where NumPy wraps: int32 and int64 (smaller ones are promoted to int first).
inline bool needsWrapping(DType t) { return t == DType::Int32 || t == DType::Int64; }

} // namespace npc::passes::detail
