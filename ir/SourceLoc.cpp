// Line/column computation and LLVM-style formatting of located diagnostics.
#include "ir/SourceLoc.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc {

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
    return {line, static_cast<int>(offset - lineStart) + 1};
}

std::string_view SourceFile::lineText(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    std::string_view all(text);
    size_t newline = offset == 0 ? std::string::npos : all.rfind('\n', offset - 1);
    size_t begin = newline == std::string::npos ? 0 : newline + 1;
    size_t end = all.find('\n', offset);
    if (end == std::string::npos)
        end = all.size();
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
    std::string caret(static_cast<size_t>(column - 1), ' ');
    // Keep tabs so the caret lines up under the source line.
    for (size_t i = 0; i < caret.size() && i < text.size(); ++i)
        if (text[i] == '\t')
            caret[i] = '\t';
    caret += '^';
    size_t width = loc.end > loc.begin ? loc.end - loc.begin : 1;
    size_t room = text.size() > static_cast<size_t>(column) ? text.size() - column : 0;
    caret.append(std::min(width - 1, room), '~');
    out += caret + "\n";
    return out;
}

void internalError(const char *file, int line, const std::string &message) {
    throw InternalError(fmt::format("{} ({}:{})", message, file, line));
}

} // namespace npc
