// Unit tests of the creation building blocks on hand-built IR: Iota, Copy, weak casts
// (Python numbers from int()/float()) and NonNegative extents (np.zeros(n)), down to the
// loop IR's entry check.
#include "ir/ArrayIR.h"
#include "ir/LoopIR.h"
#include "ir/passes/Pipeline.h"

#include <catch2/catch.hpp>

using namespace npc;
using namespace npc::array;

namespace {

Function function(std::vector<NodePtr> params, NodePtr result) {
    Function f;
    f.name = "f";
    f.params = std::move(params);
    f.results = {std::move(result)};
    return f;
}

} // namespace

TEST_CASE("iota is the int64 index along one axis", "[ir][creation]") {
    NodePtr i = makeIota({dimConst(2), dimConst(5)}, 1, {});
    REQUIRE(i->kind == NodeKind::Iota);
    CHECK(i->type.dtype == DType::Int64);
    CHECK(i->axis == 1);
    CHECK(i->operands.empty());
    CHECK_THROWS_AS(makeIota({dimConst(2)}, 1, {}), InternalError);
    CHECK_NOTHROW(verify(function({}, i)));
    CHECK_THAT(print(function({}, i)), Catch::Contains("iota axis=1 : int64[2, 5]"));
}

TEST_CASE("a copy is a node of its own, never folded", "[ir][creation]") {
    NodePtr x = makeParam(0, "x", Type{DType::Float32, {dimExtent(0, 0, "x")}, false}, {});
    NodePtr c = makeCopy(x, {});
    CHECK(c != x);
    CHECK(c->kind == NodeKind::Copy);
    CHECK(c->type.dtype == DType::Float32);
    CHECK(shapeEqual(c->type.shape, x->type.shape));
    CHECK(makeCast(x, DType::Float32, {}) == x); // a cast to the same dtype is folded
    CHECK_NOTHROW(verify(function({x}, c)));
}

TEST_CASE("weak casts make Python numbers", "[ir][creation]") {
    NodePtr v = makeParam(0, "v", Type{DType::Int64, {}, false}, {});
    NodePtr w = makeCast(v, DType::Int64, true, {}); // int(v) of a NumPy int64
    CHECK(w != v);
    CHECK(w->type.weak);
    CHECK(makeCast(w, DType::Int64, true, {}) == w);
    CHECK_FALSE(makeCast(w, DType::Float64, {})->type.weak);
    NodePtr a = makeParam(1, "a", Type{DType::Float64, {dimConst(3)}, false}, {});
    CHECK_THROWS_AS(makeCast(a, DType::Int64, true, {}), InternalError);
}

TEST_CASE("non-negative extents: constants pass through, equal values are equal",
          "[ir][dim][creation]") {
    NodePtr n = makeParam(0, "n", Type{DType::Int64, {}, true}, {});
    Dim a = dimNonNegative(dimValue(n, "n"), "negative dimensions are not allowed");
    Dim b = dimNonNegative(dimValue(n, "n"), "negative dimensions are not allowed");
    CHECK(a->kind == DimKind::NonNegative);
    CHECK(dimEqual(a, b));
    CHECK(dimNonNegative(a, "other") == a);
    CHECK(dimIsConst(dimNonNegative(dimConst(4), "x"), 4));
    CHECK(dimStr(a) == "n");
    CHECK_FALSE(dimBroadcastsByStride(a));
}

TEST_CASE("a run-time extent is checked once on entry", "[ir][creation][loops]") {
    NodePtr n = makeParam(0, "n", Type{DType::Int64, {}, true}, {});
    Dim extent = dimNonNegative(dimValue(n, "n"), "negative dimensions are not allowed");
    Shape shape{extent, extent};
    NodePtr diag = makeBinary(BinaryOp::Equal, makeIota(shape, 0, {}), makeIota(shape, 1, {}), {});
    Function f = function({n}, makeCast(diag, DType::Float64, {})); // np.eye(n)
    SourceFile file{"eye.py", "import numpy as np\n"};
    loop::Function lf = passes::compileFunction(f, file, passes::PipelineOptions{});
    std::string text = loop::print(lf);
    CHECK_THAT(text, Catch::Contains("if (n < 0) throw ValueError(\"negative dimensions are "
                                     "not allowed\")"));
    CHECK(text.find("throw") == text.rfind("throw")); // once, though used twice
    CHECK_THAT(text, Catch::Contains("alloc result float64[n, n]"));
}
