// Calls the functions of overlap.py with arguments that share memory, as a program may:
// views of one buffer x = arange(n) (1-D) or arange(n * n) (square, 2-D). Built for both
// targets (NPC_HEADER: overlap.h or overlap.cuh). Prints one line per scenario,
// `name: x=v,v,... result=v`, for tests/e2e/test_argument_overlap.py to compare with
// NumPy's run of the same calls on the same views.
#include NPC_HEADER

#include <cstdio>
#include <string>
#include <vector>

namespace {

using npc::ArrayView;

std::vector<double> arange(int64_t n) {
    std::vector<double> x(static_cast<size_t>(n));
    for (size_t k = 0; k < x.size(); ++k)
        x[k] = static_cast<double>(k);
    return x;
}

std::string values(const std::vector<double> &x) {
    std::string s;
    for (double v : x)
        s += (s.empty() ? "" : ",") + std::to_string(v);
    return s;
}

/// copy_into(x[aFrom:aFrom+n], x[bFrom:bFrom+n]) or, with `step` -1, b reversed.
void copyInto(const char *name, int64_t n, int64_t aFrom, int64_t bFrom, int64_t step) {
    std::vector<double> x = arange(2 * n);
    ArrayView<double, 1> a(x.data() + aFrom, {n});
    ArrayView<const double, 1> b(x.data() + bFrom, {n}, {step});
    double r = overlap::copy_into(a, b);
    std::printf("%s: x=%s result=%.17g\n", name, values(x).c_str(), r);
}

/// f(x[aFrom:aFrom+n], x[bFrom:bFrom+n]) for add_into and shadowed.
void update(const char *name, void (*f)(ArrayView<double, 1>, ArrayView<const double, 1>),
            int64_t n, int64_t aFrom, int64_t bFrom) {
    std::vector<double> x = arange(2 * n);
    ArrayView<double, 1> a(x.data() + aFrom, {n});
    ArrayView<const double, 1> b(x.data() + bFrom, {n});
    f(a, b);
    std::printf("%s: x=%s result=0\n", name, values(x).c_str());
}

/// blend(a, b, w) with a = x (n x n), b = x or a separate array, w = x's first row.
void blend(const char *name, int64_t n, bool sameB) {
    std::vector<double> x = arange(n * n), other = arange(n * n);
    ArrayView<double, 2> a(x.data(), {n, n});
    ArrayView<const double, 2> b(sameB ? x.data() : other.data(), {n, n});
    ArrayView<const double, 1> w(x.data(), {n});
    overlap::blend(a, b, w);
    std::printf("%s: x=%s result=0\n", name, values(x).c_str());
}

} // namespace

int main() {
    copyInto("shift_right", 1000, 1, 0, 1);
    copyInto("shift_left", 1000, 0, 1, 1);
    copyInto("reverse", 1000, 0, 999, -1);
    copyInto("disjoint", 1000, 0, 1000, 1);
    update("add_shifted", overlap::add_into, 1000, 1, 0);
    update("add_same", overlap::add_into, 1000, 0, 0);
    blend("blend_transposed_self", 40, true);
    blend("blend_other", 40, false);
    update("shadowed_disjoint", overlap::shadowed, 100, 0, 100);
    update("shadowed_overlap", overlap::shadowed, 100, 1, 0);
    return 0;
}
