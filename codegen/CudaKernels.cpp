// Kernels and the device entry point of one function (see CudaKernels.h).
#include "codegen/CudaKernels.h"

#include "codegen/CppEmitter.h"
#include "codegen/CudaRegion.h"
#include "ir/SourceLoc.h"

#include <fmt/format.h>

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

/// A run of top-level statements handled together.
struct Item {
    enum Kind { Comment, Parallel, Serial } kind;
    std::vector<StmtPtr> stmts; ///< Comment: the comment; Parallel: the loop
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

/// True when a reduction into `dtype` with `op` can be combined across threads on the
/// device: 4- and 8-byte integers and floats (atomicAdd or a compare-and-swap loop).
bool deviceReducible(DType dtype, loop::BinaryOp op) {
    if (op != loop::BinaryOp::Add && op != loop::BinaryOp::Mul)
        return false;
    if (!isInteger(dtype) && !isFloat(dtype))
        return false;
    return itemSize(dtype) == 4 || itemSize(dtype) == 8;
}

class DeviceFunctionEmitter : public CppStmtPrinter {
public:
    DeviceFunctionEmitter(const loop::Function &f, CodeWriter &kernels, CodeWriter &host,
                          std::map<std::string, int> &numbers)
        : CppStmtPrinter(host), f_(f), kernels_(kernels), numbers_(numbers) {}

    void emit() {
        analyse();
        auto body = w_.block(
            fmt::format("{} {}_device({})", deviceResultType(f_), f_.name, cppParamList(f_)));
        for (const StmtPtr &s : f_.prologue) {
            stmt(*s);
            if (s->kind == StmtKind::Decl)
                scalars_[s->name] = {s->dtype, Where::Host};
        }
        for (const loop::Param &p : f_.params)
            if (p.rank > 0 && usedBuffers_.count(p.name))
                w_.line("{}{} *{}_data = {}.data;", p.written ? "" : "const ", cppTypeName(p.dtype),
                        p.name, p.name);
        for (const loop::Allocation &a : f_.allocations) {
            std::vector<std::string> extents;
            for (const loop::ExprPtr &e : a.extents)
                extents.push_back(cppExpr(e));
            std::string type = fmt::format("npc::cuda::DeviceArray<{}, {}>", cppTypeName(a.dtype),
                                           a.extents.size());
            if (extents.empty())
                w_.line("{} {};", type, a.name);
            else
                w_.line("{} {}({{{}}});", type, a.name, fmt::join(extents, ", "));
            if (usedBuffers_.count(a.name))
                w_.line("{} *{}_data = {}.data();", cppTypeName(a.dtype), a.name, a.name);
        }
        for (size_t k = 0; k < items_.size(); ++k) {
            const Item &item = items_[k];
            switch (item.kind) {
            case Item::Comment:
                stmt(*item.stmts[0]);
                context_ = item.stmts[0]->text;
                break;
            case Item::Parallel:
                parallelKernel(item.stmts[0]);
                break;
            case Item::Serial:
                if (hostable(item.stmts))
                    hostSegment(item.stmts);
                else
                    serialKernel(item.stmts, usesAfter_[k]);
                break;
            }
        }
        returnResults();
    }

protected:
    void loop(const Stmt &) override {
        NPC_INTERNAL_ERROR("loops of the CUDA target's host code must become kernels");
    }

private:
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
        // Accumulators are assigned at any depth; assignments happen only in kernels, so a
        // scalar assigned anywhere must live in device memory.
        std::vector<StmtPtr> top;
        flatten(f_.body, top);
        for (const StmtPtr &s : top)
            if (s->kind == StmtKind::Decl)
                topDecls_[s->name] = s->dtype;
        for (const StmtPtr &s : top)
            collectAssigned(*s);

        for (const StmtPtr &s : top) {
            if (s->kind == StmtKind::Comment) {
                items_.push_back({Item::Comment, {s}});
                continue;
            }
            if (isKernelLoop(*s)) {
                items_.push_back({Item::Parallel, {s}});
                continue;
            }
            if (items_.empty() || items_.back().kind != Item::Serial)
                items_.push_back({Item::Serial, {}});
            items_.back().stmts.push_back(s);
        }
        // Names used after each item, results included: what a kernel must leave in memory.
        std::set<std::string> after;
        for (const loop::Result &r : f_.results)
            after.insert(r.name);
        usesAfter_.assign(items_.size(), {});
        for (size_t k = items_.size(); k-- > 0;) {
            usesAfter_[k] = after;
            RegionUses u = collectUses(items_[k].stmts);
            for (const Use &use : u.free)
                after.insert(use.name);
        }
    }

    static void flatten(const std::vector<StmtPtr> &list, std::vector<StmtPtr> &out) {
        for (const StmtPtr &s : list) {
            if (s->kind == StmtKind::Block)
                flatten(s->stmts, out);
            else
                out.push_back(s);
        }
    }

    void collectAssigned(const Stmt &s) {
        if (s.kind == StmtKind::Assign)
            assignedAnywhere_.insert(s.name);
        for (const StmtPtr &c : s.stmts)
            collectAssigned(*c);
        for (const StmtPtr &c : s.orelse)
            collectAssigned(*c);
    }

    /// A top-level parallel loop that becomes a grid-stride kernel: no accumulator, or one
    /// the device can combine across threads.
    bool isKernelLoop(const Stmt &s) const {
        if (!isKernelLoopShape(s))
            return false;
        if (s.reductionVar.empty())
            return true;
        auto it = topDecls_.find(s.reductionVar);
        return it != topDecls_.end() && deviceReducible(it->second, s.reductionOp);
    }

    /// True for a name the host knows the value of: an extent, or a host scalar.
    bool onHost(const std::string &name, const std::set<std::string> &local = {}) const {
        if (parseShapeVar(name) || local.count(name))
            return true;
        auto it = scalars_.find(name);
        return it != scalars_.end() && it->second.where == Where::Host;
    }

    /// True when `stmts` only declare scalars (and check conditions) from values the host
    /// has: they run on the host, not in a kernel.
    bool hostable(const std::vector<StmtPtr> &stmts) const {
        std::set<std::string> local;
        for (const StmtPtr &s : stmts) {
            if (s->kind != StmtKind::Decl && s->kind != StmtKind::Throw)
                return false;
            RegionUses u = collectUses({s});
            if (u.loads)
                return false;
            for (const Use &use : u.free)
                if (!onHost(use.name, local))
                    return false;
            if (s->kind == StmtKind::Decl && !assignedAnywhere_.count(s->name))
                local.insert(s->name);
        }
        return true;
    }

    // ---- host code -----------------------------------------------------------------------
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

    void hostSegment(const std::vector<StmtPtr> &stmts) {
        for (const StmtPtr &s : stmts) {
            if (s->kind == StmtKind::Decl && assignedAnywhere_.count(s->name)) {
                deviceScalar(s->name, s->dtype, s->value ? cppExpr(s->value) : "");
                continue;
            }
            stmt(*s);
            if (s->kind == StmtKind::Decl)
                scalars_[s->name] = {s->dtype, Where::Host};
        }
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

    void returnResults() {
        if (f_.results.empty())
            return;
        std::map<std::string, int> count;
        for (const loop::Result &r : f_.results)
            ++count[r.name];
        std::vector<std::string> values;
        for (const loop::Result &r : f_.results) {
            bool isAllocation = false;
            for (const loop::Allocation &a : f_.allocations)
                isAllocation = isAllocation || a.name == r.name;
            std::string value = r.name;
            if (r.rank > 0) {
                NPC_ASSERT(isAllocation, "the CUDA target returns only arrays the function "
                                         "allocates, not '" +
                                             r.name + "'");
            } else {
                auto it = scalars_.find(r.name);
                NPC_ASSERT(it != scalars_.end(), "unknown scalar result " + r.name);
                if (it->second.where == Where::Host)
                    value = fmt::format("npc::cuda::scalar_to_device<{}>({})", cppTypeName(r.dtype),
                                        r.name);
            }
            bool movable = value == r.name && count[r.name] == 1;
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
        for (const Use &use : collectUses({loop::forLoop(s.name, s.extent, {})}).free)
            NPC_ASSERT(onHost(use.name), "the extent of a parallel loop uses " + use.name);
        KernelInterface k = interface(u, acc);
        std::string name = kernelName();
        {
            auto body = kernelHeader(name, k.params, true, "");
            for (const std::string &l : k.prologue)
                kernels_.line("{}", l);
            DType accType = DType::Float64;
            if (!acc.empty()) {
                accType = scalars_.at(acc).dtype;
                loop::ExprPtr identity =
                    isFloat(accType)
                        ? loop::floatImm(s.reductionOp == loop::BinaryOp::Add ? 0 : 1, accType)
                        : loop::intImm(s.reductionOp == loop::BinaryOp::Add ? 0 : 1, accType);
                kernels_.line("{} {} = {};", cppTypeName(accType), acc, cppExpr(identity));
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
                              s.reductionOp == loop::BinaryOp::Add ? "Plus" : "Times", acc, acc);
        }
        launch(name,
               fmt::format("npc::cuda::grid_size({}), npc::cuda::kBlockSize", cppExpr(s.extent)),
               k.params);
    }

    /// Statements that run once, in order, in a single-thread kernel. Scalars they declare
    /// and later statements use are written to device scalars.
    void serialKernel(const std::vector<StmtPtr> &stmts, const std::set<std::string> &usedAfter) {
        RegionUses u = collectUses(stmts);
        KernelInterface k = interface(u);
        for (const StmtPtr &s : stmts) {
            if (s->kind != StmtKind::Decl || !usedAfter.count(s->name))
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
    }

    const loop::Function &f_;
    CodeWriter &kernels_;
    std::map<std::string, int> &numbers_;
    std::map<std::string, Scalar> scalars_;
    std::map<std::string, Buffer> buffers_;
    std::map<std::string, DType> topDecls_;
    std::set<std::string> usedBuffers_;
    std::set<std::string> assignedAnywhere_;
    std::vector<Item> items_;
    std::vector<std::set<std::string>> usesAfter_;
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
                        std::map<std::string, int> &kernelNumbers) {
    DeviceFunctionEmitter(f, kernels, host, kernelNumbers).emit();
}

} // namespace npc::codegen::cuda
