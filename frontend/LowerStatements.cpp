// Lowering of function bodies: assignments, in-place updates, loops, branches, returns.
//
// Names bound to arrays stay lazy (a DAG the scheduler may fuse) until something needs
// them in memory: a loop that reads them (evaluated once, before the loop), an in-place
// update (a buffer to write), or a loop or branch that assigns them (a Variable whose
// type is the NEP 50 promotion of every value it takes, found by lowering the body once
// without keeping the result).
#include "frontend/LowerStatements.h"

#include "frontend/StatementAnalysis.h"

#include "ir/Promotion.h"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <set>

namespace npc::lowering {
namespace {

using array::NodeKind;
using array::NodePtr;
using array::StmtKind;

class FunctionLowering {
public:
    FunctionLowering(const syntax::FunctionDef &def, const syntax::Module &module,
                     std::map<std::string, Value> globals, const std::vector<array::Type> &resultTypes)
        : def_(def), module_(module), globals_(globals), exprs_(std::move(globals)),
          resultTypes_(resultTypes) {
        exprs_.setLocalCall([this](const std::string &name, const CallArgs &args) {
            return callLocal(name, args);
        });
        exprs_.setMaterializer([this](const NodePtr &n, SourceLoc loc) {
            return materialize(n, "t", loc);
        });
        exprs_.setConditional([this](const NodePtr &cond, const ExprLowering::Branch &then,
                                     const ExprLowering::Branch &orelse, SourceLoc loc) {
            return conditional(cond, then, orelse, loc);
        });
    }

    array::Function run(const Signature &sig, std::vector<std::vector<array::Type>> *returnTypes) {
        returnTypes_ = returnTypes;
        f_.name = def_.name;
        f_.loc = def_.nameLoc;
        if (sig.args.size() != def_.params.size())
            throw UserError(sig.loc, fmt::format("the signature of '{}' has {} argument type{} "
                                                 "but the function takes {} argument{}",
                                                 def_.name, sig.args.size(),
                                                 sig.args.size() == 1 ? "" : "s", def_.params.size(),
                                                 def_.params.size() == 1 ? "" : "s"));
        for (size_t i = 0; i < def_.params.size(); ++i) {
            int index = static_cast<int>(i);
            array::Type t = paramType(sig.args[i], index, def_.params[i]);
            f_.params.push_back(array::makeParam(index, def_.params[i], t, def_.paramLocs[i]));
            exprs_.bind(def_.params[i], Value::array(f_.params.back(), def_.paramLocs[i]));
        }
        blocks_ = {&body_};
        const syntax::Block &body = def_.body;
        for (size_t i = 0; i < body.size(); ++i) {
            const syntax::Stmt &st = *body[i];
            bool simple = st.as<syntax::Pass>() || st.as<syntax::ExprStmt>() ||
                          (st.as<syntax::Return>() && i + 1 == body.size());
            if (auto *a = st.as<syntax::Assign>())
                simple = std::all_of(a->targets.begin(), a->targets.end(), [](const syntax::ExprPtr &t) {
                    return t->as<syntax::Name>() || t->as<syntax::Tuple>();
                });
            hasStatements_ |= !simple;
        }
        bool sawReturn = false;
        frames_.push_back({&body, 0, false, nullptr});
        for (size_t i = 0; i < body.size(); ++i) {
            frames_.back().index = i;
            const syntax::Stmt &stmt = *body[i];
            if (auto *ret = stmt.as<syntax::Return>(); ret && i + 1 == body.size()) {
                finalReturn(*ret, stmt.loc);
                sawReturn = true;
                break;
            }
            lowerStatement(stmt);
        }
        if (!sawReturn && hasValueReturns_ && !alwaysReturns(body))
            throw UserError(def_.nameLoc,
                            fmt::format("'{}' returns a value on some paths but reaches its end on "
                                        "others (returning None); npc needs every path to "
                                        "return the same kind of value",
                                        def_.name));
        f_.body = std::move(body_);
        if (f_.results.empty() && hasValueReturns_)
            f_.resultTypes = resultTypes_;
        return std::move(f_);
    }

    static array::Type paramType(const ArgType &t, int index, const std::string &name) {
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

private:
    // ---- emission ---------------------------------------------------------------------
    void emit(array::Stmt st) { blocks_.back()->push_back(std::make_shared<const array::Stmt>(std::move(st))); }

    int newVariable(const std::string &name, array::Type type) {
        f_.variables.push_back({name, std::move(type)});
        return static_cast<int>(f_.variables.size()) - 1;
    }

    NodePtr varNode(int var, SourceLoc loc) {
        const array::Variable &v = f_.variables.at(static_cast<size_t>(var));
        return array::makeVar(var, v.name, v.type, loc);
    }

    void let(int var, NodePtr value, SourceLoc loc) {
        array::Stmt st;
        st.kind = StmtKind::Let;
        st.loc = loc;
        st.var = var;
        st.value = std::move(value);
        emit(std::move(st));
    }

    /// Evaluates `n` now into a fresh variable; returns the variable's value.
    NodePtr materialize(const NodePtr &n, const std::string &hint, SourceLoc loc) {
        int var = newVariable(n->name.empty() ? hint : n->name, n->type);
        let(var, n, loc);
        return varNode(var, loc);
    }

    /// `then() if cond else orelse()` evaluating only the branch taken: a variable of
    /// the promoted type, assigned in an If statement.
    NodePtr conditional(const NodePtr &cond, const ExprLowering::Branch &then,
                        const ExprLowering::Branch &orelse, SourceLoc loc) {
        array::Stmt st;
        st.kind = StmtKind::If;
        st.loc = loc;
        st.value = cond;
        blocks_.push_back(&st.body);
        NodePtr a = then();
        blocks_.pop_back();
        blocks_.push_back(&st.orelse);
        NodePtr b = orelse();
        blocks_.pop_back();
        if (!shapeEqual(a->type.shape, b->type.shape))
            throw UserError(loc, fmt::format("the two values of 'a if cond else b' have shapes {} "
                                             "and {}; npc needs equal shapes",
                                             shapeStr(a->type.shape), shapeStr(b->type.shape)));
        PromotionType p = promote({a->type.dtype, a->type.weak}, {b->type.dtype, b->type.weak});
        int var = newVariable("choice", array::Type{p.dtype, a->type.shape, p.weak});
        blocks_.push_back(&st.body);
        let(var, exprs_.castTo(a, p.dtype, loc), loc);
        blocks_.pop_back();
        blocks_.push_back(&st.orelse);
        let(var, exprs_.castTo(b, p.dtype, loc), loc);
        blocks_.pop_back();
        emit(std::move(st));
        return varNode(var, loc);
    }

    /// Rebinds every name bound to `old` (aliases) to `replacement`.
    void rebindAll(const NodePtr &old, const NodePtr &replacement, SourceLoc loc) {
        for (const auto &[name, v] : exprs_.env())
            if (v.kind == Value::Array && v.node == old)
                exprs_.bind(name, Value::array(replacement, loc));
    }

    /// Makes name `name` refer to memory (a Param, a Var, or a view of one), evaluating
    /// its lazy value into a new variable if needed. Returns the node.
    NodePtr ensureBuffer(const std::string &name, SourceLoc loc) {
        Value v = exprs_.env().at(name);
        if (viewRoot(v.node))
            return v.node;
        if (shapeView(v.node))
            throw UserError(loc, fmt::format("npc cannot write into '{0}': it is a transposed, "
                                             "reshaped or broadcast view of another array, and "
                                             "npc writes only through basic indexing; write into "
                                             "that array instead (or into '{0}.copy()' if the "
                                             "original must not change)",
                                             name));
        NodePtr m = materialize(v.node, name, loc);
        rebindAll(v.node, m, loc);
        return m;
    }

    /// Before the memory of `root` changes: names whose lazy values read it (other than
    /// views of it, which must see the change) are evaluated now, as Python did.
    /// `beforeValue`: called before the current statement's right side is lowered (it
    /// may read those names too).
    void flushReaders(const array::Node &root, SourceLoc loc, bool beforeValue = false) {
        std::map<const array::Node *, NodePtr> done;
        auto env = exprs_.env();
        for (const auto &[name, v] : env) {
            if (v.kind != Value::Array || isViewOf(v.node, root) || !readsRoot(v.node, root))
                continue;
            if (!liveAfter(name, beforeValue)) { // dead: never needed with its old value
                exprs_.bind(name, Value{Value::Unbound, nullptr, {}, {},
                                        fmt::format("npc dropped '{}' after an in-place update it "
                                                    "found no later use for (an npc bug: please "
                                                    "report it)",
                                                    name),
                                        loc});
                continue;
            }
            auto it = done.find(v.node.get());
            NodePtr m = it != done.end() ? it->second : materialize(v.node, name, loc);
            done[v.node.get()] = m;
            exprs_.bind(name, Value::array(m, loc));
        }
        // Names of the functions whose calls are being inlined see the change too.
        for (std::map<std::string, Value> *outer : outerEnvs_)
            for (auto &[name, v] : *outer) {
                if (v.kind != Value::Array || isViewOf(v.node, root) || !readsRoot(v.node, root))
                    continue;
                auto it = done.find(v.node.get());
                NodePtr m = it != done.end() ? it->second : materialize(v.node, name, loc);
                done[v.node.get()] = m;
                v = Value::array(m, loc);
            }
    }

    // ---- statements -------------------------------------------------------------------
    /// Lowers `block`; `loop`: it is a loop body (run again after its end), whose
    /// condition `test` (a while loop's) is evaluated before each run.
    void lowerBlock(const syntax::Block &block, bool loop = false, const syntax::Expr *test = nullptr) {
        frames_.push_back({&block, 0, loop, test});
        for (size_t i = 0; i < block.size(); ++i) {
            frames_.back().index = i;
            lowerStatement(*block[i]);
        }
        frames_.pop_back();
    }

    /// How many times later statements may read `name` before it is rebound: 0, 1, or 2
    /// for more (several statements, or a read inside a loop).
    int laterReads(const std::string &name) const {
        int count = 0;
        for (size_t level = frames_.size(); level-- > 0;) {
            const Frame &f = frames_[level];
            for (size_t i = f.index + 1; i < f.block->size(); ++i) {
                const syntax::Stmt &st = *(*f.block)[i];
                Use u = useIn(st, name);
                if (u == Use::Read) {
                    count += st.as<syntax::For>() || st.as<syntax::While>() ? 2 : 1;
                    if (auto *a = st.as<syntax::Assign>())
                        for (const syntax::ExprPtr &t : a->targets)
                            if (auto *n = t->as<syntax::Name>(); n && n->id == name)
                                return std::min(count, 2);
                }
                if (u == Use::Killed || count >= 2)
                    return std::min(count, 2);
            }
            if (f.loop)
                return count ? 2 : 0; // read again in the next iterations
        }
        return std::min(count, 2);
    }

    /// Whether the statements after the current one may read `name` before assigning it
    /// (the rest of each enclosing block, the next iterations of enclosing loops).
    bool liveAfter(const std::string &name, bool includeCurrent) const {
        if (includeCurrent && !frames_.empty()) {
            const Frame &f = frames_.back();
            BlockNames names;
            syntax::Block none;
            std::set<std::string> reads;
            const syntax::Stmt &st = *(*f.block)[f.index];
            if (auto *a = st.as<syntax::Assign>()) {
                collectReads(*a->value, reads);
                for (const syntax::ExprPtr &t : a->targets)
                    collectReads(*t, reads);
            } else if (auto *aug = st.as<syntax::AugAssign>()) {
                collectReads(*aug->target, reads);
                collectReads(*aug->value, reads);
            } else {
                return true; // conservative
            }
            if (reads.count(name))
                return true;
        }
        auto scan = [&](const syntax::Block &block, size_t from, size_t to) {
            for (size_t i = from; i < to && i < block.size(); ++i)
                if (Use u = useIn(*block[i], name); u != Use::None)
                    return u;
            return Use::None;
        };
        for (size_t level = frames_.size(); level-- > 0;) {
            const Frame &f = frames_[level];
            Use u = scan(*f.block, f.index + 1, f.block->size());
            if (u != Use::None)
                return u == Use::Read;
            if (f.loop) {
                if (f.test) {
                    std::set<std::string> reads;
                    collectReads(*f.test, reads);
                    if (reads.count(name))
                        return true;
                }
                u = scan(*f.block, 0, f.index + 1);
                if (u != Use::None)
                    return u == Use::Read;
            }
        }
        // The end of the function: only the results are read, and a final `return`
        // is a statement of the outermost block.
        return false;
    }

    void lowerStatement(const syntax::Stmt &stmt) {
        if (auto *assign = stmt.as<syntax::Assign>()) {
            // `a[...] = v`: lazy values that read `a` are evaluated first (as Python did
            // when they were assigned), so `v` can use them instead of recomputing them.
            if (assign->targets.size() == 1)
                if (auto *sub = assign->targets[0]->as<syntax::Subscript>())
                    prepareStore(*sub, stmt.loc);
            Value v = exprs_.lower(*assign->value);
            for (const syntax::ExprPtr &target : assign->targets)
                assignTo(*target, v, stmt.loc);
            return;
        }
        if (auto *aug = stmt.as<syntax::AugAssign>())
            return augmentedAssign(*aug, stmt.loc);
        if (stmt.as<syntax::Pass>())
            return;
        if (auto *e = stmt.as<syntax::ExprStmt>()) {
            if (e->value->as<syntax::StringLiteral>())
                return; // docstring
            // A call of the file's own function runs for its effects (in-place updates);
            // anything else is lowered first, so an unsupported call is named.
            if (auto *call = e->value->as<syntax::Call>()) {
                Value callee = exprs_.lower(*call->func);
                if (callee.kind == Value::Function && callee.qualifiedName.rfind("local.", 0) == 0) {
                    exprs_.lower(*e->value);
                    return;
                }
                if (callee.kind == Value::Function && callee.qualifiedName == "builtins.print")
                    throw UserError(e->value->loc, "print() is not supported by npc: compiled "
                                                   "kernels have no output; return the value");
            }
            exprs_.lower(*e->value);
            throw UserError(stmt.loc, "this expression has no effect: npc compiles no side "
                                      "effects other than assignments and in-place updates");
        }
        if (auto *f = stmt.as<syntax::For>())
            return forLoop(*f, stmt.loc);
        if (auto *w = stmt.as<syntax::While>())
            return whileLoop(*w, stmt.loc);
        if (auto *i = stmt.as<syntax::If>())
            return ifStatement(*i, stmt.loc);
        if (stmt.as<syntax::Break>() || stmt.as<syntax::Continue>()) {
            if (loopDepth_ == 0)
                throw UserError(stmt.loc, fmt::format("'{}' outside loop",
                                                      stmt.as<syntax::Break>() ? "break" : "continue"));
            array::Stmt st;
            st.kind = stmt.as<syntax::Break>() ? StmtKind::Break : StmtKind::Continue;
            st.loc = stmt.loc;
            emit(std::move(st));
            return;
        }
        if (auto *ret = stmt.as<syntax::Return>())
            return earlyReturn(*ret, stmt.loc);
        throw UserError(stmt.loc, "npc does not support this statement");
    }

    // ---- assignment -------------------------------------------------------------------
    void assignTo(const syntax::Expr &target, const Value &v, SourceLoc loc) {
        if (auto *name = target.as<syntax::Name>())
            return assignName(name->id, v, target.loc);
        if (auto *tuple = target.as<syntax::Tuple>()) {
            if (v.kind != Value::Tuple || v.elements.size() != tuple->elements.size())
                throw UserError(target.loc, "cannot unpack this value into these names");
            // `a, b = b, a`: every right-hand value is read before any name changes.
            std::vector<Value> values = v.elements;
            bool assignsVariable = false;
            for (const syntax::ExprPtr &t : tuple->elements)
                if (auto *n = t->as<syntax::Name>())
                    assignsVariable |= mutableVars_.count(n->id) > 0;
            for (Value &e : values)
                if (assignsVariable && e.kind == Value::Array && readsVariable(e.node))
                    e.node = materialize(e.node, "tmp", loc);
            for (size_t i = 0; i < tuple->elements.size(); ++i)
                assignTo(*tuple->elements[i], values[i], loc);
            return;
        }
        if (auto *sub = target.as<syntax::Subscript>()) {
            if (v.kind != Value::Array)
                throw UserError(v.loc.valid() ? v.loc : loc, "only arrays and numbers can be stored "
                                                            "into an array");
            return storeSubscript(target, *sub, v.node, loc);
        }
        throw UserError(target.loc, "npc supports assignment to names, tuples of names and "
                                    "subscripts only");
    }

    void assignName(const std::string &name, const Value &v, SourceLoc loc) {
        auto mv = mutableVars_.find(name);
        if (mv != mutableVars_.end() && dry_ && v.kind == Value::Array)
            recordAlias(name, mv->second, v.node);
        // A dry run binds the value itself, so the variable's type can follow it.
        if (mv == mutableVars_.end() || dry_) {
            Value named = v;
            if (named.kind == Value::Array) {
                named.node = array::withName(v.node, name);
                // Each statement is scheduled on its own: a costly value several later
                // statements read is evaluated once, here, instead of in each of them.
                if (!dry_ && hasStatements_ && costly(named.node) && laterReads(name) > 1)
                    named.node = materialize(named.node, name, loc);
            }
            exprs_.bind(name, named);
            return;
        }
        if (v.kind != Value::Array)
            throw UserError(loc, fmt::format("'{}' holds an array or number; npc cannot rebind it "
                                             "to another kind of value",
                                             name));
        int var = mv->second;
        const array::Type &t = f_.variables[static_cast<size_t>(var)].type;
        NodePtr value = convertTo(v.node, t, name, loc);
        NodePtr self = varNode(var, loc);
        recordAlias(name, var, v.node);
        flushReaders(*self, loc);
        if (t.rank() > 0 && readsRoot(value, *self) && !(value->kind == NodeKind::Var))
            value = materialize(value, "tmp", loc);
        let(var, value, loc);
        exprs_.bind(name, Value::array(self, loc));
    }

    /// In Python `u = v` makes `u` and `v` one array; npc copies into `u`'s buffer. The
    /// pair is remembered so that an in-place update of either, while both names still
    /// refer to it, is an error instead of a silent difference.
    void recordAlias(const std::string &name, int var, const NodePtr &value) {
        aliases_.erase(name);
        const array::Node *root = value->type.rank() > 0 ? viewRoot(value) : nullptr;
        if (!root || (root->kind == NodeKind::Var && root->param == var))
            return;
        for (const auto &[other, bound] : exprs_.env())
            if (other != name && bound.kind == Value::Array && viewRoot(bound.node) == nullptr)
                continue;
            else if (other != name && bound.kind == Value::Array &&
                     viewRoot(bound.node)->kind == root->kind && viewRoot(bound.node)->param == root->param) {
                aliases_[name] = {other, root->kind, root->param, var};
                return;
            }
    }

    /// Error if `root` is memory that two names share in Python but not in npc.
    void checkNotAliased(const array::Node &root, SourceLoc loc) {
        for (const auto &[name, alias] : aliases_) {
            bool isVar = root.kind == NodeKind::Var && root.param == alias.var;
            bool isSource = root.kind == alias.kind && root.param == alias.param;
            if (isVar || isSource)
                throw UserError(loc, fmt::format("'{}' and '{}' are the same array in Python after "
                                                 "'{} = {}' in a loop or branch, but npc copies "
                                                 "there; write '{} = {}.copy()' to update one "
                                                 "without the other",
                                                 name, alias.source, name, alias.source, name,
                                                 alias.source));
        }
    }

    /// `value` as a value of variable type `t`: a safe cast (the variable's dtype is the
    /// promotion of all it holds) and a broadcast to its shape.
    NodePtr convertTo(const NodePtr &value, const array::Type &t, const std::string &name, SourceLoc loc) {
        if (value->type.rank() != t.rank() || !shapeEqual(value->type.shape, t.shape)) {
            if (value->type.rank() > t.rank() || value->type.rank() > 0)
                throw UserError(loc, fmt::format("'{}' has shape {} here but {} elsewhere; npc "
                                                 "needs a variable assigned in a loop or branch "
                                                 "to keep its shape",
                                                 name, shapeStr(value->type.shape), shapeStr(t.shape)));
        }
        NodePtr v = exprs_.castTo(value, t.dtype, loc);
        if (!shapeEqual(v->type.shape, t.shape))
            v = array::makeBroadcast(v, t.shape, loc);
        return v;
    }

    /// Gives the array a subscript writes into memory (a parameter, a variable, or a view
    /// of one) and evaluates the lazy values that read that memory.
    void prepareStore(const syntax::Subscript &sub, SourceLoc loc) {
        const syntax::Expr *base = sub.value.get();
        while (auto *inner = base->as<syntax::Subscript>())
            base = inner->value.get();
        auto *n = base->as<syntax::Name>();
        if (!n)
            return;
        Value bound = exprs_.lower(*base);
        if (bound.kind != Value::Array || bound.node->type.rank() == 0)
            return;
        NodePtr buffer = ensureBuffer(n->id, loc);
        if (const array::Node *root = viewRoot(buffer))
            flushReaders(*root, loc, true);
    }

    void storeSubscript(const syntax::Expr &target, const syntax::Subscript &sub, NodePtr value,
                        SourceLoc loc) {
        prepareStore(sub, loc);
        NodePtr whole = exprs_.lowerArray(*sub.value);
        NodePtr t;
        if (!viewRoot(whole))
            throw UserError(sub.value->loc, "npc can only assign into parameters, local arrays "
                                            "and views of them (basic indexing)");
        // Boolean mask assignment: `a[mask] = v` writes v where mask is true.
        if (sub.indices.size() == 1 && !sub.indices[0]->as<syntax::Slice>()) {
            Value index = exprs_.lower(*sub.indices[0]);
            if (index.kind == Value::Array && isBool(index.node->type.dtype) &&
                index.node->type.rank() > 0) {
                if (!shapeEqual(index.node->type.shape, whole->type.shape) &&
                    index.node->type.rank() != whole->type.rank())
                    throw UserError(sub.indices[0]->loc, "a boolean mask must have the shape of "
                                                         "the array it indexes");
                if (value->type.rank() > 0)
                    throw UserError(loc, "npc supports only a scalar on the right of a "
                                         "boolean-mask assignment (a[mask] = 0)");
                NodePtr mask = index.node;
                if (!shapeEqual(mask->type.shape, whole->type.shape))
                    mask = array::makeBroadcast(mask, broadcastShapes(mask->type.shape, whole->type.shape, loc), loc);
                NodePtr v = array::makeBroadcast(array::makeCast(value, whole->type.dtype, loc),
                                                 whole->type.shape, loc);
                return store(whole, array::makeWhere(mask, v, whole, loc), loc);
            }
        }
        t = exprs_.lowerArray(target);
        if (!viewRoot(t))
            throw UserError(target.loc, "npc can only assign into parameters, local arrays and "
                                        "views of them (basic indexing)");
        // NumPy's setitem casts unsafely (a float into an int array truncates).
        NodePtr v = array::makeCast(value, t->type.dtype, loc);
        if (!shapeEqual(v->type.shape, t->type.shape)) {
            if (v->type.rank() > t->type.rank())
                throw UserError(loc, fmt::format("could not broadcast input array from shape {} "
                                                 "into shape {}",
                                                 shapeStr(v->type.shape), shapeStr(t->type.shape)));
            v = broadcastChecked(v, t->type.shape, loc);
        }
        store(t, v, loc);
    }

    /// `v` broadcast to the shape of the elements it is written into, with NumPy's check
    /// (each of v's extents equals the target's or is 1) where only the run time knows.
    NodePtr broadcastChecked(const NodePtr &v, const Shape &target, SourceLoc loc) {
        std::vector<array::ExtentCheck> checks;
        size_t lead = target.size() - static_cast<size_t>(v->type.rank());
        std::string message = fmt::format("could not broadcast input array from shape {} into "
                                          "shape {}",
                                          shapeStr(v->type.shape), shapeStr(target));
        for (size_t a = 0; a < v->type.shape.size(); ++a) {
            const Dim &from = v->type.shape[a], &to = target[a + lead];
            if (dimEqual(from, to) || dimIsConst(from, 1))
                continue;
            auto cf = dimConstValue(from), ct = dimConstValue(to);
            if (cf && ct)
                throw UserError(loc, message);
            checks.push_back({from, to, true, message});
        }
        NodePtr b = array::makeBroadcast(v, target, loc);
        return checks.empty() ? b : array::withChecks(b, std::move(checks));
    }

    /// Writes `value` (target's type) into `target`, a view of a Param or Var.
    void store(const NodePtr &target, NodePtr value, SourceLoc loc) {
        const array::Node &root = array::storeRoot(*target);
        checkNotAliased(root, loc);
        if (root.kind == NodeKind::Var &&
            shadowsArgument_.count(f_.variables[static_cast<size_t>(root.param)].name))
            throw UserError(loc, fmt::format("'{0}' is the caller's array on one path and a new "
                                             "array on another, so this update changes the "
                                             "caller's array only sometimes; npc cannot follow "
                                             "that: give the new array another name than '{0}'",
                                             f_.variables[static_cast<size_t>(root.param)].name));
        flushReaders(root, loc);
        // The right side is computed before any element is written (`a[1:] = a[:-1]`);
        // reading exactly the elements written, element by element, needs no copy.
        // Only elementwise operations keep the element read aligned with the one written
        // (`a += 1`, `a[m] = where(m, 0, a[m])`); a view, transpose or reduction of the
        // target (`a += a[::-1]`, `m += m.T`) may read what was already written.
        std::function<bool(const NodePtr &, bool)> unsafeRead = [&](const NodePtr &n, bool aligned) -> bool {
            if (n == target && aligned)
                return false;
            if (n->kind == root.kind && n->param == root.param)
                return true;
            bool elementwise = n->kind == NodeKind::Unary || n->kind == NodeKind::Binary ||
                               n->kind == NodeKind::Cast || n->kind == NodeKind::Where;
            return std::any_of(n->operands.begin(), n->operands.end(),
                               [&](const NodePtr &op) { return unsafeRead(op, aligned && elementwise); });
        };
        if (unsafeRead(value, true))
            value = materialize(value, "rhs", loc);
        array::Stmt st;
        st.kind = StmtKind::Store;
        st.loc = loc;
        st.target = target;
        st.value = std::move(value);
        emit(std::move(st));
    }

    void augmentedAssign(const syntax::AugAssign &aug, SourceLoc loc) {
        array::BinaryOp op = augmentedOp(aug.op, loc);
        if (auto *name = aug.target->as<syntax::Name>()) {
            Value current = exprs_.lower(*aug.target);
            if (current.kind != Value::Array)
                throw UserError(aug.target->loc, "augmented assignment needs a number or an array");
            if (current.node->type.rank() == 0) { // a scalar: rebinds, as Python does
                NodePtr rhs = exprs_.lowerArray(*aug.value);
                assignName(name->id, Value::array(exprs_.binary(op, current.node, rhs, loc), loc), loc);
                return;
            }
            NodePtr target = ensureBuffer(name->id, loc);
            if (const array::Node *root = viewRoot(target))
                flushReaders(*root, loc, true);
            target = exprs_.lowerArray(*aug.target);
            NodePtr rhs = exprs_.lowerArray(*aug.value);
            NodePtr result = exprs_.binary(op, target, rhs, loc);
            inPlace(target, result, op, loc);
            return;
        }
        if (auto *sub = aug.target->as<syntax::Subscript>()) {
            prepareStore(*sub, loc);
            NodePtr target = exprs_.lowerArray(*aug.target);
            if (!viewRoot(target))
                throw UserError(aug.target->loc, "npc can only update parameters, local arrays "
                                                 "and views of them in place");
            NodePtr rhs = exprs_.lowerArray(*aug.value);
            NodePtr result = exprs_.binary(op, target, rhs, loc);
            if (target->type.rank() == 0) { // an element: read, computed, stored (unsafe cast)
                store(target, array::makeCast(result, target->type.dtype, loc), loc);
                return;
            }
            inPlace(target, result, op, loc);
            return;
        }
        throw UserError(aug.target->loc, "augmented assignment needs a name or a subscript");
    }

    /// The in-place ufunc `target op= ...`: NumPy's same_kind casting back to the target.
    void inPlace(const NodePtr &target, const NodePtr &result, array::BinaryOp op, SourceLoc loc) {
        if (!canCastSameKind(result->type.dtype, target->type.dtype))
            throw UserError(loc, fmt::format("Cannot cast ufunc '{}' output from dtype('{}') to "
                                             "dtype('{}') with casting rule 'same_kind'",
                                             array::binaryOpName(op), dtypeName(result->type.dtype),
                                             dtypeName(target->type.dtype)));
        NodePtr value = array::makeCast(result, target->type.dtype, loc);
        if (!shapeEqual(value->type.shape, target->type.shape)) {
            if (value->type.rank() > target->type.rank())
                throw UserError(loc, fmt::format("non-broadcastable output operand with shape {} "
                                                 "doesn't match the broadcast shape {}",
                                                 shapeStr(target->type.shape),
                                                 shapeStr(value->type.shape)));
            value = broadcastChecked(value, target->type.shape, loc);
        }
        store(target, value, loc);
    }

    // ---- loops and branches -------------------------------------------------------------
    /// Unified types of `names` after running `lowerBody` from the current state, then
    /// the state restored. Names that are unbound at the end are absent.
    std::map<std::string, array::Type> dryRun(const std::function<void()> &lowerBody,
                                              const std::set<std::string> &names) {
        auto env = exprs_.env();
        size_t vars = f_.variables.size();
        auto mutableVars = mutableVars_;
        bool hasReturns = hasValueReturns_;
        std::vector<array::StmtPtr> scratch;
        blocks_.push_back(&scratch);
        bool saved = dry_;
        dry_ = true;
        std::map<std::string, array::Type> out;
        try {
            lowerBody();
        } catch (...) {
            blocks_.pop_back();
            dry_ = saved;
            exprs_.setEnv(env);
            f_.variables.resize(vars);
            mutableVars_ = mutableVars;
            throw;
        }
        for (const std::string &n : names) {
            auto it = exprs_.env().find(n);
            if (it != exprs_.env().end() && it->second.kind == Value::Array)
                out[n] = it->second.node->type;
        }
        blocks_.pop_back();
        dry_ = saved;
        exprs_.setEnv(env);
        f_.variables.resize(vars);
        mutableVars_ = mutableVars;
        hasValueReturns_ = hasReturns;
        return out;
    }

    static array::Type unify(const array::Type &a, const array::Type &b, const std::string &name,
                             SourceLoc loc) {
        if (a.rank() != b.rank() || !shapeEqual(a.shape, b.shape))
            throw UserError(loc, fmt::format("'{}' is assigned values of shape {} and {}; npc needs "
                                             "a variable assigned in a loop or branch to keep its "
                                             "shape",
                                             name, shapeStr(a.shape), shapeStr(b.shape)));
        PromotionType p = promote({a.dtype, a.weak}, {b.dtype, b.weak});
        return array::Type{p.dtype, a.shape, p.weak};
    }

    /// Turns name `name` into a variable of type `t` holding its current value (if any).
    void makeMutable(const std::string &name, const array::Type &t, SourceLoc loc) {
        auto it = mutableVars_.find(name);
        if (it != mutableVars_.end() && f_.variables[static_cast<size_t>(it->second)].type.dtype == t.dtype &&
            f_.variables[static_cast<size_t>(it->second)].type.weak == t.weak)
            return;
        auto bound = exprs_.env().find(name);
        if (bound != exprs_.env().end() && bound->second.kind == Value::Array &&
            bound->second.node->type.rank() > 0) {
            const array::Node *root = viewRoot(bound->second.node);
            if (root && root->kind == NodeKind::Param)
                shadowsArgument_.insert(name);
        }
        int var = newVariable(name, t);
        if (bound != exprs_.env().end() && bound->second.kind == Value::Array) {
            NodePtr init = convertTo(bound->second.node, t, name, loc);
            let(var, init, loc);
        }
        mutableVars_[name] = var;
        exprs_.bind(name, Value::array(varNode(var, loc), loc));
    }

    /// Prepares the names a loop body uses: arrays it updates in place get memory,
    /// expensive lazy values it reads are evaluated once, before the loop, and names it
    /// assigns become variables whose types hold every value they take.
    void prepareLoop(const syntax::Block &body, const std::function<void()> &lowerOnce,
                     const std::set<std::string> &extraAssigned, SourceLoc loc) {
        BlockNames names;
        collectNames(body, names);
        names.assigned.insert(extraAssigned.begin(), extraAssigned.end());
        names.rebound.insert(extraAssigned.begin(), extraAssigned.end());
        dropInPlaceUpdates(names);
        preflushMutated(names.mutated, loc);
        for (const std::string &n : names.read) {
            auto it = exprs_.env().find(n);
            if (it == exprs_.env().end() || it->second.kind != Value::Array || isCheap(it->second.node))
                continue;
            NodePtr old = it->second.node;
            rebindAll(old, materialize(old, n, loc), loc);
        }
        // Variable types: iterate to a fixed point (a Python int accumulator that meets a
        // float becomes float64).
        std::map<std::string, array::Type> types;
        for (const std::string &n : names.assigned) {
            auto it = exprs_.env().find(n);
            if (it != exprs_.env().end() && it->second.kind == Value::Array)
                types[n] = it->second.node->type;
        }
        for (int round = 0; round < 4; ++round) {
            for (const auto &[n, t] : types)
                makeMutable(n, t, loc);
            auto after = dryRun(lowerOnce, names.assigned);
            bool changed = false;
            for (const auto &[n, t] : after) {
                auto it = types.find(n);
                if (it == types.end()) {
                    if (t.rank() == 0) { // first assigned in the loop: a scalar survives it
                        types[n] = t;
                        changed = true;
                    }
                    continue;
                }
                array::Type u = unify(it->second, t, n, loc);
                if (u.dtype != it->second.dtype || u.weak != it->second.weak) {
                    it->second = u;
                    changed = true;
                }
            }
            if (!changed)
                break;
        }
        for (const auto &[n, t] : types)
            makeMutable(n, t, loc);
        loopLocal_ = {};
        for (const std::string &n : names.assigned)
            if (!types.count(n))
                loopLocal_.insert(n);
    }

    /// Before a loop or branch that updates arrays in place: they get memory, and lazy
    /// values that read that memory are evaluated now (inside, they would be evaluated
    /// where the first update happens, on every iteration or on one path only).
    void preflushMutated(const std::set<std::string> &mutated, SourceLoc loc) {
        for (const std::string &n : mutated) {
            auto it = exprs_.env().find(n);
            if (it == exprs_.env().end() || it->second.kind != Value::Array ||
                it->second.node->type.rank() == 0)
                continue;
            NodePtr buffer = ensureBuffer(n, loc);
            if (const array::Node *root = viewRoot(buffer))
                flushReaders(*root, loc, true);
        }
    }

    /// `a op= v` on an array updates it in place (its memory, the caller's for an
    /// argument): such names are not rebound, so they need no variable.
    void dropInPlaceUpdates(BlockNames &names) const {
        for (auto it = names.assigned.begin(); it != names.assigned.end();) {
            auto bound = exprs_.env().find(*it);
            bool array = bound != exprs_.env().end() && bound->second.kind == Value::Array &&
                         bound->second.node->type.rank() > 0;
            if (array && !names.rebound.count(*it))
                it = names.assigned.erase(it);
            else
                ++it;
        }
    }

    /// After a loop: arrays first assigned inside it are not available (npc keeps no
    /// buffer for them past the loop).
    void forgetLoopLocals(const std::set<std::string> &locals, SourceLoc loc) {
        for (const std::string &n : locals)
            exprs_.bind(n, Value{Value::Unbound, nullptr, {}, {},
                                 fmt::format("'{}' is assigned only inside the loop above; "
                                             "assign it before the loop to use it afterwards",
                                             n),
                                 loc});
    }

    void forLoop(const syntax::For &loop, SourceLoc loc) {
        auto *target = loop.target->as<syntax::Name>();
        if (!target)
            throw UserError(loop.target->loc, "npc supports 'for NAME in range(...)' loops only");
        auto *call = loop.iter->as<syntax::Call>();
        auto *fn = call ? call->func->as<syntax::Name>() : nullptr;
        if (!fn || fn->id != "range" || exprs_.env().count("range"))
            throw UserError(loop.iter->loc, "npc supports 'for' loops over range(...) only");
        if (!call->keywords.empty() || call->args.empty() || call->args.size() > 3)
            throw UserError(loop.iter->loc, "range() takes 1 to 3 integer arguments");
        std::vector<NodePtr> bounds;
        for (const syntax::ExprPtr &a : call->args) {
            NodePtr b = exprs_.lowerArray(*a);
            if (b->type.rank() != 0 || !isInteger(b->type.dtype))
                throw UserError(a->loc, fmt::format("'{}' object cannot be interpreted as an integer",
                                                    b->type.rank() ? "numpy.ndarray"
                                                                   : std::string(dtypeName(b->type.dtype))));
            bounds.push_back(array::makeCast(b, DType::Int64, a->loc));
        }
        NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
        NodePtr one = array::makeIntConstant(1, DType::Int64, false, loc);
        NodePtr start = bounds.size() > 1 ? bounds[0] : zero;
        NodePtr stop = bounds.size() > 1 ? bounds[1] : bounds[0];
        NodePtr step = bounds.size() > 2 ? bounds[2] : one;
        // range() evaluates its arguments once, before the loop.
        for (NodePtr *b : {&start, &stop, &step})
            if (!isCheap(*b))
                *b = materialize(*b, "bound", loc);

        auto lowerBody = [&]() {
            ++loopDepth_;
            lowerBlock(loop.body, true);
            --loopDepth_;
        };
        std::set<std::string> counter{target->id};
        // The counter is an int64 variable (a Python int: weak), set by the loop.
        auto existing = mutableVars_.find(target->id);
        if (existing == mutableVars_.end() ||
            f_.variables[static_cast<size_t>(existing->second)].type.rank() != 0 ||
            f_.variables[static_cast<size_t>(existing->second)].type.dtype != DType::Int64) {
            int counterVar = newVariable(target->id, array::Type{DType::Int64, {}, true});
            mutableVars_[target->id] = counterVar;
            exprs_.bind(target->id, Value::array(varNode(counterVar, loc), loc));
        }
        prepareLoop(loop.body, lowerBody, counter, loc);
        array::Stmt st;
        st.kind = StmtKind::For;
        st.loc = loc;
        st.var = mutableVars_.at(target->id);
        st.start = start;
        st.stop = stop;
        st.step = step;
        emitLoop(std::move(st), lowerBody, loc);
    }

    /// Lowers a prepared loop's body into `st` (a For or While), emits it, and unbinds
    /// the arrays first assigned inside it.
    void emitLoop(array::Stmt st, const std::function<void()> &lowerBody, SourceLoc loc) {
        std::set<std::string> locals = loopLocal_;
        blocks_.push_back(&st.body);
        lowerBody();
        blocks_.pop_back();
        emit(std::move(st));
        forgetLoopLocals(locals, loc);
    }

    NodePtr condition(const syntax::Expr &test) {
        NodePtr c = exprs_.lowerArray(test);
        if (c->type.rank() != 0)
            throw UserError(test.loc, "The truth value of an array with more than one element is "
                                      "ambiguous. Use a.any() or a.all()");
        if (!isBool(c->type.dtype)) // Python truthiness: non-zero
            c = exprs_.binary(array::BinaryOp::NotEqual, c,
                              array::makeIntConstant(0, DType::Int64, true, test.loc), test.loc);
        return c;
    }

    void whileLoop(const syntax::While &loop, SourceLoc loc) {
        // `while c: body` is `loop { if not c: break; body }`: the condition and what it
        // needs are evaluated at the top of each iteration.
        auto lowerBody = [&]() {
            ++loopDepth_;
            NodePtr c = condition(*loop.test);
            array::Stmt exit;
            exit.kind = StmtKind::If;
            exit.loc = loop.test->loc;
            exit.value = array::makeUnary(array::UnaryOp::LogicalNot, c, DType::Bool, loop.test->loc);
            array::Stmt brk;
            brk.kind = StmtKind::Break;
            brk.loc = loop.test->loc;
            exit.body.push_back(std::make_shared<const array::Stmt>(std::move(brk)));
            emit(std::move(exit));
            lowerBlock(loop.body, true, loop.test.get());
            --loopDepth_;
        };
        prepareLoop(loop.body, lowerBody, {}, loc);
        {
            BlockNames testNames;
            collectReads(*loop.test, testNames.read);
            for (const std::string &n : testNames.read) {
                auto it = exprs_.env().find(n);
                if (it != exprs_.env().end() && it->second.kind == Value::Array && !isCheap(it->second.node))
                    rebindAll(it->second.node, materialize(it->second.node, n, loc), loc);
            }
        }
        array::Stmt st;
        st.kind = StmtKind::While;
        st.loc = loc;
        emitLoop(std::move(st), lowerBody, loc);
    }

    void ifStatement(const syntax::If &branch, SourceLoc loc) {
        NodePtr cond = condition(*branch.test);
        BlockNames names;
        collectNames(branch.body, names);
        collectNames(branch.orelse, names);
        dropInPlaceUpdates(names);
        preflushMutated(names.mutated, loc);
        auto thenTypes = dryRun([&] { lowerBlock(branch.body); }, names.assigned);
        auto elseTypes = dryRun([&] { lowerBlock(branch.orelse); }, names.assigned);
        bool thenEnds = terminates(branch.body), elseEnds = terminates(branch.orelse);
        std::map<std::string, array::Type> types;
        std::set<std::string> maybeUnbound;
        for (const std::string &n : names.assigned) {
            auto before = exprs_.env().find(n);
            std::optional<array::Type> t;
            auto add = [&](const std::map<std::string, array::Type> &m, bool ends) {
                auto it = m.find(n);
                if (ends)
                    return true;
                if (it == m.end())
                    return false;
                t = t ? unify(*t, it->second, n, loc) : it->second;
                return true;
            };
            bool inThen = add(thenTypes, thenEnds), inElse = add(elseTypes, elseEnds);
            bool wasBound = before != exprs_.env().end() && before->second.kind == Value::Array;
            if (wasBound)
                t = t ? unify(before->second.node->type, *t, n, loc) : before->second.node->type;
            if (!t)
                continue;
            if (!wasBound && !(inThen && inElse)) {
                maybeUnbound.insert(n);
                continue;
            }
            types[n] = *t;
        }
        for (const auto &[n, t] : types)
            makeMutable(n, t, loc);
        auto env = exprs_.env();
        array::Stmt st;
        st.kind = StmtKind::If;
        st.loc = loc;
        st.value = cond;
        blocks_.push_back(&st.body);
        lowerBlock(branch.body);
        blocks_.pop_back();
        exprs_.setEnv(env);
        blocks_.push_back(&st.orelse);
        lowerBlock(branch.orelse);
        blocks_.pop_back();
        exprs_.setEnv(env);
        emit(std::move(st));
        for (const std::string &n : maybeUnbound)
            exprs_.bind(n, Value{Value::Unbound, nullptr, {}, {},
                                 fmt::format("'{}' is assigned in only one branch of the 'if' above; "
                                             "assign it before the 'if' or in both branches",
                                             n),
                                 loc});
    }

    // ---- calls of the file's functions ----------------------------------------------------
    /// Inlines a call of function `name` of the file: Python's argument binding, the
    /// callee's statements lowered here with its own names, its final `return` the value.
    Value callLocal(const std::string &name, const CallArgs &args) {
        auto def = std::find_if(module_.functions.begin(), module_.functions.end(),
                                [&](const syntax::FunctionDef &f) { return f.name == name; });
        NPC_ASSERT(def != module_.functions.end(), "call of an unknown local function");
        if (std::find(callStack_.begin(), callStack_.end(), name) != callStack_.end() ||
            name == def_.name)
            throw UserError(args.loc, fmt::format("'{}' calls itself (recursion); npc inlines "
                                                  "calls and cannot compile recursive functions",
                                                  name));
        std::vector<ParamSpec> spec;
        for (const std::string &p : def->params)
            spec.push_back({p.c_str(), true});
        std::vector<std::optional<Value>> bound = lowering::bind(args, spec);
        const syntax::Block &body = def->body;
        for (size_t i = 0; i + 1 < body.size(); ++i)
            if (hasReturn(*body[i]))
                throw UserError(body[i]->loc, fmt::format("npc inlines '{}' and needs its only "
                                                          "'return' to be its last statement",
                                                          name));
        // An array the callee updates in place must be memory the caller's names share.
        BlockNames calleeNames;
        collectNames(body, calleeNames);
        for (size_t i = 0; i < def->params.size(); ++i) {
            Value &v = *bound[i];
            if (v.kind == Value::Array && v.node->type.rank() > 0 && !viewRoot(v.node) &&
                calleeNames.mutated.count(def->params[i])) {
                NodePtr old = v.node;
                v.node = materialize(old, def->params[i], args.loc);
                rebindAll(old, v.node, args.loc);
            }
        }
        // The callee's own scope: the module's names and its parameters.
        auto callerEnv = exprs_.env();
        auto callerVars = mutableVars_;
        auto callerFrames = frames_;
        auto callerAliases = aliases_;
        int callerLoops = loopDepth_;
        std::map<std::string, Value> env = globals_;
        for (size_t i = 0; i < def->params.size(); ++i)
            env[def->params[i]] = *bound[i];
        exprs_.setEnv(std::move(env));
        outerEnvs_.push_back(&callerEnv);
        mutableVars_.clear();
        frames_.clear();
        aliases_.clear();
        loopDepth_ = 0;
        callStack_.push_back(name);
        Value result{Value::None, nullptr, {}, {}, {}, args.loc};
        auto restore = [&] {
            outerEnvs_.pop_back();
            callStack_.pop_back();
            exprs_.setEnv(callerEnv);
            mutableVars_ = callerVars;
            frames_ = callerFrames;
            aliases_ = callerAliases;
            loopDepth_ = callerLoops;
        };
        try {
            frames_.push_back({&body, 0, false, nullptr});
            for (size_t i = 0; i < body.size(); ++i) {
                frames_.back().index = i;
                if (auto *ret = body[i]->as<syntax::Return>()) {
                    if (ret->value)
                        result = exprs_.lower(*ret->value);
                    break;
                }
                lowerStatement(*body[i]);
            }
        } catch (...) {
            restore();
            throw;
        }
        restore();
        return result;
    }

    static bool hasReturn(const syntax::Stmt &st) {
        if (st.as<syntax::Return>())
            return true;
        auto any = [](const syntax::Block &b) {
            return std::any_of(b.begin(), b.end(), [](const syntax::StmtPtr &s) { return hasReturn(*s); });
        };
        if (auto *i = st.as<syntax::If>())
            return any(i->body) || any(i->orelse);
        if (auto *f = st.as<syntax::For>())
            return any(f->body);
        if (auto *w = st.as<syntax::While>())
            return any(w->body);
        return false;
    }

    // ---- returns ----------------------------------------------------------------------
    std::vector<NodePtr> returnValues(const syntax::Return &ret, SourceLoc loc, bool &tuple) {
        tuple = false;
        if (!ret.value)
            return {};
        Value v = exprs_.lower(*ret.value);
        if (v.kind == Value::None)
            return {};
        std::vector<Value> values = v.kind == Value::Tuple ? v.elements : std::vector{v};
        tuple = v.kind == Value::Tuple;
        std::vector<NodePtr> out;
        for (const Value &item : values) {
            if (item.kind != Value::Array)
                throw UserError(item.loc.valid() ? item.loc : loc,
                                "only arrays and numbers can be returned");
            out.push_back(item.node);
        }
        std::vector<array::Type> types;
        for (const NodePtr &n : out)
            types.push_back(n->type);
        if (returnTypes_ && !dry_)
            returnTypes_->push_back(types);
        if (!resultTypes_.empty()) {
            if (resultTypes_.size() != out.size())
                throw UserError(loc, "every 'return' of a function must return the same number "
                                     "of values");
            for (size_t i = 0; i < out.size(); ++i) {
                if (resultTypes_[i].rank() != out[i]->type.rank())
                    throw UserError(loc, "every 'return' of a function must return values of the "
                                         "same number of dimensions");
                out[i] = exprs_.castTo(out[i], resultTypes_[i].dtype, loc);
            }
        }
        return out;
    }

    void finalReturn(const syntax::Return &ret, SourceLoc loc) {
        bool tuple = false;
        f_.results = returnValues(ret, loc, tuple);
        f_.returnsTuple = tuple;
        if (hasValueReturns_ && f_.results.empty())
            throw UserError(loc, "this 'return' returns None but another returns a value");
    }

    void earlyReturn(const syntax::Return &ret, SourceLoc loc) {
        bool tuple = false;
        array::Stmt st;
        st.kind = StmtKind::Return;
        st.loc = loc;
        st.values = returnValues(ret, loc, tuple);
        if (!st.values.empty()) {
            hasValueReturns_ = true;
            f_.returnsTuple = tuple;
        }
        emit(std::move(st));
    }

    const syntax::FunctionDef &def_;
    const syntax::Module &module_;
    std::map<std::string, Value> globals_; ///< the module's names (callees' scope)
    std::vector<std::string> callStack_;   ///< functions being inlined
    std::vector<std::map<std::string, Value> *> outerEnvs_; ///< their callers' names
    ExprLowering exprs_;
    std::vector<array::Type> resultTypes_;
    std::vector<std::vector<array::Type>> *returnTypes_ = nullptr;
    array::Function f_;
    std::vector<array::StmtPtr> body_;
    std::vector<std::vector<array::StmtPtr> *> blocks_;
    std::map<std::string, int> mutableVars_; ///< names that are Variables, by index
    std::set<std::string> loopLocal_;
    /// Names of argument arrays that became variables (copies) in a loop or branch.
    std::set<std::string> shadowsArgument_;
    struct Frame {
        const syntax::Block *block;
        size_t index;               ///< the statement being lowered
        bool loop;                  ///< a loop body
        const syntax::Expr *test;   ///< a while loop's condition
    };
    std::vector<Frame> frames_;     ///< the blocks around the current statement
    struct Alias {
        std::string source;  ///< the name assigned from
        NodeKind kind;       ///< the source's memory: a Param or Var ...
        int param;           ///< ... of this index
        int var;             ///< the variable assigned
    };
    /// Variables assigned a view of another name's array (kept across dry runs, so an
    /// update earlier in a loop body than the assignment is caught too).
    std::map<std::string, Alias> aliases_;
    int loopDepth_ = 0;
    bool dry_ = false;
    /// The body has more than assignments to names and a final return (straight-line
    /// functions are scheduled as one DAG, which shares values by itself).
    bool hasStatements_ = false;
    bool hasValueReturns_ = false;
};

} // namespace

array::Function lowerFunction(const syntax::FunctionDef &def, const syntax::Module &module,
                              std::map<std::string, Value> globals, const Signature &sig,
                              const std::vector<array::Type> &resultTypes,
                              std::vector<std::vector<array::Type>> *returnTypes) {
    return FunctionLowering(def, module, std::move(globals), resultTypes).run(sig, returnTypes);
}

} // namespace npc::lowering
