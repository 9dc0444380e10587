// Kernels of a function for the CUDA target (see CudaDeviceFunction.h): their parameters,
// signatures and bodies (grid-stride loops with block reductions, or single-thread
// stages), their launches from host code, and the wrapping of long calls.
#include "codegen/CudaDeviceFunction.h"

#include "codegen/CudaKernels.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace npc::codegen::cuda {
namespace detail {

void KernelBodyPrinter::loop(const Stmt &s) {
    auto body =
        w_.block(fmt::format("for (int64_t {0} = 0; {0} < {1}; ++{0})", s.name, expr(s.extent)));
    stmts(s.stmts);
}

std::vector<std::string> wrapCall(const std::string &head, const std::vector<std::string> &items,
                                  const std::string &tail, size_t indent,
                                  std::string_view brackets) {
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

namespace {

/// The identity of a minimum (`min`) or maximum in `dtype`: +inf or -inf for floats, else
/// the dtype's highest or lowest value.
loop::ExprPtr extremeIdentity(bool min, DType dtype) {
    using loop::Intrinsic;
    if (!isFloat(dtype))
        return loop::call(min ? Intrinsic::Highest : Intrinsic::Lowest, {}, dtype);
    loop::ExprPtr inf = loop::call(Intrinsic::Infinity, {}, dtype);
    return min ? inf : loop::unary(loop::UnaryOp::Neg, inf);
}

} // namespace

loop::ExprPtr reductionIdentity(const Stmt &s, DType dtype) {
    if (s.reductionCall)
        return extremeIdentity(*s.reductionCall == loop::Intrinsic::Minimum, dtype);
    int identity = s.reductionOp == loop::BinaryOp::Add ? 0 : 1;
    return isInexact(dtype) ? loop::floatImm(identity, dtype) : loop::intImm(identity, dtype);
}

std::string_view reductionFunctor(const Stmt &s) {
    if (s.reductionCall)
        return *s.reductionCall == loop::Intrinsic::Minimum ? "Minimum" : "Maximum";
    return s.reductionOp == loop::BinaryOp::Add ? "Plus" : "Times";
}

std::string DeviceFunctionEmitter::kernelName() {
    // nvcc takes only ASCII in the names of kernels (`café` is valid C++ and Python).
    std::string ascii;
    for (unsigned char c : f_.name)
        ascii += c < 0x80 ? std::string(1, static_cast<char>(c)) : fmt::format("_x{:02x}", c);
    return fmt::format("{}_kernel{}", ascii, numbers_[f_.name]++);
}

std::string DeviceFunctionEmitter::pointer(DType dtype, bool isConst,
                                           const std::string &name) const {
    return fmt::format("{}{} *{}{}_data", isConst ? "const " : "", typeName(dtype, Dialect::Cuda),
                       restrict_ ? "NPC_RESTRICT " : "", name);
}

DeviceFunctionEmitter::KernelInterface
DeviceFunctionEmitter::interface(const RegionUses &u, const std::string &accumulator,
                                 const std::set<std::string> &local) const {
    KernelInterface k;
    for (const Use &use : u.free) {
        if (local.count(use.name))
            continue;
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
        std::string type(typeName(it->second.dtype, Dialect::Cuda));
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

CodeWriter::Block DeviceFunctionEmitter::kernelHeader(const std::string &name,
                                                      const std::vector<KernelParam> &params,
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

void DeviceFunctionEmitter::parallelKernel(const StmtPtr &loopStmt) {
    const Stmt &s = *loopStmt;
    if (!s.argIndexVar.empty()) {
        argKernel(loopStmt);
        return;
    }
    const std::string &acc = s.reductionVar;
    RegionUses u = collectUses({loopStmt});
    for (const std::string &name : u.assigned)
        NPC_ASSERT(name == acc, "parallel loop assigns the outer variable " + name);
    // An extent kernels computed (a boolean mask's count) is copied to the host for
    // the launch; the kernel reads it from device memory.
    std::string extent = expr(onHostExpr(nestExtent(collapsibleNest(s))));
    KernelInterface k = interface(u, acc);
    addErrorParams(k, {loopStmt});
    std::string name = kernelName();
    {
        auto body = kernelHeader(name, k.params, true, "");
        for (const std::string &l : k.prologue)
            kernels_.line("{}", l);
        DType accType = DType::Float64;
        if (!acc.empty()) {
            accType = scalars_.at(acc).dtype;
            KernelBodyPrinter(kernels_, unread_)
                .stmt(*rewriteForDevice(
                    loop::decl(acc, accType, reductionIdentity(s, accType), true), {}));
        }
        gridStrideLoop(loopStmt, k.rename);
        if (!acc.empty())
            kernels_.line("npc::cuda::block_reduce_into<npc::cuda::{}>({}_data, {});",
                          reductionFunctor(s), acc, acc);
    }
    launch(name, fmt::format("npc::cuda::grid_size({}), npc::cuda::kBlockSize", extent), k.params);
    raiseIndexErrors({loopStmt});
}

std::vector<const Stmt *> collapsibleNest(const Stmt &s) {
    std::vector<const Stmt *> nest = {&s};
    const bool wholeReduction = !s.reductionVar.empty() || !s.argIndexVar.empty();
    std::set<std::string> indices = {s.name};
    while (nest.back()->stmts.size() == 1) {
        const Stmt &inner = *nest.back()->stmts.front();
        // An inner reduction loop of its own has an accumulator declared before it, so the
        // reduction loops met here are those of `s`'s reduction.
        if (inner.kind != StmtKind::For || inner.serial || inner.simd || inner.parallel ||
            !inner.reductionVar.empty() || !inner.argIndexVar.empty() ||
            (inner.reductionLoop && !wholeReduction))
            break;
        bool dependent = false;
        loop::forEachExpr(inner.extent, [&](const loop::Expr &e) {
            dependent |= e.kind == loop::ExprKind::Var && indices.count(e.name) != 0;
        });
        if (dependent)
            break;
        nest.push_back(&inner);
        indices.insert(inner.name);
    }
    return nest;
}

loop::ExprPtr nestExtent(const std::vector<const Stmt *> &nest) {
    loop::ExprPtr extent = nest.front()->extent;
    for (size_t i = 1; i < nest.size(); ++i)
        extent = loop::binary(loop::BinaryOp::Mul, extent, nest[i]->extent);
    return extent;
}

void DeviceFunctionEmitter::gridStrideLoop(const StmtPtr &loopStmt,
                                           const std::map<std::string, std::string> &rename) {
    const StmtPtr rewritten = rewriteForDevice(loopStmt, rename);
    const Stmt &device = *rewritten;
    const std::vector<const Stmt *> nest = collapsibleNest(device);
    std::string flat = device.name;
    std::string count = expr(device.extent);
    if (nest.size() > 1) {
        flat = freshName("flat");
        count = freshName("iterations");
        kernels_.line("const int64_t {} = {};", count, expr(nestExtent(nest)));
    }
    auto grid = kernels_.block(
        fmt::format("for (int64_t {0} = npc::cuda::thread_index(); {0} < {1}; {0} += "
                    "npc::cuda::thread_count())",
                    flat, count));
    if (nest.size() > 1)
        unravel(nest, flat, collapsibleNest(*loopStmt).back()->stmts);
    KernelBodyPrinter(kernels_, unread_).stmts(nest.back()->stmts);
}

void DeviceFunctionEmitter::unravel(const std::vector<const Stmt *> &nest,
                                    const std::string &flat, const std::vector<StmtPtr> &body) {
    // Only the indices `body` reads are declared (nvcc warns of unused variables): a loop
    // over a broadcast axis does not read its index.
    std::set<std::string> read;
    for (const Use &u : collectUses(body).free)
        read.insert(u.name);
    std::vector<bool> used;
    for (const Stmt *s : nest)
        used.push_back(read.count(s->name) != 0);
    auto outerUsed = [&](size_t level) {
        return std::find(used.begin(), used.begin() + static_cast<std::ptrdiff_t>(level), true) !=
               used.begin() + static_cast<std::ptrdiff_t>(level);
    };
    if (nest.size() == 1) {
        if (used[0])
            kernels_.line("const int64_t {} = {};", nest[0]->name, flat);
        return;
    }
    if (!outerUsed(nest.size()))
        return;
    const std::string rest = freshName("rest");
    kernels_.line("int64_t {} = {};", rest, flat);
    for (size_t i = nest.size() - 1; i > 0 && outerUsed(i + 1); --i) {
        if (used[i])
            kernels_.line("const int64_t {} = npc::cuda::unravel_next({}, {});", nest[i]->name,
                          rest, expr(nest[i]->extent));
        else if (outerUsed(i))
            kernels_.line("npc::cuda::unravel_next({}, {});", rest, expr(nest[i]->extent));
    }
    if (used[0])
        kernels_.line("const int64_t {} = {};", nest[0]->name, rest);
}

namespace {

/// The loops of the compaction loop `s` (Stmt::compactCounter), outermost first.
std::vector<const Stmt *> compactionNest(const Stmt &s) {
    std::vector<const Stmt *> nest = {&s};
    while (nest.back()->stmts.size() == 1 && nest.back()->stmts[0]->kind == StmtKind::For)
        nest.push_back(nest.back()->stmts[0].get());
    return nest;
}

/// A copy of the loops `nest` around `body`.
StmtPtr nestAround(const std::vector<const Stmt *> &nest, std::vector<StmtPtr> body) {
    for (size_t d = nest.size(); d-- > 0;)
        body = {loop::forLoop(nest[d]->name, nest[d]->extent, std::move(body))};
    return body[0];
}

} // namespace

void DeviceFunctionEmitter::compactionKernels(const StmtPtr &loopStmt) {
    const std::string &counter = loopStmt->compactCounter;
    const std::vector<const Stmt *> nest = compactionNest(*loopStmt);
    // The innermost body: the mask's statements, then
    // `if (mask && counter < limit) { buffer[counter] = value; counter += 1 }`.
    const std::vector<StmtPtr> &body = nest.back()->stmts;
    NPC_ASSERT(!body.empty() && body.back()->kind == StmtKind::If &&
                   body.back()->value->kind == loop::ExprKind::Binary &&
                   body.back()->value->binaryOp == loop::BinaryOp::And &&
                   body.back()->value->args[1]->kind == loop::ExprKind::Binary &&
                   !body.back()->stmts.empty() &&
                   body.back()->stmts[0]->kind == StmtKind::Store,
               "a compaction loop of an unexpected form");
    const Stmt &test = *body.back();
    const loop::ExprPtr mask = test.value->args[0];
    const loop::ExprPtr limit = test.value->args[1]->args[1];
    const Stmt &store = *test.stmts[0];
    const DType valueType = store.value->dtype;
    std::vector<StmtPtr> prefix(body.begin(), body.end() - 1);

    const std::string extent = expr(onHostExpr(nestExtent(nest)));
    const std::string blocks = freshName(counter + "_blocks");
    const std::string chunk = freshName(counter + "_chunk");
    const std::string counts = freshName(counter + "_counts");
    w_.line("const unsigned {} = npc::cuda::grid_size({});", blocks, extent);
    w_.line("const int64_t {} = npc::cuda::chunk_size({}, {});", chunk, extent, blocks);
    w_.line("npc::cuda::DeviceArray<int64_t, 1> {}({{{}}});", counts, blocks);
    const std::string config = fmt::format("{}, npc::cuda::kBlockSize", blocks);
    const std::string flat = freshName("flat");
    const std::string iterations = freshName("iterations");
    const std::string end = freshName("stop");
    auto chunkBounds = [&](const std::vector<const Stmt *> &device) {
        kernels_.line("const int64_t {} = {};", iterations, expr(nestExtent(device)));
        kernels_.line("const int64_t {} = npc::cuda::chunk_end({}, {});", end, chunk, iterations);
    };

    // Counts: each thread counts the true elements of its share of the block's chunk.
    {
        loop::ExprPtr next = loop::binary(loop::BinaryOp::Add, loop::var(counter, DType::Int64),
                                          loop::intImm(1));
        std::vector<StmtPtr> counting = prefix;
        counting.push_back(loop::ifThen(mask, {loop::assign(counter, next)}));
        StmtPtr region = nestAround(nest, counting);
        KernelInterface k = interface(collectUses({region}), "", {counter});
        addErrorParams(k, {region});
        k.params.push_back({fmt::format("int64_t *NPC_RESTRICT {}", counts), counts + ".data()"});
        k.params.push_back({"int64_t " + chunk, chunk});
        std::string name = kernelName();
        {
            auto kernel = kernelHeader(name, k.params, true, "");
            for (const std::string &l : k.prologue)
                kernels_.line("{}", l);
            kernels_.line("int64_t {} = 0;", counter);
            const StmtPtr rewritten = rewriteForDevice(region, k.rename);
            const std::vector<const Stmt *> device = compactionNest(*rewritten);
            chunkBounds(device);
            {
                auto share = kernels_.block(fmt::format(
                    "for (int64_t {0} = npc::cuda::chunk_begin({1}) + threadIdx.x; {0} < {2}; "
                    "{0} += blockDim.x)",
                    flat, chunk, end));
                unravel(device, flat, compactionNest(*region).back()->stmts);
                KernelBodyPrinter(kernels_, unread_).stmts(device.back()->stmts);
            }
            kernels_.line("npc::cuda::block_count({}, {});", counts, counter);
        }
        launch(name, config, k.params);
    }

    // Positions: each block writes its chunk's from the total of the chunks before, a tile
    // of kBlockSize elements at a time.
    const std::string keep = freshName("keep");
    const std::string value = freshName("value");
    const std::string tile = freshName("tile");
    std::vector<StmtPtr> writing = prefix;
    writing.push_back(loop::assign(keep, mask));
    writing.push_back(loop::assign(value, store.value));
    writing.push_back(loop::ifThen(
        loop::binary(loop::BinaryOp::Lt, loop::var(counter, DType::Int64), limit),
        {loop::store(store.name, loop::var(counter, DType::Int64), loop::var(value, valueType))}));
    StmtPtr region = nestAround(nest, writing);
    KernelInterface k = interface(collectUses({region}), "", {counter, keep, value});
    addErrorParams(k, {region});
    k.params.push_back(
        {fmt::format("const int64_t *NPC_RESTRICT {}", counts), counts + ".data()"});
    k.params.push_back({"int64_t " + chunk, chunk});
    std::string name = kernelName();
    {
        auto kernel = kernelHeader(name, k.params, true, "");
        for (const std::string &l : k.prologue)
            kernels_.line("{}", l);
        kernels_.line("int64_t {} = npc::cuda::block_offset({});", counter, counts);
        const StmtPtr rewritten = rewriteForDevice(region, k.rename);
        const std::vector<const Stmt *> device = compactionNest(*rewritten);
        const std::vector<StmtPtr> &inner = device.back()->stmts;
        const Stmt &bounded = *inner.back();
        chunkBounds(device);
        auto tiles = kernels_.block(
            fmt::format("for (int64_t {0} = npc::cuda::chunk_begin({1}); {0} < {2}; {0} += "
                        "blockDim.x)",
                        tile, chunk, end));
        kernels_.line("const int64_t {} = {} + threadIdx.x;", flat, tile);
        kernels_.line("bool {} = false;", keep);
        kernels_.line("{} {} = 0;", type(valueType), value);
        {
            auto inside = kernels_.block(fmt::format("if ({} < {})", flat, end));
            const std::vector<StmtPtr> &original = compactionNest(*region).back()->stmts;
            unravel(device, flat, std::vector<StmtPtr>(original.begin(), original.end() - 1));
            KernelBodyPrinter(kernels_, unread_)
                .stmts(std::vector<StmtPtr>(inner.begin(), inner.end() - 1));
        }
        kernels_.line("{} = npc::cuda::compact_tile({}, {}, {}, {}, {}_data);", counter, keep,
                      value, counter, expr(bounded.value->args[1]), store.name);
    }
    launch(name, config, k.params);
    raiseIndexErrors({region});
}

void DeviceFunctionEmitter::argKernel(const StmtPtr &loopStmt) {
    const Stmt &s = *loopStmt;
    const std::string &position = s.argIndexVar;
    const std::string &value = s.argValueVar;
    RegionUses u = collectUses({loopStmt});
    for (const std::string &name : u.assigned)
        NPC_ASSERT(name == position || name == value,
                   "argmin/argmax loop assigns the outer variable " + name);
    std::string extent = expr(onHostExpr(nestExtent(collapsibleNest(s))));
    KernelInterface k = interface(u, "", {position, value});
    addErrorParams(k, {loopStmt});
    const DType dtype = scalars_.at(value).dtype;
    const std::string valueType = type(dtype);
    // One candidate per block, combined by a second kernel.
    const std::string blocks = position + "_blocks";
    w_.line("const unsigned {} = npc::cuda::grid_size({});", blocks, extent);
    w_.line("npc::cuda::DeviceArray<{}, 1> {}_partials({{{}}});", valueType, value, blocks);
    w_.line("npc::cuda::DeviceArray<int64_t, 1> {}_partials({{{}}});", position, blocks);
    k.params.push_back(
        {fmt::format("{} *{}_partials", valueType, value), value + "_partials.data()"});
    k.params.push_back(
        {fmt::format("int64_t *{}_partials", position), position + "_partials.data()"});
    const std::string min = s.argMin ? "true" : "false";
    std::string name = kernelName();
    {
        auto body = kernelHeader(name, k.params, true, "");
        for (const std::string &l : k.prologue)
            kernels_.line("{}", l);
        // Each thread starts from the serial loop's state: position 0 and the identity,
        // which any element NumPy would pick before position 0's replaces.
        KernelBodyPrinter(kernels_, unread_)
            .stmt(*rewriteForDevice(loop::decl(position, DType::Int64, loop::intImm(0), true), {}));
        KernelBodyPrinter(kernels_, unread_)
            .stmt(*rewriteForDevice(
                loop::decl(value, dtype, extremeIdentity(s.argMin, dtype), true), {}));
        gridStrideLoop(loopStmt, k.rename);
        kernels_.line("npc::cuda::block_arg_reduce<{}>({}, {}, {}_partials, {}_partials);", min,
                      value, position, value, position);
    }
    launch(name, fmt::format("{}, npc::cuda::kBlockSize", blocks), k.params);
    raiseIndexErrors({loopStmt});
    std::vector<std::string> args = {value + "_partials.data()", position + "_partials.data()",
                                     blocks, value + "_data", position + "_data"};
    launch(fmt::format("npc::cuda::arg_combine<{}>", min), "1, 1",
           {{"", args[0]}, {"", args[1]}, {"", args[2]}, {"", args[3]}, {"", args[4]}});
}

void DeviceFunctionEmitter::serialKernel(const std::vector<StmtPtr> &stmts) {
    RegionUses u = collectUses(stmts);
    KernelInterface k = interface(u);
    addErrorParams(k, stmts);
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
        KernelBodyPrinter printer(kernels_, unread_);
        for (const StmtPtr &s : stmts)
            printer.stmt(*rewriteForDevice(s, k.rename));
        for (const std::string &l : k.epilogue)
            kernels_.line("{}", l);
    }
    launch(name, "1, 1", k.params);
    raiseIndexErrors(stmts);
}

void DeviceFunctionEmitter::launch(const std::string &kernel, const std::string &config,
                                   const std::vector<KernelParam> &params) {
    std::vector<std::string> args;
    for (const KernelParam &p : params)
        args.push_back(p.arg);
    for (const std::string &l : wrapCall(kernel + "<<<" + config + ">>>", args, ";", 4))
        w_.line("{}", l);
    w_.line("npc::cuda::check_launch({});",
            cppStringLiteral(context_.empty() ? f_.name + "()" : context_));
}

void DeviceFunctionEmitter::addErrorParams(KernelInterface &k,
                                           const std::vector<StmtPtr> &region) const {
    if (loop::usesIntrinsic(region, loop::Intrinsic::CheckedIndex))
        k.params.push_back({"npc::cuda::IndexErrorState *index_error", "index_error.data()"});
    if (loop::usesIntrinsic(region, loop::Intrinsic::IntPow))
        k.params.push_back({"unsigned *power_error", "device_power_error.data()"});
}

std::string DeviceFunctionEmitter::powerErrorCondition() const {
    return "power_error || device_power_error.is_set()";
}

void DeviceFunctionEmitter::raiseIndexErrors(const std::vector<StmtPtr> &region) {
    if (loop::usesIntrinsic(region, loop::Intrinsic::CheckedIndex))
        w_.line("index_error.raise_if_set();");
}

} // namespace detail
} // namespace npc::codegen::cuda
