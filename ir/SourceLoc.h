// Source locations and user-facing diagnostics shared by every layer of npc.
// A SourceLoc is a byte range into the Python source; only the frontend creates them.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace npc {

/// A half-open byte range [begin, end) into the source text of one file.
/// The default (0, 0) means "no location" and prints without a caret.
struct SourceLoc {
    uint32_t begin = 0;
    uint32_t end = 0;

    bool valid() const { return end > begin; }
};

/// One source file: its path as the user spelled it and its whole text.
struct SourceFile {
    std::string path;
    std::string text;

    /// 1-based line and column (in bytes) of a byte offset.
    std::pair<int, int> lineColumn(uint32_t offset) const;
    /// The text of the line containing `offset`, without its newline.
    std::string_view lineText(uint32_t offset) const;
};

/// An error in the user's input: a located message that the CLI prints as
/// `file.py:LINE:COL: error: message`, the source line and a caret, and exits 1.
/// Raised by the frontend and by passes that find user errors (e.g. shapes that
/// cannot broadcast). Compiler bugs use NPC_INTERNAL_ERROR instead.
class UserError : public std::runtime_error {
public:
    UserError(SourceLoc loc, const std::string &message)
        : std::runtime_error(message), loc_(loc) {}
    SourceLoc loc() const { return loc_; }

private:
    SourceLoc loc_;
};

/// A bug in npc itself: the CLI prints "internal error: ..." and exits 3.
class InternalError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

/// Formats a diagnostic in the LLVM style:
///   kmeans.py:5:12: error: message
///       return np.foo(X)
///              ^~~~~~
std::string formatDiagnostic(const SourceFile &file, SourceLoc loc, std::string_view severity,
                             std::string_view message);

[[noreturn]] void internalError(const char *file, int line, const std::string &message);

} // namespace npc

/// Asserts an invariant of the compiler; failure is an npc bug, never a user error.
#define NPC_ASSERT(cond, msg)                                                                      \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ::npc::internalError(__FILE__, __LINE__, std::string("assertion `" #cond "` failed: ") + (msg)); \
    } while (0)

#define NPC_INTERNAL_ERROR(msg) ::npc::internalError(__FILE__, __LINE__, (msg))
