// Private to the frontend's statement lowering (LowerStatements.cpp, LowerAssign.cpp,
// LowerLoops.cpp, LowerCalls.cpp): the state of lowering one function's body to array IR.
//
// Names bound to arrays stay lazy (a DAG the scheduler may fuse) until something needs
// them in memory: a loop that reads them (evaluated once, before the loop), an in-place
// update (a buffer to write), or a loop or branch that assigns them (a Variable whose
// type is the NEP 50 promotion of every value it takes, found by lowering the body once
// without keeping the result).
#pragma once

#include "frontend/LowerContext.h"
#include "frontend/Signature.h"
#include "frontend/StatementAnalysis.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace npc::lowering {

using array::NodeKind;
using array::NodePtr;
using array::StmtKind;

/// The error for a store through a boolean mask after other indices (LowerAssign.cpp).
extern const char *const kMaskAfterIndices;
/// True for `x[:, mask]` as a store target: a mask gathered from a transposed view
/// (advancedIndex moves the masked axes first).
bool maskAfterIndices(const NodePtr &t);

/// Lowers one function body (see lowerFunction in LowerStatements.h). Its members are
/// defined by topic: emission and statements in LowerStatements.cpp, assignment and
/// in-place updates in LowerAssign.cpp, loops and branches in LowerLoops.cpp, inlined
/// calls and returns in LowerCalls.cpp.
class FunctionLowering {
public:
    FunctionLowering(const syntax::FunctionDef &def, const syntax::Module &module,
                     std::map<std::string, Value> globals,
                     const std::vector<array::Type> &resultTypes)
        : def_(def), module_(module), globals_(globals), exprs_(std::move(globals)),
          resultTypes_(resultTypes) {
        exprs_.setLocalCall([this](const std::string &name, const CallArgs &args) {
            return callLocal(name, args);
        });
        exprs_.setPosition([this] {
            return std::pair<const void *, uint64_t>{blocks_.back(), emitted_};
        });
        exprs_.setMaterializer(
            [this](const NodePtr &n, SourceLoc loc) { return materialize(n, "t", loc); });
        exprs_.setConditional([this](const NodePtr &cond, const ExprLowering::Branch &then,
                                     const ExprLowering::Branch &orelse, SourceLoc loc) {
            return conditional(cond, then, orelse, loc);
        });
    }

    array::Function run(const Signature &sig, std::vector<std::vector<array::Type>> *returnTypes);
    static array::Type paramType(const ArgType &t, int index, const std::string &name);
    /// True when `st` is a `return` or contains one.
    static bool hasReturn(const syntax::Stmt &st);

    /// The default value of `def`'s parameter `i`, evaluated in the module's scope
    /// (`globals`), as Python does; UserError unless it is a constant (kConstantDefaults).
    static Value defaultValue(const syntax::FunctionDef &def, size_t i,
                              const std::map<std::string, Value> &globals);

private:
    /// The memory of an array: a Param or Var node's kind and index.
    using ArrayRoot = std::pair<NodeKind, int>;

    // ---- emission ---------------------------------------------------------------------
    void emit(array::Stmt st);
    /// UserError where a tuple assignment that copies the arrays of the variables
    /// `assigned` (a swap `p, q = q, p` in a loop) leaves a name not among `targets`
    /// holding one of them or a view of it: NumPy's name keeps the array, npc's would see
    /// the other one's values.
    void copyingSwap(const std::set<std::string> &targets, const std::set<int> &assigned,
                     SourceLoc loc);
    /// Appends Python's str() of `v` (a raise message's f-string value at `loc`) to `text`:
    /// strings, None, dtypes, ints and bools known at compile time, tuples of them; an int or
    /// bool only the run time knows ends `text` as one of `raise`'s pieces and becomes one
    /// of its values. UserError for floats and arrays.
    void formatInto(const Value &v, SourceLoc loc, std::string &text, array::Stmt &raise);
    int newVariable(const std::string &name, array::Type type, SourceLoc loc = {},
                    std::string why = {});
    NodePtr varNode(int var, SourceLoc loc);
    /// `var = value` (array::StmtKind::Let; see Stmt::takesStorage).
    void let(int var, NodePtr value, SourceLoc loc, bool takesStorage = false);

    /// Evaluates `n` now into a fresh variable; returns the variable's value. `why`, when
    /// given, explains the copy in errors about the variable (its shape).
    NodePtr materialize(const NodePtr &n, const std::string &hint, SourceLoc loc,
                        std::string why = {});

    /// `then() if cond else orelse()` evaluating only the branch taken: a variable of
    /// the promoted type, assigned in an If statement.
    NodePtr conditional(const NodePtr &cond, const ExprLowering::Branch &then,
                        const ExprLowering::Branch &orelse, SourceLoc loc);

    /// Rebinds every name bound to `old` (aliases: `d = c`) to `replacement`, and every
    /// name bound to a view of `old` (`v = c[1:]`, `c.T`, `c.reshape(...)`) to the same view
    /// of `replacement`, as NumPy's views share their base's memory. `callers`: in the
    /// callers' names too (of the functions being inlined).
    void rebindAll(const NodePtr &old, const NodePtr &replacement, SourceLoc loc,
                   bool callers = false);

    /// Makes name `name` refer to memory (a Param, a Var, or a view of one), evaluating
    /// its lazy value into a new variable if needed. A lazy value that other live names
    /// share (`d = c`, `v = c[1:]`: one array in Python) is evaluated once, and all of
    /// them then refer to that variable, so that writes through one are seen by the
    /// others. Returns the node. UserError for writes through a transpose, reshape or
    /// broadcast view, or through `z.real`/`z.imag`.
    NodePtr ensureBuffer(const std::string &name, SourceLoc loc);
    /// True when `a` and `b` are the same array value: equal, or one bound to a name as a
    /// renamed copy of the other (renamed_).
    bool sameArray(const array::Node *a, const array::Node *b) const;
    /// True when `n` is the array `base` (sameArray) seen through views of rank > 0
    /// (basic indexing, transpose, reshape, broadcast_to); an element (rank 0) is a
    /// NumPy scalar, a copy.
    bool viewsArray(const NodePtr &n, const array::Node &base) const;
    /// The array `name`'s lazy value `n` views that another live name's value also views
    /// (Python's shared memory; the deepest one), else `n` itself.
    NodePtr sharedBase(const std::string &name, const NodePtr &n) const;
    /// Runs `dryRuns` (dryRun calls over a branch, loop or inlined body) and then gives the
    /// names whose lazy values they wrote through another name (`v = y[1:]; v += 1` writes
    /// y) memory, now, before the statement: evaluated there, the variable would be
    /// assigned only on the paths that reach the write.
    void storeWrittenThrough(const std::function<void()> &dryRuns, SourceLoc loc);
    /// In a dry run: `name` is assigned `value`, an array other names' lazy value is, or a
    /// view of it (`e = c[1:]` in a branch). Assigned in a loop or branch, `name` becomes a
    /// variable holding a copy; for writes through it to be caught as aliasing (or seen),
    /// that array is made memory before the statement (storeWrittenThrough).
    void noteLazyAlias(const std::string &name, const NodePtr &value);
    /// In a dry run: the names (here and in the callers; not `*except`) whose value is
    /// `array` (sameArray) go to writtenThrough_.
    void noteWrittenThrough(const array::Node &array, const std::string *except);

    /// Before the memory of `root` changes: names whose lazy values read it (other than
    /// views of it, which must see the change) are evaluated now, as Python did.
    /// `beforeValue`: called before the current statement's right side is lowered (it
    /// may read those names too). `rebound`: the variable `root` is assigned a new value,
    /// which in Python is another array: names viewing the old one (other than `rebound`,
    /// the name assigned) keep its elements, so they are evaluated now too.
    void flushReaders(const array::Node &root, SourceLoc loc, bool beforeValue = false,
                      const std::string *rebound = nullptr);
    /// Whether the statements after the current one (the rest of the enclosing blocks, and
    /// all of an enclosing loop's body, run again) may update `name`'s array in place:
    /// `name[...] = v`, `name op= v`, or a call of a module function that updates it.
    bool updatedLater(const std::string &name) const;
    /// Before `name = value` copies `value`, a lazy array, into the variable of `name` (a
    /// name assigned in a loop or branch): when another live name holds that array or a
    /// view of it (`t = x * 2; x = t`: one array in Python) and a later update may go
    /// through one name and be read through the other, the array is evaluated into memory
    /// first, so that the alias is recorded (recordAlias) and the update refused
    /// (checkNotAliased) instead of missing the other name. Returns the value, viewing
    /// that memory if it was made.
    NodePtr shareBeforeCopy(const std::string &name, const NodePtr &value, SourceLoc loc);

    // ---- statements -------------------------------------------------------------------
    /// Lowers `block`; `loop`: it is a loop body (run again after its end), whose
    /// condition `test` (a while loop's) is evaluated before each run. `newArrays`, when
    /// given, receives the names the block leaves holding a new array (Frame::newArrays).
    void lowerBlock(const syntax::Block &block, bool loop = false,
                    const syntax::Expr *test = nullptr, std::set<std::string> *newArrays = nullptr);

    /// How many times later statements may read `name` before it is rebound: 0, 1, or 2
    /// for more (several statements, or a read inside a loop).
    int laterReads(const std::string &name) const;

    /// Whether the statements after the current one may read `name` before assigning it
    /// (the rest of each enclosing block, the next iterations of enclosing loops).
    bool liveAfter(const std::string &name, bool includeCurrent) const;
    void lowerStatement(const syntax::Stmt &stmt);

    // ---- assignment -------------------------------------------------------------------
    void assignTo(const syntax::Expr &target, const Value &v, SourceLoc loc);
    void assignName(const std::string &name, const Value &v, SourceLoc loc);
    /// The `count` values a tuple target takes from `v` (Python's unpacking): a tuple's
    /// elements, or an array's elements along axis 0 (`dx, dy = p[i] - p[i - 1]`). Python's
    /// ValueError wording when the counts differ (checked at run time for a symbolic extent).
    std::vector<Value> unpack(const Value &v, size_t count, SourceLoc loc);

    /// In Python `u = v` makes `u` and `v` one array; npc copies into `u`'s buffer. The
    /// pair is remembered so that an in-place update of either, while both names still
    /// refer to it, is an error instead of a silent difference.
    void recordAlias(const std::string &name, int var, const NodePtr &value);

    /// Error if `root` is memory that two names share in Python but not in npc.
    void checkNotAliased(const array::Node &root, SourceLoc loc);

    /// `value` as a value of variable type `t`: a safe cast (the variable's dtype is the
    /// promotion of all it holds) and a broadcast to its shape.
    NodePtr convertTo(const NodePtr &value, const array::Type &t, const std::string &name,
                      SourceLoc loc);

    /// Gives the array a subscript writes into memory (a parameter, a variable, or a view
    /// of one) and evaluates the lazy values that read that memory.
    void prepareStore(const syntax::Subscript &sub, SourceLoc loc);
    /// `value` converted for a store into an array of `dtype`, as NumPy 2's setitem does:
    /// cast unsafely, except Python ints, which must fit (requireConvertible for constants;
    /// others raise OverflowError where the store runs), and, through basic indexing
    /// (`basic`: `a[0] = v`, `a[1:] = v`), NumPy integer scalars into a signed integer
    /// dtype, which NumPy converts as Python ints (np.int16(300) into int8 raises; into
    /// uint8 it wraps to 44).
    NodePtr storedValue(const NodePtr &value, DType dtype, SourceLoc loc, bool basic = true);
    void storeSubscript(const syntax::Expr &target, const syntax::Subscript &sub, NodePtr value,
                        SourceLoc loc);

    /// The Param or Var a store into `t` writes: `t` is a view of it (basic indexing), or
    /// one Gather (integer arrays, a boolean mask) of such a view; null otherwise.
    static const array::Node *storeTargetRoot(const NodePtr &t);
    /// True when `shape` has an extent computed in the function (a mask's count).
    static bool dataDependent(const Shape &shape);
    /// True for `x[mask]` as a store target (a gather at a mask's true positions).
    static bool isMaskTarget(const NodePtr &t);
    /// 1-D values for a boolean-mask store, their length checked against the number of true
    /// elements (NumPy's ValueError "... cannot assign N input values to the M output
    /// values where the mask is true").
    NodePtr maskValuesChecked(const NodePtr &v, const Shape &target, SourceLoc loc);

    /// Writes `value` (target's type) into `target`, a view of a Param or Var. `unbuffered`
    /// (np.ufunc.at): an element of `target` that `value` reads elementwise is read where
    /// it is written, so repeated integer-array indices see the earlier writes.
    void store(const NodePtr &target, NodePtr value, SourceLoc loc, bool unbuffered = false);
    /// `value`, to be written into `target` (a view of `root`, or `root` itself), made
    /// safe to write element by element: it may read the elements being written only
    /// where it reads each one for its own element, elementwise (through repeated integer-
    /// array indices only when `unbuffered`); scalars it reads from the target are read
    /// into variables first, and otherwise the whole value is computed into a buffer
    /// (UserError where its extent is data-dependent).
    NodePtr readBeforeWrite(const NodePtr &target, const array::Node &root, NodePtr value,
                            SourceLoc loc, bool unbuffered = false);
    void augmentedAssign(const syntax::AugAssign &aug, SourceLoc loc);
    /// `target op value`, the value computed by an augmented assignment.
    array::NodePtr augmented(array::BinaryOp op, const array::NodePtr &target,
                             const syntax::Expr &value, SourceLoc loc);

    /// The in-place ufunc `target op= ...`: NumPy's same_kind casting back to the target.
    void inPlace(const NodePtr &target, const NodePtr &result, array::BinaryOp op, SourceLoc loc);
    /// np.<ufunc>.at(a, indices[, b]) (LowerUfuncAt.cpp), NumPy's unbuffered in-place
    /// ufunc: `atTarget` is `a[indices]`; each of its elements, in index order, becomes
    /// ufunc(element, b's element), so a repeated index applies the ufunc again (np.add.at
    /// sums where `a[idx] += b` writes once). b is converted as np.asarray does (a Python
    /// number is not weak), the ufunc computes in the promoted dtype and the result is
    /// cast back unsafely, as NumPy 2's ufunc.at does. TypeError for NumPy's argument
    /// errors; ValueError "array is not broadcastable to correct shape" where b does not
    /// broadcast to a[indices]'s shape; IndexError for indices out of bounds.
    /// `a.sort(axis=-1, kind, order, stable)` and `a.fill(value)` as statements
    /// (LowerMethodsInPlace.cpp): `a[...] = np.sort(a, ...)` and `a[...] = value` (NumPy's
    /// ndarray.sort and ndarray.fill). `a` must be a parameter, a local array or a view of
    /// one; a located error otherwise. NumPy's TypeError for fill's argument count and for
    /// sort's axis=None.
    void methodInPlace(const syntax::Call &call, const syntax::Attribute &method, SourceLoc loc);
    /// The array an in-place method or function writes (`array`: `a`, `a[1:]`), its memory
    /// given and its readers evaluated first; a located error naming `function` unless it
    /// is a parameter, a local array or a basic view of one (rank 1 or more).
    NodePtr inPlaceTarget(const syntax::Expr &array, const std::string &function, SourceLoc loc);
    /// `np.copyto(dst, src, casting='same_kind', where=True)` and `np.fill_diagonal(a, val,
    /// wrap=False)` as statements (LowerMethodsInPlace.cpp): stores into dst / a of src
    /// (converted as setitem converts it, after NumPy's same_kind check; where a bool
    /// mask is true) and of val on the diagonal (NumPy's flat positions `:end:step`, val
    /// repeated along them; a tall 2-D array's stops after its last column unless wrap).
    void functionInPlace(const syntax::Call &call, const std::string &function, SourceLoc loc);
    void ufuncAt(const syntax::Call &call, const syntax::Expr *atTarget, const std::string &method,
                 SourceLoc loc);

    // ---- loops and branches -------------------------------------------------------------
    /// Unified types of `names` after running `lowerBody` from the current state, then
    /// the state restored. Names that are unbound at the end are absent.
    std::map<std::string, array::Type> dryRun(const std::function<void()> &lowerBody,
                                              const std::set<std::string> &names);
    /// The type of a name assigned values of types `a` and `b` in a loop or branch: the
    /// NEP 50 promotion of their dtypes, and their shape: keptShape's extent on each axis
    /// where there is one, else an extent that changes with the value (changingExtent:
    /// `x = x[x > 0]`, `g = a[k:]` in a loop), which the variable holds (makeMutable).
    /// UserError naming `name` at `loc` when their numbers of dimensions differ. Without
    /// `kept`, only equal extents are kept (the results of a function's returns).
    static array::Type unify(const array::Type &a, const array::Type &b, const std::string &name,
                             SourceLoc loc, bool kept = true);
    /// A new variable `name` of type `t`. An array's extents that change with its values
    /// (changingExtent) or that the body computes (not followsFromArguments) become int64
    /// variables of their own (heldExtents_), assigned with it (assignVariable); it is then
    /// allocated by each assignment (Variable::allocatedByLet).
    int newNameVariable(const std::string &name, array::Type t, SourceLoc loc);
    /// Python's `name = value` for the variable `var` of `name`: `value` converted to its
    /// dtype (convertTo) and shape, or, on the axes whose extents it holds, taken with its
    /// own extents (a value that reads the variable or those extents, and the names that
    /// read those extents, are copied first; the caller flushes the variable's readers).
    void assignVariable(int var, NodePtr value, const std::string &name, SourceLoc loc);
    /// True when `value` reads variable `var` or the variables holding its extents.
    bool readsHeld(const NodePtr &value, int var);

    /// Turns name `name` into a variable of type `t` holding its current value (if any).
    /// A scalar name not bound yet gets a flag (boundFlags_) and is bound to checkedRead.
    void makeMutable(const std::string &name, const array::Type &t, SourceLoc loc);
    /// Variable `var` read where Python may find its name unassigned (first assigned in a
    /// loop that may not run, or in one branch): raises UnboundLocalError at run time
    /// while its flag (boundFlags_) is false, as Python does.
    NodePtr checkedRead(int var, SourceLoc loc);
    /// The flag variable of `v` when it is a checkedRead, else nullopt.
    std::optional<int> unboundFlag(const Value &v) const;

    /// Prepares the names a loop body uses: arrays it updates in place get memory,
    /// expensive lazy values it reads are evaluated once, before the loop, and names it
    /// assigns become variables whose types hold every value they take.
    void prepareLoop(const syntax::Block &body, const std::function<void()> &lowerOnce,
                     const std::set<std::string> &extraAssigned, SourceLoc loc);

    /// Before a loop or branch that updates arrays in place: they get memory, and lazy
    /// values that read that memory are evaluated now (inside, they would be evaluated
    /// where the first update happens, on every iteration or on one path only).
    void preflushMutated(const std::set<std::string> &mutated, SourceLoc loc);

    /// `a op= v` on an array updates it in place (its memory, the caller's for an
    /// argument): such names are not rebound, so they need no variable.
    void dropInPlaceUpdates(BlockNames &names) const;

    /// After a loop: arrays first assigned inside it are not available (npc keeps no
    /// buffer for them past the loop).
    void forgetLoopLocals(const std::set<std::string> &locals, SourceLoc loc);
    /// Binds each of `names` as unbound: using one is an error, `why` with the name for
    /// its `{}`.
    void unbindAll(const std::set<std::string> &names, std::string_view why, SourceLoc loc);
    void forLoop(const syntax::For &loop, SourceLoc loc);

    /// Lowers a prepared loop's body into `st` (a For or While), emits it, and unbinds
    /// the arrays first assigned inside it.
    void emitLoop(array::Stmt st, const std::function<void()> &lowerBody, SourceLoc loc);
    NodePtr condition(const syntax::Expr &test);
    void whileLoop(const syntax::While &loop, SourceLoc loc);
    void ifStatement(const syntax::If &branch, SourceLoc loc);
    /// The If statement of `branch` on `cond`, its names' types settled (ifStatement).
    /// After an `if` whose branches (those that do not leave: null for one that does) ended
    /// with `thenEnv` and `elseEnv`, from `before`: a tuple, string or other value npc
    /// decides at compile time that every branch leaves the same keeps it; one they leave
    /// differently is unbound with a message saying why (it cannot be a loop IR variable).
    /// A UserError when the loop body just lowered (`block`) left one of the tuples and
    /// strings it started with (`atStart`) changed: npc decides them at compile time.
    void requireUnchanged(const std::map<std::string, Value> &atStart, const syntax::Block &block);
    void carryCompileTimeValues(const std::map<std::string, Value> &before,
                                const std::map<std::string, Value> *thenEnv,
                                const std::map<std::string, Value> *elseEnv, SourceLoc loc);
    void lowerBranches(const syntax::If &branch, const NodePtr &cond, SourceLoc loc);

    // ---- calls of the file's functions ----------------------------------------------------
    /// Inlines a call of function `name` of the file: Python's argument binding (default
    /// values too), the callee's statements lowered here with its own names, its final
    /// `return` the value (inlineReturns when it has others).
    Value callLocal(const std::string &name, const CallArgs &args);

    /// Lowers the body of `def`, bound in the current scope, whose returns are not only a
    /// final one: the returned values are assigned to result variables whose types are
    /// the NEP 50 promotion of every `return`'s (found by a first pass, not kept), and a
    /// return leaves the body (a flag variable guards the rest, and breaks out of the
    /// callee's loops). Returns the result variables' values.
    Value inlineReturns(const syntax::FunctionDef &def, SourceLoc loc);
    /// Adds to `out` the names of the arrays that calls of the file's functions in `st`
    /// update in place (passed as, or sliced into, a parameter the callee updates, itself
    /// or through its own calls): a loop or branch around such a call evaluates the
    /// values that read them first, as it does for its own in-place updates.
    void callMutations(const syntax::Stmt &st, std::set<std::string> &out) const;
    void callMutations(const syntax::Stmt &st, const std::map<std::string, Value> &env,
                       std::vector<std::string> visiting, std::set<std::string> &out) const;
    /// callMutations of one call.
    void callMutations(const syntax::Call &call, const std::map<std::string, Value> &env,
                       const std::vector<std::string> &visiting, std::set<std::string> &out) const;
    /// UserError when `st` reads an array that a call in it updates in place (`mutated`,
    /// after preflushMutated) anywhere outside that call (`x[x > 2] += h(x)` with `h`
    /// updating x), or has two such calls (`h(x) + h(x)`): npc lowers the reads lazily, so
    /// they would see the update wherever Python's order of evaluation puts them.
    void rejectReadsAroundMutations(const syntax::Stmt &st,
                                    const std::set<std::string> &mutated) const;
    /// A `return` of an inlined body (see inlineReturns).
    void inlineReturn(const syntax::Return &ret, SourceLoc loc);
    /// The array of the caller's that `n` is, which Python would return itself: an
    /// argument, a variable made before the callee's (index below `firstLocal`), one that
    /// npc copied (copiedChoices_, shadowsArgument_), or a view of one of them.
    std::optional<ArrayRoot> callersArray(const NodePtr &n, size_t firstLocal) const;
    /// After `st`, a statement of an inlined body that may return: inside the callee's
    /// loops, a loop is followed by a break when the flag is set; outside them, a guard
    /// `if not returned:` (pushed on `guards`, its body on blocks_) opens around the rest
    /// of the block, which starts at `next` (null: none). False when the rest can never run.
    bool afterInlineReturn(const syntax::Stmt &st, const syntax::Stmt *next,
                           std::deque<array::Stmt> &guards);

    // ---- returns ----------------------------------------------------------------------
    std::vector<NodePtr> returnValues(const syntax::Return &ret, SourceLoc loc, bool &tuple);
    void finalReturn(const syntax::Return &ret, SourceLoc loc);
    void earlyReturn(const syntax::Return &ret, SourceLoc loc);
    const syntax::FunctionDef &def_;
    const syntax::Module &module_;
    std::map<std::string, Value> globals_;                  ///< the module's names (callees' scope)
    std::vector<std::string> callStack_;                    ///< functions being inlined
    std::vector<std::map<std::string, Value> *> outerEnvs_; ///< their callers' names
    /// Names bound to a local array's lazy value are renamed copies of it (`d = c`:
    /// withName): each copy, with the value it copies (both kept alive), by address.
    std::unordered_map<const array::Node *, std::pair<NodePtr, NodePtr>> renamed_;
    /// What statements assign, update, read and call, remembered (syntax only).
    mutable StatementFacts facts_;
    /// Names a dry run wrote through (ensureBuffer; see storeWrittenThrough).
    std::set<std::string> writtenThrough_;
    /// A call being inlined (one per entry of callStack_).
    struct Inlining {
        struct Returned {
            std::vector<array::Type> types; ///< empty: returns None
            /// Per value: the array of the caller's it is (an argument, a caller's variable
            /// or a view of one), which Python returns itself and npc copies
            /// (copiedChoices_); none for a new array.
            std::vector<std::optional<ArrayRoot>> existing;
            bool tuple = false;
            SourceLoc loc;
        };
        bool collect = false;          ///< the first pass: returns only record their types
        std::vector<Returned> returns; ///< what each `return` gives (the first pass)
        std::vector<int> results;      ///< the variables holding the returned values
        int returned = -1;             ///< a bool variable set by a return, if one is needed
        size_t firstLocal = 0;         ///< the callee's variables are those from here on
    };
    /// A deque: inlineReturns holds a reference to its entry while nested calls push theirs.
    std::deque<Inlining> inlines_;
    ExprLowering exprs_;
    std::vector<array::Type> resultTypes_;
    std::vector<std::vector<array::Type>> *returnTypes_ = nullptr;
    array::Function f_;
    std::vector<array::StmtPtr> body_;
    std::vector<std::vector<array::StmtPtr> *> blocks_;
    uint64_t emitted_ = 0;                   ///< statements emitted so far, into any block
    std::map<std::string, int> mutableVars_; ///< names that are Variables, by index
    /// Scalar variables whose name may be unassigned where it is read: variable -> a bool
    /// variable, false until the name is first assigned (see checkedRead).
    std::map<int, int> boundFlags_;
    /// Array variables whose extents on some axes change with their values or are
    /// computed by the body: per axis, the int64 variable holding the extent, or -1.
    std::map<int, std::vector<int>> heldExtents_;
    /// While prepareLoop types a loop's names (typingRounds_): the variables a round made
    /// for a name, by index, with the value they were assigned and the statements that
    /// assign it (dropped when a later round replaces the variable: makeMutable).
    struct RoundVariable {
        NodePtr value;
        std::vector<array::StmtPtr> *block = nullptr;
        std::vector<const array::Stmt *> stmts;
    };
    std::map<int, RoundVariable> roundVariables_;
    bool typingRounds_ = false;
    std::set<std::string> loopLocal_;
    /// Names of argument arrays that became variables (copies) in a loop or branch.
    std::set<std::string> shadowsArgument_;
    /// Variables holding `a if c else b` where a branch is an existing array (an argument,
    /// a variable or a view of one), or the result of a helper with several returns, one
    /// of them such an array: Python's value is that array itself, npc's a copy. An
    /// in-place update of the variable, or of one of those arrays while a name holds the
    /// variable, is a located error (store).
    struct CopiedChoice {
        std::string message;            ///< the error of an update of the variable
        std::string what;               ///< "the value of 'a if cond else b'"
        std::vector<ArrayRoot> sources; ///< the arrays Python's value may be
    };
    std::map<int, CopiedChoice> copiedChoices_;
    /// Variables that a name became in a loop or branch, holding a copy of the existing
    /// array it held before (`z = x`, then `z = z * 2` in a loop that may not run): an
    /// update of that array while the name may still be it in Python is a located error
    /// (store). Their own updates are checked as arguments' are (shadowsArgument_).
    std::map<int, CopiedChoice> copiedOnEntry_;
    struct Frame {
        const syntax::Block *block;
        size_t index;             ///< the statement being lowered
        bool loop;                ///< a loop body
        const syntax::Expr *test; ///< a while loop's condition
        /// Names assigned a new array (not a view) earlier in this block: every path to
        /// the statements after it, in this block and those nested in it, has that array.
        std::set<std::string> newArrays;
    };
    std::vector<Frame> frames_; ///< the blocks around the current statement
    struct Alias {
        std::string source; ///< the name assigned from
        NodeKind kind;      ///< the source's memory: a Param or Var ...
        int param;          ///< ... of this index
        int var;            ///< the variable assigned
        bool operator==(const Alias &) const = default;
    };
    /// Variables assigned a view of another name's array (kept across dry runs, so an
    /// update earlier in a loop body than the assignment is caught too); after branches,
    /// those of every branch (a name may have a different one in each).
    std::multimap<std::string, Alias> aliases_;
    int loopDepth_ = 0;
    bool dry_ = false;
    /// The body has more than assignments to names and a final return (straight-line
    /// functions are scheduled as one DAG, which shares values by itself).
    bool hasStatements_ = false;
    bool hasValueReturns_ = false;
};

} // namespace npc::lowering
