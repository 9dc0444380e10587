// Constructors with constant folding, equality and printing for symbolic extents.
#include "ir/Dim.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc {
namespace {

Dim makeDim(DimNode node) { return std::make_shared<const DimNode>(std::move(node)); }

} // namespace

Dim dimConst(int64_t value) {
    DimNode n;
    n.kind = DimKind::Const;
    n.value = value;
    return makeDim(std::move(n));
}

Dim dimExtent(int param, int axis, std::string paramName) {
    DimNode n;
    n.kind = DimKind::Extent;
    n.param = param;
    n.axis = axis;
    n.paramName = std::move(paramName);
    return makeDim(std::move(n));
}

Dim dimBroadcast(const Dim &a, const Dim &b, SourceLoc loc) {
    if (dimEqual(a, b) || dimIsConst(b, 1))
        return a;
    if (dimIsConst(a, 1))
        return b;
    // broadcast(broadcast(x, y), x) is broadcast(x, y): x already took part.
    auto absorbs = [](const Dim &outer, const Dim &inner) {
        return outer->kind == DimKind::Broadcast &&
               (dimEqual(outer->operands[0], inner) || dimEqual(outer->operands[1], inner));
    };
    if (absorbs(a, b))
        return a;
    if (absorbs(b, a))
        return b;
    auto ca = dimConstValue(a), cb = dimConstValue(b);
    if (ca && cb)
        throw UserError(loc, fmt::format("operands could not be broadcast together: "
                                         "extent {} does not match extent {}",
                                         *ca, *cb));
    DimNode n;
    n.kind = DimKind::Broadcast;
    n.operands = {a, b};
    return makeDim(std::move(n));
}

SliceBounds adjustSlice(int64_t extent, std::optional<int64_t> start, std::optional<int64_t> stop,
                        int64_t step) {
    int64_t lo, hi;
    if (step > 0) {
        lo = start ? *start : 0;
        hi = stop ? *stop : extent;
        if (lo < 0)
            lo = std::max<int64_t>(lo + extent, 0);
        lo = std::min(lo, extent);
        if (hi < 0)
            hi = std::max<int64_t>(hi + extent, 0);
        hi = std::min(hi, extent);
        int64_t len = hi > lo ? (hi - lo + step - 1) / step : 0;
        return {lo, step, len};
    }
    lo = start ? *start : extent - 1;
    hi = stop ? *stop : -1;
    if (start) {
        if (lo < 0)
            lo = std::max<int64_t>(lo + extent, -1);
        lo = std::min(lo, extent - 1);
    }
    if (stop && hi < 0)
        hi = std::max<int64_t>(hi + extent, -1);
    if (stop)
        hi = std::min(hi, extent - 1);
    int64_t len = lo > hi ? (lo - hi + (-step) - 1) / (-step) : 0;
    return {lo, step, len};
}

Dim dimSlice(const Dim &base, std::optional<int64_t> start, std::optional<int64_t> stop,
             int64_t step) {
    if (!start && !stop && (step == 1 || step == -1)) // `[:]` and `[::-1]` keep every element
        return base;
    if (auto c = dimConstValue(base))
        return dimConst(adjustSlice(*c, start, stop, step).length);
    if (step > 0 && stop == 0 && (!start || *start >= 0)) // `[:0]`, `[k:0]`: empty
        return dimConst(0);
    // `[k1:-k2]` has length max(n - k1 - k2, 0) for k1 >= 0, k2 > 0, like `[k1 + k2:]`:
    // one form, so `u[2:] - u[:-2]` and `u[1:-1]` have equal extents at compile time.
    if (step == 1 && (!start || (*start >= 0 && *start < INT64_MAX / 2)) &&
        (!stop || (*stop < 0 && *stop > INT64_MIN / 2))) {
        int64_t k = start.value_or(0) + (stop ? -*stop : 0);
        if (k == 0)
            return base;
        start = k;
        stop = std::nullopt;
    }
    DimNode n;
    n.kind = DimKind::Slice;
    n.operands = {base};
    n.start = start;
    n.stop = stop;
    n.step = step;
    return makeDim(std::move(n));
}

Dim dimSliceDynamic(const Dim &base, std::optional<int64_t> start, Dim startValue,
                    std::optional<int64_t> stop, Dim stopValue, int64_t step) {
    if (!startValue && !stopValue)
        return dimSlice(base, start, stop, step);
    DimNode n;
    n.kind = DimKind::Slice;
    n.operands = {base};
    n.start = start;
    n.stop = stop;
    n.step = step;
    n.startValue = std::move(startValue);
    n.stopValue = std::move(stopValue);
    return makeDim(std::move(n));
}

Dim dimValue(std::shared_ptr<const void> node, std::string text) {
    DimNode n;
    n.kind = DimKind::Value;
    n.node = std::move(node);
    n.text = std::move(text);
    return makeDim(std::move(n));
}

Dim dimNonNegative(Dim value, std::string message) {
    if (value->kind == DimKind::Const || value->kind == DimKind::NonNegative)
        return value;
    DimNode n;
    n.kind = DimKind::NonNegative;
    n.operands = {std::move(value)};
    n.text = std::move(message);
    return makeDim(std::move(n));
}

Dim dimProduct(const std::vector<Dim> &factors) {
    int64_t constant = 1;
    std::vector<Dim> symbolic;
    for (const Dim &f : factors) {
        if (auto c = dimConstValue(f))
            constant *= *c;
        else
            symbolic.push_back(f);
    }
    if (symbolic.empty() || constant == 0)
        return dimConst(constant);
    if (constant != 1)
        symbolic.push_back(dimConst(constant));
    if (symbolic.size() == 1)
        return symbolic[0];
    DimNode n;
    n.kind = DimKind::Product;
    n.operands = std::move(symbolic);
    return makeDim(std::move(n));
}

Dim dimAdd(const std::vector<Dim> &terms) {
    int64_t constant = 0;
    std::vector<Dim> symbolic;
    for (const Dim &t : terms) {
        if (auto c = dimConstValue(t))
            constant += *c;
        else
            symbolic.push_back(t);
    }
    if (symbolic.empty())
        return dimConst(constant);
    if (constant != 0)
        symbolic.push_back(dimConst(constant));
    if (symbolic.size() == 1)
        return symbolic[0];
    DimNode n;
    n.kind = DimKind::Sum;
    n.operands = std::move(symbolic);
    return makeDim(std::move(n));
}

std::optional<int64_t> dimConstValue(const Dim &d) {
    if (d->kind != DimKind::Const)
        return std::nullopt;
    return d->value;
}

bool dimIsConst(const Dim &d, int64_t value) {
    return d->kind == DimKind::Const && d->value == value;
}

bool dimEqual(const Dim &a, const Dim &b) {
    if (a == b)
        return true;
    if (a->kind != b->kind || a->operands.size() != b->operands.size())
        return false;
    switch (a->kind) {
    case DimKind::Const:
        return a->value == b->value;
    case DimKind::Extent:
        return a->param == b->param && a->axis == b->axis;
    case DimKind::Slice: {
        if (a->start != b->start || a->stop != b->stop || a->step != b->step)
            return false;
        auto same = [](const Dim &x, const Dim &y) { return (!x && !y) || (x && y && dimEqual(x, y)); };
        if (!same(a->startValue, b->startValue) || !same(a->stopValue, b->stopValue))
            return false;
        break;
    }
    case DimKind::Value:
        return a->node == b->node;
    case DimKind::Sum: { // the same terms in any order (a + b is b + a)
        std::vector<bool> used(b->operands.size(), false);
        for (const Dim &t : a->operands) {
            size_t i = 0;
            while (i < used.size() && (used[i] || !dimEqual(t, b->operands[i])))
                ++i;
            if (i == used.size())
                return false;
            used[i] = true;
        }
        return true;
    }
    case DimKind::Broadcast:
    case DimKind::Product:
    case DimKind::NonNegative:
        break;
    }
    for (size_t i = 0; i < a->operands.size(); ++i)
        if (!dimEqual(a->operands[i], b->operands[i]))
            return false;
    return true;
}

bool shapeEqual(const Shape &a, const Shape &b) {
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (!dimEqual(a[i], b[i]))
            return false;
    return true;
}

bool dimBroadcastOf(const Dim &d, const Dim &base) {
    return d->kind == DimKind::Broadcast &&
           std::any_of(d->operands.begin(), d->operands.end(), [&](const Dim &op) {
               return dimEqual(op, base) || dimBroadcastOf(op, base);
           });
}

bool dimBroadcastsByStride(const Dim &d) {
    switch (d->kind) {
    case DimKind::Const:
    case DimKind::Extent:
        return true;
    case DimKind::Broadcast:
        return dimBroadcastsByStride(d->operands[0]) && dimBroadcastsByStride(d->operands[1]);
    case DimKind::Slice:
    case DimKind::Product:
    case DimKind::Sum:
    case DimKind::Value:
    case DimKind::NonNegative:
        return false;
    }
    return false;
}

namespace {

/// A slice length in Python terms: `n - 2` for the common `[k1:-k2]` (and `[k:]`,
/// `[:-k]`) slices, whose length is that difference clamped at 0; otherwise the exact
/// `len(range(n)[start:stop:step])`.
std::string sliceStr(const DimNode &d) {
    std::string base = dimStr(d.operands[0]);
    if (d.operands[0]->kind != DimKind::Const && d.operands[0]->kind != DimKind::Extent &&
        d.operands[0]->kind != DimKind::Value)
        base = "(" + base + ")";
    if (!d.startValue && !d.stopValue && (d.step == 1 || d.step == -1)) {
        int64_t a = d.start.value_or(0), b = d.stop.value_or(0);
        bool forward = d.step == 1 && a >= 0 && (!d.stop || b < 0); // `[k:0]` is empty, not n - k
        bool backward = d.step == -1 && (!d.start || *d.start < 0) && (!d.stop || *d.stop >= 0);
        int64_t drop = forward ? a - b : (d.start ? -*d.start - 1 : 0) + (d.stop ? *d.stop + 1 : 0);
        if (forward || backward)
            return drop == 0 ? base : fmt::format("{} - {}", base, drop);
    }
    std::string start = d.startValue ? dimStr(d.startValue) : d.start ? std::to_string(*d.start) : "";
    std::string stop = d.stopValue ? dimStr(d.stopValue) : d.stop ? std::to_string(*d.stop) : "";
    std::string step = d.step == 1 ? "" : ":" + std::to_string(d.step);
    return fmt::format("len(range({})[{}:{}{}])", dimStr(d.operands[0]), start, stop, step);
}

} // namespace

std::string dimStr(const Dim &d) {
    switch (d->kind) {
    case DimKind::Const:
        return std::to_string(d->value);
    case DimKind::Extent:
        return fmt::format("{}.shape[{}]", d->paramName, d->axis);
    case DimKind::Broadcast:
        return fmt::format("broadcast({}, {})", dimStr(d->operands[0]), dimStr(d->operands[1]));
    case DimKind::Slice:
        return sliceStr(*d);
    case DimKind::Value:
        return d->text;
    case DimKind::NonNegative:
        return dimStr(d->operands[0]);
    case DimKind::Product: {
        std::string s;
        for (const Dim &f : d->operands)
            s += (s.empty() ? "" : " * ") + dimStr(f);
        return s;
    }
    case DimKind::Sum: {
        std::string s;
        for (const Dim &t : d->operands)
            s += (s.empty() ? "" : " + ") + dimStr(t);
        return "(" + s + ")";
    }
    }
    return "?";
}

std::string shapeStr(const Shape &s) {
    std::string out = "(";
    for (size_t i = 0; i < s.size(); ++i)
        out += (i ? ", " : "") + dimStr(s[i]);
    if (s.size() == 1)
        out += ",";
    return out + ")";
}

std::string shapeMismatchStr(const Shape &here, const Shape &elsewhere) {
    std::string a = shapeStr(here), b = shapeStr(elsewhere);
    if (a != b)
        return "shape " + a + " here but " + b + " elsewhere";
    return "shape " + a +
           " here and elsewhere, but these lengths are computed separately at "
           "run time and npc cannot prove them equal";
}

} // namespace npc
