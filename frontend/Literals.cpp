// Values of Python integer, float and string literal spellings.
#include "frontend/Literals.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <fmt/format.h>

namespace npc::parser {
namespace {

/// `text` without its underscores, which Python allows only between two digits, or after a
/// base prefix (`1_000`, `0x_ff`); CPython's "invalid decimal literal" (hexadecimal,
/// octal, binary) otherwise (`1_000_`, `1__0`, `1_.5`).
std::string withoutUnderscores(std::string_view text, SourceLoc loc) {
    char prefix = text.size() > 1 && text[0] == '0' ? static_cast<char>(text[1] | 0x20) : '\0';
    bool based = prefix == 'x' || prefix == 'o' || prefix == 'b';
    auto digit = [&](char c) {
        return prefix == 'x' ? std::isxdigit(static_cast<unsigned char>(c)) != 0
                             : std::isdigit(static_cast<unsigned char>(c)) != 0;
    };
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '_' && (!((i > 0 && digit(text[i - 1])) || (based && i == 2)) ||
                               i + 1 == text.size() || !digit(text[i + 1])))
            throw UserError(loc, fmt::format("invalid {} literal", prefix == 'x'   ? "hexadecimal"
                                                                   : prefix == 'o' ? "octal"
                                                                   : prefix == 'b' ? "binary"
                                                                                   : "decimal"));
    std::string out;
    out.reserve(text.size());
    for (char c : text)
        if (c != '_')
            out += c;
    return out;
}

int digitValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

/// Appends the UTF-8 encoding of a code point.
void appendUtf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

/// Reads exactly `count` hex digits at body[pos...] as a code point.
uint32_t readHex(std::string_view body, size_t pos, size_t count, SourceLoc loc) {
    if (pos + count > body.size())
        throw UserError(loc, "truncated escape sequence in string literal");
    uint32_t value = 0;
    for (size_t i = 0; i < count; ++i) {
        int digit = digitValue(body[pos + i]);
        if (digit > 15)
            throw UserError(loc, "truncated escape sequence in string literal");
        value = value * 16 + static_cast<uint32_t>(digit);
    }
    if (value > 0x10FFFF)
        throw UserError(loc, "invalid code point in string literal escape");
    return value;
}

} // namespace

uint64_t parseIntegerLiteral(std::string_view text, SourceLoc loc) {
    std::string digits = withoutUnderscores(text, loc);
    int base = 10;
    if (digits.size() > 1 && digits[0] == '0') {
        char prefix = static_cast<char>(digits[1] | 0x20);
        base = prefix == 'x' ? 16 : prefix == 'o' ? 8 : prefix == 'b' ? 2 : 10;
        if (base != 10)
            digits.erase(0, 2);
    }
    if (digits.empty())
        throw UserError(loc, fmt::format("invalid integer literal '{}'", text));
    uint64_t value = 0;
    bool overflow = false;
    for (char c : digits) {
        int digit = digitValue(c);
        if (digit >= base)
            throw UserError(loc, fmt::format("invalid integer literal '{}'", text));
        uint64_t next = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(digit);
        if (value > (~uint64_t{0} - static_cast<uint64_t>(digit)) / static_cast<uint64_t>(base))
            overflow = true;
        value = next;
    }
    if (base == 10 && digits.size() > 1 && digits[0] == '0' && value != 0)
        throw UserError(loc, "leading zeros in decimal integer literals are not permitted; "
                             "use an 0o prefix for octal integers");
    if (overflow)
        throw UserError(loc, "integer literal too large");
    return value;
}

double parseFloatLiteral(std::string_view text, SourceLoc loc) {
    std::string digits = withoutUnderscores(text, loc);
    const char *begin = digits.data();
    const char *end = begin + digits.size();
    double value = 0;
    auto [ptr, ec] = std::from_chars(begin, end, value, std::chars_format::general);
    if (ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
        throw UserError(loc, fmt::format("invalid float literal '{}'", text));
    if (ec == std::errc::result_out_of_range) // strtod gives Python's inf or 0.0
        value = std::strtod(digits.c_str(), nullptr);
    return value;
}

std::string decodeStringBody(std::string_view body, bool raw, SourceLoc loc) {
    if (raw)
        return std::string(body);
    std::string out;
    out.reserve(body.size());
    for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (c != '\\' || i + 1 == body.size()) {
            out += c;
            continue;
        }
        char e = body[++i];
        switch (e) {
        case '\n':
            break; // line continuation inside the literal
        case '\r':
            if (i + 1 < body.size() && body[i + 1] == '\n')
                ++i;
            break;
        case '\\':
            out += '\\';
            break;
        case '\'':
            out += '\'';
            break;
        case '"':
            out += '"';
            break;
        case 'a':
            out += '\a';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'v':
            out += '\v';
            break;
        case 'x':
            appendUtf8(out, readHex(body, i + 1, 2, loc));
            i += 2;
            break;
        case 'u':
            appendUtf8(out, readHex(body, i + 1, 4, loc));
            i += 4;
            break;
        case 'U':
            appendUtf8(out, readHex(body, i + 1, 8, loc));
            i += 8;
            break;
        case 'N':
            throw UserError(loc, "unsupported Python construct: \\N{...} escape");
        default:
            if (e >= '0' && e <= '7') {
                uint32_t value = 0;
                size_t n = 0;
                for (; n < 3 && i + n < body.size() && body[i + n] >= '0' && body[i + n] <= '7';
                     ++n)
                    value = value * 8 + static_cast<uint32_t>(body[i + n] - '0');
                appendUtf8(out, value);
                i += n - 1;
                break;
            }
            // Python keeps unknown escapes as written.
            out += '\\';
            out += e;
        }
    }
    return out;
}

} // namespace npc::parser
