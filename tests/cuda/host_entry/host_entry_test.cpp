// Calls the CUDA target's host entry points of host_entry.py the way a program would:
// with arguments that share memory (`update_both(x, x, i)`, overlapping slices), with
// out-of-bounds and empty-axis indices, and again after an IndexError. Prints one line per
// scenario, `name: x=v,v,... result=v` or `name: x=... error=<message>`, for
// tests/e2e/test_cuda_host_entry.py to compare with NumPy's run of the same calls.
#include "host_entry.cuh"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using npc::ArrayView;

std::string values(const std::vector<double> &x) {
    std::string s;
    for (double v : x) {
        if (!s.empty())
            s += ',';
        s += std::to_string(v);
    }
    return s;
}

/// Runs update_both on views of x = np.arange(2 * n.0): a = x[aFrom:aFrom+n],
/// b = x[bFrom:bFrom+n].
void updateBoth(const char *name, int64_t n, int64_t aFrom, int64_t bFrom,
                std::vector<int64_t> idx) {
    std::vector<double> x(static_cast<size_t>(2 * n));
    for (size_t k = 0; k < x.size(); ++k)
        x[k] = static_cast<double>(k);
    ArrayView<double, 1> a(x.data() + aFrom, {n});
    ArrayView<double, 1> b(x.data() + bFrom, {n});
    ArrayView<const int64_t, 1> i(idx.data(), {static_cast<int64_t>(idx.size())});
    try {
        double r = host_entry::update_both(a, b, i);
        std::printf("%s: x=%s result=%.17g\n", name, values(x).c_str(), r);
    } catch (const npc::Error &e) {
        std::printf("%s: x=%s error=%s\n", name, values(x).c_str(), e.what());
    }
}

void gather(const char *name, std::vector<double> v, std::vector<int64_t> idx) {
    ArrayView<const double, 1> view(v.empty() ? nullptr : v.data(),
                                    {static_cast<int64_t>(v.size())});
    ArrayView<const int64_t, 1> i(idx.data(), {static_cast<int64_t>(idx.size())});
    try {
        npc::Array<double, 1> r = host_entry::gather(view, i);
        std::printf("%s: x=%s result=%s\n", name, values(v).c_str(),
                    values(std::vector<double>(r.data(), r.data() + r.size())).c_str());
    } catch (const npc::Error &e) {
        std::printf("%s: x=%s error=%s\n", name, values(v).c_str(), e.what());
    }
}

/// gather_rows of an empty (0, 10**7) array: the stand-in element must not be read as a
/// whole row (80 MB past it).
void gatherRowsFromEmpty(const char *name) {
    std::vector<int64_t> idx = {0};
    ArrayView<const double, 2> m(nullptr, {0, 10'000'000});
    ArrayView<const int64_t, 1> i(idx.data(), {1});
    try {
        npc::Array<double, 2> r = host_entry::gather_rows(m, i);
        std::printf("%s: x= result=%zu elements\n", name, static_cast<size_t>(r.size()));
    } catch (const npc::Error &e) {
        std::printf("%s: x= error=%s\n", name, e.what());
    }
}

/// arg_extremes of x[k] = f(k) and i[k] = g(k), k < n (the same formulas as the test's):
/// whole-array argmin/argmax run as block reductions over many blocks.
void argExtremes(const char *name, int64_t n, double (*f)(int64_t), int32_t (*g)(int64_t)) {
    std::vector<double> x(static_cast<size_t>(n));
    std::vector<int32_t> i(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) {
        x[static_cast<size_t>(k)] = f(k);
        i[static_cast<size_t>(k)] = g(k);
    }
    auto [a, b, c, d] = host_entry::arg_extremes(ArrayView<const double, 1>(x.data(), {n}),
                                                 ArrayView<const int32_t, 1>(i.data(), {n}));
    std::printf("%s: x= result=%lld,%lld,%lld,%lld\n", name, static_cast<long long>(a),
                static_cast<long long>(b), static_cast<long long>(c), static_cast<long long>(d));
}

} // namespace

int main() {
    updateBoth("same_array", 6, 0, 0, {1, -1});
    updateBoth("overlapping_slices", 6, 1, 0, {0});
    updateBoth("disjoint_slices", 3, 0, 3, {2});
    updateBoth("index_error_keeps_writes", 6, 0, 0, {9});
    updateBoth("after_index_error", 6, 1, 0, {2});
    gather("gather", {1.5, 2.5, 3.5}, {2, -3, 0});
    gather("gather_out_of_bounds", {1.5, 2.5, 3.5}, {3});
    gather("gather_from_empty", {}, {0});
    gather("gather_after_errors", {1.5, 2.5}, {1});
    gatherRowsFromEmpty("gather_rows_from_empty");
    argExtremes("arg_ties", 20011, [](int64_t) { return 0.0; }, [](int64_t) { return 0; });
    argExtremes(
        "arg_permutation", 20011,
        [](int64_t k) { return static_cast<double>(k * 7919 % 20011); },
        [](int64_t k) { return static_cast<int32_t>(k * 7919 % 20011 % 1000); });
    argExtremes(
        "arg_nans", 20011,
        [](int64_t k) { return k == 14001 || k == 18001 ? std::nan("") : static_cast<double>(k % 5); },
        [](int64_t k) { return static_cast<int32_t>(20011 - k); });
    argExtremes(
        "arg_infinities", 20011, [](int64_t k) { return k % 2 ? -HUGE_VAL : HUGE_VAL; },
        [](int64_t k) { return k == 19999 ? INT32_MAX : INT32_MIN; });
}
