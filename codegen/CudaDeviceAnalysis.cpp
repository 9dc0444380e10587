// Analysis of a function for the CUDA target (see CudaDeviceFunction.h): which statements
// become kernels, which run on the host, and which scalars live in device memory.
#include "codegen/CudaDeviceFunction.h"

#include <memory>

namespace npc::codegen::cuda {
namespace detail {

bool deviceReducible(DType dtype, const Stmt &s) {
    if (!s.reductionCall && s.reductionOp != loop::BinaryOp::Add &&
        s.reductionOp != loop::BinaryOp::Mul)
        return false;
    // Complex sums reduce their parts as two float sums (npc/cuda_complex.h). A complex
    // product has no atomic update (NumPy's product is not cuda::std::complex's operator*,
    // and complex128 is 16 bytes): it stays in one thread.
    if (isComplex(dtype))
        return !s.reductionCall && s.reductionOp == loop::BinaryOp::Add;
    if (!isInteger(dtype) && !isFloat(dtype))
        return false;
    return itemSize(dtype) == 4 || itemSize(dtype) == 8;
}

void DeviceFunctionEmitter::analyse() {
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
        if (s->kind == StmtKind::Alloc || s->kind == StmtKind::Snapshot)
            buffers_[s->name] = {s->dtype};
        if (s->kind == StmtKind::Return)
            for (const loop::ExprPtr &e : s->extents)
                ++useCount_[e->name];
        if (s->kind == StmtKind::Alloc || s->kind == StmtKind::Throw)
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
            if (seg.role == Role::KernelLoop && !seg.stmts[0]->argIndexVar.empty()) {
                names.push_back(seg.stmts[0]->argIndexVar);
                names.push_back(seg.stmts[0]->argValueVar);
            }
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

std::vector<std::string> DeviceFunctionEmitter::exported(const std::vector<StmtPtr> &run) const {
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

void DeviceFunctionEmitter::addUses(const loop::ExprPtr &e) {
    loop::forEachExpr(e, [&](const loop::Expr &x) {
        if (x.kind == loop::ExprKind::Var)
            ++useCount_[x.name];
    });
}

bool DeviceFunctionEmitter::isControl(const Stmt &s) {
    switch (s.kind) {
    case StmtKind::While:
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Return:
    case StmtKind::Alloc:
    case StmtKind::Snapshot:
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

bool DeviceFunctionEmitter::containsHostOnly(const std::vector<StmtPtr> &list) {
    for (const StmtPtr &s : list)
        if (needsHost(*s) || containsHostOnly(s->stmts) || containsHostOnly(s->orelse))
            return true;
    return false;
}

bool DeviceFunctionEmitter::containsControlOrLoop(const std::vector<StmtPtr> &list) {
    for (const StmtPtr &s : list) {
        switch (s->kind) {
        case StmtKind::For:
        case StmtKind::While:
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Return:
        case StmtKind::Alloc:
        case StmtKind::Snapshot:
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

void DeviceFunctionEmitter::forEachLeaf(
    const std::vector<StmtPtr> &list, const std::function<void(const StmtPtr &, bool)> &fn) const {
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

bool DeviceFunctionEmitter::scalarOnly(const Stmt &s) {
    if (s.kind != StmtKind::Decl && s.kind != StmtKind::Assign && s.kind != StmtKind::Throw &&
        s.kind != StmtKind::If)
        return false;
    if (s.kind == StmtKind::Decl && s.lanes)
        return false;
    if (containsControlOrLoop(s.stmts) || containsControlOrLoop(s.orelse))
        return false;
    return !collectUses({std::make_shared<Stmt>(s)}).loads;
}

bool DeviceFunctionEmitter::needsHost(const Stmt &s) {
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

bool DeviceFunctionEmitter::hostableLeaf(const Stmt &s) const {
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

std::vector<DeviceFunctionEmitter::Segment>
DeviceFunctionEmitter::segments(const std::vector<StmtPtr> &list) const {
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
        if (s->kind == StmtKind::For && !s->compactCounter.empty()) {
            // The counter, declared just before, is the compaction's own.
            NPC_ASSERT(!run.empty() && run.back()->kind == StmtKind::Decl &&
                           run.back()->name == s->compactCounter,
                       "a compaction loop without its counter's declaration before it");
            run.pop_back();
            flush();
            out.push_back({Role::Compaction, {s}});
            continue;
        }
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

void DeviceFunctionEmitter::forEachSegment(const std::vector<StmtPtr> &list,
                                           const std::function<void(const Segment &)> &fn) const {
    for (const Segment &seg : segments(list)) {
        fn(seg);
        if (seg.role == Role::Control) {
            forEachSegment(seg.stmts[0]->stmts, fn);
            forEachSegment(seg.stmts[0]->orelse, fn);
        }
    }
}

bool DeviceFunctionEmitter::isKernelLoop(const Stmt &s) const {
    if (!isKernelLoopShape(s))
        return false;
    if (s.reductionVar.empty())
        return true;
    auto it = topDecls_.find(s.reductionVar);
    return it != topDecls_.end() && deviceReducible(it->second, s);
}

bool DeviceFunctionEmitter::onHost(const std::string &name) const {
    if (parseShapeVar(name))
        return true;
    if (onDevice_.count(name))
        return false;
    auto it = scalars_.find(name);
    return it == scalars_.end() || it->second.where == Where::Host;
}

void DeviceFunctionEmitter::flatten(const std::vector<StmtPtr> &list, std::vector<StmtPtr> &out) {
    for (const StmtPtr &s : list) {
        if (s->kind == StmtKind::Block)
            flatten(s->stmts, out);
        else
            out.push_back(s);
    }
}

} // namespace detail
} // namespace npc::codegen::cuda
