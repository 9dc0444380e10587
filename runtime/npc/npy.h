// Reading and writing NumPy `.npy` files: untyped (NpyArray) and typed (npc::Array)
// loading, Fortran-to-C order conversion, dtype/rank checks, and saving (atomic for
// regular files).
#ifndef NPC_RUNTIME_NPY_H
#define NPC_RUNTIME_NPY_H

#include "npc/array.h"
#include "npc/error.h"
#include "npc/npy_format.h"

#include <bit>
#include <cerrno>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace npc {

static_assert(std::endian::native == std::endian::little,
              "npc's .npy support assumes a little-endian host");

/// A whole `.npy` file in memory: header facts plus the raw little-endian data bytes, in
/// the file's order (see fortran_order).
struct NpyArray {
    std::string descr;          ///< canonical descr, e.g. "<f8" (see canonical_npy_descr)
    std::vector<int64_t> shape; ///< extents; empty for a 0-d array
    bool fortran_order = false;
    std::vector<std::byte> bytes;
};

namespace detail {
template <class T> struct IsStdComplex : std::false_type {};
template <class T> struct IsStdComplex<std::complex<T>> : std::true_type {};
template <class> inline constexpr bool kAlwaysFalse = false;

struct FileCloser {
    void operator()(std::FILE *f) const noexcept { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

/// An open `.npy` file positioned at its data, and what its header said.
struct NpyReader {
    FilePtr file;
    NpyHeader header;
    std::size_t nbytes = 0; ///< size of the data the header announces
};

[[noreturn]] inline void throw_truncated(const std::string &path, std::size_t expected,
                                         std::size_t found) {
    throw Error(path + ": truncated data: expected " + std::to_string(expected) + " bytes, found " +
                std::to_string(found));
}

inline NpyReader open_npy(const std::string &path) {
    NpyReader r;
    r.file.reset(std::fopen(path.c_str(), "rb"));
    if (!r.file)
        throw Error("cannot open '" + path + "': " + std::strerror(errno));
    std::FILE *f = r.file.get();
    char prefix[12];
    if (std::fread(prefix, 1, 10, f) != 10 || std::string_view(prefix, 6) != kNpyMagic)
        throw Error(path + ": not a .npy file (bad magic string)");
    const int major = static_cast<unsigned char>(prefix[6]);
    if (major < 1 || major > 3)
        throw Error(path + ": unsupported .npy format version " + std::to_string(major) + "." +
                    std::to_string(static_cast<unsigned char>(prefix[7])));
    if (major >= 2 && std::fread(prefix + 10, 1, 2, f) != 2)
        throw Error(path + ": truncated .npy header");
    std::size_t header_len = 0;
    for (int i = (major == 1 ? 2 : 4) - 1; i >= 0; --i)
        header_len = header_len << 8 | static_cast<unsigned char>(prefix[8 + i]);
    if (header_len > (std::size_t{1} << 26)) // Guard the allocation against corrupt files.
        throw Error(path + ": .npy header of " + std::to_string(header_len) +
                    " bytes is too large");
    std::string text(header_len, '\0');
    if (std::fread(text.data(), 1, header_len, f) != header_len)
        throw Error(path + ": truncated .npy header");
    r.header = parse_npy_header(text, path);

    // As NumPy's, the product of the non-zero extents must fit (an empty array too).
    const auto limit = static_cast<uint64_t>(INT64_MAX);
    uint64_t n = static_cast<uint64_t>(npy_itemsize(r.header.descr));
    bool empty = false;
    for (int64_t extent : r.header.shape) {
        empty = empty || extent == 0;
        if (extent != 0 && n > limit / static_cast<uint64_t>(extent))
            throw Error(path + ": shape " +
                        format_shape(r.header.shape.data(), r.header.shape.size()) +
                        " is too large");
        n *= extent != 0 ? static_cast<uint64_t>(extent) : 1;
    }
    r.nbytes = empty ? 0 : static_cast<std::size_t>(n);
    // Report truncation before allocating for data that is not there (if the file seeks).
    const long here = std::ftell(f);
    if (here >= 0 && std::fseek(f, 0, SEEK_END) == 0) {
        const long end = std::ftell(f);
        std::fseek(f, here, SEEK_SET);
        if (end >= here && static_cast<uint64_t>(end - here) < r.nbytes)
            throw_truncated(path, r.nbytes, static_cast<std::size_t>(end - here));
    }
    return r;
}

/// Reads exactly `nbytes` of data into `out`, or throws a truncation error.
inline void read_npy_data(NpyReader &r, void *out, const std::string &path) {
    std::size_t got = r.nbytes == 0 ? 0 : std::fread(out, 1, r.nbytes, r.file.get());
    if (got != r.nbytes)
        throw_truncated(path, r.nbytes, got);
}

/// Strides (in elements) of a Fortran-order array: the first axis varies fastest.
template <int Rank> Shape<Rank> fortran_strides(const Shape<Rank> &shape) {
    Shape<Rank> strides{};
    int64_t step = 1;
    for (int axis = 0; axis < Rank; ++axis) {
        strides[axis] = step;
        step *= shape[axis] > 1 ? shape[axis] : 1;
    }
    return strides;
}
} // namespace detail

/// The `.npy` descr of element type T: bool "|b1", int8_t "|i1", ..., int64_t "<i8",
/// uint8_t "|u1", ..., float "<f4", double "<f8", std::complex<float> "<c8",
/// std::complex<double> "<c16". cv-qualifiers are ignored.
template <class T> constexpr std::string_view npy_descr() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, bool>) {
        return "|b1";
    } else if constexpr (std::is_integral_v<U>) {
        constexpr std::string_view s[] = {"|i1", "<i2", "<i4", "<i8"};
        constexpr std::string_view u[] = {"|u1", "<u2", "<u4", "<u8"};
        static_assert(sizeof(U) <= 8 && std::has_single_bit(sizeof(U)));
        constexpr int log2 = std::countr_zero(sizeof(U));
        return std::is_signed_v<U> ? s[log2] : u[log2];
    } else if constexpr (std::is_same_v<U, float>) {
        return "<f4";
    } else if constexpr (std::is_same_v<U, double>) {
        return "<f8";
    } else if constexpr (std::is_same_v<U, std::complex<float>>) {
        return "<c8";
    } else if constexpr (std::is_same_v<U, std::complex<double>>) {
        return "<c16";
    } else {
        static_assert(detail::kAlwaysFalse<T>, "no .npy dtype for this element type");
    }
}

/// Reads only the header of a `.npy` file (to choose an overload before loading data).
/// Throws Error like load_npy.
inline NpyHeader load_npy_header(const std::string &path) {
    return detail::open_npy(path).header;
}

/// Reads a whole `.npy` file (format 1.0, 2.0 or 3.0, little-endian data). Throws Error
/// with the path in the message: "cannot open 'x.npy': No such file or directory", bad
/// magic, unsupported version or dtype, malformed header, truncated data.
inline NpyArray load_npy(const std::string &path) {
    detail::NpyReader r = detail::open_npy(path);
    NpyArray a{r.header.descr, r.header.shape, r.header.fortran_order, {}};
    a.bytes.resize(r.nbytes);
    detail::read_npy_data(r, a.bytes.data(), path);
    return a;
}

namespace detail {
template <class T, int Rank> void check_npy_type(const NpyHeader &h, std::string_view what) {
    if (h.descr == npy_descr<T>() && h.shape.size() == static_cast<std::size_t>(Rank))
        return;
    throw TypeError(std::string(what) + ": expected a " +
                    std::string(npy_dtype_name(npy_descr<T>())) + " array of rank " +
                    std::to_string(Rank) + ", got " + std::string(npy_dtype_name(h.descr)) +
                    " with shape " + format_shape(h.shape.data(), h.shape.size()));
}

template <int Rank> Shape<Rank> npy_shape(const NpyHeader &h) {
    Shape<Rank> shape{};
    for (int axis = 0; axis < Rank; ++axis)
        shape[axis] = h.shape[static_cast<std::size_t>(axis)];
    return shape;
}

/// Makes each of `n` bool bytes 0 or 1: NumPy reads any non-zero byte as True (files made
/// with `.view(bool)` hold others), a C++ bool must hold 0 or 1.
inline void normalize_bools(void *data, std::size_t n) {
    auto *bytes = static_cast<unsigned char *>(data);
    for (std::size_t i = 0; i < n; ++i)
        bytes[i] = bytes[i] != 0;
}

/// Builds a C-order Array from `bytes` laid out as the header says (C or Fortran order).
template <class T, int Rank>
Array<T, Rank> array_from_bytes(const NpyHeader &h, const std::byte *bytes) {
    const Shape<Rank> shape = npy_shape<Rank>(h);
    Array<T, Rank> out(shape);
    if (out.size() == 0)
        return out;
    std::vector<std::byte> bools;
    if constexpr (std::is_same_v<T, bool>) {
        bools.assign(bytes, bytes + out.nbytes());
        normalize_bools(bools.data(), bools.size());
        bytes = bools.data();
    }
    if (!h.fortran_order) {
        std::memcpy(static_cast<void *>(out.data()), bytes, out.nbytes());
        return out;
    }
    const auto *data = reinterpret_cast<const T *>(bytes);
    return contiguous_copy(ArrayView<const T, Rank>(data, shape, fortran_strides<Rank>(shape)));
}
} // namespace detail

/// Converts a loaded file to an Array of element type T and rank Rank, reordering Fortran
/// data to C order. Throws TypeError on a dtype or rank mismatch, e.g. "X.npy: expected a
/// float64 array of rank 2, got int32 with shape (3,)"; `what` names the source.
template <class T, int Rank> Array<T, Rank> to_array(const NpyArray &a, std::string_view what) {
    NpyHeader h{a.descr, a.shape, a.fortran_order};
    detail::check_npy_type<T, Rank>(h, what);
    if (a.bytes.size() !=
        static_cast<std::size_t>(shape_size<Rank>(detail::npy_shape<Rank>(h))) * sizeof(T))
        throw Error(std::string(what) + ": data size does not match the header");
    return detail::array_from_bytes<T, Rank>(h, a.bytes.data());
}

/// Loads a `.npy` file straight into an Array (no intermediate buffer for C-order data).
/// Throws like load_npy and to_array (with the path as `what`).
template <class T, int Rank> Array<T, Rank> load_array(const std::string &path) {
    detail::NpyReader r = detail::open_npy(path);
    detail::check_npy_type<T, Rank>(r.header, path);
    if (r.header.fortran_order && Rank > 1) {
        std::vector<std::byte> bytes(r.nbytes);
        detail::read_npy_data(r, bytes.data(), path);
        return detail::array_from_bytes<T, Rank>(r.header, bytes.data());
    }
    Array<T, Rank> out(detail::npy_shape<Rank>(r.header));
    detail::read_npy_data(r, out.data(), path);
    if constexpr (std::is_same_v<T, bool>)
        detail::normalize_bools(out.data(), out.nbytes());
    return out;
}

namespace detail {
/// Writes `header` then `nbytes` at `data` to `f` and closes it; false on any failure.
inline bool write_npy_file(FilePtr f, const std::string &header, const void *data,
                           std::size_t nbytes) {
    bool ok = std::fwrite(header.data(), 1, header.size(), f.get()) == header.size();
    ok = ok && (nbytes == 0 || std::fwrite(data, 1, nbytes, f.get()) == nbytes);
    ok = ok && std::fflush(f.get()) == 0;
    return std::fclose(f.release()) == 0 && ok;
}
} // namespace detail

/// Writes a C-order `.npy` file (format 1.0; 2.0 if the header needs it) of `descr` and
/// `shape` holding `nbytes` bytes at `data`, as numpy.save does: through a symbolic link
/// to its target, and straight into a FIFO or device. A regular file appears atomically:
/// data goes to a new temporary file beside it (`out.npy.tmp0`, `.tmp1`, ...: one that
/// exists is left alone), renamed over the file only after a successful write and removed
/// on failure. Throws Error("cannot write 'out.npy': <reason>"), or Error when `nbytes`
/// does not match descr and shape.
inline void save_npy(const std::string &path, std::string_view descr,
                     const std::vector<int64_t> &shape, const void *data, std::size_t nbytes) {
    namespace fs = std::filesystem;
    int64_t count = 1;
    for (int64_t extent : shape)
        count *= extent;
    if (npy_itemsize(descr) == 0 ||
        static_cast<std::size_t>(count) * static_cast<std::size_t>(npy_itemsize(descr)) != nbytes)
        throw Error("cannot write '" + path + "': " + std::to_string(nbytes) +
                    " bytes do not make a '" + std::string(descr) + "' array of shape " +
                    format_shape(shape.data(), shape.size()));
    const std::string header = format_npy_header(descr, shape);
    auto fail = [&](int err) {
        throw Error("cannot write '" + path + "': " + std::strerror(err != 0 ? err : EIO));
    };
    std::error_code ec;
    fs::path target = path;
    for (int hops = 0; fs::is_symlink(fs::symlink_status(target, ec)); ++hops) {
        fs::path next = fs::read_symlink(target, ec);
        if (ec || hops == 40)
            fail(ec ? ec.value() : ELOOP);
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    const fs::file_status status = fs::status(target, ec);
    errno = 0;
    if (fs::exists(status) && !fs::is_regular_file(status)) { // a FIFO, a device
        detail::FilePtr f(std::fopen(target.c_str(), "wb"));
        if (!f || !detail::write_npy_file(std::move(f), header, data, nbytes))
            fail(errno);
        return;
    }
    std::string tmp;
    detail::FilePtr f;
    for (int i = 0; i < 100 && !f; ++i) {
        tmp = target.string() + ".tmp" + std::to_string(i);
        errno = 0;
        f.reset(std::fopen(tmp.c_str(), "wbx")); // exclusive: never another file's
        if (!f && errno != EEXIST)
            fail(errno);
    }
    if (!f)
        fail(EEXIST);
    errno = 0;
    bool ok = detail::write_npy_file(std::move(f), header, data, nbytes);
    ok = ok && std::rename(tmp.c_str(), target.c_str()) == 0;
    if (ok)
        return;
    const int err = errno;
    std::remove(tmp.c_str());
    fail(err);
}

/// Writes any view (strided ones are copied to C order first) atomically as `.npy`.
template <class T, int Rank> void save_npy(const std::string &path, const ArrayView<T, Rank> &v) {
    using U = std::remove_const_t<T>;
    const std::vector<int64_t> shape(v.shape.begin(), v.shape.end());
    const auto nbytes = static_cast<std::size_t>(v.size()) * sizeof(U);
    if (is_c_contiguous(v)) {
        save_npy(path, npy_descr<U>(), shape, v.data, nbytes);
        return;
    }
    Array<U, Rank> copy = contiguous_copy(v);
    save_npy(path, npy_descr<U>(), shape, copy.data(), nbytes);
}

/// Writes an Array atomically as `.npy`.
template <class T, int Rank> void save_npy(const std::string &path, const Array<T, Rank> &a) {
    save_npy(path, a.view());
}

/// Writes one scalar as a 0-d `.npy` file (what `np.save(path, np.float64(x))` writes).
template <class T> void save_npy_scalar(const std::string &path, T value) {
    save_npy(path, ArrayView<const T, 0>(&value, {}));
}

} // namespace npc

#endif // NPC_RUNTIME_NPY_H
