// Private to the frontend's statement lowering: what Python statements read, assign and
// update (syntactic), and facts about array-IR values that decide when a lazy value must
// be evaluated into memory.
#pragma once

#include "frontend/Syntax.h"
#include "ir/ArrayIR.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

namespace npc::lowering {

/// Names a block assigns (targets of `=`, `op=` on names, `for` targets) and the names
/// of arrays it updates in place (`a[...] = v`, `a[...] op= v`, `a op= v`), and reads.
struct BlockNames {
    std::set<std::string> assigned, mutated, read;
    std::set<std::string> rebound; ///< assigned by `=` or `for` (not only by `op=`)
};

/// Adds the names `e` reads to `out` (every Name in it), except inside the calls `skip`
/// (if given) returns true for.
void collectReads(const syntax::Expr &e, std::set<std::string> &out,
                  const std::function<bool(const syntax::Call &)> &skip = {});
/// collectReads of an optional expression.
void collectReadsOpt(const syntax::ExprPtr &e, std::set<std::string> &out);
/// Calls `expr` on each expression of `st` (targets, values, tests, iterables) and
/// `block` on each block nested in it, in source order.
void forEachPart(const syntax::Stmt &st, const std::function<void(const syntax::Expr &)> &expr,
                 const std::function<void(const syntax::Block &)> &block);
using CallVisitor = std::function<void(const syntax::Call &)>;
/// Calls `fn` on every call in `e` (calls in its arguments too).
void forEachCall(const syntax::Expr &e, const CallVisitor &fn);
/// Calls `fn` on every call in `st` (nested statements too).
void forEachCall(const syntax::Stmt &st, const CallVisitor &fn);
/// Adds what the statements of `block` (nested blocks too) assign, update and read.
void collectNames(const syntax::Block &block, BlockNames &out);

/// collectNames, and the names of the functions called (`f(...)`), of statements,
/// remembered by the statement's address (the syntax tree outlives it): the branches of
/// an elif chain nest, and each level asks about all the levels below it, so without
/// the memo a chain of n branches costs n^2.
class StatementFacts {
public:
    /// collectNames of `block`, from the statements' remembered facts.
    void collectNames(const syntax::Block &block, BlockNames &out);
    /// The names that calls in `st` (nested statements too) call by name: `f` of `f(x)`.
    const std::set<std::string> &callees(const syntax::Stmt &st);
    /// What `st` (nested statements too) assigns, updates and reads.
    const BlockNames &names(const syntax::Stmt &st);

private:
    std::unordered_map<const syntax::Stmt *, BlockNames> names_;
    std::unordered_map<const syntax::Stmt *, std::set<std::string>> callees_;
};
/// True when `test` is the literal `True` or a non-zero integer literal (`while 1:`).
bool alwaysTrue(const syntax::Expr &test);
/// True when `st` is `while True:` (or `while 1:`) with no `break` of its own: control
/// leaves it only by `return` (Python's compiler treats the code after it as unreachable).
bool loopsForever(const syntax::Stmt &st);
/// True when control cannot fall off the end of `block` (return, break or continue last,
/// an endless loop (loopsForever) last, or an if/else whose branches both end so).
bool terminates(const syntax::Block &block);
/// True when every path through `block` ends in a `return` (or an endless loop).
bool alwaysReturns(const syntax::Block &block);

/// What one statement does with a name: reads it (anywhere in it: conservative for
/// branches), surely rebinds it first (`name = ...`, or ends the function: `return`),
/// or neither.
enum class Use { None, Read, Killed };
Use useIn(const syntax::Stmt &st, const std::string &name);

/// NumPy's 'same_kind' casting between npc's dtypes (in-place ufuncs: `a += b`).
bool canCastSameKind(DType from, DType to);
/// The ufunc of an augmented assignment operator; UserError for `@=`.
array::BinaryOp augmentedOp(syntax::BinaryOp op, SourceLoc loc);
/// True when `n` reads the memory of `root` (a Param or Var, compared by index).
bool readsRoot(const array::NodePtr &n, const array::Node &root);
/// True when `n` is `root` seen through views (basic indexing, transpose, reshape,
/// broadcast_to): it aliases root's memory, as a NumPy view does.
bool isViewOf(const array::NodePtr &n, const array::Node &root);
/// A value cheap to recompute wherever it is used: leaves and views of them.
bool isCheap(const array::NodePtr &n);
/// True when `n` reads any local variable.
bool readsVariable(const array::NodePtr &n);
/// True when extent `d` follows from the arguments alone: constants, the arguments'
/// extents and scalar arguments, combined with scalar arithmetic (known on entry), not
/// from values the function body computes (a loop counter, a sum).
bool followsFromArguments(const Dim &d);
/// True when `n` reads an argument's or a variable's memory.
bool readsMemory(const array::NodePtr &n);
/// True when recomputing `n` costs more than reading it from memory: it reduces, or
/// calls a transcendental function.
bool costly(const array::NodePtr &n);
/// The shape a name assigned values of shapes `a` and `b` in a loop or branch keeps:
/// theirs where their extents are equal, and where one is the broadcast of the other with
/// further extents (dimBroadcastOf: `w = w - lr * g`), the other one, which the assignment
/// checks at run time (FunctionLowering::convertTo). Two unrelated extents, each an
/// argument's extent or a constant (`v = A @ v`: `A.shape[0]` and
/// `v.shape[0]`), keep `a`'s, also checked at run time. Nullopt for any other difference
/// (two different constants, a slice of the other extent).
std::optional<Shape> keptShape(const Shape &a, const Shape &b);
/// The root (Param or Var) a chain of basic-indexing views starts from, or null.
const array::Node *viewRoot(const array::NodePtr &n);
/// The root (Param or Var) a chain of views of any kind (basic indexing, transpose,
/// reshape, broadcast_to) starts from, or null.
const array::Node *anyViewRoot(const array::NodePtr &n);
/// True for a view of a parameter or variable through a transpose, reshape or
/// broadcast_to: npc writes only through basic indexing.
bool shapeView(const array::NodePtr &n);
/// True when `n` (of rank > 0) views the array of rank > 0 that is its operand: basic
/// indexing, transpose, reshape or broadcast_to of it. Not an element (a NumPy scalar, a
/// copy), nor a broadcast number (np.zeros(n)).
bool viewsOperand(const array::Node &n);
/// For `z.real`, `z.imag` (numpy.real, numpy.imag) of a complex parameter or variable `z`,
/// or a view of one: the root `z`, else null. NumPy returns a view of z's memory; npc
/// computes a value, so writes through it or to `z` while it is live are refused.
const array::Node *complexPartRoot(const array::NodePtr &n);

} // namespace npc::lowering
