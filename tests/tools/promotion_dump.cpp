// Prints npc's promote() result for every ordered pair of operand types, one
// `a b result` line each, for tests/e2e/test_promotion.py to compare with NumPy.
// Operands: the 13 dtypes as strong arrays (NumPy names) and the Python scalars
// `py:bool`, `py:int`, `py:float`, `py:complex`; results: a NumPy name, prefixed with
// `weak:` when the result is still a weak Python scalar type.
#include "ir/Promotion.h"

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

namespace {

using npc::DType;
using npc::PromotionType;

std::vector<std::pair<std::string, PromotionType>> operands() {
    std::vector<std::pair<std::string, PromotionType>> all;
    for (int i = 0; i < npc::kNumDTypes; ++i) {
        auto t = static_cast<DType>(i);
        all.emplace_back(std::string(npc::dtypeName(t)), PromotionType{t, false});
    }
    // Python bool is a strong bool (NEP 50 treats it like numpy.bool_).
    all.emplace_back("py:bool", PromotionType{DType::Bool, false});
    all.emplace_back("py:int", PromotionType{DType::Int64, true});
    all.emplace_back("py:float", PromotionType{DType::Float64, true});
    all.emplace_back("py:complex", PromotionType{DType::Complex128, true});
    return all;
}

} // namespace

int main() {
    auto all = operands();
    for (const auto &[aName, a] : all) {
        for (const auto &[bName, b] : all) {
            PromotionType r = npc::promote(a, b);
            fmt::print("{} {} {}{}\n", aName, bName, r.weak ? "weak:" : "",
                       npc::dtypeName(r.dtype));
        }
    }
    return 0;
}
