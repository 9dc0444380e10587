// Internals of npc's generated `main()` (npc/driver.h): type-erased argument and result
// values, command-line literals, and the traits that map C++ parameter and return types of
// a compiled function to `.npy` dtypes and ranks.
#ifndef NPC_RUNTIME_DRIVER_TYPES_H
#define NPC_RUNTIME_DRIVER_TYPES_H

#include "npc/array.h"
#include "npc/npy.h"

#include <charconv>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace npc::driver::detail {

using npc::detail::kAlwaysFalse;

/// Dtype and rank of a parameter or result; rank -1 is a scalar (a C++ value, not a view).
struct TypeInfo {
    std::string_view descr;
    int rank = -1;
    bool writable = false; ///< a non-const ArrayView parameter: the function may write it

    /// "float64" for a scalar, "float64[()]" for a 0-d array, "float64[:, :]" for rank 2.
    std::string str() const {
        std::string s(npy_dtype_name(descr));
        if (rank < 0)
            return s;
        if (rank == 0)
            return s + "[()]";
        s += "[:";
        for (int i = 1; i < rank; ++i)
            s += ", :";
        return s + "]";
    }
};

/// One argument or result held by the driver.
struct Value {
    virtual ~Value() = default;
    virtual std::unique_ptr<Value> clone() const = 0;
    virtual void save(const std::string &path) const = 0;
};
using Values = std::vector<std::unique_ptr<Value>>;

template <class T, int Rank> struct ArrayValue final : Value {
    Array<T, Rank> array;
    explicit ArrayValue(Array<T, Rank> a) : array(std::move(a)) {}
    std::unique_ptr<Value> clone() const override { return std::make_unique<ArrayValue>(array); }
    void save(const std::string &path) const override { save_npy(path, array); }
};

/// A result that is a view (e.g. a slice of an argument); it must not outlive the arguments.
template <class T, int Rank> struct ViewValue final : Value {
    ArrayView<T, Rank> view;
    explicit ViewValue(ArrayView<T, Rank> v) : view(v) {}
    std::unique_ptr<Value> clone() const override { return std::make_unique<ViewValue>(view); }
    void save(const std::string &path) const override { save_npy(path, view); }
};

template <class T> struct ScalarValue final : Value {
    T value;
    explicit ScalarValue(T v) : value(v) {}
    std::unique_ptr<Value> clone() const override { return std::make_unique<ScalarValue>(value); }
    void save(const std::string &path) const override { save_npy_scalar(path, value); }
};

/// A scalar written on the command line: True/False, an integer or a float.
struct Literal {
    enum class Kind { Bool, Int, Float } kind = Kind::Float;
    bool boolean = false;
    std::optional<int64_t> i;  ///< the value, when an Int that fits int64
    std::optional<uint64_t> u; ///< the value, when an Int that fits uint64
    double f = 0;              ///< the numeric value as a double (Int and Float)
};

/// Parses "True", "False", "3", "-2", "+7", "0.5", "1e-3", "inf", "nan"; nullopt otherwise.
inline std::optional<Literal> parse_literal(std::string_view text) {
    Literal lit;
    if (text == "True" || text == "False" || text == "true" || text == "false") {
        lit.kind = Literal::Kind::Bool;
        lit.boolean = text[0] == 'T' || text[0] == 't';
        return lit;
    }
    std::string_view num = text;
    if (!num.empty() && num[0] == '+')
        num.remove_prefix(1);
    if (num.empty() || num[0] == '+')
        return std::nullopt;
    const char *end = num.data() + num.size();
    auto [fp, fec] = std::from_chars(num.data(), end, lit.f);
    if (fp != end || (fec != std::errc() && fec != std::errc::result_out_of_range))
        return std::nullopt;
    if (fec == std::errc::result_out_of_range) // from_chars leaves f unset: get +-inf or 0.
        lit.f = std::strtod(std::string(num).c_str(), nullptr);
    if (num.find_first_not_of("-0123456789") != std::string_view::npos)
        return lit; // A float.
    lit.kind = Literal::Kind::Int;
    int64_t i = 0;
    if (auto [p, ec] = std::from_chars(num.data(), end, i); ec == std::errc() && p == end)
        lit.i = i;
    uint64_t u = 0;
    if (auto [p, ec] = std::from_chars(num.data(), end, u); ec == std::errc() && p == end)
        lit.u = u;
    return lit;
}

/// One positional command-line argument: a literal, or the header of a `.npy` file.
struct Input {
    std::string text;
    std::optional<Literal> literal;
    NpyHeader header; ///< valid when !literal

    /// "3 (int literal)" or "'x.npy' (float32, shape (3, 4))".
    std::string str() const {
        if (literal) {
            constexpr const char *kinds[] = {"bool", "int", "float"};
            return text + " (" + kinds[static_cast<int>(literal->kind)] + " literal)";
        }
        return "'" + text + "' (" + std::string(npy_dtype_name(header.descr)) + ", shape " +
               format_shape(header.shape.data(), header.shape.size()) + ")";
    }
};

template <class T> inline constexpr bool kIsComplex = false;
template <class T> inline constexpr bool kIsComplex<std::complex<T>> = true;

/// Element types the driver can pass as scalars or hold in arrays.
template <class T>
concept Scalar = std::is_arithmetic_v<T> || kIsComplex<T>;

/// How a literal converts to scalar parameter type T: nullopt if it does not match (a float
/// for an int, an int out of T's range, a bool for a number or vice versa).
template <Scalar T> std::optional<T> literal_as(const Literal &lit) {
    if constexpr (std::is_same_v<T, bool>) {
        if (lit.kind == Literal::Kind::Bool)
            return lit.boolean;
        return std::nullopt;
    } else if constexpr (std::is_integral_v<T>) {
        if (lit.kind != Literal::Kind::Int)
            return std::nullopt;
        if constexpr (std::is_signed_v<T>) {
            if (lit.i && *lit.i >= std::numeric_limits<T>::min() &&
                *lit.i <= std::numeric_limits<T>::max())
                return static_cast<T>(*lit.i);
        } else {
            if (lit.u && *lit.u <= std::numeric_limits<T>::max())
                return static_cast<T>(*lit.u);
        }
        return std::nullopt;
    } else {
        if (lit.kind == Literal::Kind::Bool)
            return std::nullopt;
        if (lit.kind == Literal::Kind::Int && (lit.i || lit.u)) // Exact conversion from the int.
            return lit.i ? static_cast<T>(*lit.i) : static_cast<T>(*lit.u);
        return static_cast<T>(lit.f);
    }
}

/// Maps a (decayed) parameter type to its TypeInfo, its matching rule and its loading.
template <class P> struct ParamTraits {
    static_assert(kAlwaysFalse<P>, "a driver parameter must be npc::ArrayView<[const] T, R> or "
                                   "a scalar (bool, integer, float, std::complex)");
};

template <class T, int Rank> struct ParamTraits<ArrayView<T, Rank>> {
    using Elem = std::remove_const_t<T>;
    static TypeInfo info() { return {npy_descr<Elem>(), Rank, !std::is_const_v<T>}; }
    static bool accepts(const Input &in) {
        return !in.literal && in.header.descr == npy_descr<Elem>() &&
               in.header.shape.size() == static_cast<std::size_t>(Rank);
    }
    static std::unique_ptr<Value> load(const Input &in) {
        return std::make_unique<ArrayValue<Elem, Rank>>(load_array<Elem, Rank>(in.text));
    }
    static ArrayView<T, Rank> get(Value &v) {
        return static_cast<ArrayValue<Elem, Rank> &>(v).array.view();
    }
};

template <Scalar T> struct ParamTraits<T> {
    static TypeInfo info() { return {npy_descr<T>(), -1, false}; }
    static bool accepts(const Input &in) {
        if (in.literal)
            return literal_as<T>(*in.literal).has_value();
        return in.header.descr == npy_descr<T>() && in.header.shape.empty();
    }
    static std::unique_ptr<Value> load(const Input &in) {
        if (in.literal)
            return std::make_unique<ScalarValue<T>>(*literal_as<T>(*in.literal));
        return std::make_unique<ScalarValue<T>>(*load_array<T, 0>(in.text).data());
    }
    static T get(Value &v) { return static_cast<ScalarValue<T> &>(v).value; }
};

/// One parameter of an overload, as the driver sees it.
struct ParamSpec {
    TypeInfo type;
    bool (*accepts)(const Input &);
    std::unique_ptr<Value> (*load)(const Input &);

    template <class P> static ParamSpec of() {
        using Traits = ParamTraits<std::remove_cvref_t<P>>;
        return {Traits::info(), &Traits::accepts, &Traits::load};
    }
};

/// Maps a (decayed) return type to result TypeInfos and type-erased result values:
/// void (no result), a scalar, an Array, an ArrayView, or a std::tuple/std::pair of those.
template <class R> struct ResultTraits {
    static_assert(kAlwaysFalse<R>, "a driver result must be void, a scalar, npc::Array, "
                                   "npc::ArrayView or a std::tuple of those");
};

template <> struct ResultTraits<void> {
    static std::vector<TypeInfo> infos() { return {}; }
};

template <Scalar T> struct ResultTraits<T> {
    static std::vector<TypeInfo> infos() { return {{npy_descr<T>(), -1, false}}; }
    static void wrap(T r, Values &out) { out.push_back(std::make_unique<ScalarValue<T>>(r)); }
};

template <class T, int Rank> struct ResultTraits<Array<T, Rank>> {
    static std::vector<TypeInfo> infos() { return {{npy_descr<T>(), Rank, false}}; }
    static void wrap(Array<T, Rank> &&r, Values &out) {
        out.push_back(std::make_unique<ArrayValue<T, Rank>>(std::move(r)));
    }
};

template <class T, int Rank> struct ResultTraits<ArrayView<T, Rank>> {
    static std::vector<TypeInfo> infos() { return {{npy_descr<T>(), Rank, false}}; }
    static void wrap(ArrayView<T, Rank> r, Values &out) {
        out.push_back(std::make_unique<ViewValue<T, Rank>>(r));
    }
};

template <class Tuple, class... Rs> struct TupleResultTraits {
    static std::vector<TypeInfo> infos() {
        std::vector<TypeInfo> all;
        (..., [&all] {
            for (const TypeInfo &t : ResultTraits<std::remove_cvref_t<Rs>>::infos())
                all.push_back(t);
        }());
        return all;
    }
    static void wrap(Tuple &&r, Values &out) {
        std::apply(
            [&out](auto &&...parts) {
                (ResultTraits<std::remove_cvref_t<decltype(parts)>>::wrap(std::move(parts), out),
                 ...);
            },
            std::move(r));
    }
};
template <class... Rs>
struct ResultTraits<std::tuple<Rs...>> : TupleResultTraits<std::tuple<Rs...>, Rs...> {};
template <class A, class B>
struct ResultTraits<std::pair<A, B>> : TupleResultTraits<std::pair<A, B>, A, B> {};

/// Parameter and return types of a non-generic lambda or a function pointer.
template <class F> struct CallableTraits : CallableTraits<decltype(&F::operator())> {};
template <class R, class... A> struct CallableTraits<R (*)(A...)> {
    using Return = R;
    using Params = std::tuple<A...>;
};
template <class C, class R, class... A>
struct CallableTraits<R (C::*)(A...) const> : CallableTraits<R (*)(A...)> {};
template <class C, class R, class... A>
struct CallableTraits<R (C::*)(A...)> : CallableTraits<R (*)(A...)> {};

} // namespace npc::driver::detail

#endif // NPC_RUNTIME_DRIVER_TYPES_H
