// Lowering of function bodies: FunctionLowering's entry point, emission of IR statements,
// and the dispatch of statements (see FunctionLowering.h).
#include "frontend/LowerStatements.h"
#include "frontend/FunctionLowering.h"

#include "ir/Promotion.h"

#include <algorithm>
#include <deque>
#include <fmt/format.h>
#include <utility>

namespace npc::lowering {

array::Function FunctionLowering::run(const Signature &sig,
                                      std::vector<std::vector<array::Type>> *returnTypes) {
    returnTypes_ = returnTypes;
    f_.name = def_.name;
    f_.loc = def_.nameLoc;
    // As in Pythran, a signature may leave out parameters that have default values:
    // the exported function does not take them, and they hold their defaults.
    size_t required = 0;
    while (required < def_.params.size() && !def_.defaults[required])
        ++required;
    if (sig.args.size() < required || sig.args.size() > def_.params.size()) {
        std::string takes = required == def_.params.size()
                                ? fmt::format("{}", required)
                                : fmt::format("{} to {}", required, def_.params.size());
        throw UserError(sig.loc,
                        fmt::format("the signature of '{}' has {} argument type{} "
                                    "but the function takes {} argument{}",
                                    def_.name, sig.args.size(), sig.args.size() == 1 ? "" : "s",
                                    takes, def_.params.size() == 1 ? "" : "s"));
    }
    for (size_t i = 0; i < def_.params.size(); ++i) {
        if (i >= sig.args.size()) {
            exprs_.bind(def_.params[i], defaultValue(def_, i, globals_));
            continue;
        }
        int index = static_cast<int>(i);
        array::Type t = paramType(sig.args[i], index, def_.params[i]);
        f_.params.push_back(array::makeParam(index, def_.params[i], t, def_.paramLocs[i]));
        exprs_.bind(def_.params[i], Value::array(f_.params.back(), def_.paramLocs[i]));
    }
    blocks_ = {&body_};
    const syntax::Block &body = def_.body;
    for (size_t i = 0; i < body.size(); ++i) {
        const syntax::Stmt &st = *body[i];
        bool simple = st.as<syntax::Pass>() || st.as<syntax::ExprStmt>() ||
                      (st.as<syntax::Return>() && i + 1 == body.size());
        if (auto *a = st.as<syntax::Assign>())
            simple =
                std::all_of(a->targets.begin(), a->targets.end(), [](const syntax::ExprPtr &t) {
                    return t->as<syntax::Name>() || t->as<syntax::Tuple>();
                });
        hasStatements_ |= !simple;
    }
    bool sawReturn = false;
    frames_.push_back({&body, 0, false, nullptr, {}});
    for (size_t i = 0; i < body.size(); ++i) {
        frames_.back().index = i;
        const syntax::Stmt &stmt = *body[i];
        if (auto *ret = stmt.as<syntax::Return>(); ret && i + 1 == body.size()) {
            finalReturn(*ret, stmt.loc);
            sawReturn = true;
            break;
        }
        lowerStatement(stmt);
        if (stmt.as<syntax::Raise>())
            break; // the rest never runs
    }
    if (!sawReturn && hasValueReturns_ && !alwaysReturns(body))
        throw UserError(def_.nameLoc,
                        fmt::format("'{}' returns a value on some paths but reaches its end on "
                                    "others (returning None); npc needs every path to "
                                    "return the same kind of value",
                                    def_.name));
    f_.body = std::move(body_);
    if (f_.results.empty() && hasValueReturns_)
        f_.resultTypes = resultTypes_;
    return std::move(f_);
}

array::Type FunctionLowering::paramType(const ArgType &t, int index, const std::string &name) {
    array::Type type{t.dtype, {}, t.pythonScalar};
    for (int axis = 0; axis < t.rank; ++axis) {
        const auto &fixed = t.extents[static_cast<size_t>(axis)];
        type.shape.push_back(fixed ? dimConst(*fixed) : dimExtent(index, axis, name));
    }
    return type;
}

void FunctionLowering::emit(array::Stmt st) {
    blocks_.back()->push_back(std::make_shared<const array::Stmt>(std::move(st)));
    ++emitted_;
}

int FunctionLowering::newVariable(const std::string &name, array::Type type, SourceLoc loc,
                                  std::string why) {
    f_.variables.push_back({name, std::move(type), loc, std::move(why)});
    return static_cast<int>(f_.variables.size()) - 1;
}

NodePtr FunctionLowering::varNode(int var, SourceLoc loc) {
    const array::Variable &v = f_.variables.at(static_cast<size_t>(var));
    return array::makeVar(var, v.name, v.type, loc);
}

void FunctionLowering::let(int var, NodePtr value, SourceLoc loc, bool takesStorage) {
    array::Stmt st;
    st.kind = StmtKind::Let;
    st.loc = loc;
    st.var = var;
    st.takesStorage = takesStorage;
    st.value = std::move(value);
    emit(std::move(st));
}

NodePtr FunctionLowering::materialize(const NodePtr &n, const std::string &hint, SourceLoc loc,
                                     std::string why) {
    std::string name = n->name.empty() ? hint : n->name;
    array::Type type = n->type;
    // An extent the body computes (a slice from a loop counter) is kept in a variable of
    // its own, assigned here with the array, which is allocated here: later statements
    // see the extent of this value, not the counter's next one.
    bool byLet = false;
    for (Dim &d : type.shape) {
        if (followsFromArguments(d))
            continue;
        int extent = newVariable(fmt::format("{}_n", name), array::Type{DType::Int64, {}, false});
        let(extent, array::makeDimValue(d, n->loc.valid() ? n->loc : loc), loc);
        d = dimValue(varNode(extent, loc), dimStr(d));
        byLet = true;
    }
    int var = newVariable(name, std::move(type), loc, std::move(why));
    f_.variables[static_cast<size_t>(var)].allocatedByLet = byLet;
    let(var, n, loc);
    return varNode(var, loc);
}

NodePtr FunctionLowering::conditional(const NodePtr &cond, const ExprLowering::Branch &then,
                                      const ExprLowering::Branch &orelse, SourceLoc loc) {
    array::Stmt st;
    st.kind = StmtKind::If;
    st.loc = loc;
    st.value = cond;
    blocks_.push_back(&st.body);
    NodePtr a = then();
    blocks_.pop_back();
    blocks_.push_back(&st.orelse);
    NodePtr b = orelse();
    blocks_.pop_back();
    if (!shapeEqual(a->type.shape, b->type.shape))
        throw UserError(loc, fmt::format("the two values of 'a if cond else b' have shapes {} "
                                         "and {}; npc needs equal shapes",
                                         shapeStr(a->type.shape), shapeStr(b->type.shape)));
    // A branch's value that is another name's lazy array is copied; given memory first
    // when an update may follow (`y = a if c else a * 2`, then `a[0] = 1`), so that the
    // copy's sources are known (copiedChoices_).
    const syntax::Stmt *current =
        frames_.empty() ? nullptr : (*frames_.back().block)[frames_.back().index].get();
    const auto *assign = current ? current->as<syntax::Assign>() : nullptr;
    const auto *target =
        assign && assign->targets.size() == 1 ? assign->targets[0]->as<syntax::Name>() : nullptr;
    for (NodePtr *value : {&a, &b})
        *value = shareBeforeCopy(target ? target->id : std::string(" choice"), *value, loc);
    // `p if c else q` of Python bools is a Python bool (`(p or q) + True` is 2).
    PromotionType p = joinTypes({a->type.dtype, a->type.weak}, {b->type.dtype, b->type.weak});
    int var = newVariable("choice", array::Type{p.dtype, a->type.shape, p.weak});
    if (a->type.rank() > 0 && (viewRoot(a) || viewRoot(b))) {
        CopiedChoice copied;
        copied.message = "this updates the value of 'a if cond else b', which in Python is "
                         "the array of the branch taken, but npc copies it; npc cannot follow "
                         "that: update the array in each branch, or write '.copy()' in the "
                         "branch that gives an existing array";
        copied.what = "the value of 'a if cond else b'";
        for (const NodePtr &branch : {a, b})
            if (const array::Node *root = anyViewRoot(branch))
                copied.sources.push_back({root->kind, root->param});
        copiedChoices_[var] = std::move(copied);
    }
    blocks_.push_back(&st.body);
    let(var, exprs_.castTo(a, p.dtype, loc), loc);
    blocks_.pop_back();
    blocks_.push_back(&st.orelse);
    let(var, exprs_.castTo(b, p.dtype, loc), loc);
    blocks_.pop_back();
    emit(std::move(st));
    return varNode(var, loc);
}

namespace {

/// `n`, a view of `old` (FunctionLowering::viewsArray), as the same view of `replacement`.
NodePtr rebase(const NodePtr &n, const NodePtr &replacement,
               const std::function<bool(const array::Node *)> &isOld) {
    if (isOld(n.get()))
        return replacement;
    array::Node copy = *n;
    copy.operands[0] = rebase(n->operand(), replacement, isOld);
    return std::make_shared<const array::Node>(std::move(copy));
}

} // namespace

bool FunctionLowering::sameArray(const array::Node *a, const array::Node *b) const {
    auto origin = [&](const array::Node *p) {
        for (auto it = renamed_.find(p); it != renamed_.end(); it = renamed_.find(p))
            p = it->second.second.get();
        return p;
    };
    return a == b || origin(a) == origin(b);
}

bool FunctionLowering::viewsArray(const NodePtr &n, const array::Node &base) const {
    if (sameArray(n.get(), &base))
        return true;
    return viewsOperand(*n) && viewsArray(n->operand(), base);
}

void FunctionLowering::rebindAll(const NodePtr &old, const NodePtr &replacement, SourceLoc loc,
                                 bool callers) {
    auto isOld = [&](const array::Node *p) { return sameArray(p, old.get()); };
    for (const auto &[name, v] : exprs_.env())
        if (v.kind == Value::Array && viewsArray(v.node, *old))
            exprs_.bind(name, Value::array(rebase(v.node, replacement, isOld), loc));
    if (callers)
        for (std::map<std::string, Value> *outer : outerEnvs_)
            for (auto &[name, v] : *outer)
                if (v.kind == Value::Array && viewsArray(v.node, *old))
                    v = Value::array(rebase(v.node, replacement, isOld), loc);
}

NodePtr FunctionLowering::sharedBase(const std::string &name, const NodePtr &n) const {
    auto shared = [&](const array::Node &base) {
        for (const auto &[other, v] : exprs_.env())
            if (other != name && v.kind == Value::Array && viewsArray(v.node, base) &&
                liveAfter(other, true))
                return true;
        for (const std::map<std::string, Value> *outer : outerEnvs_)
            for (const auto &[other, v] : *outer)
                if (v.kind == Value::Array && viewsArray(v.node, base))
                    return true;
        return false;
    };
    NodePtr found = n; // the deepest shared one
    for (NodePtr p = n; viewsOperand(*p);)
        if (p = p->operand(); shared(*p))
            found = p;
    return found;
}

NodePtr FunctionLowering::ensureBuffer(const std::string &name, SourceLoc loc) {
    Value v = exprs_.env().at(name);
    if (viewRoot(v.node))
        return v.node;
    auto throughShapeView = [&] {
        return UserError(loc, fmt::format("npc cannot write into '{0}': it is a transposed, "
                                          "reshaped or broadcast view of another array, and "
                                          "npc writes only through basic indexing; write into "
                                          "that array instead (or into '{0}.copy()' if the "
                                          "original must not change)",
                                          name));
    };
    if (shapeView(v.node))
        throw throughShapeView();
    if (const array::Node *z = complexPartRoot(v.node))
        throw UserError(loc, fmt::format("npc cannot write into '{0}': it holds the real or "
                                         "imaginary part of '{1}' ({1}.real, {1}.imag), a view "
                                         "of '{1}' in NumPy that npc computes as a value; "
                                         "update '{1}' itself, or assign a copy to '{0}' "
                                         "({1}.real.copy()) if '{1}' must not change",
                                         name, z->name));
    // Python's names of this array and of views of it share its memory: a lazy value
    // they share is evaluated into a variable they all refer to.
    NodePtr base = sharedBase(name, v.node);
    for (const array::Node *p = v.node.get(); p != base.get(); p = p->operand().get())
        if (p->kind != NodeKind::View)
            throw throughShapeView();
    if (dry_) // the names of that array, made memory before the statement being tried
        noteWrittenThrough(*base, nullptr);
    NodePtr m = materialize(base, name, loc);
    // A dry run's changes of the callers' names would outlive it.
    rebindAll(base, m, loc, !dry_);
    return exprs_.env().at(name).node;
}

bool FunctionLowering::updatedLater(const std::string &name) const {
    auto updates = [&](const syntax::Block &block, size_t from) {
        for (size_t i = from; i < block.size(); ++i) {
            std::set<std::string> throughCalls;
            callMutations(*block[i], throughCalls);
            if (facts_.names(*block[i]).mutated.count(name) || throughCalls.count(name))
                return true;
        }
        return false;
    };
    for (size_t level = frames_.size(); level-- > 0;)
        if (const Frame &f = frames_[level]; updates(*f.block, f.loop ? 0 : f.index + 1))
            return true;
    return false;
}

NodePtr FunctionLowering::shareBeforeCopy(const std::string &name, const NodePtr &value,
                                          SourceLoc loc) {
    if (dry_ || value->type.rank() == 0 || anyViewRoot(value))
        return value;
    // Through basic indexing only: a transpose or reshape of a lazy value is not written.
    auto basicViews = [](const NodePtr &n) {
        for (const array::Node *p = n.get(); viewsOperand(*p); p = p->operand().get())
            if (p->kind != NodeKind::View)
                return false;
        return true;
    };
    if (!basicViews(value))
        return value;
    bool nameUpdated = updatedLater(name);
    for (const auto &[other, v] : exprs_.env()) {
        if (other == name || v.kind != Value::Array || v.node->type.rank() == 0 ||
            !(viewsArray(value, *v.node) || viewsArray(v.node, *value)) || !basicViews(v.node) ||
            !((nameUpdated && liveAfter(other, false)) || updatedLater(other)))
            continue;
        // Bound to a hidden name for now, the value is rebased with the other names' values.
        const std::string held = " value being copied", sharer = other;
        exprs_.bind(held, Value::array(value, loc));
        ensureBuffer(sharer, loc);
        auto env = exprs_.env();
        NodePtr rebased = env.at(held).node;
        env.erase(held);
        exprs_.setEnv(std::move(env));
        return rebased;
    }
    return value;
}

void FunctionLowering::noteWrittenThrough(const array::Node &array, const std::string *except) {
    auto note = [&](const std::map<std::string, Value> &names) {
        for (const auto &[other, v] : names)
            if ((!except || other != *except) && v.kind == Value::Array &&
                sameArray(v.node.get(), &array))
                writtenThrough_.insert(other);
    };
    note(exprs_.env());
    for (const std::map<std::string, Value> *outer : outerEnvs_) // a loop calling h(c)
        note(*outer);
}

void FunctionLowering::noteLazyAlias(const std::string &name, const NodePtr &value) {
    if (value->type.rank() == 0 || viewRoot(value))
        return;
    for (NodePtr p = value;; p = p->operand()) {
        noteWrittenThrough(*p, &name);
        if (!viewsOperand(*p))
            return;
    }
}

void FunctionLowering::storeWrittenThrough(const std::function<void()> &dryRuns, SourceLoc loc) {
    std::set<std::string> saved = std::exchange(writtenThrough_, {});
    try {
        dryRuns();
    } catch (...) {
        writtenThrough_ = std::move(saved);
        throw;
    }
    std::set<std::string> found = std::exchange(writtenThrough_, std::move(saved));
    writtenThrough_.insert(found.begin(), found.end()); // for an enclosing dry run
    for (const std::string &n : found) {
        auto it = exprs_.env().find(n);
        if (it == exprs_.env().end() || it->second.kind != Value::Array)
            continue;
        const NodePtr &v = it->second.node;
        if (v->type.rank() > 0 && !viewRoot(v) && !viewsOperand(*v))
            ensureBuffer(n, loc);
    }
}

void FunctionLowering::flushReaders(const array::Node &root, SourceLoc loc, bool beforeValue,
                                    const std::string *rebound) {
    bool rebinding = rebound != nullptr;
    std::map<const array::Node *, NodePtr> done;
    auto why = [&](const std::string &name) {
        return fmt::format(
            "'{0}' would be copied here, before '{1}' {2}, because {4} reads it; use "
            "'{0}' before that, or {3}",
            name, root.name, rebinding ? "is assigned a new value" : "is updated in place",
            rebinding ? fmt::format("give the new value another name than '{}'", root.name)
                      : fmt::format("update a copy of '{}'", root.name),
            beforeValue ? "this statement or a later one" : "a later statement");
    };
    auto unaffected = [&](const Value &v) {
        return v.kind != Value::Array || (!rebinding && isViewOf(v.node, root)) ||
               !readsRoot(v.node, root);
    };
    auto env = exprs_.env();
    for (const auto &[name, v] : env) {
        if (unaffected(v) || (rebinding && name == *rebound))
            continue;
        if (!liveAfter(name, beforeValue)) { // dead: never needed with its old value
            exprs_.bind(name, Value::unbound(fmt::format("npc dropped '{}' after an in-place "
                                                         "update it found no later use for "
                                                         "(an npc bug: please report it)",
                                                         name),
                                             loc));
            continue;
        }
        if (complexPartRoot(v.node) == &root)
            throw UserError(loc, fmt::format("npc cannot update '{1}' while '{0}' holds its real "
                                             "or imaginary part ({1}.real, {1}.imag) and is used "
                                             "later: in NumPy '{0}' is a view that sees the "
                                             "update, npc would keep the old values; read "
                                             "{1}.real after the update, or assign a copy "
                                             "({1}.real.copy()) to '{0}'",
                                             name, root.name));
        auto it = done.find(v.node.get());
        NodePtr m = it != done.end() ? it->second : materialize(v.node, name, loc, why(name));
        done[v.node.get()] = m;
        exprs_.bind(name, Value::array(m, loc));
    }
    // Names of the functions whose calls are being inlined see the change too.
    for (std::map<std::string, Value> *outer : outerEnvs_)
        for (auto &[name, v] : *outer) {
            if (unaffected(v))
                continue;
            auto it = done.find(v.node.get());
            NodePtr m =
                it != done.end() ? it->second : materialize(v.node, name, loc, why(name));
            done[v.node.get()] = m;
            v = Value::array(m, loc);
        }
}

void FunctionLowering::lowerBlock(const syntax::Block &block, bool loop, const syntax::Expr *test,
                                  std::set<std::string> *newArrays) {
    frames_.push_back({&block, 0, loop, test, {}});
    // A loop body must leave the tuples and strings it starts with as they were: npc
    // decides them when it compiles, once for every iteration.
    std::map<std::string, Value> atStart;
    if (loop)
        for (const auto &[n, v] : exprs_.env())
            if (v.kind == Value::Tuple || v.kind == Value::String)
                atStart.emplace(n, v);
    std::deque<array::Stmt> guards; // an inlined body's `if not returned:` around the rest
    for (size_t i = 0; i < block.size(); ++i) {
        frames_.back().index = i;
        lowerStatement(*block[i]);
        if (block[i]->as<syntax::Raise>())
            break; // the rest of the block never runs
        const syntax::Stmt *next = i + 1 < block.size() ? block[i + 1].get() : nullptr;
        if (!inlines_.empty() && hasReturn(*block[i]) && !afterInlineReturn(*block[i], next, guards))
            break;
    }
    for (auto it = guards.rbegin(); it != guards.rend(); ++it) {
        blocks_.pop_back();
        emit(std::move(*it));
    }
    if (newArrays)
        *newArrays = frames_.back().newArrays;
    frames_.pop_back();
    requireUnchanged(atStart, block);
}

void FunctionLowering::requireUnchanged(const std::map<std::string, Value> &atStart,
                                        const syntax::Block &block) {
    for (const auto &[n, v] : atStart) {
        auto now = exprs_.env().find(n);
        if (now != exprs_.env().end() && sameValue(now->second, v))
            continue;
        SourceLoc loc = block.front()->loc; // the first statement that assigns the name
        for (const syntax::StmtPtr &s : block)
            if (facts_.names(*s).assigned.count(n)) {
                loc = s->loc;
                break;
            }
        throw UserError(loc, fmt::format("'{}' is {} that the loop changes; npc decides tuples "
                                         "and strings when it compiles, so one cannot change "
                                         "from one iteration to the next (an int or bool flag "
                                         "can)",
                                         n, v.kind == Value::Tuple ? "a tuple" : "a string"));
    }
}

int FunctionLowering::laterReads(const std::string &name) const {
    int count = 0;
    for (size_t level = frames_.size(); level-- > 0;) {
        const Frame &f = frames_[level];
        for (size_t i = f.index + 1; i < f.block->size(); ++i) {
            const syntax::Stmt &st = *(*f.block)[i];
            Use u = useIn(st, name);
            if (u == Use::Read) {
                count += st.as<syntax::For>() || st.as<syntax::While>() ? 2 : 1;
                if (auto *a = st.as<syntax::Assign>())
                    for (const syntax::ExprPtr &t : a->targets)
                        if (auto *n = t->as<syntax::Name>(); n && n->id == name)
                            return std::min(count, 2);
            }
            if (u == Use::Killed || count >= 2)
                return std::min(count, 2);
        }
        if (f.loop)
            return count ? 2 : 0; // read again in the next iterations
    }
    return std::min(count, 2);
}

bool FunctionLowering::liveAfter(const std::string &name, bool includeCurrent) const {
    if (includeCurrent && !frames_.empty()) {
        const Frame &f = frames_.back();
        BlockNames names;
        syntax::Block none;
        std::set<std::string> reads;
        const syntax::Stmt &st = *(*f.block)[f.index];
        if (auto *a = st.as<syntax::Assign>()) {
            collectReads(*a->value, reads);
            for (const syntax::ExprPtr &t : a->targets)
                collectReads(*t, reads);
        } else if (auto *aug = st.as<syntax::AugAssign>()) {
            collectReads(*aug->target, reads);
            collectReads(*aug->value, reads);
        } else {
            return true; // conservative
        }
        if (reads.count(name))
            return true;
    }
    auto scan = [&](const syntax::Block &block, size_t from, size_t to) {
        for (size_t i = from; i < to && i < block.size(); ++i)
            if (Use u = useIn(*block[i], name); u != Use::None)
                return u;
        return Use::None;
    };
    for (size_t level = frames_.size(); level-- > 0;) {
        const Frame &f = frames_[level];
        Use u = scan(*f.block, f.index + 1, f.block->size());
        if (u != Use::None)
            return u == Use::Read;
        if (f.loop) {
            if (f.test) {
                std::set<std::string> reads;
                collectReads(*f.test, reads);
                if (reads.count(name))
                    return true;
            }
            // Read in the next iteration, or after the loop, which may end here.
            if (scan(*f.block, 0, f.index + 1) == Use::Read)
                return true;
        }
    }
    // The end of the function: only the results are read, and a final `return`
    // is a statement of the outermost block.
    return false;
}

void FunctionLowering::lowerStatement(const syntax::Stmt &stmt) {
    // A call that updates an array in place may run on one path only (`a if c else b`,
    // `and`, `or`): the values that read the array are evaluated first, on every path.
    if (!stmt.as<syntax::If>() && !stmt.as<syntax::For>() && !stmt.as<syntax::While>()) {
        std::set<std::string> mutated;
        callMutations(stmt, mutated);
        if (!mutated.empty()) {
            preflushMutated(mutated, stmt.loc);
            rejectReadsAroundMutations(stmt, mutated);
        }
    }
    if (auto *assign = stmt.as<syntax::Assign>()) {
        // `a[...] = v`: lazy values that read `a` are evaluated first (as Python did
        // when they were assigned), so `v` can use them instead of recomputing them.
        if (assign->targets.size() == 1)
            if (auto *sub = assign->targets[0]->as<syntax::Subscript>())
                prepareStore(*sub, stmt.loc);
        Value v = exprs_.lower(*assign->value);
        for (const syntax::ExprPtr &target : assign->targets)
            assignTo(*target, v, stmt.loc);
        return;
    }
    if (auto *aug = stmt.as<syntax::AugAssign>())
        return augmentedAssign(*aug, stmt.loc);
    if (stmt.as<syntax::Pass>())
        return;
    if (auto *e = stmt.as<syntax::ExprStmt>()) {
        if (e->value->as<syntax::StringLiteral>())
            return; // docstring
        // A call of the file's own function runs for its effects (in-place updates);
        // anything else is lowered first, so an unsupported call is named (a method, such
        // as `x.sort()`, as the call it is, not as an attribute read).
        auto *call = e->value->as<syntax::Call>();
        if (auto *method = call ? call->func->as<syntax::Attribute>() : nullptr;
            method && method->attr == "at") { // np.add.at(a, idx, b)
            Value callee = exprs_.lower(*call->func);
            if (callee.kind == Value::Function && callee.qualifiedName.starts_with("numpy.") &&
                callee.qualifiedName.ends_with(".at"))
                return ufuncAt(*call, e->atTarget.get(), callee.qualifiedName, stmt.loc);
        }
        if (call) { // np.copyto(a, b), np.fill_diagonal(a, v)
            auto *attr = call->func->as<syntax::Attribute>();
            if ((attr && exprs_.lower(*attr->value).kind == Value::Module) ||
                call->func->as<syntax::Name>()) {
                Value callee = exprs_.lower(*call->func);
                if (callee.kind == Value::Function && (callee.qualifiedName == "numpy.copyto" ||
                                                       callee.qualifiedName == "numpy.fill_diagonal"))
                    return functionInPlace(*call, callee.qualifiedName, stmt.loc);
            }
        }
        if (auto *method = call ? call->func->as<syntax::Attribute>() : nullptr;
            method && (method->attr == "sort" || method->attr == "fill") &&
            exprs_.lower(*method->value).kind == Value::Array) // a.sort(), a.fill(0)
            return methodInPlace(*call, *method, stmt.loc);
        if (call && call->func->as<syntax::Name>()) {
            Value callee = exprs_.lower(*call->func);
            if (callee.kind == Value::Function && callee.qualifiedName.rfind("local.", 0) == 0) {
                exprs_.lower(*e->value);
                return;
            }
            if (callee.kind == Value::Function && callee.qualifiedName == "builtins.print")
                throw UserError(e->value->loc, "print() is not supported by npc: compiled "
                                               "kernels have no output; return the value");
        }
        exprs_.lower(*e->value);
        throw UserError(stmt.loc, "this expression has no effect: npc compiles no side "
                                  "effects other than assignments and in-place updates");
    }
    if (auto *f = stmt.as<syntax::For>())
        return forLoop(*f, stmt.loc);
    if (auto *w = stmt.as<syntax::While>())
        return whileLoop(*w, stmt.loc);
    if (auto *i = stmt.as<syntax::If>())
        return ifStatement(*i, stmt.loc);
    if (stmt.as<syntax::Break>() || stmt.as<syntax::Continue>()) {
        if (loopDepth_ == 0)
            throw UserError(stmt.loc, fmt::format("'{}' outside loop",
                                                  stmt.as<syntax::Break>() ? "break" : "continue"));
        array::Stmt st;
        st.kind = stmt.as<syntax::Break>() ? StmtKind::Break : StmtKind::Continue;
        st.loc = stmt.loc;
        emit(std::move(st));
        return;
    }
    if (auto *ret = stmt.as<syntax::Return>())
        return inlines_.empty() ? earlyReturn(*ret, stmt.loc) : inlineReturn(*ret, stmt.loc);
    if (auto *raise = stmt.as<syntax::Raise>()) {
        array::Stmt st;
        st.kind = StmtKind::Raise;
        st.loc = stmt.loc;
        st.exception = raise->exception == "Exception" ? "Error" : raise->exception;
        // Python's traceback ends in the class's name where the message is empty.
        st.message = raise->message.empty() ? raise->exception : raise->message;
        if (!raise->values.empty()) {
            std::string text = raise->pieces[0];
            for (size_t i = 0; i < raise->values.size(); ++i) {
                formatInto(exprs_.lower(*raise->values[i]), raise->values[i]->loc, text, st);
                text += raise->pieces[i + 1];
            }
            st.pieces.push_back(std::move(text));
            st.message.clear();
            for (size_t i = 0; i < st.pieces.size(); ++i)
                st.message += (i ? "{}" : "") + st.pieces[i];
            if (st.values.empty()) // every value known at compile time
                st.pieces.clear();
        }
        emit(std::move(st));
        return;
    }
    throw UserError(stmt.loc, "npc does not support this statement");
}

void FunctionLowering::formatInto(const Value &v, SourceLoc loc, std::string &text,
                                  array::Stmt &raise) {
    if (v.kind == Value::String) {
        text += v.text;
    } else if (v.kind == Value::None) {
        text += "None";
    } else if (v.kind == Value::Function && v.text == "dtype") { // `{x.dtype}`
        text += v.qualifiedName.substr(v.qualifiedName.rfind('.') + 1);
    } else if (v.kind == Value::Tuple) { // `{x.shape}`: (3, 4), (3,)
        text += "(";
        for (size_t i = 0; i < v.elements.size(); ++i) {
            // A tuple shows its items' repr: the same as str for Python ints and bools.
            const Value &item = v.elements[i];
            if (item.kind != Value::None &&
                !(item.kind == Value::Array && isPythonScalar(item.node) &&
                  (isInteger(item.node->type.dtype) || isBool(item.node->type.dtype))))
                throw UserError(loc, "npc formats tuples of Python ints and bools (x.shape) into "
                                     "raise messages; Python shows other items' repr "
                                     "(np.int64(3), 'text')");
            formatInto(item, loc, text, raise);
            if (i + 1 < v.elements.size() || v.elements.size() == 1)
                text += i + 1 < v.elements.size() ? ", " : ",";
        }
        text += ")";
    } else if (v.kind == Value::Array && v.node->type.rank() == 0 &&
               (isInteger(v.node->type.dtype) || isBool(v.node->type.dtype))) {
        const NodePtr &n = v.node;
        if (n->kind == NodeKind::Constant && isBool(n->type.dtype)) {
            text += n->intValue ? "True" : "False";
        } else if (n->kind == NodeKind::Constant) {
            text += std::to_string(n->intValue);
        } else { // formatted at run time, between the pieces
            raise.pieces.push_back(std::move(text));
            text.clear();
            raise.values.push_back(isCheap(n) ? n : materialize(n, "shown", loc));
        }
    } else {
        throw UserError(loc, "npc formats ints, bools, strings and tuples of them (x.shape) into "
                             "raise messages; not floats or arrays");
    }
}

array::Function lowerFunction(const syntax::FunctionDef &def, const syntax::Module &module,
                              std::map<std::string, Value> globals, const Signature &sig,
                              const std::vector<array::Type> &resultTypes,
                              std::vector<std::vector<array::Type>> *returnTypes) {
    return FunctionLowering(def, module, std::move(globals), resultTypes).run(sig, returnTypes);
}

} // namespace npc::lowering
