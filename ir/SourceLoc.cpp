// Line/column computation and LLVM-style formatting of located diagnostics.
#include "ir/SourceLoc.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc {

namespace {

/// Number of characters (UTF-8 code points) in `bytes`.
size_t countCharacters(std::string_view bytes) {
    size_t n = 0;
    for (char c : bytes)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

} // namespace

std::pair<int, int> SourceFile::lineColumn(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    int line = 1;
    uint32_t lineStart = 0;
    for (uint32_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    std::string_view before(text.data() + lineStart, offset - lineStart);
    return {line, static_cast<int>(countCharacters(before)) + 1};
}

std::string_view SourceFile::lineText(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    std::string_view all(text);
    size_t newline = offset == 0 ? std::string::npos : all.rfind('\n', offset - 1);
    size_t begin = newline == std::string::npos ? 0 : newline + 1;
    size_t end = all.find('\n', offset);
    if (end == std::string::npos)
        end = all.size();
    if (end > begin && all[end - 1] == '\r') // CRLF line endings
        --end;
    return all.substr(begin, end - begin);
}

std::string formatDiagnostic(const SourceFile &file, SourceLoc loc, std::string_view severity,
                             std::string_view message) {
    if (!loc.valid() && loc.begin == 0)
        return fmt::format("{}: {}: {}\n", file.path, severity, message);
    auto [line, column] = file.lineColumn(loc.begin);
    std::string out = fmt::format("{}:{}:{}: {}: {}\n", file.path, line, column, severity, message);
    std::string_view text = file.lineText(loc.begin);
    out += fmt::format("{}\n", text);
    // Columns count characters, not bytes, so the caret lines up under non-ASCII text;
    // tabs are kept so it lines up under tab-indented lines too.
    std::string caret;
    size_t lineStart = static_cast<size_t>(text.data() - file.text.data());
    std::string_view before = text.substr(0, std::min<size_t>(loc.begin - lineStart, text.size()));
    size_t characters = 0;
    for (char c : before) {
        if ((static_cast<unsigned char>(c) & 0xC0) == 0x80)
            continue;
        caret += c == '\t' ? '\t' : ' ';
        ++characters;
    }
    caret += '^';
    size_t lineLength = countCharacters(text);
    size_t width = countCharacters(std::string_view(file.text).substr(loc.begin, loc.end > loc.begin ? loc.end - loc.begin : 1));
    size_t room = lineLength > characters + 1 ? lineLength - characters - 1 : 0;
    caret.append(std::min(width > 0 ? width - 1 : 0, room), '~');
    out += caret + "\n";
    return out;
}

void internalError(const char *file, int line, const std::string &message) {
    throw InternalError(fmt::format("{} ({}:{})", message, file, line));
}

} // namespace npc
