// np.finfo and np.iinfo (numpy/_core/getlimits.py): the machine limits of a dtype, known
// when npc compiles. An np.finfo attribute such as eps is a NumPy scalar of the float
// dtype (not weak under NEP 50: `x32 * np.finfo(np.float64).eps` is float64, as in
// NumPy); np.iinfo's min and max and the integer attributes (bits, precision, ...) are
// Python ints.
#include "frontend/LowerContext.h"

#include <cmath>
#include <fmt/format.h>
#include <limits>

namespace npc::lowering {
namespace {

using array::NodePtr;

/// A Python int attribute.
Value pythonInt(int64_t v, SourceLoc loc) {
    return Value::array(array::makeIntConstant(v, DType::Int64, true, loc), loc);
}

/// A NumPy scalar of float dtype `t`.
Value floatScalar(double v, DType t, SourceLoc loc) {
    return Value::array(array::makeFloatConstant(v, t, false, loc), loc);
}

/// The dtype of a np.finfo / np.iinfo argument: a dtype (np.float32, float, 'float32',
/// x.dtype). NumPy also takes scalars of a dtype; npc asks for the dtype.
DType limitsDType(const CallArgs &args) {
    auto b = bind(args, {{"dtype", true}});
    std::optional<DType> t = dtypeOfValue(*b[0]);
    if (!t)
        throw UserError(b[0]->loc, fmt::format("{}() expects a dtype such as np.float32, "
                                               "'float32' or x.dtype",
                                               args.function));
    return *t;
}

/// numpy.finfo(dtype): the limits of a float dtype (a complex dtype's parts' float).
/// ValueError in NumPy for integer and bool dtypes: a UserError here.
Value finfo(ExprLowering &, const CallArgs &args) {
    DType t = limitsDType(args);
    if (!isInexact(t))
        throw UserError(args.positional.empty() ? args.loc : args.positional[0].loc,
                        fmt::format("{}(): data type {} is not inexact (np.iinfo gives the "
                                    "limits of integer types)",
                                    args.function, dtypeName(t)));
    DType f = isComplex(t) ? complexPartDType(t) : t;
    return Value{Value::Limits, nullptr, std::string(dtypeName(f)), {}, "finfo", args.loc};
}

/// numpy.iinfo(dtype): the limits of an integer dtype. ValueError in NumPy for float,
/// complex and bool dtypes: a UserError here.
Value iinfo(ExprLowering &, const CallArgs &args) {
    DType t = limitsDType(args);
    if (!isInteger(t))
        throw UserError(
            args.positional.empty() ? args.loc : args.positional[0].loc,
            fmt::format("{}(): invalid integer data type {}{}", args.function, dtypeName(t),
                        isInexact(t) ? " (np.finfo gives the limits of float types)" : ""));
    return Value{Value::Limits, nullptr, std::string(dtypeName(t)), {}, "iinfo", args.loc};
}

/// np.finfo(t).<attr> for float32 or float64 `t`.
template <typename F>
std::optional<Value> floatLimit(const std::string &attr, DType t, SourceLoc loc) {
    using L = std::numeric_limits<F>;
    constexpr int precision = L::digits10; // 6 and 15, as NumPy's finfo.precision
    constexpr int exponentBits = sizeof(F) == 4 ? 8 : 11;
    if (attr == "eps")
        return floatScalar(L::epsilon(), t, loc);
    if (attr == "epsneg")
        return floatScalar(L::epsilon() / 2, t, loc);
    if (attr == "max")
        return floatScalar(L::max(), t, loc);
    if (attr == "min")
        return floatScalar(L::lowest(), t, loc);
    if (attr == "tiny" || attr == "smallest_normal")
        return floatScalar(L::min(), t, loc);
    if (attr == "smallest_subnormal")
        return floatScalar(L::denorm_min(), t, loc);
    if (attr == "resolution") // 10 ** -precision, rounded to F
        return floatScalar(static_cast<F>(std::pow(10.0, -precision)), t, loc);
    const std::pair<const char *, int64_t> ints[] = {
        {"bits", 8 * sizeof(F)},         {"precision", precision}, {"nmant", L::digits - 1},
        {"machep", 1 - L::digits},       {"negep", -L::digits},    {"maxexp", L::max_exponent},
        {"minexp", L::min_exponent - 1}, {"iexp", exponentBits},   {"nexp", exponentBits},
    };
    for (const auto &[name, value] : ints)
        if (attr == name)
            return pythonInt(value, loc);
    return std::nullopt;
}

} // namespace

Value limitsAttribute(const Value &limits, const std::string &attr, SourceLoc loc) {
    DType t = *parseDTypeName(limits.qualifiedName);
    if (attr == "dtype")
        return Value{Value::Function, nullptr, "numpy." + limits.qualifiedName, {}, "dtype", loc};
    std::optional<Value> v;
    if (limits.text == "finfo")
        v = t == DType::Float32 ? floatLimit<float>(attr, t, loc)
                                : floatLimit<double>(attr, t, loc);
    else if (attr == "bits")
        v = pythonInt(8 * itemSize(t), loc);
    else if (attr == "min")
        v = pythonInt(integerMin(t), loc);
    else if (attr == "max") {
        if (integerMax(t) > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
            throw UserError(loc, fmt::format("np.iinfo({}).max is {}, beyond int64, npc's type "
                                             "of Python ints",
                                             limits.qualifiedName, integerMax(t)));
        v = pythonInt(static_cast<int64_t>(integerMax(t)), loc);
    }
    if (!v)
        throw UserError(loc, fmt::format("'{}' object has no attribute '{}' (npc knows {})",
                                         limits.text, attr,
                                         limits.text == "finfo"
                                             ? "bits, dtype, eps, epsneg, iexp, machep, max, "
                                               "maxexp, min, minexp, negep, nexp, nmant, "
                                               "precision, resolution, smallest_normal, "
                                               "smallest_subnormal and tiny"
                                             : "bits, dtype, min and max"));
    return *v;
}

const std::map<std::string, Handler> &limitsFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.finfo", finfo},
        {"numpy.iinfo", iinfo},
    };
    return table;
}

} // namespace npc::lowering
