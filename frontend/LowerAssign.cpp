// Assignment: names, tuples, subscripts (stores into memory), and in-place updates.
#include "frontend/FunctionLowering.h"

#include "ir/Promotion.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <map>

namespace npc::lowering {

void FunctionLowering::assignTo(const syntax::Expr &target, const Value &v, SourceLoc loc) {
    if (auto *name = target.as<syntax::Name>())
        return assignName(name->id, v, target.loc);
    if (auto *tuple = target.as<syntax::Tuple>()) {
        // `a, b = b, a`: every right-hand value is read before any name changes.
        std::vector<Value> values = unpack(v, tuple->elements.size(), target.loc);
        // `x[0], x[1] = x[1], x[0]`: a store may change memory the later values read. The
        // right side's elements (NumPy scalars) and computed arrays are values, read now;
        // its views (`m[0], m[1] = m[1], m[0]` of rows) stay views, read at their store,
        // as in NumPy (where that second row gets the first one's new values).
        // Only the variables of the names assigned here change (`i, r = k, m[k]` in a loop
        // reads the counter k, which stays: r is m's row, a view, as in Python).
        std::set<std::string> targets;
        std::set<int> assigned;
        bool stores = false;
        for (const syntax::ExprPtr &t : tuple->elements) {
            if (auto *n = t->as<syntax::Name>()) {
                targets.insert(n->id);
                if (auto it = mutableVars_.find(n->id); it != mutableVars_.end())
                    assigned.insert(it->second);
            }
            stores |= t->as<syntax::Subscript>() != nullptr;
        }
        std::function<bool(const NodePtr &)> readsAssigned = [&](const NodePtr &n) {
            if (n->kind == NodeKind::Var && assigned.count(n->param))
                return true;
            return std::any_of(n->operands.begin(), n->operands.end(), readsAssigned);
        };
        auto isView = [](const NodePtr &n) {
            return n->type.rank() > 0 && (viewRoot(n) || shapeView(n));
        };
        // A value reading an assigned name is read now: its scalars that do are copied
        // (`i, r = i + 1, m[i]`: r stays a view of m at the old i), an array that does
        // (`a, b = b, a`) is copied whole.
        std::function<NodePtr(const NodePtr &)> snapshot = [&](const NodePtr &n) -> NodePtr {
            if (!readsAssigned(n))
                return n;
            if (n->type.rank() == 0)
                return materialize(n, "tmp", loc);
            std::vector<NodePtr> operands;
            for (const NodePtr &op : n->operands)
                operands.push_back(snapshot(op));
            if (operands == n->operands)
                return n;
            array::Node copy = *n;
            copy.operands = std::move(operands);
            return std::make_shared<const array::Node>(std::move(copy));
        };
        for (Value &e : values) {
            if (e.kind != Value::Array)
                continue;
            e.node = snapshot(e.node);
            if (readsAssigned(e.node)) {
                copyingSwap(targets, assigned, loc);
                e.node = materialize(e.node, "tmp", loc);
            } else if (stores && readsMemory(e.node) && !isView(e.node)) {
                e.node = materialize(e.node, "tmp", loc);
            }
        }
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

namespace {

/// Python's ValueError for unpacking `got` values into `count` names.
std::string unpackMessage(size_t count, size_t got) {
    return got > count ? fmt::format("too many values to unpack (expected {})", count)
                       : fmt::format("not enough values to unpack (expected {}, got {})", count,
                                     got);
}

bool sameEntry(const array::ViewEntry &a, const array::ViewEntry &b) {
    return a.kind == b.kind && a.index == b.index && a.start == b.start && a.stop == b.stop &&
           a.step == b.step && a.indexOperand == b.indexOperand &&
           a.startOperand == b.startOperand && a.stopOperand == b.stopOperand;
}

/// True when `a` and `b`, the same subscript lowered twice (`a[i:] += a[i:] * 2`,
/// `x[x > 0] += x[x > 0]`), denote the same elements within one statement: the same node,
/// parameter or variable (whose value a statement changes only after its right side is
/// read), equal constants, and casts, binary operations (run-time bounds such as `i + 1`,
/// masks such as `x > 0`), broadcasts, views, reshapes, gathers and a mask's true positions
/// (equal masks have equal positions, whatever their counts are named) of such; a reshape
/// to its operand's shape is its operand.
bool sameElements(const NodePtr &a, const NodePtr &b) {
    if (a == b)
        return true;
    // A reshape to the operand's own shape (a 1-D mask target's flattening) is the operand.
    for (const NodePtr *n : {&a, &b})
        if ((*n)->kind == NodeKind::Reshape &&
            shapeEqual((*n)->type.shape, (*n)->operand()->type.shape))
            return sameElements(n == &a ? a->operand() : a, n == &b ? b->operand() : b);
    if (a->kind != b->kind || a->type.dtype != b->type.dtype ||
        a->operands.size() != b->operands.size())
        return false;
    switch (a->kind) {
    case NodeKind::Param:
    case NodeKind::Var:
        return a->param == b->param;
    case NodeKind::Constant:
        return a->intValue == b->intValue &&
               std::bit_cast<uint64_t>(a->floatValue) == std::bit_cast<uint64_t>(b->floatValue) &&
               std::bit_cast<uint64_t>(a->imagValue) == std::bit_cast<uint64_t>(b->imagValue);
    case NodeKind::Cast:
        if (a->rangeChecked != b->rangeChecked)
            return false;
        break;
    case NodeKind::Binary:
        if (a->binaryOp != b->binaryOp)
            return false;
        break;
    case NodeKind::View:
        if (a->view.size() != b->view.size() ||
            !std::equal(a->view.begin(), a->view.end(), b->view.begin(), sameEntry))
            return false;
        break;
    case NodeKind::Gather:
        if (a->axes != b->axes || a->axis != b->axis || a->errorAxes != b->errorAxes)
            return false;
        break;
    case NodeKind::Broadcast: // the only kinds whose shape is not their operands'
    case NodeKind::Reshape:
        if (!shapeEqual(a->type.shape, b->type.shape))
            return false;
        break;
    case NodeKind::Nonzero:
        break;
    default:
        return false;
    }
    for (size_t i = 0; i < a->operands.size(); ++i)
        if (!sameElements(a->operands[i], b->operands[i]))
            return false;
    return true;
}

} // namespace

std::vector<Value> FunctionLowering::unpack(const Value &v, size_t count, SourceLoc loc) {
    if (v.kind == Value::Tuple) {
        if (v.elements.size() != count)
            throw UserError(loc, unpackMessage(count, v.elements.size()));
        return v.elements;
    }
    if (v.kind != Value::Array || v.node->type.rank() == 0)
        throw UserError(v.loc.valid() ? v.loc : loc,
                        "cannot unpack this value: npc unpacks tuples and arrays (along their "
                        "first axis) only");
    // Python iterates the array: its elements along axis 0 are the values.
    const Dim &length = v.node->type.shape[0];
    if (auto n = dimConstValue(length); n && *n != static_cast<int64_t>(count))
        throw UserError(loc, unpackMessage(count, static_cast<size_t>(*n)));
    std::vector<array::ExtentCheck> checks;
    if (!dimConstValue(length)) { // Python's two messages, for too many and too few
        NodePtr got = array::makeDimValue(length, loc);
        NodePtr expected =
            array::makeIntConstant(static_cast<int64_t>(count), DType::Int64, false, loc);
        auto when = [&](array::BinaryOp op, const char *text) {
            return dimValue(
                array::makeCast(array::makeBinary(op, got, expected, loc), DType::Int64, loc),
                text);
        };
        checks.push_back({when(array::BinaryOp::Greater, "too many"), dimConst(0), false,
                          unpackMessage(count, count + 1)});
        array::ExtentCheck &fewer = checks.emplace_back(
            array::ExtentCheck{when(array::BinaryOp::Less, "too few"), dimConst(0)});
        fewer.message = fmt::format("not enough values to unpack (expected {}, got {})", count,
                                    array::showExtent(length, &fewer.shown));
    }
    std::vector<Value> values;
    for (size_t k = 0; k < count; ++k) {
        std::vector<array::ViewEntry> entries{array::ViewEntry::at(static_cast<int64_t>(k))};
        for (int axis = 1; axis < v.node->type.rank(); ++axis)
            entries.push_back(array::ViewEntry::all());
        NodePtr element = array::makeView(v.node, std::move(entries), loc);
        // Each element carries the check: the run time checks whichever is used.
        if (!checks.empty())
            element = array::withChecks(element, checks);
        values.push_back(Value::array(element, loc));
    }
    return values;
}

const char *const kMaskAfterIndices =
    "npc cannot assign through a boolean mask that follows other indices yet (`x[:, mask] = "
    "v`, `x[:, mask] += v`); it reads such subscripts, and assigns through masks over the "
    "leading axes (`x[mask] = v`)";

bool maskAfterIndices(const NodePtr &t) {
    const array::Node *n = t.get();
    if (n->kind == NodeKind::Transpose)
        n = n->operand().get();
    if (n->kind != NodeKind::Gather || n->operands.size() != 2 ||
        n->operand(1)->kind != NodeKind::Nonzero)
        return false;
    const array::Node *flattened = n->operand().get(); // a reshape unless one axis is masked
    if (flattened->kind == NodeKind::Reshape)
        flattened = flattened->operand().get();
    return flattened->kind == NodeKind::Transpose;
}

namespace {

/// The parameter or variable a name's array value views (through any views), or null for
/// scalars and computed values.
const array::Node *heldArray(const Value &bound) {
    return bound.kind == Value::Array && bound.node->type.rank() > 0 ? anyViewRoot(bound.node)
                                                                     : nullptr;
}

} // namespace

void FunctionLowering::copyingSwap(const std::set<std::string> &targets,
                                   const std::set<int> &assigned, SourceLoc loc) {
    // The variables assigned, and the arrays Python's values of them may be, which npc
    // copied into them (`keep = a` before a loop that swaps `a` and `b`).
    std::set<ArrayRoot> moved;
    for (int var : assigned) {
        moved.insert({NodeKind::Var, var});
        for (const auto *copies : {&copiedChoices_, &copiedOnEntry_})
            if (auto c = copies->find(var); c != copies->end())
                moved.insert(c->second.sources.begin(), c->second.sources.end());
    }
    for (const auto &[name, bound] : exprs_.env()) {
        const array::Node *root = heldArray(bound);
        if (root && moved.count({root->kind, root->param}) && !targets.count(name) &&
            liveAfter(name, false))
            throw UserError(loc, fmt::format("'{}' is (a view of) an array this assignment "
                                             "gives another name, as in a swap; npc moves the "
                                             "values rather than the arrays here, so '{}' would "
                                             "see the other array's values: copy it first "
                                             "('{} = ....copy()') or swap without it",
                                             name, name, name));
    }
}

void FunctionLowering::assignName(const std::string &name, const Value &v, SourceLoc loc) {
    // What a `for` loop iterates (bound to a hidden name: SyntaxConverter::desugarIteration).
    if (name.starts_with(syntax::kHiddenIterated) &&
        (v.kind != Value::Array || v.node->type.rank() == 0))
        throw UserError(loc, v.kind == Value::Tuple
                                 ? "npc loops over arrays only (their elements, or the rows of "
                                   "a 2-D one), not over a tuple or list; make it an array "
                                   "with np.array(...) or loop over range(...)"
                                 : "npc loops over arrays only (their elements, or the rows of "
                                   "a 2-D one) and range(...); this is not iterable");
    if (name.starts_with(syntax::kHiddenStart) &&
        (v.kind != Value::Array || v.node->type.rank() != 0 || !isInteger(v.node->type.dtype)))
        throw UserError(loc, "enumerate()'s start must be an int ('float' object cannot be "
                             "interpreted as an integer)");
    auto mv = mutableVars_.find(name);
    // Names assigned a new array on every path here (see store; dry runs check stores too).
    for (Frame &f : frames_)
        f.newArrays.erase(name);
    if (!frames_.empty() && v.kind == Value::Array && v.node->type.rank() > 0 &&
        !viewRoot(v.node) && !shapeView(v.node))
        frames_.back().newArrays.insert(name);
    // `u = t` made u t's array; `t = u * 2` then gives t another, so neither name's
    // update shows through the other any more (unless t is a view of its old array).
    for (auto it = aliases_.begin(); it != aliases_.end();) {
        const array::Node *root =
            v.kind == Value::Array && v.node->type.rank() > 0 ? viewRoot(v.node) : nullptr;
        bool stillShared =
            root && root->kind == it->second.kind && root->param == it->second.param;
        it = it->second.source == name && !stillShared ? aliases_.erase(it) : std::next(it);
    }
    if (mv != mutableVars_.end() && dry_ && v.kind == Value::Array)
        recordAlias(name, mv->second, v.node);
    if (dry_ && v.kind == Value::Array)
        noteLazyAlias(name, v.node);
    // A dry run binds the value itself, so the variable's type can follow it.
    if (mv == mutableVars_.end() || dry_) {
        Value named = v;
        if (named.kind == Value::Array) {
            named.node = array::withName(v.node, name);
            if (named.node != v.node && named.node->type.rank() > 0)
                renamed_[named.node.get()] = {named.node, v.node};
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
    // A copy: flushReaders() may add variables.
    const array::Type t = f_.variables[static_cast<size_t>(var)].type;
    NodePtr self = varNode(var, loc);
    const NodePtr value = shareBeforeCopy(name, v.node, loc);
    // A copy of a copy (`x = pick(x, y)`, a helper returning a view of `y` on some paths):
    // the arrays Python's value may be are the variable's too, for the checks of updates.
    if (const array::Node *root = t.rank() > 0 ? anyViewRoot(value) : nullptr;
        root && root->kind == NodeKind::Var && root->param != var)
        for (const auto *copies : {&copiedChoices_, &copiedOnEntry_})
            if (auto c = copies->find(root->param); c != copies->end()) {
                CopiedChoice &mine = copiedOnEntry_[var];
                if (mine.what.empty())
                    mine.what = c->second.what;
                for (const ArrayRoot &source : c->second.sources)
                    if (std::find(mine.sources.begin(), mine.sources.end(), source) ==
                        mine.sources.end())
                        mine.sources.push_back(source);
            }
    if (heldExtents_.count(var)) {
        // A new array, allocated with the value's extents (the names reading the old
        // array or its extents keep them: copied first).
        recordAlias(name, var, value);
        flushReaders(*self, loc, false, &name);
        assignVariable(var, value, name, loc);
    } else {
        NodePtr converted = convertTo(value, t, name, loc);
        recordAlias(name, var, value);
        flushReaders(*self, loc, false, &name);
        // `w = w - lr * g` writes w's buffer element by element, with no copy first.
        if (t.rank() > 0 && converted->kind != NodeKind::Var)
            converted = readBeforeWrite(self, *self, converted, loc);
        let(var, converted, loc);
    }
    if (auto flag = boundFlags_.find(var); flag != boundFlags_.end())
        let(flag->second, array::makeIntConstant(1, DType::Bool, false, loc), loc);
    exprs_.bind(name, Value::array(self, loc));
}

void FunctionLowering::recordAlias(const std::string &name, int var, const NodePtr &value) {
    aliases_.erase(name);
    const array::Node *root = value->type.rank() > 0 ? viewRoot(value) : nullptr;
    // A dry run binds a loop variable to its value, not to its variable: `y = t`, with `t`
    // assigned earlier in the body, makes `y` that variable's array from the next
    // iteration on (an update of `y` earlier in the body is caught then).
    if (!root && dry_ && value->type.rank() > 0)
        for (const auto &[other, bound] : exprs_.env())
            if (auto mv = mutableVars_.find(other);
                other != name && mv != mutableVars_.end() && mv->second != var &&
                bound.kind == Value::Array && bound.node->type.rank() > 0 &&
                viewsArray(value, *bound.node)) {
                aliases_.emplace(name, Alias{other, NodeKind::Var, mv->second, var});
                return;
            }
    if (!root || (root->kind == NodeKind::Var && root->param == var))
        return;
    for (const auto &[other, bound] : exprs_.env())
        if (other != name && bound.kind == Value::Array && viewRoot(bound.node) == nullptr)
            continue;
        else if (other != name && bound.kind == Value::Array &&
                 viewRoot(bound.node)->kind == root->kind &&
                 viewRoot(bound.node)->param == root->param) {
            aliases_.emplace(name, Alias{other, root->kind, root->param, var});
            return;
        }
}

void FunctionLowering::checkNotAliased(const array::Node &root, SourceLoc loc) {
    // Whether a name's array is (a basic view of) the alias's source memory.
    auto viewsSource = [](const Value &v, const Alias &alias) {
        const array::Node *r =
            v.kind == Value::Array && v.node->type.rank() > 0 ? viewRoot(v.node) : nullptr;
        return r && r->kind == alias.kind && r->param == alias.param;
    };
    // Only a name read later sees the difference (and the caller, an argument's).
    auto sourceLive = [&](const std::string &name, const Alias &alias) {
        if (alias.kind == NodeKind::Param)
            return true;
        for (const auto &[other, v] : exprs_.env())
            if (other != name && viewsSource(v, alias) && liveAfter(other, true))
                return true;
        return false;
    };
    for (const auto &[name, alias] : aliases_) {
        bool isVar = root.kind == NodeKind::Var && root.param == alias.var;
        bool isSource = root.kind == alias.kind && root.param == alias.param;
        // A dry run binds `name` to the array itself, not to its copy: an update through
        // `name` reaches that array there (the lowering after the dry runs checks it).
        if (auto bound = exprs_.env().find(name);
            dry_ && isSource && bound != exprs_.env().end() && viewsSource(bound->second, alias))
            continue;
        if ((isVar && sourceLive(name, alias)) || (isSource && liveAfter(name, true)))
            throw UserError(loc, fmt::format("'{}' and '{}' are the same array in Python after "
                                             "'{} = {}' in a loop or branch, but npc copies "
                                             "there; write '{} = {}.copy()' to update one "
                                             "without the other",
                                             name, alias.source, name, alias.source, name,
                                             alias.source));
    }
}

NodePtr FunctionLowering::convertTo(const NodePtr &value, const array::Type &t,
                                    const std::string &name, SourceLoc loc) {
    std::vector<array::ExtentCheck> checks;
    if (value->type.rank() != t.rank() || !shapeEqual(value->type.shape, t.shape)) {
        if (value->type.rank() > 0 && !keptShape(value->type.shape, t.shape))
            throw UserError(loc, fmt::format("'{}' has {}; npc needs a variable assigned in a "
                                             "loop or branch to keep its shape",
                                             name, shapeMismatchStr(value->type.shape, t.shape)));
        // Extents that are the variable's broadcast with others (`w = w - lr * g`): equal
        // unless the value changes the variable's shape, which npc cannot follow.
        for (int axis = 0; axis < value->type.rank(); ++axis) {
            const Dim &from = value->type.shape[static_cast<size_t>(axis)];
            const Dim &to = t.shape[static_cast<size_t>(axis)];
            if (dimEqual(from, to))
                continue;
            auto message = [&](std::vector<Dim> *shown) {
                std::string before = array::showShape(t.shape, shown);
                return fmt::format("'{}' would change shape from {} to {} here, as NumPy "
                                   "allows; npc keeps the shape of a variable assigned in a "
                                   "loop or branch",
                                   name, before, array::showShape(value->type.shape, shown));
            };
            checks.push_back(shownCheck(from, to, false, message, "NotImplementedError"));
        }
    }
    // A Python int the variable held before it took a narrower integer dtype (`best = 1000`
    // then `best = a[i]` of int8) must fit it: NumPy's OverflowError at run time where it
    // does not, rather than a wrapped value (constants and int arguments: castTo).
    NodePtr v = exprs_.pythonNumberTo(value, t.dtype, loc);
    if (!shapeEqual(v->type.shape, t.shape))
        v = array::makeBroadcast(v, t.shape, loc);
    return checks.empty() ? v : array::withChecks(v, checks);
}

void FunctionLowering::prepareStore(const syntax::Subscript &sub, SourceLoc loc) {
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

NodePtr FunctionLowering::storedValue(const NodePtr &value, DType dtype, SourceLoc loc,
                                      bool basic) {
    // NumPy's setitem casts unsafely (a float into an int array truncates), except what it
    // converts through Python's int(), which must fit: Python numbers (constants here, `int`
    // arguments where the store runs: castTo), and NumPy scalars stored through basic
    // indexing into a signed integer dtype.
    requireConvertible(value, dtype, loc);
    const array::Type &t = value->type;
    requireNotPythonComplex(value, dtype, loc);
    // A variable, which the CUDA target copies to the host for the check.
    auto host = [&] {
        return value->kind == NodeKind::Var || value->kind == NodeKind::Param
                   ? value
                   : materialize(value, "value", loc);
    };
    if (t.rank() == 0 && isFloat(t.dtype) && isInteger(dtype) &&
        (t.weak || (basic && isSignedInteger(dtype)))) {
        if (value->kind == NodeKind::Constant) { // np.float64(300.0); Python floats are checked
            requireIntConvertible(value->floatValue, dtype, value->loc);
            return array::makeCast(value, dtype, loc);
        }
        return exprs_.throughPythonInt(host(), dtype, loc);
    }
    if (value->kind == NodeKind::Param && value->type.weak)
        return exprs_.castTo(value, dtype, loc);
    if (t.rank() != 0 || !isInteger(dtype) || !isInteger(t.dtype) ||
        (dtype == DType::Int64 && t.dtype != DType::UInt64))
        return array::makeCast(value, dtype, loc);
    bool fits =
        integerMin(t.dtype) >= integerMin(dtype) && integerMax(t.dtype) <= integerMax(dtype);
    if (value->kind == NodeKind::Constant) { // np.int16(300); Python ints are checked above
        if (basic && isSignedInteger(dtype)) {
            if (t.dtype == DType::UInt64 && value->intValue < 0) // 2**63 or more
                throw UserError(value->loc, "Python int too large to convert to C long");
            requireFits(value->intValue, dtype, value->loc);
        }
        return array::makeCast(value, dtype, loc);
    }
    // A Python int (`a[0] = i` with a loop counter), or a NumPy integer scalar stored
    // through basic indexing into a signed dtype: checked where the store runs.
    if (t.weak || (basic && isSignedInteger(dtype) && !fits))
        return exprs_.throughPythonInt(host(), dtype, loc);
    return array::makeCast(value, dtype, loc);
}

void FunctionLowering::storeSubscript(const syntax::Expr &target, const syntax::Subscript &sub,
                                      NodePtr value, SourceLoc loc) {
    prepareStore(sub, loc);
    NodePtr whole = exprs_.lowerArray(*sub.value);
    NodePtr t;
    if (!viewRoot(whole))
        throw UserError(sub.value->loc, "npc can only assign into parameters, local arrays "
                                        "and views of them (basic indexing)");
    // Boolean mask assignment of a scalar, the mask of the array's shape: `a[mask] = v`
    // writes v where mask is true, in one parallel pass (no compaction). Other masks and
    // array values go through the mask's true positions (a gather target) below.
    if (sub.indices.size() == 1 && !sub.indices[0]->as<syntax::Slice>() &&
        value->type.rank() == 0) {
        Value index = exprs_.lower(*sub.indices[0]);
        if (index.kind == Value::Array && isBool(index.node->type.dtype) &&
            index.node->type.rank() > 0 && shapeEqual(index.node->type.shape, whole->type.shape)) {
            NodePtr v = array::makeBroadcast(storedValue(value, whole->type.dtype, loc, false),
                                             whole->type.shape, loc);
            return store(whole, array::makeWhere(index.node, v, whole, loc), loc);
        }
    }
    t = exprs_.lowerArray(target);
    if (maskAfterIndices(t))
        throw UserError(target.loc, kMaskAfterIndices);
    if (!storeTargetRoot(t))
        throw UserError(target.loc, "npc can only assign into parameters, local arrays and "
                                    "views of them (basic indexing), or through one integer-"
                                    "array or boolean-mask index of those");
    NodePtr v = storedValue(value, t->type.dtype, loc, t->kind != NodeKind::Gather);
    if (isMaskTarget(t) && v->type.rank() == 1 && !dimIsConst(v->type.shape[0], 1))
        v = maskValuesChecked(v, t->type.shape, loc);
    if (!shapeEqual(v->type.shape, t->type.shape)) {
        // NumPy's messages: basic indexing's, or advanced indexing's (shapes without spaces).
        auto mismatch = [&](std::vector<Dim> *shown) {
            std::string from = array::showShape(v->type.shape, shown),
                        to = array::showShape(t->type.shape, shown);
            return t->kind == NodeKind::Gather
                       ? fmt::format("shape mismatch: value array of shape {} could not be "
                                     "broadcast to indexing result of shape {}",
                                     from, to)
                       : fmt::format("could not broadcast input array from shape {} into shape {}",
                                     from, to);
        };
        if (v->type.rank() > t->type.rank())
            throw UserError(loc, mismatch(nullptr));
        v = broadcastChecked(v, t->type.shape, loc, mismatch);
    }
    store(t, v, loc);
}

bool FunctionLowering::dataDependent(const Shape &shape) {
    std::function<bool(const NodePtr &)> readsVar = [&](const NodePtr &n) {
        return n->kind == NodeKind::Var ||
               std::any_of(n->operands.begin(), n->operands.end(), readsVar);
    };
    std::function<bool(const Dim &)> dependent = [&](const Dim &d) {
        if (!d)
            return false;
        if (d->kind == DimKind::Value &&
            readsVar(std::static_pointer_cast<const array::Node>(d->node)))
            return true;
        return std::any_of(d->operands.begin(), d->operands.end(), dependent) ||
               dependent(d->startValue) || dependent(d->stopValue);
    };
    return std::any_of(shape.begin(), shape.end(), dependent);
}

const array::Node *FunctionLowering::storeTargetRoot(const NodePtr &t) {
    if (t->kind != NodeKind::Gather)
        return viewRoot(t);
    // In NumPy `x[idx]` is a copy: only the outermost index may be advanced.
    const array::Node *p = t->operand().get();
    while (p->kind == NodeKind::View || p->kind == NodeKind::Reshape)
        p = p->operand().get();
    return p->kind == NodeKind::Param || p->kind == NodeKind::Var ? p : nullptr;
}

bool FunctionLowering::isMaskTarget(const NodePtr &t) {
    return t->kind == NodeKind::Gather && t->operand(1)->kind == NodeKind::Nonzero;
}

NodePtr FunctionLowering::maskValuesChecked(const NodePtr &v, const Shape &target, SourceLoc loc) {
    if (target.size() != 1) // values for the rows of a mask over the leading axes
        return v;
    const Dim &from = v->type.shape[0], &to = target[0];
    if (dimEqual(from, to))
        return v;
    auto message = [&](std::vector<Dim> *shown) {
        std::string values = array::showExtent(from, shown);
        return fmt::format("NumPy boolean array indexing assignment cannot assign {} input "
                           "values to the {} output values where the mask is true",
                           values, array::showExtent(to, shown));
    };
    auto cf = dimConstValue(from), ct = dimConstValue(to);
    if (cf && ct)
        throw UserError(loc, message(nullptr));
    // Both lengths are known before any element is written; one value broadcasts.
    return array::withChecks(array::makeBroadcast(v, target, loc),
                             {shownCheck(from, to, true, message)});
}

void FunctionLowering::store(const NodePtr &target, NodePtr value, SourceLoc loc, bool unbuffered) {
    const array::Node &root = array::storeRoot(*target);
    checkNotAliased(root, loc);
    if (auto copied = copiedChoices_.find(root.param);
        root.kind == NodeKind::Var && copied != copiedChoices_.end())
        throw UserError(loc, copied->second.message);
    // An update of an array that a name holding such a copy is in Python (unless the
    // name was assigned a new array on every path here).
    auto newArray = [&](const std::string &name) {
        return std::any_of(frames_.begin(), frames_.end(),
                           [&](const Frame &f) { return f.newArrays.count(name) > 0; });
    };
    for (const auto *copies : {&copiedChoices_, &copiedOnEntry_})
        for (const auto &[var, copied] : *copies) {
            if (std::find(copied.sources.begin(), copied.sources.end(),
                          ArrayRoot{root.kind, root.param}) == copied.sources.end() ||
                (root.kind == NodeKind::Var && root.param == var))
                continue;
            for (const auto &[name, bound] : exprs_.env()) {
                const array::Node *held = heldArray(bound);
                if (held && held->kind == NodeKind::Var && held->param == var && !newArray(name))
                    throw UserError(
                        loc, fmt::format("this updates an array that '{0}' ({1}) is in Python on "
                                         "some paths, but npc copied it into '{0}', which would "
                                         "not show the update; npc cannot follow that: write "
                                         "'.copy()' where '{0}' gets the existing array",
                                         name, copied.what));
            }
        }
    // An update through such a copy of an array another name still is in Python (`w = p[:]`,
    // then `p, q = q, p` in a loop and `p[0] = 1`): that name would not show it.
    if (auto entry = copiedOnEntry_.find(root.param);
        root.kind == NodeKind::Var && entry != copiedOnEntry_.end()) {
        bool fresh = false; // the names of the copy hold new arrays on every path here
        for (const auto &[name, bound] : exprs_.env()) {
            const array::Node *held = heldArray(bound);
            fresh |=
                held && held->kind == NodeKind::Var && held->param == root.param && newArray(name);
        }
        for (const auto &[name, bound] : exprs_.env()) {
            const array::Node *held = heldArray(bound);
            if (!fresh && held &&
                std::find(entry->second.sources.begin(), entry->second.sources.end(),
                          ArrayRoot{held->kind, held->param}) != entry->second.sources.end())
                throw UserError(loc, fmt::format("this update goes to {}; '{}' may still be "
                                                 "the array it copies in Python and would not "
                                                 "show the update; npc cannot follow that: give "
                                                 "'{}' a copy ('{} = ....copy()') or update "
                                                 "without it",
                                                 entry->second.what, name, name, name));
        }
    }
    // Updates of a name assigned a new array earlier on every path here (`w = w - g`,
    // then `w[0] = 0` in a loop) change that array, not the caller's: the variable's name
    // in this scope (not a helper's name that happens to be the same) holds it.
    auto assignedNewArray = [&](const std::string &name) {
        auto bound = exprs_.env().find(name);
        const array::Node *held = bound != exprs_.env().end() && bound->second.kind == Value::Array
                                      ? viewRoot(bound->second.node)
                                      : nullptr;
        return held && held->kind == NodeKind::Var && held->param == root.param &&
               std::any_of(frames_.begin(), frames_.end(),
                           [&](const Frame &f) { return f.newArrays.count(name) > 0; });
    };
    if (root.kind == NodeKind::Var &&
        shadowsArgument_.count(f_.variables[static_cast<size_t>(root.param)].name) &&
        !assignedNewArray(f_.variables[static_cast<size_t>(root.param)].name))
        throw UserError(loc, fmt::format("'{0}' is the caller's array (or a view of it) on one "
                                         "path and a new array on another, so this update "
                                         "changes the caller's array only sometimes; npc "
                                         "copies the caller's array there and cannot follow "
                                         "that: give the new array another name than '{0}'",
                                         f_.variables[static_cast<size_t>(root.param)].name));
    flushReaders(root, loc);
    value = readBeforeWrite(target, root, std::move(value), loc, unbuffered);
    array::Stmt st;
    st.kind = StmtKind::Store;
    st.loc = loc;
    st.target = target;
    st.value = std::move(value);
    emit(std::move(st));
}

NodePtr FunctionLowering::readBeforeWrite(const NodePtr &target, const array::Node &root,
                                          NodePtr value, SourceLoc loc, bool unbuffered) {
    // The right side is computed before any element is written (`a[1:] = a[:-1]`);
    // reading exactly the elements written, element by element, needs no copy.
    // Only elementwise operations keep the element read aligned with the one written
    // (`a += 1`, `a[m] = where(m, 0, a[m])`); a view, transpose or reduction of the
    // target (`a += a[::-1]`, `m += m.T`) may read what was already written.
    // Broadcasts that add no axes keep it aligned too (`x[m] += v`: x[m] is broadcast
    // with v, the sum back to x[m]'s extent): a valid broadcast's operand extent is its
    // result's or 1, so on a path from the value (the target's extents) down to the
    // target (the same extents) an extent that became 1 would have to stay 1: every
    // extent on the path equals the target's at run time, and the run time checks the
    // broadcasts before anything is written.
    NPC_ASSERT(shapeEqual(value->type.shape, target->type.shape), "store of another shape");
    std::map<std::pair<const array::Node *, bool>, bool> known; // the value's nodes stay alive
    std::function<bool(const NodePtr &, bool)> unsafeRead = [&](const NodePtr &n,
                                                                bool aligned) -> bool {
        auto memo = known.find({n.get(), aligned});
        if (memo != known.end())
            return memo->second;
        bool unsafe;
        // Integer index arrays may repeat an index: `x[idx] += 1` reads the old values
        // (np.add.at reads each element where it is written).
        if (aligned && (unbuffered || target->kind != NodeKind::Gather || isMaskTarget(target)) &&
            sameElements(n, target))
            unsafe = false;
        else if (n->kind == root.kind && n->param == root.param)
            unsafe = true;
        else if (n->kind == NodeKind::Nonzero) // found (a stage of its own) before any write
            unsafe = false;
        else {
            bool elementwise =
                n->kind == NodeKind::Unary || n->kind == NodeKind::Binary ||
                n->kind == NodeKind::Cast || n->kind == NodeKind::Where ||
                (n->kind == NodeKind::Broadcast && n->operand()->type.rank() == n->type.rank());
            unsafe = std::any_of(n->operands.begin(), n->operands.end(), [&](const NodePtr &op) {
                return unsafeRead(op, aligned && elementwise);
            });
        }
        known[{n.get(), aligned}] = unsafe;
        return unsafe;
    };
    const NodePtr original = value; // keeps the nodes `known` names alive
    if (value->type.rank() > 0 && unsafeRead(value, true)) {
        // Scalars read from the target (`x[0]`, `x.mean()`) are read into variables first:
        // cheaper than a copy of the whole right side, which a data-dependent extent
        // (`x[x > 0] -= x.mean()`) rules out.
        std::map<const array::Node *, NodePtr> hoisted;
        std::function<NodePtr(const NodePtr &)> hoist = [&](const NodePtr &n) -> NodePtr {
            auto [it, fresh] = hoisted.emplace(n.get(), n);
            if (!fresh)
                return it->second;
            // What reads nothing of the target, or reads it in place, stays as it is.
            if (!unsafeRead(n, false) || n->kind == NodeKind::Nonzero || sameElements(n, target))
                return n;
            NodePtr out = n;
            if (n->type.rank() == 0 && n->kind != NodeKind::Param && n->kind != NodeKind::Var) {
                out = materialize(n, "read", loc);
            } else {
                std::vector<NodePtr> operands;
                for (const NodePtr &op : n->operands)
                    operands.push_back(hoist(op));
                if (operands != n->operands) {
                    array::Node copy = *n;
                    copy.operands = std::move(operands);
                    out = std::make_shared<const array::Node>(std::move(copy));
                }
            }
            return hoisted[n.get()] = out;
        };
        value = hoist(value);
    }
    if (unsafeRead(value, true)) {
        // A shape only the run time knows (`x[i:] = x[:n - i] * 0.5` in a loop) cannot be a
        // variable's, allocated on entry: a buffer allocated where the statement runs (the
        // stored value copies it: a stored root is computed into the target itself).
        if (dataDependent(value->type.shape))
            return array::makeCopy(array::makeCopy(value, loc, true), loc);
        value = materialize(value, "rhs", loc);
    }
    return value;
}

NodePtr FunctionLowering::augmented(array::BinaryOp op, const NodePtr &target,
                                   const syntax::Expr &value, SourceLoc loc) {
    if (op == array::BinaryOp::Power)
        return exprs_.power(target, value, loc);
    return exprs_.pythonOperator(op, target, exprs_.lowerArray(value), loc);
}

void FunctionLowering::augmentedAssign(const syntax::AugAssign &aug, SourceLoc loc) {
    array::BinaryOp op = augmentedOp(aug.op, loc);
    if (auto *name = aug.target->as<syntax::Name>()) {
        Value current = exprs_.lower(*aug.target);
        if (current.kind == Value::Tuple)
            throw UserError(aug.target->loc,
                            fmt::format("npc does not update tuples or lists in place; write "
                                        "'{0} = {0} + ...' to make a new one",
                                        name->id));
        if (current.kind != Value::Array)
            throw UserError(aug.target->loc, "augmented assignment needs a number or an array");
        if (current.node->type.rank() == 0) { // a scalar: rebinds, as Python does
            NodePtr rhs = exprs_.lowerArray(*aug.value);
            assignName(name->id, Value::array(exprs_.pythonOperator(op, current.node, rhs, loc), loc),
                       loc);
            return;
        }
        NodePtr target = ensureBuffer(name->id, loc);
        if (const array::Node *root = viewRoot(target))
            flushReaders(*root, loc, true);
        target = exprs_.lowerArray(*aug.target);
        NodePtr result = augmented(op, target, *aug.value, loc);
        inPlace(target, result, op, loc);
        return;
    }
    if (auto *sub = aug.target->as<syntax::Subscript>()) {
        prepareStore(*sub, loc);
        NodePtr target = exprs_.lowerArray(*aug.target);
        if (maskAfterIndices(target))
            throw UserError(aug.target->loc, kMaskAfterIndices);
        if (!storeTargetRoot(target))
            throw UserError(aug.target->loc, "npc can only update parameters, local arrays "
                                             "and views of them in place");
        NodePtr result = augmented(op, target, *aug.value, loc);
        if (target->type.rank() == 0) { // an element: read, computed, stored (setitem)
            store(target, storedValue(result, target->type.dtype, loc), loc);
            return;
        }
        inPlace(target, result, op, loc);
        return;
    }
    throw UserError(aug.target->loc, "augmented assignment needs a name or a subscript");
}

void FunctionLowering::inPlace(const NodePtr &target, const NodePtr &result, array::BinaryOp op,
                               SourceLoc loc) {
    if (!canCastSameKind(result->type.dtype, target->type.dtype))
        throw UserError(loc, fmt::format("Cannot cast ufunc '{}' output from dtype('{}') to "
                                         "dtype('{}') with casting rule 'same_kind'",
                                         array::binaryOpName(op), dtypeName(result->type.dtype),
                                         dtypeName(target->type.dtype)));
    NodePtr value = array::makeCast(result, target->type.dtype, loc);
    if (!shapeEqual(value->type.shape, target->type.shape)) {
        auto mismatch = [&](std::vector<Dim> *shown) {
            std::string output = array::showShape(target->type.shape, shown);
            return fmt::format("non-broadcastable output operand with shape {} doesn't match "
                               "the broadcast shape {}",
                               output, array::showShape(value->type.shape, shown));
        };
        if (value->type.rank() > target->type.rank())
            throw UserError(loc, mismatch(nullptr));
        value = broadcastChecked(value, target->type.shape, loc, mismatch);
    }
    store(target, value, loc);
}

} // namespace npc::lowering
