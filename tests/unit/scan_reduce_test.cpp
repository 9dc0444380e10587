// Unit tests of the array IR's scans (numpy.cumsum/cumprod) and logical reductions
// (numpy.any/all): result types, printed form, verifier, and the fusion schedule that
// gives every scan a buffer of its own.
#include "ir/ArrayIR.h"
#include "ir/passes/ScheduleStages.h"

#include <catch2/catch.hpp>

using namespace npc;
using namespace npc::array;

namespace {

NodePtr matrix(DType t = DType::Float64) {
    Type type{t, {dimExtent(0, 0, "x"), dimExtent(0, 1, "x")}, false};
    return makeParam(0, "x", type, {});
}

Function function(NodePtr param, std::vector<NodePtr> results) {
    Function f;
    f.name = "f";
    f.params = {std::move(param)};
    f.results = std::move(results);
    return f;
}

} // namespace

TEST_CASE("scans keep the shape along an axis and flatten in C order", "[ir][scan]") {
    NodePtr x = matrix();
    NodePtr along = makeScan(ReduceOp::Sum, x, 1, {});
    CHECK(shapeEqual(along->type.shape, x->type.shape));
    CHECK(along->type.dtype == DType::Float64);
    NodePtr flat = makeScan(ReduceOp::Prod, x, std::nullopt, {});
    REQUIRE(flat->type.rank() == 1);
    CHECK(dimStr(flat->type.shape[0]) == "x.shape[0] * x.shape[1]");
    CHECK(flat->flatten);
    CHECK(flat->axes == std::vector<int>{0, 1});
    Function f = function(x, {along, flat});
    CHECK_NOTHROW(verify(f));
    std::string text = print(f);
    CHECK(text.find("cumsum %0, axis=1 : float64[x.shape[0], x.shape[1]]") != std::string::npos);
    CHECK(text.find("cumprod %0, flatten : float64[x.shape[0] * x.shape[1]]") != std::string::npos);
    // np.maximum.accumulate: a running maximum in the operand's dtype.
    NodePtr peak = makeScan(ReduceOp::Max, x, 0, {});
    CHECK(peak->type.dtype == DType::Float64);
    CHECK(print(function(x, {peak})).find("cummax %0, axis=0") != std::string::npos);
    CHECK_THROWS_AS(makeScan(ReduceOp::ArgMax, x, 0, {}), InternalError);
    CHECK_THROWS_AS(makeScan(ReduceOp::Sum, x, 2, {}), InternalError);
}

TEST_CASE("the verifier rejects a scan that changes the dtype", "[ir][scan]") {
    NodePtr x = matrix();
    Node bad = *makeScan(ReduceOp::Sum, x, 0, {});
    bad.type.dtype = DType::Float32;
    CHECK_THROWS_AS(verify(function(x, {std::make_shared<const Node>(bad)})), InternalError);
}

TEST_CASE("a scan consumed by an elementwise op is a stage of its own", "[ir][scan][schedule]") {
    NodePtr x = matrix();
    NodePtr scan = makeScan(ReduceOp::Sum, x, 0, {});
    NodePtr doubled = makeBinary(BinaryOp::Add, scan, scan, {});
    passes::Schedule s = passes::scheduleStages(function(x, {doubled}));
    REQUIRE(s.stages.size() == 2);
    CHECK(s.stages[0].root == scan);
    CHECK(s.isMaterialized(scan.get()));
}

TEST_CASE("any/all reduce bools to bools", "[ir][reduce]") {
    NodePtr x = matrix(DType::Bool);
    NodePtr any = makeReduce(ReduceOp::Any, x, {0}, false, {});
    CHECK(any->type.dtype == DType::Bool);
    CHECK(any->type.rank() == 1);
    NodePtr all = makeReduce(ReduceOp::All, x, {0, 1}, true, {});
    CHECK(all->type.rank() == 2);
    CHECK(reduceOpName(ReduceOp::All) == "all");
    CHECK_THROWS_AS(makeReduce(ReduceOp::Any, matrix(), {0}, false, {}), InternalError);
}
