// Marks outermost loops parallel (see Parallelize.h).
#include "ir/passes/Parallelize.h"

namespace npc::passes {

void parallelize(loop::Function &f) {
    for (const loop::StmtPtr &s : f.body) {
        if (s->kind != loop::StmtKind::For)
            continue;
        if (!s->reductionLoop || !s->reductionVar.empty())
            s->parallel = true;
    }
}

} // namespace npc::passes
