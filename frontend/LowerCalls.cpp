// Calls of the file's own functions (inlined) and return statements.
#include "frontend/FunctionLowering.h"

#include "ir/Promotion.h"

#include <algorithm>
#include <deque>
#include <type_traits>
#include <fmt/format.h>

namespace npc::lowering {

namespace {

/// `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`: Python's list of missing parameters.
std::string quotedList(const std::vector<std::string> &names) {
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += names.size() == 2 ? " and " : i + 1 == names.size() ? ", and " : ", ";
        out += "'" + names[i] + "'";
    }
    return out;
}

/// Python's binding of a call's arguments to the parameters of `def`: positionals,
/// keywords, then default values; TypeError's wording for the errors, in the order
/// CPython checks them.
std::vector<Value> bindArguments(const syntax::FunctionDef &def, const CallArgs &args,
                                 const std::map<std::string, Value> &globals) {
    const std::vector<std::string> &params = def.params;
    std::vector<std::optional<Value>> bound(params.size());
    for (size_t i = 0; i < args.positional.size() && i < params.size(); ++i)
        bound[i] = args.positional[i];
    for (size_t k = 0; k < args.keywords.size(); ++k) {
        const auto &[name, value] = args.keywords[k];
        auto it = std::find(params.begin(), params.end(), name);
        if (it == params.end())
            throw UserError(args.keywordLocs[k],
                            fmt::format("{}() got an unexpected keyword argument '{}'", def.name,
                                        name));
        size_t i = static_cast<size_t>(it - params.begin());
        if (bound[i])
            throw UserError(args.keywordLocs[k],
                            fmt::format("{}() got multiple values for argument '{}'", def.name,
                                        name));
        bound[i] = value;
    }
    size_t required = 0;
    while (required < params.size() && !def.defaults[required])
        ++required;
    if (args.positional.size() > params.size()) {
        size_t given = args.positional.size();
        std::string takes = required == params.size()
                                ? fmt::format("{} positional argument{}", params.size(),
                                              params.size() == 1 ? "" : "s")
                                : fmt::format("from {} to {} positional arguments", required,
                                              params.size());
        throw UserError(args.loc, fmt::format("{}() takes {} but {} {} given", def.name, takes,
                                              given, given == 1 ? "was" : "were"));
    }
    std::vector<std::string> missing;
    for (size_t i = 0; i < params.size(); ++i)
        if (!bound[i] && !def.defaults[i])
            missing.push_back(params[i]);
    if (!missing.empty())
        throw UserError(args.loc, fmt::format("{}() missing {} required positional argument{}: {}",
                                              def.name, missing.size(),
                                              missing.size() == 1 ? "" : "s",
                                              quotedList(missing)));
    std::vector<Value> out;
    for (size_t i = 0; i < params.size(); ++i)
        out.push_back(bound[i] ? *bound[i] : FunctionLowering::defaultValue(def, i, globals));
    return out;
}

} // namespace

Value FunctionLowering::defaultValue(const syntax::FunctionDef &def, size_t i,
                                     const std::map<std::string, Value> &globals) {
    const syntax::Expr &e = *def.defaults[i];
    ExprLowering module(globals);
    Value v = module.lower(e);
    std::function<bool(const Value &)> constant = [&](const Value &c) {
        switch (c.kind) {
        case Value::None:
        case Value::String:
            return true;
        case Value::Array:
            return c.node->type.rank() == 0;
        case Value::Tuple:
            return std::all_of(c.elements.begin(), c.elements.end(), constant);
        default:
            return false;
        }
    };
    if (!constant(v))
        throw UserError(e.loc, std::string(syntax::kConstantDefaults));
    return v;
}

namespace {

/// True when the only `return` of `body` is its last statement (or it has none).
bool onlyFinalReturn(const syntax::Block &body) {
    for (size_t i = 0; i + 1 < body.size(); ++i)
        if (FunctionLowering::hasReturn(*body[i]))
            return false;
    return body.empty() || !FunctionLowering::hasReturn(*body.back()) ||
           body.back()->as<syntax::Return>();
}

/// True when no statement of `block` runs after a `return`: each return ends the block,
/// or ends a branch of an `if` that ends it (none is inside a loop).
bool tailReturnsOnly(const syntax::Block &block) {
    for (size_t i = 0; i < block.size(); ++i) {
        const syntax::Stmt &st = *block[i];
        if (!FunctionLowering::hasReturn(st))
            continue;
        if (i + 1 != block.size())
            return false;
        if (st.as<syntax::Return>())
            return true;
        auto *branch = st.as<syntax::If>();
        return branch && tailReturnsOnly(branch->body) && tailReturnsOnly(branch->orelse);
    }
    return true;
}

/// The name an argument is, or is a slice of (`x`, `x[1:]`): the array a callee's
/// in-place update of that parameter writes into.
const syntax::Name *argumentRoot(const syntax::Expr &e) {
    if (auto *n = e.as<syntax::Name>())
        return n;
    if (auto *s = e.as<syntax::Subscript>())
        return argumentRoot(*s->value);
    return nullptr;
}

} // namespace

void FunctionLowering::callMutations(const syntax::Stmt &st, std::set<std::string> &out) const {
    callMutations(st, exprs_.env(), {}, out);
}

void FunctionLowering::callMutations(const syntax::Stmt &st,
                                     const std::map<std::string, Value> &env,
                                     std::vector<std::string> visiting,
                                     std::set<std::string> &out) const {
    // Only calls of the module's functions update arguments (the test below, per call).
    const std::set<std::string> &callees = facts_.callees(st);
    if (std::none_of(callees.begin(), callees.end(), [&](const std::string &name) {
            auto it = env.find(name);
            return it != env.end() && it->second.kind == Value::Function &&
                   it->second.qualifiedName == "local." + name;
        }))
        return;
    forEachCall(st, [&](const syntax::Call &call) { callMutations(call, env, visiting, out); });
}

void FunctionLowering::callMutations(const syntax::Call &call,
                                     const std::map<std::string, Value> &env,
                                     const std::vector<std::string> &visiting,
                                     std::set<std::string> &out) const {
    auto *callee = call.func->as<syntax::Name>();
    auto bound = callee ? env.find(callee->id) : env.end();
    if (bound == env.end() || bound->second.kind != Value::Function ||
        bound->second.qualifiedName != "local." + callee->id ||
        std::find(visiting.begin(), visiting.end(), callee->id) != visiting.end())
        return;
    auto def = std::find_if(module_.functions.begin(), module_.functions.end(),
                            [&](const syntax::FunctionDef &f) { return f.name == callee->id; });
    if (def == module_.functions.end())
        return;
    // The callee's parameters it updates, itself or through its own calls.
    BlockNames names;
    facts_.collectNames(def->body, names);
    std::vector<std::string> inner = visiting;
    inner.push_back(callee->id);
    for (const syntax::StmtPtr &s : def->body)
        callMutations(*s, globals_, inner, names.mutated);
    auto add = [&](const std::string &param, const syntax::Expr &arg) {
        if (!names.mutated.count(param))
            return;
        if (const syntax::Name *root = argumentRoot(arg))
            out.insert(root->id);
    };
    for (size_t i = 0; i < call.args.size() && i < def->params.size(); ++i)
        add(def->params[i], *call.args[i]);
    for (const syntax::Keyword &k : call.keywords)
        add(k.name, *k.value);
}

void FunctionLowering::rejectReadsAroundMutations(const syntax::Stmt &st,
                                                  const std::set<std::string> &mutated) const {
    // Two such calls: the first one's result may read what the second one updates.
    std::vector<const syntax::Call *> updating;
    forEachCall(st, [&](const syntax::Call &call) {
        std::set<std::string> names;
        callMutations(call, exprs_.env(), {}, names);
        if (!names.empty())
            updating.push_back(&call);
    });
    if (updating.size() > 1)
        throw UserError(updating[1]->func->loc,
                        fmt::format("this is the second call in the statement that updates an "
                                    "array in place; npc evaluates the results of such calls "
                                    "lazily, so one may see the other's update: make each call "
                                    "a statement of its own (r = {}(...))",
                                    updating[1]->func->as<syntax::Name>()->id));
    if (updating.empty())
        return;
    const syntax::Call *mutating = updating[0];
    auto skip = [&](const syntax::Call &call) { return &call == mutating; };
    // What the statement reads outside that call (a target name is not read).
    std::set<std::string> reads;
    auto readTarget = [&](const syntax::Expr &t) {
        if (!t.as<syntax::Name>() && !t.as<syntax::Tuple>())
            collectReads(t, reads, skip);
    };
    if (auto *a = st.as<syntax::Assign>()) {
        for (const syntax::ExprPtr &t : a->targets)
            readTarget(*t);
        collectReads(*a->value, reads, skip);
    } else if (auto *aug = st.as<syntax::AugAssign>()) {
        collectReads(*aug->target, reads, skip);
        collectReads(*aug->value, reads, skip);
    } else if (auto *r = st.as<syntax::Return>(); r && r->value) {
        collectReads(*r->value, reads, skip);
    } else if (auto *e = st.as<syntax::ExprStmt>()) {
        collectReads(*e->value, reads, skip);
    }
    for (const std::string &m : mutated) {
        auto array = exprs_.env().find(m);
        if (array == exprs_.env().end() || array->second.kind != Value::Array ||
            !viewRoot(array->second.node))
            continue;
        const array::Node &root = *viewRoot(array->second.node);
        for (const std::string &r : reads) {
            auto read = exprs_.env().find(r);
            if (read == exprs_.env().end() || read->second.kind != Value::Array ||
                !readsRoot(read->second.node, root))
                continue;
            std::string what =
                r == m ? fmt::format("'{}'", m) : fmt::format("'{}', which reads '{}',", r, m);
            throw UserError(mutating->func->loc,
                            fmt::format("this call updates '{0}' in place, and the statement "
                                        "also reads {1} outside the call; Python reads it "
                                        "before or after the call in the statement's order "
                                        "of evaluation, which npc does not follow around "
                                        "such a call: make the call a statement of its own "
                                        "(r = {2}(...)) and use r",
                                        m, what, mutating->func->as<syntax::Name>()->id));
        }
    }
}

Value FunctionLowering::callLocal(const std::string &name, const CallArgs &args) {
    auto def = std::find_if(module_.functions.begin(), module_.functions.end(),
                            [&](const syntax::FunctionDef &f) { return f.name == name; });
    NPC_ASSERT(def != module_.functions.end(), "call of an unknown local function");
    if (std::find(callStack_.begin(), callStack_.end(), name) != callStack_.end() ||
        name == def_.name)
        throw UserError(args.loc, fmt::format("'{}' calls itself (recursion); npc inlines "
                                              "calls and cannot compile recursive functions",
                                              name));
    std::vector<Value> bound = bindArguments(*def, args, globals_);
    const syntax::Block &body = def->body;
    bool simple = onlyFinalReturn(body);
    // An array the callee updates in place must be memory the caller's names share.
    BlockNames calleeNames;
    facts_.collectNames(body, calleeNames);
    for (size_t i = 0; i < def->params.size(); ++i) {
        Value &v = bound[i];
        if (v.kind != Value::Array || v.node->type.rank() == 0)
            continue;
        if (!calleeNames.mutated.count(def->params[i])) {
            // A caller's lazy array that a result variable may copy (`return a` on some
            // paths), updated later: memory first, so the copy's source is known.
            if (!simple)
                v.node = shareBeforeCopy(" argument", v.node, args.loc);
            continue;
        }
        if (!viewRoot(v.node)) {
            NodePtr old = v.node;
            v.node = materialize(old, def->params[i], args.loc);
            rebindAll(old, v.node, args.loc);
        } else if (!simple) {
            // The update may happen on some paths only: the caller's values that read
            // the array are evaluated now, on every path.
            flushReaders(*viewRoot(v.node), args.loc, true);
        }
        // An update of an array another of the caller's names is in Python, but npc copied.
        checkNotAliased(*viewRoot(v.node), args.loc);
    }
    // The callee's own scope: the module's names and its parameters.
    auto callerEnv = exprs_.env();
    auto callerVars = mutableVars_;
    auto callerFrames = frames_;
    auto callerAliases = aliases_;
    int callerLoops = loopDepth_;
    std::map<std::string, Value> env = globals_;
    for (size_t i = 0; i < def->params.size(); ++i)
        env[def->params[i]] = bound[i];
    exprs_.setEnv(std::move(env));
    outerEnvs_.push_back(&callerEnv);
    mutableVars_.clear();
    frames_.clear();
    aliases_.clear();
    loopDepth_ = 0;
    callStack_.push_back(name);
    inlines_.push_back({});
    Value result{Value::None, nullptr, {}, {}, {}, args.loc};
    auto restore = [&] {
        inlines_.pop_back();
        outerEnvs_.pop_back();
        callStack_.pop_back();
        exprs_.setEnv(callerEnv);
        mutableVars_ = callerVars;
        frames_ = callerFrames;
        aliases_ = callerAliases;
        loopDepth_ = callerLoops;
    };
    try {
        if (!simple) {
            result = inlineReturns(*def, args.loc);
        } else {
            frames_.push_back({&body, 0, false, nullptr, {}});
            for (size_t i = 0; i < body.size(); ++i) {
                frames_.back().index = i;
                if (auto *ret = body[i]->as<syntax::Return>()) {
                    if (ret->value)
                        result = exprs_.lower(*ret->value);
                    break;
                }
                lowerStatement(*body[i]);
                if (body[i]->as<syntax::Raise>())
                    break; // the rest never runs
            }
        }
    } catch (...) {
        restore();
        throw;
    }
    restore();
    return result;
}

Value FunctionLowering::inlineReturns(const syntax::FunctionDef &def, SourceLoc loc) {
    Inlining &in = inlines_.back();
    in.firstLocal = f_.variables.size();
    if (!tailReturnsOnly(def.body))
        in.returned = newVariable(def.name + "_returned", array::Type{DType::Bool, {}, false});
    // A first pass, not kept, finds the types every `return` gives (as dryRun does for
    // a loop's variables); the callers' names it may evaluate are restored too.
    in.collect = true;
    std::vector<std::map<std::string, Value>> outer;
    for (const std::map<std::string, Value> *env : outerEnvs_)
        outer.push_back(*env);
    storeWrittenThrough(
        [&] {
            dryRun([&] { lowerBlock(def.body); }, {});
            for (size_t i = 0; i < outerEnvs_.size(); ++i)
                *outerEnvs_[i] = outer[i];
        },
        loc);
    in.collect = false;
    // The result: the NEP 50 promotion of the returned values, of one shape.
    Inlining::Returned first = in.returns.empty() ? Inlining::Returned{} : in.returns.front();
    std::vector<array::Type> types = first.types;
    for (const Inlining::Returned &r : in.returns) {
        if (r.types.empty() != types.empty())
            throw UserError(r.loc, "this 'return' returns None but another returns a value");
        if (r.types.size() != types.size() || r.tuple != first.tuple)
            throw UserError(r.loc, fmt::format("'{}' returns {} value{} here but {} elsewhere; "
                                               "npc inlines it and needs every 'return' to "
                                               "return the same number of values",
                                               def.name, r.types.size(),
                                               r.types.size() == 1 ? "" : "s", types.size()));
        for (size_t i = 0; i < types.size(); ++i) {
            if (r.types[i].rank() != types[i].rank())
                throw UserError(r.loc,
                                fmt::format("'{}' returns {}; npc inlines it and needs "
                                            "every 'return' to return values of the "
                                            "same number of dimensions",
                                            def.name,
                                            shapeMismatchStr(r.types[i].shape, types[i].shape)));
            // Extents that differ between the returns are held by the result variable.
            types[i] = unify(types[i], r.types[i], def.name, r.loc, false);
        }
    }
    if (!types.empty() && !alwaysReturns(def.body))
        throw UserError(def.nameLoc,
                        fmt::format("'{}' returns a value on some paths but reaches its end on "
                                    "others (returning None); npc needs every path to "
                                    "return the same kind of value",
                                    def.name));
    for (size_t i = 0; i < types.size(); ++i) {
        in.results.push_back(newNameVariable(def.name + "_result", types[i], def.nameLoc));
        CopiedChoice copied;
        for (const Inlining::Returned &r : in.returns)
            if (r.existing[i])
                copied.sources.push_back(*r.existing[i]);
        if (copied.sources.empty())
            continue;
        copied.message = fmt::format(
            "this updates an array '{0}' returns, which in Python is, on some paths, an "
            "array of the caller's (a 'return' gives an argument, a variable of the caller "
            "or a view of one) but npc copies it; npc cannot follow that: write '.copy()' "
            "in that 'return', or update the array in '{0}'",
            def.name);
        copied.what = fmt::format("the result of '{}'", def.name);
        copiedChoices_[in.results.back()] = std::move(copied);
    }
    if (in.returned >= 0)
        let(in.returned, array::makeIntConstant(0, DType::Bool, false, loc), loc);
    lowerBlock(def.body);
    if (types.empty())
        return Value{Value::None, nullptr, {}, {}, {}, loc};
    std::vector<Value> values;
    for (int var : in.results)
        values.push_back(Value::array(varNode(var, loc), loc));
    if (!first.tuple)
        return values[0];
    return Value{Value::Tuple, nullptr, {}, std::move(values), {}, loc};
}

std::optional<FunctionLowering::ArrayRoot> FunctionLowering::callersArray(const NodePtr &n,
                                                                          size_t firstLocal) const {
    const array::Node *p = n->type.rank() > 0 ? anyViewRoot(n) : nullptr;
    if (!p)
        return std::nullopt;
    auto var = static_cast<size_t>(p->param);
    if (p->kind == NodeKind::Param || var < firstLocal || copiedChoices_.count(p->param) ||
        shadowsArgument_.count(f_.variables[var].name))
        return ArrayRoot{p->kind, p->param};
    return std::nullopt;
}

void FunctionLowering::inlineReturn(const syntax::Return &ret, SourceLoc loc) {
    Inlining &in = inlines_.back();
    Value v = ret.value ? exprs_.lower(*ret.value) : Value{};
    std::vector<Value> values = v.kind == Value::Tuple  ? v.elements
                                : v.kind == Value::None ? std::vector<Value>{}
                                                        : std::vector{v};
    std::vector<NodePtr> nodes;
    for (const Value &item : values) {
        if (item.kind != Value::Array)
            throw UserError(item.loc.valid() ? item.loc : loc,
                            "only arrays and numbers can be returned");
        nodes.push_back(item.node);
    }
    if (in.collect) {
        std::vector<array::Type> types;
        std::vector<std::optional<ArrayRoot>> existing;
        for (const NodePtr &n : nodes) {
            types.push_back(n->type);
            existing.push_back(callersArray(n, in.firstLocal));
        }
        in.returns.push_back({std::move(types), std::move(existing), v.kind == Value::Tuple, loc});
        return;
    }
    // Every value is computed before any result variable changes.
    for (size_t i = 0; i < nodes.size(); ++i) {
        // A copy: convertTo may add variables (and move f_.variables).
        const array::Variable var = f_.variables.at(static_cast<size_t>(in.results[i]));
        if (!heldExtents_.count(in.results[i])) // else converted by assignVariable
            nodes[i] = convertTo(nodes[i], var.type, var.name, loc);
        for (size_t j = 0; j < i; ++j)
            if (readsHeld(nodes[i], in.results[j])) {
                nodes[i] = materialize(nodes[i], "tmp", loc);
                break;
            }
    }
    for (size_t i = 0; i < nodes.size(); ++i) {
        // A copy: flushReaders may add variables (and move f_.variables).
        const std::string result = f_.variables[static_cast<size_t>(in.results[i])].name;
        flushReaders(*varNode(in.results[i], loc), loc, false, &result);
        if (heldExtents_.count(in.results[i]))
            assignVariable(in.results[i], nodes[i], result, loc);
        else
            let(in.results[i], nodes[i], loc);
    }
    // Nothing after a return in tail position reads the flag.
    bool tail = loopDepth_ == 0 && std::all_of(frames_.begin(), frames_.end(), [](const Frame &f) {
                    return f.index + 1 == f.block->size();
                });
    if (in.returned >= 0 && !tail)
        let(in.returned, array::makeIntConstant(1, DType::Bool, false, loc), loc);
    if (loopDepth_ > 0) { // leave the callee's loops: a break here, a check after each
        array::Stmt st;
        st.kind = StmtKind::Break;
        st.loc = loc;
        emit(std::move(st));
    }
}

bool FunctionLowering::afterInlineReturn(const syntax::Stmt &st, const syntax::Stmt *next,
                                         std::deque<array::Stmt> &guards) {
    if (st.as<syntax::Return>())
        return false; // the rest of the block never runs
    if (auto *branch = st.as<syntax::If>(); branch && alwaysReturns(branch->body) &&
                                            alwaysReturns(branch->orelse))
        return false;
    bool loop = st.as<syntax::For>() || st.as<syntax::While>();
    // Inside a loop of the callee, a return breaks out of the innermost one (and so
    // out of an `if` in it); the loops around it break when they see the flag. Outside
    // loops, the rest of the block runs only if nothing returned.
    if (loopDepth_ > 0 ? !loop : !next)
        return true;
    const Inlining &in = inlines_.back();
    NPC_ASSERT(in.returned >= 0, "a return inside a statement without a flag");
    NodePtr returned = varNode(in.returned, st.loc);
    if (loopDepth_ > 0) {
        array::Stmt check;
        check.kind = StmtKind::If;
        check.loc = st.loc;
        check.value = returned;
        array::Stmt brk;
        brk.kind = StmtKind::Break;
        brk.loc = st.loc;
        check.body.push_back(std::make_shared<const array::Stmt>(std::move(brk)));
        emit(std::move(check));
        return true;
    }
    array::Stmt guard;
    guard.kind = StmtKind::If;
    guard.loc = next->loc;
    guard.value = array::makeUnary(array::UnaryOp::LogicalNot, returned, DType::Bool, next->loc);
    guards.push_back(std::move(guard));
    blocks_.push_back(&guards.back().body);
    return true;
}

bool FunctionLowering::hasReturn(const syntax::Stmt &st) {
    if (st.as<syntax::Return>())
        return true;
    auto any = [](const syntax::Block &b) {
        return std::any_of(b.begin(), b.end(),
                           [](const syntax::StmtPtr &s) { return hasReturn(*s); });
    };
    if (auto *i = st.as<syntax::If>())
        return any(i->body) || any(i->orelse);
    if (auto *f = st.as<syntax::For>())
        return any(f->body);
    if (auto *w = st.as<syntax::While>())
        return any(w->body);
    return false;
}

std::vector<NodePtr> FunctionLowering::returnValues(const syntax::Return &ret, SourceLoc loc,
                                                    bool &tuple) {
    tuple = false;
    if (!ret.value)
        return {};
    Value v = exprs_.lower(*ret.value);
    if (v.kind == Value::None)
        return {};
    std::vector<Value> values = v.kind == Value::Tuple ? v.elements : std::vector{v};
    tuple = v.kind == Value::Tuple;
    std::vector<NodePtr> out;
    for (const Value &item : values) {
        if (item.kind != Value::Array)
            throw UserError(item.loc.valid() ? item.loc : loc,
                            "only arrays and numbers can be returned");
        out.push_back(item.node);
    }
    std::vector<array::Type> types;
    for (const NodePtr &n : out)
        types.push_back(n->type);
    if (returnTypes_ && !dry_)
        returnTypes_->push_back(types);
    if (!resultTypes_.empty()) {
        if (resultTypes_.size() != out.size())
            throw UserError(loc, "every 'return' of a function must return the same number "
                                 "of values");
        for (size_t i = 0; i < out.size(); ++i) {
            if (resultTypes_[i].rank() != out[i]->type.rank())
                throw UserError(loc, "every 'return' of a function must return values of the "
                                     "same number of dimensions");
            out[i] = exprs_.castTo(out[i], resultTypes_[i].dtype, loc);
        }
    }
    return out;
}

void FunctionLowering::finalReturn(const syntax::Return &ret, SourceLoc loc) {
    bool tuple = false;
    f_.results = returnValues(ret, loc, tuple);
    f_.returnsTuple = tuple;
    if (hasValueReturns_ && f_.results.empty())
        throw UserError(loc, "this 'return' returns None but another returns a value");
}

void FunctionLowering::earlyReturn(const syntax::Return &ret, SourceLoc loc) {
    bool tuple = false;
    array::Stmt st;
    st.kind = StmtKind::Return;
    st.loc = loc;
    st.values = returnValues(ret, loc, tuple);
    if (!st.values.empty()) {
        hasValueReturns_ = true;
        f_.returnsTuple = tuple;
    }
    emit(std::move(st));
}

} // namespace npc::lowering
