// Marks outermost loops parallel (see Parallelize.h).
#include "ir/passes/Parallelize.h"

namespace npc::passes {
namespace {

/// Marks the outermost array loops of `stmts` parallel, looking through Python's control
/// flow (serial `for`, `while`, `if`), whose own loops stay serial.
void parallelizeBlock(std::vector<loop::StmtPtr> &stmts) {
    for (const loop::StmtPtr &s : stmts) {
        if (s->kind == loop::StmtKind::While || s->kind == loop::StmtKind::If ||
            (s->kind == loop::StmtKind::For && s->serial)) {
            parallelizeBlock(s->stmts);
            parallelizeBlock(s->orelse);
            continue;
        }
        if (s->kind != loop::StmtKind::For)
            continue;
        if (!s->reductionLoop || !s->reductionVar.empty() || !s->argIndexVar.empty())
            s->parallel = true;
    }
}

} // namespace

void parallelize(loop::Function &f) {
    parallelizeBlock(f.body);
}

} // namespace npc::passes
