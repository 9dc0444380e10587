// Unit tests of advanced indexing on hand-built IR: Gather's result shape (NumPy's
// placement of the index axes), Nonzero's data-dependent length, and the loop IR they
// lower to (checked indices, a serial compaction loop).
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

NodePtr param(int index, const char *name, DType dtype, int rank) {
    Shape shape;
    for (int a = 0; a < rank; ++a)
        shape.push_back(dimExtent(index, a, name));
    return makeParam(index, name, Type{dtype, std::move(shape), false}, {});
}

} // namespace

TEST_CASE("a gather puts the index shape where NumPy does", "[ir][gather]") {
    NodePtr x = param(0, "x", DType::Float64, 3);
    NodePtr i = param(1, "i", DType::Int64, 1);
    // x[:, i, :]: the index axis replaces axis 1 in place.
    NodePtr g = makeGather(x, {i}, {1}, 1, {1}, {});
    REQUIRE(g->type.rank() == 3);
    CHECK(dimStr(g->type.shape[0]) == "x.shape[0]");
    CHECK(dimStr(g->type.shape[1]) == "i.shape[0]");
    CHECK(dimStr(g->type.shape[2]) == "x.shape[2]");
    // x[i, :, i] (non-adjacent): the index axes come first.
    NodePtr h = makeGather(x, {i, i}, {0, 2}, 0, {0, 2}, {});
    REQUIRE(h->type.rank() == 2);
    CHECK(dimStr(h->type.shape[0]) == "i.shape[0]");
    CHECK(dimStr(h->type.shape[1]) == "x.shape[1]");
    CHECK_NOTHROW(verify(function({x, i}, h)));
    CHECK_THAT(print(function({x, i}, h)), Catch::Contains("gather %0, [%1, %1], axes=(0, 2), at=0"));
    // Index arrays must be int64, one per axis, axes increasing.
    NodePtr j = param(2, "j", DType::Int32, 1);
    CHECK_THROWS_AS(makeGather(x, {j}, {0}, 0, {0}, {}), InternalError);
    CHECK_THROWS_AS(makeGather(x, {i}, {0, 1}, 0, {0, 1}, {}), InternalError);
    CHECK_THROWS_AS(makeGather(x, {i, i}, {2, 0}, 0, {2, 0}, {}), InternalError);
}

TEST_CASE("a gather reads through checked indices in a parallel loop", "[ir][gather]") {
    NodePtr x = param(0, "x", DType::Float64, 1);
    NodePtr i = param(1, "i", DType::Int64, 1);
    SourceFile file{"g.py", "import numpy as np\n"};
    loop::Function f = passes::compileFunction(function({x, i}, makeGather(x, {i}, {0}, 0, {0}, {})),
                                               file, passes::PipelineOptions{});
    std::string text = loop::print(f);
    CHECK_THAT(text, Catch::Contains("checked_index<int64>("));
    CHECK_THAT(text, Catch::Contains("parallel"));
}

TEST_CASE("nonzero compacts a mask in a serial loop", "[ir][gather]") {
    NodePtr m = param(0, "m", DType::Bool, 1);
    NodePtr count = makeDimValue(dimExtent(0, 0, "m"), {}); // a stand-in run-time length
    NodePtr nz = makeNonzero(m, dimValue(count, "count"), {});
    CHECK(nz->type.dtype == DType::Int64);
    REQUIRE(nz->type.rank() == 1);
    CHECK(dimStr(nz->type.shape[0]) == "count");
    CHECK_THROWS_AS(makeNonzero(param(1, "x", DType::Float64, 1), dimConst(1), {}), InternalError);
    SourceFile file{"g.py", "import numpy as np\n"};
    loop::Function f = passes::compileFunction(function({m}, nz), file, passes::PipelineOptions{});
    std::string text = loop::print(f);
    CHECK_THAT(text, Catch::Contains("if (m[(i * m_s0)] && (found < m.shape[0]))"));
    CHECK_THAT(text, !Catch::Contains("parallel"));
}
