// Host code of a function for the CUDA target (see CudaDeviceFunction.h): `<name>_device`
// and its control flow, host scalars and copies of device scalars, allocations, and the
// results it returns as device values.
#include "codegen/CudaDeviceFunction.h"

#include "codegen/CudaKernels.h"

#include <fmt/format.h>

#include <memory>

namespace npc::codegen::cuda {
namespace detail {

void DeviceFunctionEmitter::emit() {
    analyse();
    if (!f_.returnsTuple) {
        emitBody(fmt::format("{} {}_device", deviceResultType(f_), f_.name));
        return;
    }
    // Several results: the body returns them as the members of an aggregate, and
    // <name>_device moves them into the std::tuple the header declares. The host entry
    // point reads the members, not std::get<I> of the tuple: nvcc's front end takes
    // time exponential in the tuple's size for std::get (minutes at 26 elements).
    w_.line("namespace {{");
    w_.line("");
    {
        auto def = w_.block(fmt::format("struct {}", resultsStruct_), ";");
        for (size_t i = 0; i < f_.results.size(); ++i)
            w_.line("{} r{};", deviceValueType(f_.results[i]), i);
    }
    w_.line("");
    emitBody(fmt::format("{} {}_device_results", resultsStruct_, f_.name));
    w_.line("");
    w_.line("}} // namespace");
    w_.line("");
    auto body =
        w_.block(fmt::format("{} {}_device({})", deviceResultType(f_), f_.name, cppParamList(f_)));
    std::vector<std::string> args, moved;
    for (const loop::Param &p : f_.params)
        args.push_back(p.name);
    for (size_t i = 0; i < f_.results.size(); ++i)
        moved.push_back(fmt::format("std::move(results.r{})", i));
    w_.line("{} results = {}_device_results({});", resultsStruct_, f_.name, fmt::join(args, ", "));
    for (const std::string &l : wrapCall("return ", moved, ";", 4, "{}"))
        w_.line("{}", l);
}

void DeviceFunctionEmitter::emitBody(const std::string &head) {
    auto body = w_.block(fmt::format("{}({})", head, bodyParamList()));
    // Host code and kernels record negative integer exponents, raised before returning.
    powerFlag_ = usesIntegerPower(f_);
    if (powerFlag_) {
        w_.line("std::atomic<bool> power_error{{false}};");
        w_.line("npc::cuda::PowerErrorFlag device_power_error;");
    }
    // Kernels record out-of-bounds integer indices here; an empty array indexed so reads a
    // stand-in for its null pointer (see npc::cuda::nonnull).
    checksIndices_ = loop::usesIntrinsic(f_.body, loop::Intrinsic::CheckedIndex);
    unread_ = unreadDecls(f_);
    if (checksIndices_)
        w_.line("npc::cuda::IndexErrorFlag index_error;");
    for (const StmtPtr &s : f_.prologue) {
        stmt(*s);
        if (s->kind == StmtKind::Decl)
            scalars_[s->name] = {s->dtype, Where::Host};
    }
    // An argument the computation never reads would draw -Wunused-parameter.
    for (const loop::Param &p : f_.params) {
        if (paramUnused(f_, p, usedBuffers_))
            w_.line("(void){}; // not read by the computation", paramName(p));
        else if (p.rank == 0 && isComplex(p.dtype))
            w_.line("{} {} = {};", type(p.dtype), p.name, paramName(p));
    }
    for (const loop::Param &p : f_.params)
        if (p.rank > 0 && usedBuffers_.count(p.name))
            w_.line("{}{} *{}_data = {};", p.written ? "" : "const ", type(p.dtype), p.name,
                    dataPointer(p.name + ".data", p.dtype));
    for (const loop::Allocation &a : f_.allocations)
        allocate(a.name, a.dtype, a.extents);
    emitList(f_.body);
    // Results without names: every path of the body returns (early returns) already.
    if (!f_.results.empty() && !f_.results[0].name.empty() &&
        (f_.body.empty() || f_.body.back()->kind != StmtKind::Return))
        returnResults(resultNames(f_.results));
}

void DeviceFunctionEmitter::loop(const Stmt &) {
    NPC_INTERNAL_ERROR("loops of the CUDA target's host code must become kernels");
}

void DeviceFunctionEmitter::emitList(const std::vector<StmtPtr> &list) {
    for (const Segment &seg : segments(list)) {
        const StmtPtr &s = seg.stmts[0];
        switch (seg.role) {
        case Role::Comment:
            stmt(*s);
            context_ = s->text;
            break;
        case Role::KernelLoop:
            parallelKernel(s);
            break;
        case Role::Compaction:
            compactionKernels(s);
            break;
        case Role::HostScalar:
            hostScalar(s);
            break;
        case Role::Control:
            control(*s);
            break;
        case Role::SerialKernel:
            serialKernel(seg.stmts);
            break;
        }
    }
}

loop::ExprPtr DeviceFunctionEmitter::onHostExpr(const loop::ExprPtr &e,
                                                std::map<std::string, std::string> &rename) {
    loop::forEachExpr(e, [&](const loop::Expr &x) {
        if (x.kind != loop::ExprKind::Var || rename.count(x.name))
            return;
        auto it = scalars_.find(x.name);
        if (it == scalars_.end() || it->second.where != Where::Device)
            return;
        std::string copy = fmt::format("{}_host{}", x.name, fetches_++);
        w_.line("const {} {} = npc::cuda::scalar_to_host({});", type(it->second.dtype), copy,
                x.name);
        rename[x.name] = copy;
    });
    return rename.empty() ? e : renameVars(e, rename);
}

loop::ExprPtr DeviceFunctionEmitter::renameVars(const loop::ExprPtr &e,
                                                const std::map<std::string, std::string> &rename) {
    if (e->kind == loop::ExprKind::Var && e->args.empty()) {
        auto it = rename.find(e->name);
        return it == rename.end() ? e : loop::var(it->second, e->dtype);
    }
    if (e->args.empty())
        return e;
    auto copy = std::make_shared<loop::Expr>(*e);
    for (loop::ExprPtr &a : copy->args)
        a = renameVars(a, rename);
    return copy;
}

void DeviceFunctionEmitter::hostScalar(const StmtPtr &s) {
    auto copy = std::make_shared<Stmt>(*s);
    std::map<std::string, std::string> rename;
    if (copy->value)
        copy->value = onHostExpr(copy->value, rename);
    if (copy->detail)
        copy->detail = onHostExpr(copy->detail, rename);
    if (s->kind == StmtKind::Throw) // a raise message's values
        for (loop::ExprPtr &e : copy->extents)
            e = onHostExpr(e, rename);
    if (s->kind == StmtKind::Decl && onDevice_.count(s->name)) {
        deviceScalar(s->name, s->dtype, s->value ? expr(copy->value) : "");
        return;
    }
    stmt(*copy);
    if (s->kind == StmtKind::Decl)
        scalars_[s->name] = {s->dtype, Where::Host};
    forEachDecl(s->stmts);
    forEachDecl(s->orelse);
}

void DeviceFunctionEmitter::forEachDecl(const std::vector<StmtPtr> &list) {
    for (const StmtPtr &c : list) {
        if (c->kind == StmtKind::Decl)
            scalars_[c->name] = {c->dtype, Where::Host};
        forEachDecl(c->stmts);
        forEachDecl(c->orelse);
    }
}

void DeviceFunctionEmitter::control(const Stmt &s) {
    switch (s.kind) {
    case StmtKind::For: {
        std::string extent = expr(onHostExpr(s.extent));
        scalars_[s.name] = {DType::Int64, Where::Host};
        auto body =
            w_.block(fmt::format("for (int64_t {0} = 0; {0} < {1}; ++{0})", s.name, extent));
        emitList(s.stmts);
        return;
    }
    case StmtKind::While: {
        auto body = w_.block("for (;;)");
        emitList(s.stmts);
        return;
    }
    case StmtKind::If: {
        std::string cond = expr(onHostExpr(s.value));
        {
            auto then = w_.block(fmt::format("if ({})", cond));
            emitList(s.stmts);
        }
        if (!s.orelse.empty()) {
            auto orelse = w_.block("else");
            emitList(s.orelse);
        }
        return;
    }
    case StmtKind::Break:
    case StmtKind::Continue:
        stmt(s);
        return;
    case StmtKind::Return: {
        std::vector<std::string> names;
        for (const loop::ExprPtr &e : s.extents)
            names.push_back(e->name);
        returnResults(names);
        return;
    }
    case StmtKind::Alloc:
        if (!s.source.empty()) { // takeStmt
            w_.line("{} = std::move({});", s.name, s.source);
            if (usedBuffers_.count(s.name))
                w_.line("{}_data = {};", s.name, dataPointer(s.name + ".data()", s.dtype));
            return;
        }
        allocate(s.name, s.dtype, s.extents, s.replaces);
        return;
    case StmtKind::Snapshot:
        w_.line("const npc::cuda::DeviceSnapshot<{}> {}({}, {});", cppTypeName(s.dtype), s.name,
                s.source, fmt::join(s.overlapping, ", "));
        if (usedBuffers_.count(s.name))
            w_.line("const {} *{}_data = {};", type(s.dtype), s.name,
                    dataPointer(s.name + ".data()", s.dtype));
        return;
    default:
        NPC_INTERNAL_ERROR("not a control statement");
    }
}

void DeviceFunctionEmitter::allocate(const std::string &name, DType dtype,
                                     const std::vector<loop::ExprPtr> &exts, bool replaces) {
    std::vector<std::string> extents;
    for (const loop::ExprPtr &e : exts)
        extents.push_back(expr(onHostExpr(e)));
    std::string array =
        fmt::format("npc::cuda::DeviceArray<{}, {}>", cppTypeName(dtype), exts.size());
    if (replaces) {
        w_.line("{} = {}({{{}}});", name, array, fmt::join(extents, ", "));
        if (usedBuffers_.count(name))
            w_.line("{}_data = {};", name, dataPointer(name + ".data()", dtype));
        return;
    }
    if (extents.empty())
        w_.line("{} {};", array, name);
    else
        w_.line("{} {}({{{}}});", array, name, fmt::join(extents, ", "));
    if (usedBuffers_.count(name))
        w_.line("{} *{}_data = {};", type(dtype), name, dataPointer(name + ".data()", dtype));
}

std::string DeviceFunctionEmitter::dataPointer(const std::string &data, DType dtype) const {
    return kernelPointer(checksIndices_ ? fmt::format("npc::cuda::nonnull({})", data) : data,
                         dtype);
}

std::string DeviceFunctionEmitter::kernelPointer(const std::string &data, DType dtype) {
    return isComplex(dtype) ? fmt::format("npc::cuda::device_ptr({})", data) : data;
}

std::string DeviceFunctionEmitter::paramName(const loop::Param &p) const {
    if (p.rank > 0 || !isComplex(p.dtype))
        return p.name;
    // A name no variable of the function has (Python's names are the C++ locals' names).
    return freshName(p.name + "_argument");
}

std::string DeviceFunctionEmitter::freshName(const std::string &base) const {
    std::string name = base;
    for (int k = 2; taken_.count(name); ++k)
        name = fmt::format("{}{}", base, k);
    return name;
}

std::string DeviceFunctionEmitter::bodyParamList() const {
    std::vector<std::string> params;
    for (const loop::Param &p : f_.params)
        params.push_back(cppParam(p, paramName(p)));
    return fmt::format("{}", fmt::join(params, ", "));
}

std::vector<std::string>
DeviceFunctionEmitter::resultNames(const std::vector<loop::Result> &results) {
    std::vector<std::string> names;
    for (const loop::Result &r : results)
        names.push_back(r.name);
    return names;
}

void DeviceFunctionEmitter::deviceScalar(const std::string &name, DType dtype,
                                         const std::string &init) {
    std::string hostType(cppTypeName(dtype));
    if (init.empty())
        w_.line("npc::cuda::DeviceArray<{}, 0> {};", hostType, name);
    else
        w_.line("npc::cuda::DeviceArray<{}, 0> {} = npc::cuda::scalar_to_device<{}>({});", hostType,
                name, hostType, init);
    w_.line("{} *{}_data = {};", type(dtype), name, kernelPointer(name + ".data()", dtype));
    scalars_[name] = {dtype, Where::Device};
}

void DeviceFunctionEmitter::returnResults(const std::vector<std::string> &names) {
    if (powerFlag_)
        powerCheck();
    if (f_.results.empty()) {
        w_.line("return;");
        return;
    }
    NPC_ASSERT(names.size() == f_.results.size(), "a return of the wrong arity");
    std::map<std::string, int> count;
    for (const std::string &n : names)
        ++count[n];
    std::vector<std::string> values;
    for (size_t i = 0; i < names.size(); ++i) {
        const loop::Result &r = f_.results[i];
        const std::string &n = names[i];
        std::string value = n;
        if (r.rank > 0) {
            bool isParam = false;
            for (const loop::Param &p : f_.params)
                isParam = isParam || p.name == n;
            NPC_ASSERT(buffers_.count(n) && !isParam,
                       "the CUDA target returns only arrays the function allocates, not '" + n +
                           "'");
        } else {
            auto it = scalars_.find(n);
            NPC_ASSERT(it != scalars_.end(), "unknown scalar result " + n);
            if (it->second.where == Where::Host)
                value = fmt::format("npc::cuda::scalar_to_device<{}>({})", cppTypeName(r.dtype), n);
        }
        bool movable = value == n && count[n] == 1;
        values.push_back(movable && f_.returnsTuple ? fmt::format("std::move({})", value) : value);
    }
    if (!f_.returnsTuple) {
        w_.line("return {};", values[0]);
        return;
    }
    for (const std::string &l : wrapCall("return ", values, ";", 4, "{}"))
        w_.line("{}", l);
}

} // namespace detail
} // namespace npc::codegen::cuda
