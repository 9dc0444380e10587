// The `.npy` header format (NumPy's numpy.lib.format, versions 1.0 to 3.0): the supported
// descrs and their NumPy names, parsing the header dict, and formatting a v1.0/v2.0 header.
#ifndef NPC_RUNTIME_NPY_FORMAT_H
#define NPC_RUNTIME_NPY_FORMAT_H

#include "npc/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace npc {

/// The magic string every `.npy` file starts with.
inline constexpr std::string_view kNpyMagic = "\x93NUMPY";

/// What a `.npy` header says about the array that follows it.
struct NpyHeader {
    std::string descr;          ///< canonical little-endian descr, e.g. "<f8", "|b1"
    std::vector<int64_t> shape; ///< extents; empty for a 0-d array
    bool fortran_order = false; ///< data in Fortran (column-major) order
};

namespace detail {
struct NpyDTypeInfo {
    std::string_view descr; // canonical spelling
    std::string_view name;  // NumPy's dtype name
    int itemsize;
};

inline constexpr NpyDTypeInfo kNpyDTypes[] = {
    {"|b1", "bool", 1},         {"|i1", "int8", 1},    {"|u1", "uint8", 1},
    {"<i2", "int16", 2},        {"<i4", "int32", 4},   {"<i8", "int64", 8},
    {"<u2", "uint16", 2},       {"<u4", "uint32", 4},  {"<u8", "uint64", 8},
    {"<f4", "float32", 4},      {"<f8", "float64", 8}, {"<c8", "complex64", 8},
    {"<c16", "complex128", 16},
};

inline const NpyDTypeInfo *find_npy_dtype(std::string_view canonical) {
    for (const NpyDTypeInfo &info : kNpyDTypes)
        if (info.descr == canonical)
            return &info;
    return nullptr;
}
} // namespace detail

/// NumPy's name for a canonical descr ("<f8" -> "float64"); the descr itself if unknown.
inline std::string_view npy_dtype_name(std::string_view descr) {
    const detail::NpyDTypeInfo *info = detail::find_npy_dtype(descr);
    return info ? info->name : descr;
}

/// Bytes per element of a canonical descr; 0 if unsupported.
inline int npy_itemsize(std::string_view descr) {
    const detail::NpyDTypeInfo *info = detail::find_npy_dtype(descr);
    return info ? info->itemsize : 0;
}

/// Maps a descr as found in a file to the canonical spelling: byte order '<', '=' (native,
/// little-endian on every supported host) and, for one-byte types, '|' or any order are
/// accepted ("<i1" -> "|i1", "=f8" -> "<f8"). Throws Error, prefixed with `where`, for
/// big-endian data ('>f8') and for dtypes npc does not support.
inline std::string canonical_npy_descr(std::string_view descr, const std::string &where) {
    std::string_view body = descr;
    char order = '=';
    if (!body.empty() && std::string_view("<>|=").find(body[0]) != std::string_view::npos) {
        order = body[0];
        body.remove_prefix(1);
    }
    for (const detail::NpyDTypeInfo &info : detail::kNpyDTypes) {
        if (info.descr.substr(1) != body)
            continue;
        if (info.itemsize > 1 && order == '>')
            throw Error(where + ": big-endian data ('" + std::string(descr) +
                        "') is not supported; convert it with a.astype(a.dtype.newbyteorder("
                        "'<'))");
        if (info.itemsize > 1 && order == '|')
            break;
        return std::string(info.descr);
    }
    throw Error(where + ": unsupported dtype '" + std::string(descr) +
                "' (npc reads bool, int8-64, uint8-64, float32/64, complex64/128)");
}

namespace detail {
/// Recursive-descent reader of the Python literal in a `.npy` header, e.g.
/// {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }
class NpyDictParser {
public:
    NpyDictParser(std::string_view text, const std::string &where) : s_(text), where_(where) {}

    NpyHeader parse() {
        NpyHeader h;
        bool seen_descr = false, seen_order = false, seen_shape = false;
        expect('{');
        while (!consume('}')) {
            std::string key = parse_string();
            expect(':');
            if (key == "descr") {
                if (peek() != '\'' && peek() != '"')
                    fail("structured or sub-array dtypes are not supported");
                h.descr = canonical_npy_descr(parse_string(), where_);
                seen_descr = true;
            } else if (key == "fortran_order") {
                h.fortran_order = parse_bool();
                seen_order = true;
            } else if (key == "shape") {
                h.shape = parse_shape();
                seen_shape = true;
            } else {
                fail("unexpected key '" + key + "' in header");
            }
            if (consume(','))
                continue;
            expect('}');
            break;
        }
        if (!seen_descr || !seen_order || !seen_shape)
            fail("header lacks 'descr', 'fortran_order' or 'shape'");
        if (peek() != '\0') // NumPy reads the header as one Python literal
            fail("unexpected text after the header dict at offset " + std::to_string(pos_));
        return h;
    }

private:
    [[noreturn]] void fail(const std::string &what) {
        throw Error(where_ + ": malformed .npy header: " + what);
    }
    char peek() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n'))
            ++pos_;
        return pos_ < s_.size() ? s_[pos_] : '\0';
    }
    bool consume(char c) {
        if (peek() != c)
            return false;
        ++pos_;
        return true;
    }
    void expect(char c) {
        if (!consume(c))
            fail(std::string("expected '") + c + "' at offset " + std::to_string(pos_));
    }
    std::string parse_string() {
        char quote = peek();
        if (quote != '\'' && quote != '"')
            fail("expected a string at offset " + std::to_string(pos_));
        std::size_t end = s_.find(quote, ++pos_);
        if (end == std::string_view::npos)
            fail("unterminated string");
        std::string out(s_.substr(pos_, end - pos_));
        pos_ = end + 1;
        return out;
    }
    bool parse_bool() {
        peek();
        for (std::string_view word : {"True", "False"}) {
            if (s_.substr(pos_, word.size()) == word) {
                pos_ += word.size();
                return word == "True";
            }
        }
        fail("'fortran_order' must be True or False");
    }
    std::vector<int64_t> parse_shape() {
        std::vector<int64_t> shape;
        expect('(');
        bool comma = false; // `(3)` is the int 3 in Python, not a tuple
        while (!consume(')')) {
            peek();
            std::size_t begin = pos_;
            int64_t value = 0;
            while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
                if (value > (INT64_MAX - 9) / 10)
                    fail("shape extent too large");
                value = value * 10 + (s_[pos_++] - '0');
            }
            if (pos_ == begin)
                fail("shape must be a tuple of non-negative integers");
            consume('L'); // Python 2 longs.
            shape.push_back(value);
            if ((comma = consume(',')))
                continue;
            expect(')');
            break;
        }
        if (shape.size() == 1 && !comma)
            fail("'shape' must be a tuple: (" + std::to_string(shape[0]) + ",), not (" +
                 std::to_string(shape[0]) + ")");
        return shape;
    }

    std::string_view s_;
    const std::string &where_;
    std::size_t pos_ = 0;
};
} // namespace detail

/// Parses the header dict text (after the magic and length fields). Throws Error with
/// `where` (usually the path) prefixed on malformed headers and unsupported descrs.
inline NpyHeader parse_npy_header(std::string_view text, const std::string &where) {
    return detail::NpyDictParser(text, where).parse();
}

/// The complete prefix of a `.npy` file: magic, version, header length and the header
/// dict padded with spaces and '\n' so the data starts at a multiple of 64 bytes. Version
/// 1.0, or 2.0 when the header exceeds 65535 bytes. `shape` is printed like a Python tuple.
inline std::string format_npy_header(std::string_view descr, const std::vector<int64_t> &shape) {
    std::string dict = "{'descr': '" + std::string(descr) + "', 'fortran_order': False, 'shape': " +
                       format_shape(shape.data(), shape.size()) + ", }";
    for (int major = 1; major <= 2; ++major) {
        const std::size_t prefix = kNpyMagic.size() + 2 + (major == 1 ? 2 : 4);
        const std::size_t total = (prefix + dict.size() + 1 + 63) / 64 * 64;
        const std::size_t header_len = total - prefix;
        if (major == 1 && header_len > 65535)
            continue;
        std::string out(kNpyMagic);
        out += static_cast<char>(major);
        out += '\0';
        for (std::size_t i = 0; i < prefix - kNpyMagic.size() - 2; ++i)
            out += static_cast<char>((header_len >> (8 * i)) & 0xff); // little-endian
        out += dict;
        out.append(total - out.size() - 1, ' ');
        out += '\n';
        return out;
    }
    throw Error("a .npy header of " + std::to_string(dict.size()) + " bytes is too long");
}

} // namespace npc

#endif // NPC_RUNTIME_NPY_FORMAT_H
