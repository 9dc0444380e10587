// Calls of the file's own functions (inlined) and return statements.
#include "frontend/FunctionLowering.h"

#include "ir/Promotion.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc::lowering {

Value FunctionLowering::callLocal(const std::string &name, const CallArgs &args) {
    auto def = std::find_if(module_.functions.begin(), module_.functions.end(),
                            [&](const syntax::FunctionDef &f) { return f.name == name; });
    NPC_ASSERT(def != module_.functions.end(), "call of an unknown local function");
    if (std::find(callStack_.begin(), callStack_.end(), name) != callStack_.end() ||
        name == def_.name)
        throw UserError(args.loc, fmt::format("'{}' calls itself (recursion); npc inlines "
                                              "calls and cannot compile recursive functions",
                                              name));
    std::vector<ParamSpec> spec;
    for (const std::string &p : def->params)
        spec.push_back({p.c_str(), true});
    std::vector<std::optional<Value>> bound = lowering::bind(args, spec);
    const syntax::Block &body = def->body;
    for (size_t i = 0; i + 1 < body.size(); ++i)
        if (hasReturn(*body[i]))
            throw UserError(body[i]->loc, fmt::format("npc inlines '{}' and needs its only "
                                                      "'return' to be its last statement",
                                                      name));
    // An array the callee updates in place must be memory the caller's names share.
    BlockNames calleeNames;
    collectNames(body, calleeNames);
    for (size_t i = 0; i < def->params.size(); ++i) {
        Value &v = *bound[i];
        if (v.kind == Value::Array && v.node->type.rank() > 0 && !viewRoot(v.node) &&
            calleeNames.mutated.count(def->params[i])) {
            NodePtr old = v.node;
            v.node = materialize(old, def->params[i], args.loc);
            rebindAll(old, v.node, args.loc);
        }
    }
    // The callee's own scope: the module's names and its parameters.
    auto callerEnv = exprs_.env();
    auto callerVars = mutableVars_;
    auto callerFrames = frames_;
    auto callerAliases = aliases_;
    int callerLoops = loopDepth_;
    std::map<std::string, Value> env = globals_;
    for (size_t i = 0; i < def->params.size(); ++i)
        env[def->params[i]] = *bound[i];
    exprs_.setEnv(std::move(env));
    outerEnvs_.push_back(&callerEnv);
    mutableVars_.clear();
    frames_.clear();
    aliases_.clear();
    loopDepth_ = 0;
    callStack_.push_back(name);
    Value result{Value::None, nullptr, {}, {}, {}, args.loc};
    auto restore = [&] {
        outerEnvs_.pop_back();
        callStack_.pop_back();
        exprs_.setEnv(callerEnv);
        mutableVars_ = callerVars;
        frames_ = callerFrames;
        aliases_ = callerAliases;
        loopDepth_ = callerLoops;
    };
    try {
        frames_.push_back({&body, 0, false, nullptr});
        for (size_t i = 0; i < body.size(); ++i) {
            frames_.back().index = i;
            if (auto *ret = body[i]->as<syntax::Return>()) {
                if (ret->value)
                    result = exprs_.lower(*ret->value);
                break;
            }
            lowerStatement(*body[i]);
        }
    } catch (...) {
        restore();
        throw;
    }
    restore();
    return result;
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
