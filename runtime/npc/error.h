// Exceptions thrown by npc's runtime and generated code, mirroring the Python/NumPy
// exceptions the same program would raise, plus helpers that build NumPy's messages.
#ifndef NPC_RUNTIME_ERROR_H
#define NPC_RUNTIME_ERROR_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace npc {

/// Base of every error the runtime raises; `what()` is the user-facing message, without a
/// program-name prefix (the driver adds "<prog>: error: ").
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Python's ValueError: a bad value, e.g. shapes that cannot broadcast.
class ValueError : public Error {
public:
    using Error::Error;
};

/// Python's IndexError: an integer index out of range.
class IndexError : public Error {
public:
    using Error::Error;
};

/// Python's TypeError: e.g. an input array of the wrong dtype or rank.
class TypeError : public Error {
public:
    using Error::Error;
};

/// Python's ZeroDivisionError (Python scalars only: NumPy integer `// 0` gives 0).
class ZeroDivisionError : public Error {
public:
    using Error::Error;
};

/// Python's OverflowError: a value that does not fit its type.
class OverflowError : public Error {
public:
    using Error::Error;
};

/// Python's UnboundLocalError: a local name read before any assignment ran (first
/// assigned in a loop that did not run, or in a branch not taken).
class UnboundLocalError : public Error {
public:
    using Error::Error;
};

/// Python's NotImplementedError: the program does what NumPy allows but npc does not
/// follow (a variable assigned in a loop or branch that would change shape); npc stops
/// instead of computing something else.
class NotImplementedError : public Error {
public:
    using Error::Error;
};

/// Python's RuntimeError, AssertionError (a failed `assert`) and ArithmeticError, raised
/// by the program's own `raise` statements (Python's Exception is npc::Error).
class RuntimeError : public Error {
public:
    using Error::Error;
};

class AssertionError : public Error {
public:
    using Error::Error;
};

class ArithmeticError : public Error {
public:
    using Error::Error;
};

/// Python's str() of an int or a bool (`True`), as a raise statement's f-string formats it.
template <class T> std::string python_str(T value) {
    if constexpr (std::is_same_v<T, bool>)
        return value ? "True" : "False";
    else if constexpr (std::is_signed_v<T>)
        return std::to_string(static_cast<long long>(value));
    else
        return std::to_string(static_cast<unsigned long long>(value));
}

/// `message` with its first "{}" replaced by `value` (messages that name a run-time value,
/// e.g. NEP 50's "Python integer 300 out of bounds for int8").
inline std::string format_error(const char *message, int64_t value) {
    std::string s = message;
    std::size_t at = s.find("{}");
    return at == std::string::npos ? s : s.replace(at, 2, std::to_string(value));
}

/// Formats a shape the way NumPy prints tuples: "()", "(3,)", "(3, 4)".
inline std::string format_shape(const int64_t *dims, std::size_t rank) {
    std::string s = "(";
    for (std::size_t i = 0; i < rank; ++i) {
        if (i > 0)
            s += ", ";
        s += std::to_string(dims[i]);
    }
    if (rank == 1)
        s += ",";
    return s + ")";
}

/// Throws NumPy's broadcast error for two extents of one dimension that differ and are not 1.
/// NumPy names whole shapes; at the failing loop only the two extents are known.
[[noreturn]] inline void throw_broadcast_error(int64_t a, int64_t b) {
    throw ValueError("operands could not be broadcast together: dimension of size " +
                     std::to_string(a) + " does not match size " + std::to_string(b));
}

/// Throws NumPy's error for a reduction without identity over an empty array, e.g.
/// `np.min(np.zeros(0))`: "zero-size array to reduction operation minimum which has no
/// identity". `ufunc` is NumPy's ufunc name ("minimum", "maximum").
[[noreturn]] inline void throw_empty_reduction(const char *ufunc) {
    throw ValueError(std::string("zero-size array to reduction operation ") + ufunc +
                     " which has no identity");
}

/// Throws NumPy's error for `np.argmin`/`np.argmax` of an empty array:
/// "attempt to get argmin of an empty sequence". `name` is "argmin" or "argmax".
[[noreturn]] inline void throw_empty_arg_reduction(const char *name) {
    throw ValueError(std::string("attempt to get ") + name + " of an empty sequence");
}

/// Throws NumPy's IndexError for an integer index outside [-size, size):
/// "index 5 is out of bounds for axis 0 with size 5".
[[noreturn]] inline void throw_index_error(int64_t index, int axis, int64_t size) {
    throw IndexError("index " + std::to_string(index) + " is out of bounds for axis " +
                     std::to_string(axis) + " with size " + std::to_string(size));
}

} // namespace npc

#endif // NPC_RUNTIME_ERROR_H
