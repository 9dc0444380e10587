// Lowering of NumPy's advanced indexing to array IR: integer index arrays (a Gather of a
// view, the index arrays broadcast together) and boolean masks (the masked axes flattened
// and gathered at the mask's true positions, whose number only the run time knows).
#include "frontend/LowerContext.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace npc::lowering {

using array::NodePtr;

/// NumPy's rules (numpy.org/doc/stable/user/basics.indexing.html#advanced-indexing):
/// integer scalars next to index arrays are advanced indices too; the index arrays
/// broadcast to one shape B; when the advanced indices are adjacent B replaces their axes
/// in place, else B's axes come first. Scalars are applied by a view first (they remove
/// their axes either way), then the arrays gather along the view's remaining axes.
NodePtr ExprLowering::advancedIndex(const NodePtr &base, const std::vector<IndexItem> &items,
                                    std::vector<NodePtr> dynamic, SourceLoc loc) {
    using Kind = IndexItem::Kind;
    auto masks = std::count_if(items.begin(), items.end(),
                               [](const IndexItem &i) { return i.kind == Kind::BoolArray; });
    auto arrays = std::count_if(items.begin(), items.end(),
                                [](const IndexItem &i) { return i.kind == Kind::IntArray; });
    std::vector<array::ViewEntry> entries;
    if (masks > 0) {
        // The basic indices applied first (a view), then the mask over the view's axes
        // [q, q + r): moved to the front, gathered as x[mask], and the result's axis of
        // true positions (B) put where NumPy puts it: at q when the mask and the integer
        // indices (advanced indices too) are adjacent, else first.
        auto first = std::find_if(items.begin(), items.end(),
                                  [](const IndexItem &i) { return i.kind == Kind::BoolArray; });
        if (masks > 1 || arrays > 0)
            throw UserError(first->loc, "npc supports one boolean mask and no integer index "
                                        "arrays in one subscript");
        int q = 0, sourceAxis = 0;
        std::vector<size_t> advancedItems;
        for (size_t k = 0; k < items.size(); ++k) {
            const IndexItem &item = items[k];
            if (item.kind != Kind::BoolArray) {
                entries.push_back(item.entry);
                if (item.kind == Kind::Index)
                    advancedItems.push_back(k);
                if (&item < &*first) {
                    q += item.kind != Kind::Index;
                    sourceAxis += item.kind != Kind::NewAxis;
                }
                continue;
            }
            advancedItems.push_back(k);
            for (int a = 0; a < item.array->type.rank(); ++a)
                entries.push_back(array::ViewEntry::all());
        }
        bool adjacent = advancedItems.back() - advancedItems.front() + 1 == advancedItems.size();
        NodePtr view = array::makeView(base, std::move(entries), loc, std::move(dynamic));
        int r = first->array->type.rank();
        std::vector<int> front;
        for (int a = q; a < q + r; ++a)
            front.push_back(a);
        for (int a = 0; a < view->type.rank(); ++a)
            if (a < q || a >= q + r)
                front.push_back(a);
        NodePtr gathered = maskIndex(array::makeTranspose(view, front, loc), first->array,
                                     first->loc, loc, sourceAxis);
        if (!adjacent || q == 0)
            return gathered;
        std::vector<int> placed;
        for (int a = 1; a <= q; ++a)
            placed.push_back(a);
        placed.push_back(0);
        for (int a = q + 1; a < gathered->type.rank(); ++a)
            placed.push_back(a);
        return array::makeTranspose(gathered, placed, loc);
    }
    std::vector<NodePtr> indices;
    std::vector<int> axes, errorAxes;
    int viewAxis = 0, sourceAxis = 0;
    std::vector<size_t> advancedItems;
    for (size_t k = 0; k < items.size(); ++k) {
        const IndexItem &item = items[k];
        switch (item.kind) {
        case Kind::IntArray:
            entries.push_back(array::ViewEntry::all());
            indices.push_back(item.array);
            axes.push_back(viewAxis++);
            errorAxes.push_back(sourceAxis++);
            advancedItems.push_back(k);
            break;
        case Kind::Index:
            entries.push_back(item.entry);
            ++sourceAxis;
            advancedItems.push_back(k);
            break;
        case Kind::Slice:
            entries.push_back(item.entry);
            ++viewAxis;
            ++sourceAxis;
            break;
        case Kind::NewAxis:
            entries.push_back(item.entry);
            ++viewAxis;
            break;
        case Kind::Ellipsis:
        case Kind::BoolArray:
            NPC_INTERNAL_ERROR("unexpanded index in advanced indexing");
        }
    }
    bool adjacent = advancedItems.back() - advancedItems.front() + 1 == advancedItems.size();
    Shape shape = indices.front()->type.shape;
    for (size_t i = 1; i < indices.size(); ++i) {
        try {
            shape = broadcastShapes(shape, indices[i]->type.shape, loc);
        } catch (const UserError &) {
            std::string shapes;
            for (const NodePtr &index : indices)
                shapes += (shapes.empty() ? "" : " ") + shapeStr(index->type.shape);
            throw UserError(loc, "shape mismatch: indexing arrays could not be broadcast "
                                 "together with shapes " + shapes);
        }
    }
    for (NodePtr &index : indices)
        index = array::makeBroadcast(array::makeCast(index, DType::Int64, loc), shape, loc);
    NodePtr view = array::makeView(base, std::move(entries), loc, std::move(dynamic));
    int position = adjacent ? axes.front() : 0;
    return array::makeGather(view, std::move(indices), std::move(axes), position,
                             std::move(errorAxes), loc);
}

NodePtr ExprLowering::indexWithArrays(const NodePtr &base, const std::vector<NodePtr> &indices,
                                      SourceLoc loc) {
    std::vector<IndexItem> items;
    for (const NodePtr &index : indices)
        items.push_back(index ? IndexItem{IndexItem::IntArray, array::ViewEntry::all(), index, loc}
                              : IndexItem{IndexItem::Slice, array::ViewEntry::all(), nullptr, loc});
    return advancedIndex(base, items, {}, loc);
}

bool containsReduction(const NodePtr &n, std::set<const array::Node *> &seen) {
    if (!seen.insert(n.get()).second || n->kind == array::NodeKind::Var)
        return false;
    return n->kind == array::NodeKind::Reduce ||
           std::any_of(n->operands.begin(), n->operands.end(),
                       [&](const NodePtr &op) { return containsReduction(op, seen); });
}

/// The mask's extents must equal the indexed axes' (NumPy's IndexError otherwise: at
/// compile time for constants, else on entry). Its true elements are counted into a
/// variable first: the result's length.
NodePtr ExprLowering::maskIndex(const NodePtr &base, const NodePtr &mask, SourceLoc maskLoc,
                                SourceLoc loc, int firstAxis) {
    int rank = mask->type.rank();
    NPC_ASSERT(rank <= base->type.rank(), "mask of a higher rank than the array");
    std::vector<array::ExtentCheck> checks;
    for (int a = 0; a < rank; ++a) {
        const Dim &m = mask->type.shape[static_cast<size_t>(a)];
        const Dim &x = base->type.shape[static_cast<size_t>(a)];
        if (dimEqual(m, x))
            continue;
        auto message = [&](std::vector<Dim> *shown) {
            std::string size = array::showExtent(x, shown);
            return fmt::format("boolean index did not match indexed array along axis {}; size "
                               "of axis is {} but size of corresponding boolean axis is {}",
                               firstAxis + a, size, array::showExtent(m, shown));
        };
        if (dimConstValue(m) && dimConstValue(x))
            throw UserError(maskLoc, message(nullptr));
        checks.push_back(shownCheck(m, x, false, message, "IndexError"));
    }
    if (!materialize_)
        throw UserError(loc, "a boolean mask index needs a function body (npc counts the "
                             "mask's true elements first)");
    Shape flat{dimProduct(Shape(base->type.shape.begin(), base->type.shape.begin() + rank))};
    flat.insert(flat.end(), base->type.shape.begin() + rank, base->type.shape.end());
    // The same mask counted at this position (`x[keep] += v[keep]`): its count and positions
    // are reused; this base's checks go on its flattened view, read before any element.
    if (position_ && countedMask_ && countedMask_->mask == mask && countedMask_->at == position_())
        return array::makeGather(array::makeReshape(base, std::move(flat), std::move(checks), loc),
                                 {countedMask_->positions}, {0}, 0, {-1}, loc);
    NodePtr flattened = array::makeReshape(base, std::move(flat), {}, loc);
    // The mask is read twice (counted, then compacted): a reduction in it (`x > np.mean(x)`)
    // would be computed twice, and two parallel sums may differ in the last bit, so that
    // the count and the positions disagree. Such a mask is computed once, into a buffer.
    NodePtr m = mask;
    std::set<const array::Node *> seen;
    if (containsReduction(mask, seen))
        m = materialize_(array::withName(mask, "mask"), maskLoc);
    std::vector<int> all(static_cast<size_t>(rank));
    for (int a = 0; a < rank; ++a)
        all[static_cast<size_t>(a)] = a;
    NodePtr count = array::makeReduce(array::ReduceOp::Sum, array::makeCast(m, DType::Int64, loc),
                                      all, false, loc);
    count = array::withName(array::withChecks(count, std::move(checks)), "count");
    NodePtr counted = materialize_(count, loc);
    // The length's name in run-time messages: count_nonzero(keep) for a mask named keep.
    std::string length = fmt::format("count_nonzero({})", mask->name.empty() ? "mask" : mask->name);
    NodePtr positions = array::makeNonzero(m, dimValue(counted, length), loc);
    if (position_)
        countedMask_ = CountedMask{mask, positions, position_()};
    return array::makeGather(flattened, {positions}, {0}, 0, {-1}, loc);
}

} // namespace npc::lowering
