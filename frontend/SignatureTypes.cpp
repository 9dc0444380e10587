// Parses the argument types of export signatures: scalar names (NumPy dtypes and
// Pythran's Python scalars) followed by any number of `[...]` dimension groups.
#include "frontend/SignatureTypes.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc {
namespace {

struct KnownType {
    std::string_view name;
    DType dtype;
    bool python; ///< a Python scalar (NEP 50 weak) when used without dimensions
};

constexpr KnownType kKnownTypes[] = {
    {"bool", DType::Bool, true},
    {"int", DType::Int64, true},
    {"float", DType::Float64, true},
    {"complex", DType::Complex128, true},
    {"int8", DType::Int8, false},
    {"int16", DType::Int16, false},
    {"int32", DType::Int32, false},
    {"int64", DType::Int64, false},
    {"uint8", DType::UInt8, false},
    {"uint16", DType::UInt16, false},
    {"uint32", DType::UInt32, false},
    {"uint64", DType::UInt64, false},
    {"float32", DType::Float32, false},
    {"float64", DType::Float64, false},
    {"complex64", DType::Complex64, false},
    {"complex128", DType::Complex128, false},
    // NumPy's C-named aliases, as they are on 64-bit Linux.
    {"uint", DType::UInt64, false},
    {"intp", DType::Int64, false},
    {"uintp", DType::UInt64, false},
    {"intc", DType::Int32, false},
    {"uintc", DType::UInt32, false},
};

/// Types that Pythran's export grammar knows but npc does not compile.
constexpr std::string_view kUnsupportedNames[] = {
    "str",        "None",        "slice",     "list",    "set",      "dict",
    "tuple",      "bytes",       "object",    "float16", "float128", "complex256",
    "longdouble", "clongdouble", "complex32", "ndarray",
};

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isIdentChar(char c) {
    return isIdentStart(c) || isDigit(c);
}

/// A cursor over one argument's text.
class TypeParser {
public:
    TypeParser(std::string_view text, uint32_t offset) : text_(text), offset_(offset) {}

    ArgType parse() {
        size_t begin = 0;
        size_t end = text_.size();
        while (begin < end && isSpace(text_[begin]))
            ++begin;
        while (end > begin && isSpace(text_[end - 1]))
            --end;
        text_ = text_.substr(0, end);
        if (begin == end)
            fail(begin, end, "expected a type");
        std::string_view whole = text_.substr(begin);
        pos_ = begin;
        size_t nameBegin = pos_;
        while (pos_ < text_.size() && isIdentChar(text_[pos_]))
            ++pos_;
        std::string_view name = text_.substr(nameBegin, pos_ - nameBegin);
        if (name.empty() || !isIdentStart(name[0]) || isUnsupportedName(name))
            fail(begin, end, fmt::format("unsupported type '{}'", whole));
        const KnownType *known = findKnown(name);
        if (!known)
            fail(nameBegin, pos_, unknownTypeMessage(name));

        ArgType type;
        type.dtype = known->dtype;
        type.loc = loc(begin, end);
        parseDimensions(type.extents);
        if (pos_ != text_.size()) // `int list`, `float64[:] order(F)`, `int or float`
            fail(begin, end, fmt::format("unsupported type '{}'", whole));
        type.rank = static_cast<int>(type.extents.size());
        type.pythonScalar = known->python && type.rank == 0;
        return type;
    }

private:
    /// `[]`, `[:]`, `[:,::]`, `[3,:]`, repeated: each entry adds one dimension.
    void parseDimensions(std::vector<std::optional<int64_t>> &extents) {
        while (true) {
            skipSpaces();
            if (!eat('['))
                return;
            skipSpaces();
            if (eat(']')) {
                extents.push_back(std::nullopt);
                continue;
            }
            while (true) {
                skipSpaces();
                extents.push_back(parseExtent());
                skipSpaces();
                if (eat(','))
                    continue;
                if (eat(']'))
                    break;
                fail(pos_, pos_ + 1, "expected ',' or ']' in array type");
            }
        }
    }

    /// `:` or `::` (any extent) or a non-negative integer (a fixed extent).
    std::optional<int64_t> parseExtent() {
        if (eat(':')) {
            eat(':'); // Pythran's `::` marks a strided dimension; npc accepts any stride
            return std::nullopt;
        }
        size_t begin = pos_;
        int64_t value = 0;
        while (pos_ < text_.size() && isDigit(text_[pos_])) {
            if (pos_ - begin >= 15)
                fail(begin, pos_ + 1, "array extent too large");
            value = value * 10 + (text_[pos_] - '0');
            ++pos_;
        }
        if (pos_ == begin)
            fail(pos_, pos_ + 1, "expected ':' or an integer extent in array type");
        return value;
    }

    static const KnownType *findKnown(std::string_view name) {
        for (const KnownType &known : kKnownTypes)
            if (known.name == name)
                return &known;
        return nullptr;
    }

    static bool isUnsupportedName(std::string_view name) {
        return std::find(std::begin(kUnsupportedNames), std::end(kUnsupportedNames), name) !=
               std::end(kUnsupportedNames);
    }

    static std::string unknownTypeMessage(std::string_view name) {
        std::string message = fmt::format("unknown type '{}'", name);
        const KnownType *best = nullptr;
        // Suggest names within two edits, fewer for short names ("foo" is not "bool").
        int bestDistance = std::clamp(static_cast<int>(name.size()) / 3, 1, 2) + 1;
        for (const KnownType &known : kKnownTypes) {
            int distance = editDistance(name, known.name);
            if (distance < bestDistance) {
                bestDistance = distance;
                best = &known;
            }
        }
        if (best)
            message += fmt::format("; did you mean '{}'?", best->name);
        return message;
    }

    void skipSpaces() {
        while (pos_ < text_.size() && isSpace(text_[pos_]))
            ++pos_;
    }
    bool eat(char c) {
        if (pos_ >= text_.size() || text_[pos_] != c)
            return false;
        ++pos_;
        return true;
    }
    SourceLoc loc(size_t begin, size_t end) const {
        end = std::max(std::min(end, text_.size()), begin);
        return {offset_ + static_cast<uint32_t>(begin), offset_ + static_cast<uint32_t>(end)};
    }
    [[noreturn]] void fail(size_t begin, size_t end, const std::string &message) const {
        throw UserError(loc(begin, end), message);
    }

    std::string_view text_;
    uint32_t offset_;
    size_t pos_ = 0;
};

} // namespace

ArgType parseArgType(std::string_view text, uint32_t offset) {
    return TypeParser(text, offset).parse();
}

int editDistance(std::string_view a, std::string_view b) {
    size_t rows = a.size() + 1;
    size_t cols = b.size() + 1;
    std::vector<int> d(rows * cols);
    auto at = [&](size_t i, size_t j) -> int & { return d[i * cols + j]; };
    for (size_t i = 0; i < rows; ++i)
        at(i, 0) = static_cast<int>(i);
    for (size_t j = 0; j < cols; ++j)
        at(0, j) = static_cast<int>(j);
    for (size_t i = 1; i < rows; ++i) {
        for (size_t j = 1; j < cols; ++j) {
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
        }
    }
    return at(rows - 1, cols - 1);
}

} // namespace npc
