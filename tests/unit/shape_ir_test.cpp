// Unit tests of the shape nodes on hand-built IR: Transpose, Reshape and Concat shapes,
// their verifier checks, and the buffers schedule-stages gives concatenated parts.
#include "ir/ArrayIR.h"
#include "ir/passes/ScheduleStages.h"

#include <catch2/catch.hpp>

using namespace npc;
using namespace npc::array;

namespace {

Function function(const char *name, std::vector<NodePtr> params, NodePtr result) {
    Function f;
    f.name = name;
    f.params = std::move(params);
    f.results = {std::move(result)};
    return f;
}

NodePtr param(int index, const char *name, Shape shape) {
    return makeParam(index, name, Type{DType::Float64, std::move(shape), false}, {});
}

} // namespace

TEST_CASE("transpose permutes extents; the identity is no node", "[ir][shape]") {
    Dim n = dimExtent(0, 0, "t");
    NodePtr t = param(0, "t", {n, dimConst(3), dimConst(4)});
    NodePtr p = makeTranspose(t, {2, 0, 1}, {});
    REQUIRE(p->kind == NodeKind::Transpose);
    CHECK(dimIsConst(p->type.shape[0], 4));
    CHECK(dimEqual(p->type.shape[1], n));
    CHECK(dimIsConst(p->type.shape[2], 3));
    CHECK(makeTranspose(t, {0, 1, 2}, {}) == t);
    CHECK_THROWS_AS(makeTranspose(t, {0, 0, 1}, {}), InternalError);
    Function f = function("f", {t}, p);
    CHECK_NOTHROW(verify(f));
    Node forged = *p;
    forged.axes = {1, 0, 2}; // the extents no longer follow the permutation
    Function broken = function("g", {t}, std::make_shared<const Node>(forged));
    CHECK_THROWS_AS(verify(broken), InternalError);
}

TEST_CASE("reshape keeps the element count", "[ir][shape]") {
    NodePtr x = param(0, "x", {dimConst(2), dimConst(6)});
    NodePtr r = makeReshape(x, {dimConst(3), dimConst(4)}, {}, {});
    CHECK(r->kind == NodeKind::Reshape);
    CHECK(makeReshape(x, x->type.shape, {}, {}) == x);
    CHECK_THROWS_AS(makeReshape(x, {dimConst(5)}, {}, {}), InternalError);
    Node forged = *r;
    forged.type.shape = {dimConst(13)};
    Function broken = function("g", {x}, std::make_shared<const Node>(forged));
    CHECK_THROWS_AS(verify(broken), InternalError);
}

TEST_CASE("concatenation adds the lengths along its axis", "[ir][shape]") {
    NodePtr a = param(0, "a", {dimConst(2), dimConst(3)});
    NodePtr b = param(1, "b", {dimConst(5), dimConst(3)});
    NodePtr c = makeConcat({a, b, a}, 0, {}, {});
    CHECK(dimIsConst(c->type.shape[0], 9));
    CHECK(dimIsConst(c->type.shape[1], 3));
    CHECK(makeConcat({a}, 0, {}, {}) == a);
    // A run-time length is a Sum dim, equal for joins of equal lengths.
    Dim n = dimExtent(2, 0, "v");
    NodePtr v = param(2, "v", {n, dimConst(3)});
    NodePtr d = makeConcat({a, v}, 0, {}, {});
    CHECK(d->type.shape[0]->kind == DimKind::Sum);
    CHECK(dimEqual(d->type.shape[0], makeConcat({v, b}, 0, {}, {})->type.shape[0]) == false);
    CHECK(dimEqual(d->type.shape[0], makeConcat({v, a}, 0, {}, {})->type.shape[0]));
    CHECK(dimEqual(d->type.shape[0], makeConcat({a, v}, 0, {}, {})->type.shape[0]));
    CHECK(dimIsConst(dimSum({dimConst(2), dimConst(5)}), 7));
    CHECK_THROWS_AS(makeConcat({a, makeCast(b, DType::Float32, {})}, 0, {}, {}), InternalError);
}

TEST_CASE("schedule-stages buffers concatenated parts that are not plain loads",
          "[ir][shape][fusion]") {
    NodePtr a = param(0, "a", {dimConst(2), dimConst(3)});
    NodePtr b = param(1, "b", {dimConst(4), dimConst(3)});
    // Loads and single-use arithmetic are evaluated only where selected: one stage.
    NodePtr twice = makeBinary(BinaryOp::Multiply, b, b, {});
    NodePtr joined = makeConcat({makeTranspose(makeTranspose(a, {1, 0}, {}), {1, 0}, {}), twice},
                                0, {}, {});
    Function f = function("f", {a, b}, joined);
    CHECK(passes::scheduleStages(f).stages.size() == 1);
    // A reduction in a part would run for every element: it gets a buffer first.
    NodePtr sums = makeReduce(ReduceOp::Sum, makeView(b, {ViewEntry::all(), ViewEntry::all(),
                                                          ViewEntry::newAxis()}, {}),
                              {2}, false, {});
    NodePtr withSums = makeConcat({a, sums}, 0, {}, {});
    Function g = function("g", {a, b}, withSums);
    passes::Schedule s = passes::scheduleStages(g);
    REQUIRE(s.stages.size() == 2);
    CHECK(s.stages[0].root == sums);
}
