// Snapshots of arguments a loop nest reads while writing another (see ArgumentOverlap.h).
#include "ir/passes/ArgumentOverlap.h"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace npc::passes {
namespace {

using loop::ExprPtr;
using loop::Stmt;
using loop::StmtKind;
using loop::StmtPtr;

class OverlapSnapshots {
public:
    explicit OverlapSnapshots(loop::Function &f) : f_(f), taken_(loop::namesUsed(f)) {
        for (const loop::Param &p : f.params)
            if (p.rank > 0)
                arrays_[p.name] = p.dtype;
    }

    void run() { visit(f_.body); }

private:
    /// Python control flow runs its body's nests one after another: each is a statement.
    void visit(std::vector<StmtPtr> &list) {
        for (size_t i = 0; i < list.size(); ++i) {
            Stmt &s = *list[i];
            if (s.kind == StmtKind::While || s.kind == StmtKind::If || s.kind == StmtKind::Block ||
                (s.kind == StmtKind::For && s.serial)) {
                visit(s.stmts);
                visit(s.orelse);
                continue;
            }
            if (s.kind != StmtKind::For)
                continue; // a single Store reads its operands before it writes
            std::set<std::string> written, read;
            accesses(s, written, read);
            std::vector<std::string> overlapping;
            for (const std::string &w : written)
                if (arrays_.count(w))
                    overlapping.push_back(w);
            if (overlapping.empty())
                continue;
            std::map<std::string, std::string> rename;
            std::vector<StmtPtr> snapshots;
            for (const std::string &r : read) {
                if (!arrays_.count(r) || written.count(r))
                    continue;
                std::string name = freshName(r + "_read");
                snapshots.push_back(loop::snapshotStmt(name, arrays_.at(r), r, overlapping));
                rename[r] = name;
            }
            if (snapshots.empty())
                continue;
            list[i] = renameLoads(list[i], rename);
            list.insert(list.begin() + static_cast<std::ptrdiff_t>(i), snapshots.begin(),
                        snapshots.end());
            i += snapshots.size();
        }
    }

    /// `stem` and a number, a name that neither it nor its data pointer (`name_data`)
    /// shares with anything of the function.
    std::string freshName(const std::string &stem) {
        for (;;) {
            std::string name = fmt::format("{}{}", stem, count_++);
            if (!taken_.count(name) && !taken_.count(name + "_data")) {
                taken_.insert(name);
                return name;
            }
        }
    }

    static void accesses(const Stmt &s, std::set<std::string> &written,
                         std::set<std::string> &read) {
        if (s.kind == StmtKind::Store)
            written.insert(s.name);
        auto loads = [&](const loop::Expr &e) {
            if (e.kind == loop::ExprKind::Load)
                read.insert(e.name);
        };
        for (const ExprPtr &e : {s.value, s.offset, s.extent, s.detail})
            loop::forEachExpr(e, loads);
        for (const ExprPtr &e : s.extents)
            loop::forEachExpr(e, loads);
        for (const StmtPtr &c : s.stmts)
            accesses(*c, written, read);
        for (const StmtPtr &c : s.orelse)
            accesses(*c, written, read);
    }

    static StmtPtr renameLoads(const StmtPtr &s, const std::map<std::string, std::string> &rename) {
        return loop::rewritten(s, [&](loop::Expr &e) {
            if (auto it = rename.find(e.name); e.kind == loop::ExprKind::Load && it != rename.end())
                e.name = it->second;
        });
    }

    loop::Function &f_;
    std::set<std::string> taken_;         ///< names the function uses (and new ones)
    std::map<std::string, DType> arrays_; ///< the array arguments
    int count_ = 0;
};

} // namespace

void snapshotOverlappingArguments(loop::Function &f) {
    OverlapSnapshots(f).run();
}

} // namespace npc::passes
