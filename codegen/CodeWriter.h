// An indenting text writer for emitters: fmt-formatted lines and RAII-scoped blocks.
#pragma once

#include <fmt/format.h>
#include <string>
#include <string_view>

namespace npc::codegen {

/// `text` as a C++ string literal, quotes included: `"`, `\` and control characters
/// escaped (messages that quote the user's source).
inline std::string cppStringLiteral(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\' || c == '?') // `\?`: no trigraph (`??=`) can form
            out += fmt::format("\\{}", c);
        else if (u < 0x20 || u == 0x7f)
            out += fmt::format("\\{:03o}", u);
        else
            out += c;
    }
    return out + "\"";
}

/// Accumulates source text line by line at the current indentation (4 spaces a level).
class CodeWriter {
public:
    /// Writes one line at the current indentation; an empty format writes a blank line.
    template <class... Args> void line(fmt::format_string<Args...> format, Args &&...args) {
        std::string text = fmt::format(format, std::forward<Args>(args)...);
        if (!text.empty())
            out_.append(static_cast<size_t>(indent_) * 4, ' ');
        out_ += text;
        out_ += '\n';
    }
    /// Writes a line with no indentation (preprocessor directives such as #pragma).
    void raw(const std::string &text) { out_ += text + '\n'; }

    /// Opens `header {` and closes it with `}` (plus `trailer`) when destroyed.
    class Block {
    public:
        Block(CodeWriter &w, const std::string &header, std::string trailer = "")
            : w_(w), trailer_(std::move(trailer)) {
            w_.line("{} {{", header);
            ++w_.indent_;
        }
        ~Block() {
            --w_.indent_;
            w_.line("}}{}", trailer_);
        }
        Block(const Block &) = delete;
        Block &operator=(const Block &) = delete;

    private:
        CodeWriter &w_;
        std::string trailer_;
    };

    Block block(const std::string &header, std::string trailer = "") {
        return Block(*this, header, std::move(trailer));
    }
    const std::string &str() const { return out_; }

private:
    std::string out_;
    int indent_ = 0;
};

} // namespace npc::codegen
