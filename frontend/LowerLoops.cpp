// Loops and branches: for over range, while, if; variables typed by a dry run of the body.
#include "frontend/FunctionLowering.h"

#include "ir/Promotion.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fmt/format.h>
#include <set>

namespace npc::lowering {
namespace {

/// In a type unify() returns: an extent the values of a name disagree on (its variable
/// holds it: makeMutable). Compared by identity.
const Dim &changingExtent() {
    static const Dim d = dimValue(nullptr, "?");
    return d;
}

} // namespace

std::map<std::string, array::Type> FunctionLowering::dryRun(const std::function<void()> &lowerBody,
                                                            const std::set<std::string> &names) {
    auto env = exprs_.env();
    size_t vars = f_.variables.size();
    auto mutableVars = mutableVars_;
    auto boundFlags = boundFlags_;
    auto heldExtents = heldExtents_;
    bool hasReturns = hasValueReturns_;
    std::vector<array::StmtPtr> scratch;
    blocks_.push_back(&scratch);
    bool saved = dry_;
    dry_ = true;
    std::map<std::string, array::Type> out;
    try {
        lowerBody();
    } catch (...) {
        blocks_.pop_back();
        dry_ = saved;
        exprs_.setEnv(env);
        f_.variables.resize(vars);
        mutableVars_ = mutableVars;
        boundFlags_ = boundFlags;
        heldExtents_ = heldExtents;
        throw;
    }
    for (const std::string &n : names) {
        auto it = exprs_.env().find(n);
        if (it != exprs_.env().end() && it->second.kind == Value::Array)
            out[n] = it->second.node->type;
    }
    blocks_.pop_back();
    dry_ = saved;
    exprs_.setEnv(env);
    f_.variables.resize(vars);
    mutableVars_ = mutableVars;
    boundFlags_ = boundFlags;
    heldExtents_ = heldExtents;
    hasValueReturns_ = hasReturns;
    return out;
}

array::Type FunctionLowering::unify(const array::Type &a, const array::Type &b,
                                    const std::string &name, SourceLoc loc, bool kept) {
    if (a.rank() != b.rank())
        throw UserError(loc, fmt::format("'{}' is assigned values of shape {} and {}; npc needs "
                                         "a variable assigned in a loop or branch to keep its "
                                         "number of dimensions",
                                         name, shapeStr(a.shape), shapeStr(b.shape)));
    Shape shape;
    for (size_t axis = 0; axis < a.shape.size(); ++axis) {
        const Dim &x = a.shape[axis], &y = b.shape[axis];
        std::optional<Shape> same;
        // A constant and an argument's extent (`a = a.reshape(-1, 2)`), or two extents of
        // one argument (`a = a.T`), change with the value; two arguments' extents
        // (`v = A @ v`) stay one, checked (keptShape).
        auto is = [](const Dim &d, DimKind k) { return d != changingExtent() && d->kind == k; };
        bool constantAndExtent =
            (is(x, DimKind::Const) && is(y, DimKind::Extent)) ||
            (is(x, DimKind::Extent) && is(y, DimKind::Const)) ||
            (is(x, DimKind::Extent) && is(y, DimKind::Extent) && x->param == y->param);
        if (x != changingExtent() && y != changingExtent())
            same = kept && !(constantAndExtent && !dimEqual(x, y)) ? keptShape({x}, {y})
                   : dimEqual(x, y)                                ? std::optional<Shape>({x})
                                                                   : std::nullopt;
        shape.push_back(same ? same->front() : changingExtent());
    }
    PromotionType p = joinTypes({a.dtype, a.weak}, {b.dtype, b.weak});
    return array::Type{p.dtype, std::move(shape), p.weak};
}

namespace {

/// The axes of `t` whose extents a variable of that type holds (newNameVariable).
std::vector<bool> heldAxes(const array::Type &t) {
    std::vector<bool> held;
    for (const Dim &d : t.shape)
        held.push_back(d == changingExtent() || !followsFromArguments(d));
    return held;
}

} // namespace

int FunctionLowering::newNameVariable(const std::string &name, array::Type t, SourceLoc loc) {
    std::vector<int> extents(t.shape.size(), -1);
    std::vector<bool> held = heldAxes(t);
    for (size_t axis = 0; axis < t.shape.size(); ++axis) {
        if (!held[axis])
            continue;
        extents[axis] =
            newVariable(fmt::format("{}_n", name), array::Type{DType::Int64, {}, false}, loc);
        t.shape[axis] =
            dimValue(varNode(extents[axis], loc), fmt::format("{}.shape[{}]", name, axis));
    }
    int var = newVariable(name, std::move(t), loc);
    if (std::find(held.begin(), held.end(), true) != held.end()) {
        f_.variables[static_cast<size_t>(var)].allocatedByLet = true;
        heldExtents_[var] = std::move(extents);
    }
    return var;
}

bool FunctionLowering::readsHeld(const NodePtr &value, int var) {
    if (readsRoot(value, *varNode(var, value->loc)))
        return true;
    auto held = heldExtents_.find(var);
    if (held == heldExtents_.end())
        return false;
    return std::any_of(held->second.begin(), held->second.end(), [&](int extent) {
        return extent >= 0 && readsRoot(value, *varNode(extent, value->loc));
    });
}

void FunctionLowering::assignVariable(int var, NodePtr value, const std::string &name,
                                      SourceLoc loc) {
    // A copy: materialize() adds variables.
    const array::Type t = f_.variables.at(static_cast<size_t>(var)).type;
    auto held = heldExtents_.find(var);
    // The names reading its old extents keep them: copied first.
    if (held != heldExtents_.end())
        for (int extent : std::vector<int>(held->second))
            if (extent >= 0)
                flushReaders(*varNode(extent, loc), loc, false, &name);
    // Its storage and extents are replaced first: a value computed from them, or from the
    // variable (`x = x[x > 0]`), is computed before.
    bool copied = held != heldExtents_.end() && readsHeld(value, var);
    if (copied)
        value = materialize(value, name, loc);
    if (held == heldExtents_.end() || value->type.rank() != t.rank()) {
        let(var, convertTo(value, t, name, loc), loc);
        return;
    }
    std::vector<int> extents = held->second;
    array::Type target = t;
    for (size_t axis = 0; axis < extents.size(); ++axis)
        if (extents[axis] >= 0)
            target.shape[axis] = value->type.shape[axis];
    NodePtr converted = convertTo(value, target, name, loc);
    for (size_t axis = 0; axis < extents.size(); ++axis)
        if (extents[axis] >= 0)
            let(extents[axis], array::makeDimValue(value->type.shape[axis], loc), loc);
    // The copy made above, unconverted and allocated where it was made, is moved in.
    bool take = copied && converted == value &&
                f_.variables.at(static_cast<size_t>(value->param)).allocatedByLet;
    let(var, converted, loc, take);
}

void FunctionLowering::makeMutable(const std::string &name, const array::Type &t, SourceLoc loc) {
    auto bound = exprs_.env().find(name);
    bool fresh = bound == exprs_.env().end() || bound->second.kind != Value::Array;
    auto it = mutableVars_.find(name);
    bool sameType = it != mutableVars_.end() &&
                    f_.variables[static_cast<size_t>(it->second)].type.dtype == t.dtype &&
                    f_.variables[static_cast<size_t>(it->second)].type.weak == t.weak &&
                    heldAxes(f_.variables[static_cast<size_t>(it->second)].type) == heldAxes(t);
    if (sameType && !fresh)
        return;
    std::optional<int> flag;
    int var = sameType ? it->second : -1;
    if (fresh) {
        if (var < 0)
            var = newNameVariable(name, t, loc);
        if (t.rank() == 0) { // Python raises UnboundLocalError until it is assigned
            flag = newVariable(name + "_bound", array::Type{DType::Bool, {}, false});
            let(*flag, array::makeIntConstant(0, DType::Bool, false, loc), loc);
        }
    } else {
        NodePtr current = bound->second.node;
        // A new array another name holds too (`y = a` before `a = a[1:]` in the loop):
        // given memory first, so that a write through that name later is seen to reach
        // an array npc copied here (copiedOnEntry_).
        auto sharedWithOthers = [&] {
            for (const auto &[other, v] : exprs_.env())
                if (other != name && v.kind == Value::Array && v.node->type.rank() > 0 &&
                    (viewsArray(v.node, *current) || viewsArray(current, *v.node)))
                    return true;
            return false;
        };
        if (current->type.rank() > 0 && !anyViewRoot(current) && !shapeView(current) &&
            sharedWithOthers())
            current = ensureBuffer(name, loc);
        if (current->type.rank() > 0) {
            const array::Node *root = viewRoot(current);
            if (root && (root->kind == NodeKind::Param ||
                         (root->kind == NodeKind::Var && copiedChoices_.count(root->param))))
                shadowsArgument_.insert(name);
        }
        if ((flag = unboundFlag(bound->second))) // the old variable, unchecked
            current = varNode(current->param, loc);
        // A variable an earlier round of this loop's typing made for the name, read by
        // nothing since: its assignment is dropped, and the new one takes its value.
        if (auto prior = current->kind == NodeKind::Var && !flag
                             ? roundVariables_.find(current->param)
                             : roundVariables_.end();
            prior != roundVariables_.end() && prior->second.block == blocks_.back()) {
            std::vector<array::StmtPtr> &block = *prior->second.block;
            for (const array::Stmt *dropped : prior->second.stmts)
                block.erase(std::find_if(block.begin(), block.end(), [&](const array::StmtPtr &s) {
                    return s.get() == dropped;
                }));
            current = prior->second.value;
            roundVariables_.erase(prior);
        }
        var = newNameVariable(name, t, loc);
        size_t before = blocks_.back()->size();
        assignVariable(var, current, name, loc);
        if (typingRounds_) {
            RoundVariable &r = roundVariables_[var];
            r = {current, blocks_.back(), {}};
            for (size_t i = before; i < blocks_.back()->size(); ++i)
                r.stmts.push_back((*blocks_.back())[i].get());
        }
        if (const array::Node *root = current->type.rank() > 0 ? anyViewRoot(current) : nullptr)
            copiedOnEntry_[var] = {"",
                                   fmt::format("a copy npc made where a loop or branch "
                                               "that assigns '{}' begins",
                                               name),
                                   {{root->kind, root->param}}};
    }
    mutableVars_[name] = var;
    if (flag)
        boundFlags_[var] = *flag;
    exprs_.bind(name, Value::array(flag ? checkedRead(var, loc) : varNode(var, loc), loc));
}

NodePtr FunctionLowering::checkedRead(int var, SourceLoc loc) {
    const std::string &name = f_.variables.at(static_cast<size_t>(var)).name;
    NodePtr flag = array::makeCast(varNode(boundFlags_.at(var), loc), DType::Int64, loc);
    std::string message = fmt::format(
        "cannot access local variable '{}' where it is not associated with a value", name);
    return array::withChecks(varNode(var, loc),
                             {array::ExtentCheck{dimValue(flag, name + "_bound"), dimConst(1),
                                                 false, message, "UnboundLocalError"}});
}

std::optional<int> FunctionLowering::unboundFlag(const Value &v) const {
    if (v.kind != Value::Array || v.node->kind != NodeKind::Var || v.node->checks.empty())
        return std::nullopt;
    auto it = boundFlags_.find(v.node->param); // other checks: a broadcast's, say
    return it == boundFlags_.end() ? std::nullopt : std::optional<int>(it->second);
}

void FunctionLowering::prepareLoop(const syntax::Block &body,
                                   const std::function<void()> &lowerOnce,
                                   const std::set<std::string> &extraAssigned, SourceLoc loc) {
    BlockNames names;
    facts_.collectNames(body, names);
    for (const syntax::StmtPtr &st : body)
        callMutations(*st, names.mutated);
    names.assigned.insert(extraAssigned.begin(), extraAssigned.end());
    names.rebound.insert(extraAssigned.begin(), extraAssigned.end());
    dropInPlaceUpdates(names);
    preflushMutated(names.mutated, loc);
    for (const std::string &n : names.read) {
        auto it = exprs_.env().find(n);
        if (it == exprs_.env().end() || it->second.kind != Value::Array || isCheap(it->second.node))
            continue;
        NodePtr old = it->second.node;
        rebindAll(old, materialize(old, n, loc), loc);
    }
    // Variable types: iterate to a fixed point (a Python int accumulator that meets a
    // float becomes float64).
    std::map<std::string, array::Type> types;
    for (const std::string &n : names.assigned) {
        auto it = exprs_.env().find(n);
        if (it != exprs_.env().end() && it->second.kind == Value::Array)
            types[n] = it->second.node->type;
    }
    struct Rounds { // this loop's rounds, restored on every exit
        FunctionLowering &self;
        std::map<int, RoundVariable> outer = std::exchange(self.roundVariables_, {});
        bool typing = std::exchange(self.typingRounds_, true);
        ~Rounds() {
            self.roundVariables_ = std::move(outer);
            self.typingRounds_ = typing;
        }
    } rounds{*this};
    for (int round = 0; round < 4; ++round) {
        for (const auto &[n, t] : types)
            makeMutable(n, t, loc);
        std::map<std::string, array::Type> after;
        storeWrittenThrough([&] { after = dryRun(lowerOnce, names.assigned); }, loc);
        bool changed = false;
        for (const auto &[n, t] : after) {
            auto it = types.find(n);
            if (it == types.end()) {
                if (t.rank() == 0) { // first assigned in the loop: a scalar survives it
                    types[n] = t;
                    changed = true;
                }
                continue;
            }
            array::Type u = unify(it->second, t, n, loc);
            if (u.dtype != it->second.dtype || u.weak != it->second.weak ||
                heldAxes(u) != heldAxes(it->second)) {
                it->second = u;
                changed = true;
            }
        }
        if (!changed)
            break;
    }
    for (const auto &[n, t] : types)
        makeMutable(n, t, loc);
    loopLocal_ = {};
    for (const std::string &n : names.assigned)
        if (!types.count(n))
            loopLocal_.insert(n);
}

void FunctionLowering::preflushMutated(const std::set<std::string> &mutated, SourceLoc loc) {
    for (const std::string &n : mutated) {
        auto it = exprs_.env().find(n);
        if (it == exprs_.env().end() || it->second.kind != Value::Array ||
            it->second.node->type.rank() == 0)
            continue;
        NodePtr buffer = ensureBuffer(n, loc);
        if (const array::Node *root = viewRoot(buffer))
            flushReaders(*root, loc, true);
    }
}

void FunctionLowering::dropInPlaceUpdates(BlockNames &names) const {
    for (auto it = names.assigned.begin(); it != names.assigned.end();) {
        auto bound = exprs_.env().find(*it);
        bool array = bound != exprs_.env().end() && bound->second.kind == Value::Array &&
                     bound->second.node->type.rank() > 0;
        if (array && !names.rebound.count(*it))
            it = names.assigned.erase(it);
        else
            ++it;
    }
}

void FunctionLowering::unbindAll(const std::set<std::string> &names, std::string_view why,
                                 SourceLoc loc) {
    for (const std::string &n : names)
        exprs_.bind(n, Value::unbound(fmt::format(fmt::runtime(why), n), loc));
}

void FunctionLowering::forgetLoopLocals(const std::set<std::string> &locals, SourceLoc loc) {
    unbindAll(locals,
              "'{}' is assigned only inside the loop above; assign it before the loop to use "
              "it afterwards",
              loc);
}

void FunctionLowering::forLoop(const syntax::For &loop, SourceLoc loc) {
    auto *target = loop.target->as<syntax::Name>();
    if (!target)
        throw UserError(loop.target->loc, "npc supports 'for NAME in range(...)' loops only");
    auto *call = loop.iter->as<syntax::Call>();
    auto *fn = call ? call->func->as<syntax::Name>() : nullptr;
    if (!fn || fn->id != "range" || exprs_.env().count("range"))
        throw UserError(loop.iter->loc, "npc supports 'for' loops over range(...) only");
    if (!call->keywords.empty() || call->args.empty() || call->args.size() > 3)
        throw UserError(loop.iter->loc, "range() takes 1 to 3 integer arguments");
    std::vector<NodePtr> bounds;
    for (const syntax::ExprPtr &a : call->args) {
        NodePtr b = pythonBoolAsInt(exprs_.lowerArray(*a), a->loc); // range(True) is range(1)
        if (b->type.rank() != 0 || !isInteger(b->type.dtype)) {
            // Python's message names the object's type: float, numpy.float32, numpy.ndarray.
            std::string type = b->type.rank()  ? "numpy.ndarray"
                               : !b->type.weak ? fmt::format("numpy.{}", dtypeName(b->type.dtype))
                               : isComplex(b->type.dtype) ? "complex"
                                                          : "float";
            throw UserError(a->loc,
                            fmt::format("'{}' object cannot be interpreted as an integer{}", type,
                                        isBool(b->type.dtype) ? " (NumPy 2 deprecates bools as "
                                                                "indices; use int(...))"
                                                              : ""));
        }
        bounds.push_back(array::makeCast(b, DType::Int64, a->loc));
    }
    NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
    NodePtr one = array::makeIntConstant(1, DType::Int64, false, loc);
    NodePtr start = bounds.size() > 1 ? bounds[0] : zero;
    NodePtr stop = bounds.size() > 1 ? bounds[1] : bounds[0];
    NodePtr step = bounds.size() > 2 ? bounds[2] : one;
    // range() evaluates its arguments once, before the loop.
    for (NodePtr *b : {&start, &stop, &step})
        if (!isCheap(*b))
            *b = materialize(*b, "bound", loc);

    // Set by the first iteration when Python may find the counter unassigned after a
    // loop that does not run (the name is not bound before it).
    std::optional<int> counterFlag;
    auto lowerBody = [&]() {
        ++loopDepth_;
        if (counterFlag) { // located at the body's first statement (its comment)
            SourceLoc first = loop.body.front()->loc;
            let(*counterFlag, array::makeIntConstant(1, DType::Bool, false, first), first);
        }
        lowerBlock(loop.body, true);
        --loopDepth_;
    };
    std::set<std::string> counter{target->id};
    if (auto before = exprs_.env().find(target->id);
        before == exprs_.env().end() || before->second.kind != Value::Array) {
        counterFlag = newVariable(target->id + "_bound", array::Type{DType::Bool, {}, false});
        let(*counterFlag, array::makeIntConstant(0, DType::Bool, false, loc), loc);
    } else {
        counterFlag = unboundFlag(before->second);
    }
    // The counter is an int64 variable (a Python int: weak), set by the loop.
    auto existing = mutableVars_.find(target->id);
    if (existing == mutableVars_.end() ||
        f_.variables[static_cast<size_t>(existing->second)].type.rank() != 0 ||
        f_.variables[static_cast<size_t>(existing->second)].type.dtype != DType::Int64) {
        int counterVar = newVariable(target->id, array::Type{DType::Int64, {}, true});
        // A loop that does not run leaves the name's value as it was (`i = -1` before it).
        auto before = exprs_.env().find(target->id);
        if (before != exprs_.env().end() && before->second.kind == Value::Array) {
            const NodePtr &old = before->second.node;
            if (old->type.rank() == 0 && isInteger(old->type.dtype))
                let(counterVar,
                    array::makeCast(counterFlag ? varNode(old->param, loc) : old, DType::Int64,
                                    true, loc),
                    loc);
            else if (liveAfter(target->id, false))
                throw UserError(loop.target->loc,
                                fmt::format("'{0}' holds {1} before this loop and an int in it; "
                                            "when the loop does not run, Python keeps {1} in "
                                            "'{0}', which npc cannot follow: give the loop "
                                            "counter another name",
                                            target->id,
                                            old->type.rank()          ? "an array"
                                            : isBool(old->type.dtype) ? "a bool"
                                                                      : "a float or complex"));
        }
        mutableVars_[target->id] = counterVar;
        exprs_.bind(target->id, Value::array(varNode(counterVar, loc), loc));
    } else if (auto bound = exprs_.env().find(target->id);
               bound == exprs_.env().end() || bound->second.kind != Value::Array) {
        // The counter of an earlier loop in one branch (`if c: for j in ...`): its name
        // was unbound after that branch; this loop binds it again.
        exprs_.bind(target->id, Value::array(varNode(existing->second, loc), loc));
    }
    if (counterFlag) // inside the loop the counter is assigned
        exprs_.bind(target->id, Value::array(varNode(mutableVars_.at(target->id), loc), loc));
    prepareLoop(loop.body, lowerBody, counter, loc);
    array::Stmt st;
    st.kind = StmtKind::For;
    st.loc = loc;
    st.var = mutableVars_.at(target->id);
    st.start = start;
    st.stop = stop;
    st.step = step;
    if (counterFlag)
        boundFlags_[st.var] = *counterFlag;
    emitLoop(std::move(st), lowerBody, loc);
    if (counterFlag)
        exprs_.bind(target->id, Value::array(checkedRead(st.var, loc), loc));
}

void FunctionLowering::emitLoop(array::Stmt st, const std::function<void()> &lowerBody,
                                SourceLoc loc) {
    std::set<std::string> locals = loopLocal_;
    // Names Python may find unassigned before the loop still may be after it.
    std::set<std::string> unassigned;
    for (const auto &[n, v] : exprs_.env())
        if (unboundFlag(v))
            unassigned.insert(n);
    auto rebindChecked = [&] {
        for (const std::string &n : unassigned)
            exprs_.bind(n, Value::array(checkedRead(mutableVars_.at(n), loc), loc));
    };
    // Within a dry run the names' types after the loop are settled (prepareLoop): lowering
    // the body once more would make nested loops cost exponential time.
    if (dry_) {
        forgetLoopLocals(locals, loc);
        rebindChecked();
        return;
    }
    blocks_.push_back(&st.body);
    lowerBody();
    blocks_.pop_back();
    emit(std::move(st));
    forgetLoopLocals(locals, loc);
    rebindChecked();
}

NodePtr FunctionLowering::condition(const syntax::Expr &test) {
    return exprs_.condition(test);
}

void FunctionLowering::whileLoop(const syntax::While &loop, SourceLoc loc) {
    // `while c: body` is `loop { if not c: break; body }`: the condition and what it
    // needs are evaluated at the top of each iteration.
    auto lowerBody = [&]() {
        ++loopDepth_;
        if (alwaysTrue(*loop.test)) { // `while True:` leaves by break or return only
            lowerBlock(loop.body, true, loop.test.get());
            --loopDepth_;
            return;
        }
        NodePtr c = condition(*loop.test);
        array::Stmt exit;
        exit.kind = StmtKind::If;
        exit.loc = loop.test->loc;
        exit.value = array::makeUnary(array::UnaryOp::LogicalNot, c, DType::Bool, loop.test->loc);
        array::Stmt brk;
        brk.kind = StmtKind::Break;
        brk.loc = loop.test->loc;
        exit.body.push_back(std::make_shared<const array::Stmt>(std::move(brk)));
        emit(std::move(exit));
        lowerBlock(loop.body, true, loop.test.get());
        --loopDepth_;
    };
    prepareLoop(loop.body, lowerBody, {}, loc);
    {
        BlockNames testNames;
        collectReads(*loop.test, testNames.read);
        for (const std::string &n : testNames.read) {
            auto it = exprs_.env().find(n);
            if (it != exprs_.env().end() && it->second.kind == Value::Array &&
                !isCheap(it->second.node))
                rebindAll(it->second.node, materialize(it->second.node, n, loc), loc);
        }
    }
    array::Stmt st;
    st.kind = StmtKind::While;
    st.loc = loc;
    emitLoop(std::move(st), lowerBody, loc);
}

void FunctionLowering::ifStatement(const syntax::If &branch, SourceLoc loc) {
    NodePtr cond = condition(*branch.test);
    BlockNames names;
    facts_.collectNames(branch.body, names);
    facts_.collectNames(branch.orelse, names);
    for (const syntax::Block *block : {&branch.body, &branch.orelse})
        for (const syntax::StmtPtr &st : *block)
            callMutations(*st, names.mutated);
    dropInPlaceUpdates(names);
    preflushMutated(names.mutated, loc);
    std::map<std::string, array::Type> thenTypes, elseTypes;
    std::set<std::string> thenNew, elseNew;
    auto tryBranches = [&] {
        thenTypes = dryRun([&] { lowerBlock(branch.body, false, nullptr, &thenNew); },
                           names.assigned);
        elseTypes = dryRun([&] { lowerBlock(branch.orelse, false, nullptr, &elseNew); },
                           names.assigned);
    };
    // Within a dry run only the names' types after the statement matter: the branches'
    // types are its result (lowering them again would make nested branches, such as an
    // elif chain, cost exponential time).
    if (dry_) {
        tryBranches();
    } else {
        storeWrittenThrough(tryBranches, loc);
    }
    bool thenEnds = terminates(branch.body), elseEnds = terminates(branch.orelse);
    std::map<std::string, array::Type> types;
    std::set<std::string> maybeUnbound;
    for (const std::string &n : names.assigned) {
        auto before = exprs_.env().find(n);
        std::optional<array::Type> t;
        auto add = [&](const std::map<std::string, array::Type> &m, bool ends) {
            auto it = m.find(n);
            if (ends)
                return true;
            if (it == m.end())
                return false;
            t = t ? unify(*t, it->second, n, loc) : it->second;
            return true;
        };
        bool inThen = add(thenTypes, thenEnds), inElse = add(elseTypes, elseEnds);
        bool wasBound = before != exprs_.env().end() && before->second.kind == Value::Array;
        if (wasBound)
            t = t ? unify(before->second.node->type, *t, n, loc) : before->second.node->type;
        if (!t)
            continue;
        // A scalar gets a flag instead (makeMutable): reading it raises UnboundLocalError
        // at run time when the branch that assigns it did not run, as in Python.
        if (!wasBound && !(inThen && inElse) && t->rank() > 0) {
            maybeUnbound.insert(n);
            continue;
        }
        types[n] = *t;
    }
    for (const auto &[n, t] : types)
        makeMutable(n, t, loc);
    if (!dry_)
        lowerBranches(branch, cond, loc);
    // A name every branch that does not leave assigns a new array holds a new array
    // after the `if` (`if c: w = w - g` / `else: w = w + g`, then `w[0] = 5`).
    if (!frames_.empty() && !(thenEnds && elseEnds))
        for (const std::string &n : thenEnds ? elseNew : thenNew)
            if (thenEnds || elseEnds || elseNew.count(n))
                frames_.back().newArrays.insert(n);
    unbindAll(maybeUnbound,
              "'{}' is assigned in only one branch of the 'if' above; assign it before the "
              "'if' or in both branches",
              loc);
}

void FunctionLowering::lowerBranches(const syntax::If &branch, const NodePtr &cond, SourceLoc loc) {
    auto env = exprs_.env();
    auto aliases = aliases_;
    array::Stmt st;
    st.kind = StmtKind::If;
    st.loc = loc;
    st.value = cond;
    blocks_.push_back(&st.body);
    lowerBlock(branch.body);
    blocks_.pop_back();
    auto thenEnv = exprs_.env();
    auto thenAliases = std::exchange(aliases_, aliases);
    exprs_.setEnv(env);
    blocks_.push_back(&st.orelse);
    lowerBlock(branch.orelse);
    blocks_.pop_back();
    auto elseEnv = exprs_.env();
    exprs_.setEnv(env);
    emit(std::move(st));
    bool thenEnds = terminates(branch.body), elseEnds = terminates(branch.orelse);
    // The aliases of every branch that does not leave hold after the `if`.
    if (elseEnds)
        aliases_ = thenEnds ? aliases : thenAliases;
    else if (!thenEnds)
        for (const auto &entry : thenAliases)
            if (std::find(aliases_.begin(), aliases_.end(), entry) == aliases_.end())
                aliases_.insert(entry);
    // A name Python may find unassigned before the `if` is assigned after it when every
    // branch that does not leave assigns it.
    auto assigns = [&](const std::map<std::string, Value> &e, bool ends, const std::string &n) {
        auto it = e.find(n);
        return ends ||
               (it != e.end() && it->second.kind == Value::Array && !unboundFlag(it->second));
    };
    for (const auto &[n, v] : env)
        if (unboundFlag(v) && assigns(thenEnv, thenEnds, n) && assigns(elseEnv, elseEnds, n))
            exprs_.bind(n, Value::array(varNode(mutableVars_.at(n), loc), loc));
    carryCompileTimeValues(env, thenEnds ? nullptr : &thenEnv, elseEnds ? nullptr : &elseEnv, loc);
}

namespace {

/// True when nodes `a` and `b` have one value: the same node, equal constants, or equal
/// extents (`x.shape` evaluated twice).
bool sameNode(const NodePtr &a, const NodePtr &b) {
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || !(a->type.dtype == b->type.dtype) ||
        a->type.weak != b->type.weak || a->type.rank() != 0 || b->type.rank() != 0)
        return false;
    if (a->kind == array::NodeKind::Constant)
        return a->intValue == b->intValue &&
               std::bit_cast<uint64_t>(a->floatValue) == std::bit_cast<uint64_t>(b->floatValue) &&
               std::bit_cast<uint64_t>(a->imagValue) == std::bit_cast<uint64_t>(b->imagValue);
    return a->kind == array::NodeKind::DimValue && dimEqual(a->dim, b->dim);
}

} // namespace

bool sameValue(const Value &a, const Value &b) {
    if (a.kind != b.kind || !sameNode(a.node, b.node) || a.qualifiedName != b.qualifiedName ||
        a.text != b.text || a.elements.size() != b.elements.size())
        return false;
    for (size_t i = 0; i < a.elements.size(); ++i)
        if (!sameValue(a.elements[i], b.elements[i]))
            return false;
    return true;
}

void FunctionLowering::carryCompileTimeValues(const std::map<std::string, Value> &before,
                                              const std::map<std::string, Value> *thenEnv,
                                              const std::map<std::string, Value> *elseEnv,
                                              SourceLoc loc) {
    std::vector<const std::map<std::string, Value> *> paths;
    for (const auto *e : {thenEnv, elseEnv})
        if (e)
            paths.push_back(e);
    std::set<std::string> names;
    for (const auto *e : paths)
        for (const auto &entry : *e)
            names.insert(entry.first);
    for (const std::string &n : names) {
        std::vector<const Value *> after;
        for (const auto *e : paths) {
            auto it = e->find(n);
            after.push_back(it == e->end() ? nullptr : &it->second);
        }
        auto nonArray = [](const Value *v) { return v && v->kind != Value::Array; };
        auto old = before.find(n);
        if (std::none_of(after.begin(), after.end(), nonArray) &&
            (old == before.end() || old->second.kind == Value::Array))
            continue; // arrays and numbers: variables of the loop IR (see mutableVars_)
        bool agree = std::all_of(after.begin(), after.end(), [&](const Value *v) {
            return v && after[0] && sameValue(*v, *after[0]);
        });
        if (agree) {
            if (old == before.end() || !sameValue(old->second, *after[0]))
                exprs_.bind(n, *after[0]);
            continue;
        }
        const Value *shown = nonArray(after[0]) ? after[0] : after.size() > 1 ? after[1] : after[0];
        std::string what = shown && shown->kind == Value::Tuple    ? "a tuple"
                           : shown && shown->kind == Value::String ? "a string"
                                                                   : "a value npc decides when "
                                                                     "it compiles";
        exprs_.bind(n, Value::unbound(fmt::format("'{}' is {} that a branch of the `if` above "
                                                  "changes; npc decides such values when it "
                                                  "compiles, so every branch must leave the same "
                                                  "one (use it inside the branch instead)",
                                                  n, what),
                                      loc));
    }
}

} // namespace npc::lowering
