// Kernels and the device entry point of one function (see CudaKernels.h).
#include "codegen/CudaKernels.h"

#include "codegen/CppEmitter.h"
#include "codegen/CudaRegion.h"
#include "ir/SourceLoc.h"

#include <fmt/format.h>

#include <functional>
#include <memory>
#include <set>
#include <vector>

namespace npc::codegen::cuda {
namespace {

using loop::Stmt;
using loop::StmtKind;
using loop::StmtPtr;

/// Lines are wrapped at this column, like the project's .clang-format.
constexpr size_t kColumnLimit = 100;

/// Where a top-level scalar lives while `<name>_device` runs.
enum class Where { Host, Device };

struct Scalar {
    DType dtype;
    Where where;
};

struct Buffer {
    DType dtype;
};

/// One kernel parameter: its declaration in the kernel and the argument of the launch.
struct KernelParam {
    std::string decl;
    std::string arg;
};

/// Prints statements inside a kernel: every loop there runs sequentially in its thread.
class KernelBodyPrinter : public CppStmtPrinter {
public:
    using CppStmtPrinter::CppStmtPrinter;

protected:
    void loop(const Stmt &s) override {
        auto body = w_.block(
            fmt::format("for (int64_t {0} = 0; {0} < {1}; ++{0})", s.name, cppExpr(s.extent)));
        stmts(s.stmts);
    }
};

/// `head(a, b, ...)tail` as lines within the column limit at `indent` columns: one line if it
/// fits, else continuation lines aligned after the parenthesis, or (for long heads) indented
/// four columns on lines of their own. `brackets` may be "{}" instead of "()".
std::vector<std::string> wrapCall(const std::string &head, const std::vector<std::string> &items,
                                  const std::string &tail, size_t indent,
                                  std::string_view brackets = "()") {
    const std::string open(1, brackets[0]);
    const std::string close(1, brackets[1]);
    std::string flat = fmt::format("{}{}{}{}{}", head, open, fmt::join(items, ", "), close, tail);
    if (indent + flat.size() <= kColumnLimit || items.empty())
        return {flat};
    bool hanging = head.size() + 1 > kColumnLimit / 2;
    std::string pad(hanging ? 4 : head.size() + 1, ' ');
    std::vector<std::string> lines;
    std::string current = hanging ? pad : head + open;
    if (hanging)
        lines.push_back(head + open);
    bool first = true;
    for (size_t i = 0; i < items.size(); ++i) {
        std::string piece = items[i] + (i + 1 < items.size() ? "," : close + tail);
        if (!first && indent + current.size() + 1 + piece.size() > kColumnLimit) {
            lines.push_back(current);
            current = pad;
            first = true;
        }
        current += (first ? "" : " ") + piece;
        first = false;
    }
    lines.push_back(current);
    return lines;
}

bool isKernelLoopShape(const Stmt &s) {
    return s.kind == StmtKind::For && s.parallel;
}

/// True when the reduction of loop `s` into `dtype` can be combined across threads on the
/// device: sums, products, minima and maxima of 4- and 8-byte integers and floats
/// (atomicAdd or a compare-and-swap loop).
bool deviceReducible(DType dtype, const Stmt &s) {
    if (!s.reductionCall && s.reductionOp != loop::BinaryOp::Add &&
        s.reductionOp != loop::BinaryOp::Mul)
        return false;
    if (!isInteger(dtype) && !isFloat(dtype))
        return false;
    return itemSize(dtype) == 4 || itemSize(dtype) == 8;
}

/// The value each thread's accumulator starts from in the reduction of loop `s`: 0, 1,
/// or the largest/smallest value of `dtype` (infinities for floats) for minimum/maximum.
loop::ExprPtr reductionIdentity(const Stmt &s, DType dtype) {
    using loop::Intrinsic;
    if (s.reductionCall) {
        bool min = *s.reductionCall == Intrinsic::Minimum;
        if (!isFloat(dtype))
            return loop::call(min ? Intrinsic::Highest : Intrinsic::Lowest, {}, dtype);
        loop::ExprPtr inf = loop::call(Intrinsic::Infinity, {}, dtype);
        return min ? inf : loop::unary(loop::UnaryOp::Neg, inf);
    }
    int identity = s.reductionOp == loop::BinaryOp::Add ? 0 : 1;
    return isFloat(dtype) ? loop::floatImm(identity, dtype) : loop::intImm(identity, dtype);
}

/// The npc::cuda functor that combines partial results of loop `s`'s reduction.
std::string_view reductionFunctor(const Stmt &s) {
    if (s.reductionCall)
        return *s.reductionCall == loop::Intrinsic::Minimum ? "Minimum" : "Maximum";
    return s.reductionOp == loop::BinaryOp::Add ? "Plus" : "Times";
}

class DeviceFunctionEmitter : public CppStmtPrinter {
public:
    DeviceFunctionEmitter(const loop::Function &f, CodeWriter &kernels, CodeWriter &host,
                          std::map<std::string, int> &numbers, std::string resultsStruct)
        : CppStmtPrinter(host), f_(f), kernels_(kernels), numbers_(numbers),
          resultsStruct_(std::move(resultsStruct)) {}

    void emit() {
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
        auto body = w_.block(
            fmt::format("{} {}_device({})", deviceResultType(f_), f_.name, cppParamList(f_)));
        std::vector<std::string> args, moved;
        for (const loop::Param &p : f_.params)
            args.push_back(p.name);
        for (size_t i = 0; i < f_.results.size(); ++i)
            moved.push_back(fmt::format("std::move(results.r{})", i));
        w_.line("{} results = {}_device_results({});", resultsStruct_, f_.name,
                fmt::join(args, ", "));
        for (const std::string &l : wrapCall("return ", moved, ";", 4, "{}"))
            w_.line("{}", l);
    }

protected:
    /// The definition of the function `head(params)` that runs `f_` on the device.
    void emitBody(const std::string &head) {
        auto body = w_.block(fmt::format("{}({})", head, cppParamList(f_)));
        // Host code records negative integer exponents (kernels give 0, see the README).
        powerFlag_ = usesIntegerPower(f_);
        if (powerFlag_)
            w_.line("std::atomic<bool> power_error{{false}};");
        for (const StmtPtr &s : f_.prologue) {
            stmt(*s);
            if (s->kind == StmtKind::Decl)
                scalars_[s->name] = {s->dtype, Where::Host};
        }
        // An argument the computation never reads would draw -Wunused-parameter.
        for (const loop::Param &p : f_.params)
            if (paramUnused(f_, p, usedBuffers_))
                w_.line("(void){}; // not read by the computation", p.name);
        for (const loop::Param &p : f_.params)
            if (p.rank > 0 && usedBuffers_.count(p.name))
                w_.line("{}{} *{}_data = {}.data;", p.written ? "" : "const ", cppTypeName(p.dtype),
                        p.name, p.name);
        for (const loop::Allocation &a : f_.allocations)
            allocate(a.name, a.dtype, a.extents);
        emitList(f_.body);
        if (!f_.results.empty() && (f_.body.empty() || f_.body.back()->kind != StmtKind::Return))
            returnResults(resultNames(f_.results));
    }

    void loop(const Stmt &) override {
        NPC_INTERNAL_ERROR("loops of the CUDA target's host code must become kernels");
    }


private:
    /// How a statement of the body runs: host control flow (Python's for, while, if,
    /// break, continue, return; allocations), a kernel, host scalar code, or part of a
    /// single-thread kernel.
    enum class Role { Comment, Control, KernelLoop, HostScalar, SerialKernel };

    // ---- analysis ----------------------------------------------------------------------
    void analyse() {
        for (const loop::Param &p : f_.params) {
            if (p.rank == 0)
                scalars_[p.name] = {p.dtype, Where::Host};
            else
                buffers_[p.name] = {p.dtype};
            restrict_ = restrict_ && !p.written;
        }
        for (const loop::Allocation &a : f_.allocations)
            buffers_[a.name] = {a.dtype};
        RegionUses all = collectUses(f_.body);
        for (const Use &u : all.free)
            if (u.buffer)
                usedBuffers_.insert(u.name);
        for (const loop::Result &r : f_.results)
            ++useCount_[r.name];
        // Declarations, allocations and names read, over the host control flow.
        forEachLeaf(f_.body, [&](const StmtPtr &s, bool leaf) {
            if (s->kind == StmtKind::Decl)
                topDecls_[s->name] = s->dtype;
            if (s->kind == StmtKind::Alloc)
                buffers_[s->name] = {s->dtype};
            if (s->kind == StmtKind::Return)
                for (const loop::ExprPtr &e : s->extents)
                    ++useCount_[e->name];
            if (s->kind == StmtKind::Alloc)
                for (const loop::ExprPtr &e : s->extents)
                    addUses(e);
            if (!leaf) {
                if (s->value)
                    addUses(s->value);
                if (s->extent)
                    addUses(s->extent);
                return;
            }
            for (const Use &u : collectUses({s}).free)
                ++useCount_[u.name];
        });
        // Scalars in device memory: accumulators of kernels, what single-thread kernels
        // assign or declare for later statements, and (to a fixed point) what host code
        // would otherwise assign from them.
        for (bool changed = true; changed;) {
            changed = false;
            forEachSegment(f_.body, [&](const Segment &seg) {
                std::vector<std::string> names;
                if (seg.role == Role::KernelLoop && !seg.stmts[0]->reductionVar.empty())
                    names.push_back(seg.stmts[0]->reductionVar);
                if (seg.role == Role::SerialKernel) {
                    RegionUses u = collectUses(seg.stmts);
                    names.assign(u.assigned.begin(), u.assigned.end());
                    std::vector<std::string> out = exported(seg.stmts);
                    names.insert(names.end(), out.begin(), out.end());
                }
                for (const std::string &n : names)
                    changed = onDevice_.insert(n).second || changed;
            });
        }
    }

    /// Scalars `run` declares at its top level that statements outside it read.
    std::vector<std::string> exported(const std::vector<StmtPtr> &run) const {
        std::map<std::string, int> inside;
        for (const StmtPtr &s : run)
            for (const Use &u : collectUses({s}).free)
                ++inside[u.name];
        std::vector<std::string> out;
        for (const StmtPtr &s : run) {
            if (s->kind != StmtKind::Decl)
                continue;
            auto it = useCount_.find(s->name);
            if (it != useCount_.end() && it->second > inside[s->name])
                out.push_back(s->name);
        }
        return out;
    }

    /// Counts the variables `e` reads as uses outside any single statement.
    void addUses(const loop::ExprPtr &e) {
        loop::forEachExpr(e, [&](const loop::Expr &x) {
            if (x.kind == loop::ExprKind::Var)
                ++useCount_[x.name];
        });
    }

    /// True for statements of the host control flow (their bodies hold further statements).
    static bool isControl(const Stmt &s) {
        switch (s.kind) {
        case StmtKind::While:
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Return:
        case StmtKind::Alloc:
            return true;
        case StmtKind::For:
            return s.serial;
        case StmtKind::If: // also when a branch holds checks only the host can run
            return containsControlOrLoop(s.stmts) || containsControlOrLoop(s.orelse) ||
                   containsHostOnly(s.stmts) || containsHostOnly(s.orelse);
        default:
            return false;
        }
    }

    /// True when `list` holds (at any depth) a statement only the host can run.
    static bool containsHostOnly(const std::vector<StmtPtr> &list) {
        for (const StmtPtr &s : list)
            if (needsHost(*s) || containsHostOnly(s->stmts) || containsHostOnly(s->orelse))
                return true;
        return false;
    }

    /// True when `list` holds (at any depth) a loop, control flow, an allocation or a store.
    static bool containsControlOrLoop(const std::vector<StmtPtr> &list) {
        for (const StmtPtr &s : list) {
            switch (s->kind) {
            case StmtKind::For:
            case StmtKind::While:
            case StmtKind::Break:
            case StmtKind::Continue:
            case StmtKind::Return:
            case StmtKind::Alloc:
            case StmtKind::Store:
                return true;
            default:
                break;
            }
            if (containsControlOrLoop(s->stmts) || containsControlOrLoop(s->orelse))
                return true;
        }
        return false;
    }

    /// Calls `fn(s, leaf)` on the statements of the host control flow in `list`: control
    /// statements (leaf false, then their bodies) and the statements they hold (leaf true).
    void forEachLeaf(const std::vector<StmtPtr> &list,
                     const std::function<void(const StmtPtr &, bool)> &fn) const {
        for (const StmtPtr &s : list) {
            if (s->kind == StmtKind::Block) {
                forEachLeaf(s->stmts, fn);
            } else if (isControl(*s)) {
                fn(s, false);
                forEachLeaf(s->stmts, fn);
                forEachLeaf(s->orelse, fn);
            } else if (s->kind != StmtKind::Comment) {
                fn(s, true);
            }
        }
    }

    /// Only scalars: declarations, assignments, checks and branches among them.
    static bool scalarOnly(const Stmt &s) {
        if (s.kind != StmtKind::Decl && s.kind != StmtKind::Assign && s.kind != StmtKind::Throw &&
            s.kind != StmtKind::If)
            return false;
        if (s.kind == StmtKind::Decl && s.lanes)
            return false;
        if (containsControlOrLoop(s.stmts) || containsControlOrLoop(s.orelse))
            return false;
        return !collectUses({std::make_shared<Stmt>(s)}).loads;
    }

    /// True for statements device code cannot run: checks that raise, index helpers.
    static bool needsHost(const Stmt &s) {
        if (s.kind == StmtKind::Throw)
            return true;
        if (s.kind != StmtKind::Decl || !s.value)
            return false;
        bool found = false;
        loop::forEachExpr(s.value, [&](const loop::Expr &e) {
            if (e.kind != loop::ExprKind::Call)
                return;
            switch (e.intrinsic) {
            case loop::Intrinsic::BroadcastDim:
            case loop::Intrinsic::SliceStart:
            case loop::Intrinsic::SliceLength:
            case loop::Intrinsic::RangeLength:
            case loop::Intrinsic::NormalizeIndex:
            case loop::Intrinsic::BroadcastStride:
                found = true;
                break;
            default:
                break;
            }
        });
        return found;
    }

    /// True when the leaf `s` may run on the host: it only computes scalars, assigns none
    /// that live on the device, and reads only host values (or must run on the host, which
    /// then copies the device scalars it reads).
    bool hostableLeaf(const Stmt &s) const {
        if (!scalarOnly(s))
            return false;
        RegionUses u = collectUses({std::make_shared<Stmt>(s)});
        for (const std::string &n : u.assigned)
            if (onDevice_.count(n))
                return false;
        if (needsHost(s))
            return true;
        for (const Use &use : u.free)
            if (!onHost(use.name))
                return false;
        return true;
    }

    /// Statements handled together: a comment, a control statement, a kernel loop, a host
    /// scalar statement, or a run of statements for one single-thread kernel.
    struct Segment {
        Role role;
        std::vector<StmtPtr> stmts;
    };

    /// Splits `list` into segments. A run of leaves between comments, control statements
    /// and kernel loops runs on the host when every leaf can, else in one single-thread
    /// kernel (checks that must run on the host are taken out of it).
    std::vector<Segment> segments(const std::vector<StmtPtr> &list) const {
        std::vector<StmtPtr> flat;
        flatten(list, flat);
        std::vector<Segment> out;
        std::vector<StmtPtr> run;
        // In a run that needs a kernel, scalars the host can compute stay on the host unless
        // they are declarations of device scalars (initialised in the kernel instead).
        auto flush = [&] {
            bool host = true;
            for (const StmtPtr &s : run)
                host = host && hostableLeaf(*s);
            std::vector<StmtPtr> kernel;
            for (const StmtPtr &s : run) {
                bool deviceDecl = s->kind == StmtKind::Decl && onDevice_.count(s->name);
                if (host || (hostableLeaf(*s) && !deviceDecl)) {
                    if (!kernel.empty())
                        out.push_back({Role::SerialKernel, kernel});
                    kernel.clear();
                    out.push_back({Role::HostScalar, {s}});
                } else {
                    kernel.push_back(s);
                }
            }
            if (!kernel.empty())
                out.push_back({Role::SerialKernel, kernel});
            run.clear();
        };
        for (const StmtPtr &s : flat) {
            Role role = s->kind == StmtKind::Comment ? Role::Comment
                        : isControl(*s)              ? Role::Control
                        : isKernelLoop(*s)           ? Role::KernelLoop
                                                     : Role::SerialKernel;
            if (role == Role::SerialKernel && needsHost(*s) && hostableLeaf(*s))
                role = Role::HostScalar;
            if (role == Role::SerialKernel) {
                run.push_back(s);
                continue;
            }
            flush();
            out.push_back({role, {s}});
        }
        flush();
        return out;
    }

    /// Calls `fn` on every segment of `list` and of the control statements' bodies.
    void forEachSegment(const std::vector<StmtPtr> &list,
                        const std::function<void(const Segment &)> &fn) const {
        for (const Segment &seg : segments(list)) {
            fn(seg);
            if (seg.role == Role::Control) {
                forEachSegment(seg.stmts[0]->stmts, fn);
                forEachSegment(seg.stmts[0]->orelse, fn);
            }
        }
    }

    /// A top-level parallel loop that becomes a grid-stride kernel: no accumulator, or one
    /// the device can combine across threads.
    bool isKernelLoop(const Stmt &s) const {
        if (!isKernelLoopShape(s))
            return false;
        if (s.reductionVar.empty())
            return true;
        auto it = topDecls_.find(s.reductionVar);
        return it != topDecls_.end() && deviceReducible(it->second, s);
    }

    /// True for a name the host knows the value of: an extent, or a host scalar. Before
    /// emission, scalars not known to live on the device count as host scalars.
    bool onHost(const std::string &name) const {
        if (parseShapeVar(name))
            return true;
        if (onDevice_.count(name))
            return false;
        auto it = scalars_.find(name);
        return it == scalars_.end() || it->second.where == Where::Host;
    }

    // ---- host code -----------------------------------------------------------------------
    /// Prints `list` (host control flow, kernels, host scalar code) in order; runs of
    /// statements for single-thread kernels are launched together.
    void emitList(const std::vector<StmtPtr> &list) {
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

    /// `e` with the device scalars it reads copied to host variables first.
    loop::ExprPtr onHostExpr(const loop::ExprPtr &e) {
        std::map<std::string, std::string> rename;
        loop::forEachExpr(e, [&](const loop::Expr &x) {
            if (x.kind != loop::ExprKind::Var || rename.count(x.name))
                return;
            auto it = scalars_.find(x.name);
            if (it == scalars_.end() || it->second.where != Where::Device)
                return;
            std::string copy = fmt::format("{}_host{}", x.name, fetches_++);
            w_.line("const {} {} = npc::cuda::scalar_to_host({});", cppTypeName(it->second.dtype),
                    copy, x.name);
            rename[x.name] = copy;
        });
        return rename.empty() ? e : renameVars(e, rename);
    }

    /// `e` with the variables in `rename` renamed.
    static loop::ExprPtr renameVars(const loop::ExprPtr &e,
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

    /// Scalar statements on the host; a declaration of a device scalar initialises it.
    void hostScalar(const StmtPtr &s) {
        auto copy = std::make_shared<Stmt>(*s);
        if (copy->value)
            copy->value = onHostExpr(copy->value);
        if (s->kind == StmtKind::Decl && onDevice_.count(s->name)) {
            deviceScalar(s->name, s->dtype, s->value ? cppExpr(copy->value) : "");
            return;
        }
        stmt(*copy);
        if (s->kind == StmtKind::Decl)
            scalars_[s->name] = {s->dtype, Where::Host};
        forEachDecl(s->stmts);
        forEachDecl(s->orelse);
    }

    /// Records the declarations in `list` (at any depth) as host scalars.
    void forEachDecl(const std::vector<StmtPtr> &list) {
        for (const StmtPtr &c : list) {
            if (c->kind == StmtKind::Decl)
                scalars_[c->name] = {c->dtype, Where::Host};
            forEachDecl(c->stmts);
            forEachDecl(c->orelse);
        }
    }

    /// Python control flow, run by the host.
    void control(const Stmt &s) {
        switch (s.kind) {
        case StmtKind::For: {
            std::string extent = cppExpr(onHostExpr(s.extent));
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
            std::string cond = cppExpr(onHostExpr(s.value));
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
            allocate(s.name, s.dtype, s.extents);
            return;
        default:
            NPC_INTERNAL_ERROR("not a control statement");
        }
    }

    /// `npc::cuda::DeviceArray<T, N> name({extents...});` and its data pointer.
    void allocate(const std::string &name, DType dtype, const std::vector<loop::ExprPtr> &exts) {
        std::vector<std::string> extents;
        for (const loop::ExprPtr &e : exts)
            extents.push_back(cppExpr(onHostExpr(e)));
        std::string type =
            fmt::format("npc::cuda::DeviceArray<{}, {}>", cppTypeName(dtype), exts.size());
        if (extents.empty())
            w_.line("{} {};", type, name);
        else
            w_.line("{} {}({{{}}});", type, name, fmt::join(extents, ", "));
        if (usedBuffers_.count(name))
            w_.line("{} *{}_data = {}.data();", cppTypeName(dtype), name, name);
    }

    static std::vector<std::string> resultNames(const std::vector<loop::Result> &results) {
        std::vector<std::string> names;
        for (const loop::Result &r : results)
            names.push_back(r.name);
        return names;
    }

    static void flatten(const std::vector<StmtPtr> &list, std::vector<StmtPtr> &out) {
        for (const StmtPtr &s : list) {
            if (s->kind == StmtKind::Block)
                flatten(s->stmts, out);
            else
                out.push_back(s);
        }
    }

    /// A device-resident scalar: `npc::cuda::DeviceArray<T, 0> x` and its pointer `x_data`.
    void deviceScalar(const std::string &name, DType dtype, const std::string &init) {
        std::string type(cppTypeName(dtype));
        if (init.empty())
            w_.line("npc::cuda::DeviceArray<{}, 0> {};", type, name);
        else
            w_.line("npc::cuda::DeviceArray<{}, 0> {} = npc::cuda::scalar_to_device<{}>({});", type,
                    name, type, init);
        w_.line("{} *{}_data = {}.data();", type, name, name);
        scalars_[name] = {dtype, Where::Device};
    }
    void launch(const std::string &kernel, const std::string &config,
                const std::vector<KernelParam> &params) {
        std::vector<std::string> args;
        for (const KernelParam &p : params)
            args.push_back(p.arg);
        for (const std::string &l : wrapCall(kernel + "<<<" + config + ">>>", args, ";", 4))
            w_.line("{}", l);
        w_.line("npc::cuda::check_launch({});",
                cppStringLiteral(context_.empty() ? f_.name + "()" : context_));
    }

    /// After the launch of a kernel that reads through integer index arrays: NumPy's
    /// IndexError for an out-of-bounds index it met (kernels cannot throw).
    void raiseIndexErrors(const std::vector<StmtPtr> &region) {
        bool found = false;
        loop::forEachExpr(region, [&](const loop::Expr &e) {
            found |= e.kind == loop::ExprKind::Call && e.intrinsic == loop::Intrinsic::CheckedIndex;
        });
        if (found)
            w_.line("npc::cuda::raise_index_error();");
    }

    /// Returns the variables `names` (one per result of `f_`) as device values.
    void returnResults(const std::vector<std::string> &names) {
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
                    value = fmt::format("npc::cuda::scalar_to_device<{}>({})", cppTypeName(r.dtype),
                                        n);
            }
            bool movable = value == n && count[n] == 1;
            values.push_back(movable && f_.returnsTuple ? fmt::format("std::move({})", value)
                                                        : value);
        }
        if (!f_.returnsTuple) {
            w_.line("return {};", values[0]);
            return;
        }
        for (const std::string &l : wrapCall("return ", values, ";", 4, "{}"))
            w_.line("{}", l);
    }

    // ---- kernels -------------------------------------------------------------------------
    std::string kernelName() { return fmt::format("{}_kernel{}", f_.name, numbers_[f_.name]++); }

    std::string pointer(DType dtype, bool isConst, const std::string &name) const {
        return fmt::format("{}{} *{}{}_data", isConst ? "const " : "", cppTypeName(dtype),
                           restrict_ ? "NPC_RESTRICT " : "", name);
    }

    /// Parameters for the free names of `u`, the renaming of extents, and the statements a
    /// kernel starts with (reading device scalars) and ends with (writing them back).
    /// `accumulator` is combined by the caller, neither read nor written back here.
    struct KernelInterface {
        std::vector<KernelParam> params;
        std::map<std::string, std::string> rename;
        std::vector<std::string> prologue;
        std::vector<std::string> epilogue;
    };

    KernelInterface interface(const RegionUses &u, const std::string &accumulator = "") const {
        KernelInterface k;
        for (const Use &use : u.free) {
            if (use.buffer) {
                auto it = buffers_.find(use.name);
                NPC_ASSERT(it != buffers_.end(), "unknown buffer " + use.name);
                k.params.push_back({pointer(it->second.dtype, !u.stored.count(use.name), use.name),
                                    use.name + "_data"});
                continue;
            }
            if (auto shape = parseShapeVar(use.name)) {
                std::string name = shapeParamName(shape->first, shape->second);
                k.params.push_back({"int64_t " + name, use.name});
                k.rename[use.name] = name;
                continue;
            }
            auto it = scalars_.find(use.name);
            NPC_ASSERT(it != scalars_.end(), "a kernel uses the unknown variable " + use.name);
            std::string type(cppTypeName(it->second.dtype));
            if (it->second.where == Where::Host) {
                k.params.push_back({type + " " + use.name, use.name});
                continue;
            }
            bool written = u.assigned.count(use.name) || use.name == accumulator;
            k.params.push_back({pointer(it->second.dtype, !written, use.name), use.name + "_data"});
            if (use.name == accumulator)
                continue;
            k.prologue.push_back(fmt::format("{}{} {} = {}_data[0];", written ? "" : "const ", type,
                                             use.name, use.name));
            if (written)
                k.epilogue.push_back(fmt::format("{0}_data[0] = {0};", use.name));
        }
        return k;
    }

    /// Writes `// <context>` and the kernel's signature; the returned block is its body.
    CodeWriter::Block kernelHeader(const std::string &name, const std::vector<KernelParam> &params,
                                   bool parallel, const std::string &note) {
        kernels_.line("");
        kernels_.line("// {}", context_.empty() ? f_.name + "()" : context_);
        if (!note.empty())
            kernels_.line("// {}", note);
        std::vector<std::string> decls;
        for (const KernelParam &p : params)
            decls.push_back(p.decl);
        std::string head = name;
        if (parallel)
            kernels_.line("__global__ void __launch_bounds__(npc::cuda::kBlockSize)");
        else
            head = "__global__ void " + name;
        std::vector<std::string> lines = wrapCall(head, decls, "", 0);
        for (size_t i = 0; i + 1 < lines.size(); ++i)
            kernels_.line("{}", lines[i]);
        return kernels_.block(lines.back());
    }

    /// A top-level parallel loop: one thread per iteration of a grid-stride loop; an
    /// accumulator is reduced per block and folded into its device scalar atomically.
    void parallelKernel(const StmtPtr &loopStmt) {
        const Stmt &s = *loopStmt;
        const std::string &acc = s.reductionVar;
        RegionUses u = collectUses({loopStmt});
        for (const std::string &name : u.assigned)
            NPC_ASSERT(name == acc, "parallel loop assigns the outer variable " + name);
        // An extent kernels computed (a boolean mask's count) is copied to the host for
        // the launch; the kernel reads it from device memory.
        std::string extent = cppExpr(onHostExpr(s.extent));
        KernelInterface k = interface(u, acc);
        std::string name = kernelName();
        {
            auto body = kernelHeader(name, k.params, true, "");
            for (const std::string &l : k.prologue)
                kernels_.line("{}", l);
            DType accType = DType::Float64;
            if (!acc.empty()) {
                accType = scalars_.at(acc).dtype;
                KernelBodyPrinter(kernels_).stmt(*rewriteForDevice(
                    loop::decl(acc, accType, reductionIdentity(s, accType), true), {}));
            }
            StmtPtr device = rewriteForDevice(loopStmt, k.rename);
            {
                auto grid = kernels_.block(
                    fmt::format("for (int64_t {0} = npc::cuda::thread_index(); {0} < {1}; {0} += "
                                "npc::cuda::thread_count())",
                                s.name, cppExpr(device->extent)));
                KernelBodyPrinter(kernels_).stmts(device->stmts);
            }
            if (!acc.empty())
                kernels_.line("npc::cuda::block_reduce_into<npc::cuda::{}>({}_data, {});",
                              reductionFunctor(s), acc, acc);
        }
        launch(name,
               fmt::format("npc::cuda::grid_size({}), npc::cuda::kBlockSize", extent),
               k.params);
        raiseIndexErrors({loopStmt});
    }

    /// Statements that run once, in order, in a single-thread kernel. Scalars they declare
    /// and later statements use are written to device scalars.
    void serialKernel(const std::vector<StmtPtr> &stmts) {
        RegionUses u = collectUses(stmts);
        KernelInterface k = interface(u);
        std::vector<std::string> out = exported(stmts);
        std::set<std::string> exportedSet(out.begin(), out.end());
        for (const StmtPtr &s : stmts) {
            if (s->kind != StmtKind::Decl || !exportedSet.count(s->name))
                continue;
            deviceScalar(s->name, s->dtype, "");
            k.params.push_back({pointer(s->dtype, false, s->name), s->name + "_data"});
            k.epilogue.push_back(fmt::format("{0}_data[0] = {0};", s->name));
        }
        std::string name = kernelName();
        {
            auto body = kernelHeader(name, k.params, false,
                                     "TODO(npc): a serial stage, run by a single GPU thread.");
            for (const std::string &l : k.prologue)
                kernels_.line("{}", l);
            KernelBodyPrinter printer(kernels_);
            for (const StmtPtr &s : stmts)
                printer.stmt(*rewriteForDevice(s, k.rename));
            for (const std::string &l : k.epilogue)
                kernels_.line("{}", l);
        }
        launch(name, "1, 1", k.params);
        raiseIndexErrors(stmts);
    }

    const loop::Function &f_;
    CodeWriter &kernels_;
    std::map<std::string, int> &numbers_;
    std::string resultsStruct_; // the aggregate of the results, for several
    std::map<std::string, Scalar> scalars_;
    std::map<std::string, Buffer> buffers_;
    std::map<std::string, DType> topDecls_;
    std::set<std::string> usedBuffers_;
    std::map<std::string, int> useCount_; ///< per name: statements and results reading it
    std::set<std::string> onDevice_;      ///< scalars that live in device memory
    int fetches_ = 0;                     ///< host copies of device scalars made so far
    std::string context_;
    bool restrict_ = true;
};

} // namespace

std::string deviceValueType(const loop::Result &r) {
    return fmt::format("npc::cuda::DeviceArray<{}, {}>", cppTypeName(r.dtype), r.rank);
}

std::string deviceResultType(const loop::Function &f) {
    if (f.results.empty())
        return "void";
    if (!f.returnsTuple)
        return deviceValueType(f.results[0]);
    std::vector<std::string> types;
    for (const loop::Result &r : f.results)
        types.push_back(deviceValueType(r));
    return fmt::format("std::tuple<{}>", fmt::join(types, ", "));
}

std::string cppStringLiteral(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\')
            out += fmt::format("\\{}", c);
        else if (u < 0x20 || u == 0x7f)
            out += fmt::format("\\{:03o}", u);
        else
            out += c;
    }
    return out + "\"";
}

void emitDeviceFunction(const loop::Function &f, CodeWriter &kernels, CodeWriter &host,
                        std::map<std::string, int> &kernelNumbers,
                        const std::string &resultsStruct) {
    DeviceFunctionEmitter(f, kernels, host, kernelNumbers, resultsStruct).emit();
}

} // namespace npc::codegen::cuda
