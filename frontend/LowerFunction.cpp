// Lowering of exported functions: binds each signature's argument types to the
// parameters, walks the statements, and collects the returned values.
#include "frontend/Lower.h"
#include "frontend/LowerContext.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc {
namespace {

using lowering::ExprLowering;
using lowering::Value;

/// The names a module brings into scope through its imports.
std::map<std::string, Value> importedNames(const syntax::Module &module) {
    std::map<std::string, Value> env;
    for (const syntax::Import &imp : module.imports) {
        if (imp.module != "numpy" && imp.module != "math" && imp.module != "numpy.linalg")
            throw UserError(imp.loc, fmt::format("npc does not support the module '{}'; only "
                                                 "numpy and math can be imported",
                                                 imp.module));
        std::string alias = imp.alias.empty() ? (imp.name.empty() ? imp.module : imp.name)
                                              : imp.alias;
        if (imp.name.empty()) {
            env[alias] = Value{Value::Module, nullptr, imp.module, {}, {}, imp.loc};
            continue;
        }
        // `from numpy import sqrt`: resolved lazily through the module's members.
        Value module{Value::Module, nullptr, imp.module, {}, {}, imp.loc};
        env[alias] = lowering::moduleMember(module, imp.name, imp.loc);
    }
    env["abs"] = Value{Value::Function, nullptr, "builtins.abs", {}, {}, {}};
    return env;
}

array::Type paramType(const ArgType &t, int index, const std::string &name) {
    if (isComplex(t.dtype))
        throw UserError(t.loc, fmt::format("{} arguments are not supported by npc yet",
                                           dtypeName(t.dtype)));
    array::Type type{t.dtype, {}, t.pythonScalar};
    for (int axis = 0; axis < t.rank; ++axis) {
        const auto &fixed = t.extents[static_cast<size_t>(axis)];
        type.shape.push_back(fixed ? dimConst(*fixed) : dimExtent(index, axis, name));
    }
    return type;
}

class FunctionLowering {
public:
    FunctionLowering(const syntax::FunctionDef &def, std::map<std::string, Value> globals)
        : def_(def), exprs_(std::move(globals)) {}

    array::Function run(const Signature &sig) {
        array::Function f;
        f.name = def_.name;
        f.loc = def_.nameLoc;
        if (sig.args.size() != def_.params.size())
            throw UserError(sig.loc, fmt::format("the signature of '{}' has {} argument type{} "
                                                 "but the function takes {} argument{}",
                                                 def_.name, sig.args.size(),
                                                 sig.args.size() == 1 ? "" : "s", def_.params.size(),
                                                 def_.params.size() == 1 ? "" : "s"));
        for (size_t i = 0; i < def_.params.size(); ++i) {
            int index = static_cast<int>(i);
            array::Type t = paramType(sig.args[i], index, def_.params[i]);
            f.params.push_back(array::makeParam(index, def_.params[i], t, def_.paramLocs[i]));
            exprs_.bind(def_.params[i], Value::array(f.params.back(), def_.paramLocs[i]));
        }
        for (const syntax::StmtPtr &stmt : def_.body) {
            if (auto *ret = stmt->as<syntax::Return>()) {
                lowerReturn(f, *ret, stmt->loc);
                return f;
            }
            lowerStatement(*stmt);
        }
        return f;
    }

private:
    void lowerReturn(array::Function &f, const syntax::Return &ret, SourceLoc loc) {
        if (!ret.value)
            return;
        Value v = exprs_.lower(*ret.value);
        if (v.kind == Value::None)
            return;
        std::vector<Value> values = v.kind == Value::Tuple ? v.elements : std::vector{v};
        f.returnsTuple = v.kind == Value::Tuple;
        for (const Value &item : values) {
            if (item.kind != Value::Array)
                throw UserError(item.loc.valid() ? item.loc : loc,
                                "only arrays and numbers can be returned");
            f.results.push_back(item.node);
        }
    }

    void lowerStatement(const syntax::Stmt &stmt) {
        if (auto *assign = stmt.as<syntax::Assign>()) {
            Value v = exprs_.lower(*assign->value);
            for (const syntax::ExprPtr &target : assign->targets)
                bindTarget(*target, v);
            return;
        }
        if (stmt.as<syntax::Pass>())
            return;
        if (auto *e = stmt.as<syntax::ExprStmt>()) {
            if (e->value->as<syntax::StringLiteral>())
                return; // docstring
            throw UserError(stmt.loc, "expression statements have no effect in npc's subset yet");
        }
        throw UserError(stmt.loc, fmt::format("npc does not support {} inside functions yet",
                                              statementName(stmt)));
    }

    void bindTarget(const syntax::Expr &target, const Value &v) {
        if (auto *name = target.as<syntax::Name>()) {
            Value named = v;
            if (named.kind == Value::Array)
                named.node = array::withName(v.node, name->id);
            exprs_.bind(name->id, named);
            return;
        }
        if (auto *tuple = target.as<syntax::Tuple>()) {
            if (v.kind != Value::Tuple || v.elements.size() != tuple->elements.size())
                throw UserError(target.loc, "cannot unpack this value into these names");
            for (size_t i = 0; i < tuple->elements.size(); ++i)
                bindTarget(*tuple->elements[i], v.elements[i]);
            return;
        }
        throw UserError(target.loc, "npc supports assignment to names only for now");
    }

    static std::string statementName(const syntax::Stmt &stmt) {
        if (stmt.as<syntax::AugAssign>())
            return "augmented assignment";
        if (stmt.as<syntax::If>())
            return "'if' statements";
        if (stmt.as<syntax::For>())
            return "'for' loops";
        if (stmt.as<syntax::While>())
            return "'while' loops";
        if (stmt.as<syntax::Break>() || stmt.as<syntax::Continue>())
            return "'break'/'continue'";
        return "this statement";
    }

    const syntax::FunctionDef &def_;
    ExprLowering exprs_;
};

} // namespace

std::vector<array::Function> lowerModule(const SourceFile &, const syntax::Module &module,
                                         const std::vector<Signature> &signatures) {
    if (signatures.empty()) {
        if (module.functions.empty())
            throw UserError({}, "no functions to compile: the file defines none");
        const syntax::FunctionDef &f = module.functions.front();
        std::string args;
        for (size_t i = 0; i < f.params.size(); ++i)
            args += i ? ", float64[:]" : "float64[:]";
        throw UserError(f.nameLoc, fmt::format("function '{}' has no export signature; declare "
                                               "its argument types in a comment above it, e.g. "
                                               "`# npc export {}({})`",
                                               f.name, f.name, args));
    }
    std::map<std::string, Value> globals = importedNames(module);
    {
        ExprLowering constants(globals);
        for (const syntax::Constant &c : module.constants) {
            Value v = constants.lower(*c.value);
            constants.bind(c.name, v);
            globals[c.name] = v;
        }
    }
    std::vector<array::Function> out;
    for (const Signature &sig : signatures) {
        auto def = std::find_if(module.functions.begin(), module.functions.end(),
                                [&](const syntax::FunctionDef &f) { return f.name == sig.function; });
        if (def == module.functions.end())
            throw UserError(sig.functionLoc, fmt::format("the export signature names '{}', but "
                                                         "no function of that name is defined",
                                                         sig.function));
        out.push_back(FunctionLowering(*def, globals).run(sig));
        array::verify(out.back());
    }
    return out;
}

} // namespace npc
