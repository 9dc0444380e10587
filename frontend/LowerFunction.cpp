// Lowering of exported functions: binds each signature's argument types to the
// parameters, walks the statements, and collects the returned values.
#include "frontend/Lower.h"
#include "frontend/LowerContext.h"
#include "frontend/LowerStatements.h"
#include "ir/Identifiers.h"
#include "ir/Promotion.h"

#include <algorithm>
#include <fmt/format.h>
#include <regex>
#include <set>

namespace npc {
namespace {

using lowering::ExprLowering;
using lowering::Value;

/// The names a module brings into scope through its imports.
std::map<std::string, Value> importedNames(const syntax::Module &module) {
    std::map<std::string, Value> env;
    for (const syntax::Import &imp : module.imports) {
        std::string alias = imp.alias.empty() ? (imp.name.empty() ? imp.module : imp.name)
                                              : imp.alias;
        // Modules of type annotations, which npc ignores: their names exist, unusable
        // (`import numpy.typing` binds nothing new: `numpy` comes from `import numpy`).
        if (imp.module == "typing" || imp.module == "numpy.typing" ||
            imp.module == "__future__" || imp.module == "collections.abc") {
            if (alias.find('.') != std::string::npos)
                continue;
            env[alias] = Value::unbound(fmt::format("'{}' (from the module '{}') can only be "
                                                    "used in type annotations, which npc ignores",
                                                    alias, imp.module),
                                        imp.loc);
            continue;
        }
        if (imp.module != "numpy" && imp.module != "math" && imp.module != "numpy.linalg")
            throw UserError(imp.loc, fmt::format("npc does not support the module '{}'; only "
                                                 "numpy and math can be imported (and typing "
                                                 "and numpy.typing, for annotations)",
                                                 imp.module));
        if (imp.name.empty()) {
            env[alias] = Value{Value::Module, nullptr, imp.module, {}, {}, imp.loc};
            continue;
        }
        // `from numpy import sqrt`: resolved lazily through the module's members.
        Value module{Value::Module, nullptr, imp.module, {}, {}, imp.loc};
        env[alias] = lowering::moduleMember(module, imp.name, imp.loc);
    }
    env["abs"] = Value{Value::Function, nullptr, "builtins.abs", {}, {}, {}};
    env["print"] = Value{Value::Function, nullptr, "builtins.print", {}, {}, {}};
    env["len"] = Value{Value::Function, nullptr, "builtins.len", {}, {}, {}};
    // float/int/bool: conversions of scalars, and dtype= arguments (complex only the latter).
    for (const char *name : {"float", "int", "bool", "complex", "min", "max"})
        env[name] = Value{Value::Function, nullptr, std::string("builtins.") + name, {}, {}, {}};
    return env;
}

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
    // Functions of the file: calls are inlined, typed from the call site.
    for (const syntax::FunctionDef &f : module.functions) {
        if (globals.count(f.name) && globals[f.name].qualifiedName == "local." + f.name)
            throw UserError(f.nameLoc, fmt::format("'{}' is defined a second time here; Python "
                                                   "would use this definition, npc compiles one "
                                                   "per name: remove or rename one of them",
                                                   f.name));
        globals[f.name] = Value{Value::Function, nullptr, "local." + f.name, {}, {}, f.nameLoc};
    }
    {
        ExprLowering constants(globals);
        for (const syntax::Constant &c : module.constants) {
            Value v = constants.lower(*c.value);
            constants.bind(c.name, v);
            globals[c.name] = v;
        }
    }
    std::vector<array::Function> out;
    // C++ overloads must differ in their parameters' C++ types: a Python `int` and `int64`
    // are both int64_t, and fixed extents (`float64[3]`) are checked at run time.
    std::map<std::string, const Signature *> overloads;
    std::map<std::string, std::string> cppNames; // C++ name -> Python name
    for (const Signature &sig : signatures) {
        std::string key = sig.function;
        for (const ArgType &a : sig.args)
            key += fmt::format(",{}/{}", dtypeName(a.dtype), a.rank);
        if (auto [it, added] = overloads.emplace(key, &sig); !added) {
            std::string earlier, now;
            for (size_t i = 0; i < sig.args.size(); ++i) {
                earlier += (i ? ", " : "") + it->second->args[i].str();
                now += (i ? ", " : "") + sig.args[i].str();
            }
            throw UserError(sig.loc,
                            earlier == now
                                ? fmt::format("this export signature repeats an earlier one for "
                                              "'{}'; remove one of them",
                                              sig.function)
                                : fmt::format("this export signature of '{0}' gives the same C++ "
                                              "parameter types as the earlier '{0}({1})' (a "
                                              "Python int is int64, a float float64, a complex "
                                              "complex128, and fixed extents are checked at run "
                                              "time); remove one of them",
                                              sig.function, earlier));
        }
        std::string cpp = cppIdentifier(sig.function);
        if (auto [it, added] = cppNames.emplace(cpp, sig.function);
            !added && it->second != sig.function)
            throw UserError(sig.functionLoc,
                            fmt::format("'{}' and '{}' would both be the C++ function '{}' (npc "
                                        "renames names that C++ reserves); rename one of them",
                                        it->second, sig.function, cpp));
        auto def = std::find_if(module.functions.begin(), module.functions.end(),
                                [&](const syntax::FunctionDef &f) { return f.name == sig.function; });
        if (def == module.functions.end())
            throw UserError(sig.functionLoc, fmt::format("the export signature names '{}', but "
                                                         "no function of that name is defined",
                                                         sig.function));
        // Lowered once to find the types every `return` gives, then, if there are several
        // (or one inside a loop: `while True:`), again with their promotion as the
        // function's result types.
        std::vector<std::vector<array::Type>> returns;
        array::Function f = lowering::lowerFunction(*def, module, globals, sig, {}, &returns);
        if (returns.size() > 1 ||
            (returns.size() == 1 && f.results.empty() && !returns[0].empty())) {
            std::vector<array::Type> unified = returns[0];
            for (const auto &r : returns) {
                if (r.size() != unified.size())
                    throw UserError(def->nameLoc, fmt::format("'{}' returns {} values on one path "
                                                              "and {} on another",
                                                              def->name, unified.size(), r.size()));
                for (size_t i = 0; i < r.size(); ++i) {
                    if (r[i].rank() != unified[i].rank())
                        throw UserError(def->nameLoc,
                                        fmt::format("'{}' returns arrays of {} and {} dimensions "
                                                    "on different paths",
                                                    def->name, r[i].rank(), unified[i].rank()));
                    PromotionType p = lowering::joinTypes({unified[i].dtype, unified[i].weak},
                                                          {r[i].dtype, r[i].weak});
                    unified[i].dtype = p.dtype;
                    unified[i].weak = p.weak;
                }
            }
            f = lowering::lowerFunction(*def, module, globals, sig, unified, nullptr);
        }
        out.push_back(std::move(f));
        array::verify(out.back());
    }
    return out;
}

std::string describeHiddenNames(std::string message) {
    using namespace syntax;
    if (message.find(kHiddenPosition) == std::string::npos &&
        message.find(kHiddenIterated) == std::string::npos &&
        message.find(kHiddenStart) == std::string::npos)
        return message;
    static const std::regex iterated(std::string(kHiddenIterated) + "[0-9]+_[0-9]+"),
        counter(std::string(kHiddenPosition) + "[0-9]+"),
        start(std::string(kHiddenStart) + "[0-9]+");
    message = std::regex_replace(message, iterated, "<the for loop's array>");
    message = std::regex_replace(message, counter, "<the for loop's position>");
    return std::regex_replace(message, start, "<enumerate's start>");
}

} // namespace npc
