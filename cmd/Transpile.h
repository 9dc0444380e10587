// `npc transpile`: reads one Python file and writes the generated C++ and the runtime.
#pragma once

#include <iosfwd>
#include <string>

namespace npc::cmd {

struct TranspileOptions {
    std::string input;          ///< the Python file
    std::string outputDir = "."; ///< created if missing
    std::string target = "openmp";
    bool emitMain = false;      ///< also write <module>_main.cpp (a .npy driver)
    bool emitArrayIR = false;   ///< print the array IR to stdout instead of writing files
    bool emitLoopIR = false;    ///< print the loop IR to stdout instead of writing files
    /// dtype of creation functions without one (np.zeros(n), np.arange(0.5, 2), ...):
    /// "float64" (NumPy's) or "float32" (a deviation, as torch.compile's numpy_default_float)
    std::string defaultFloat = "float64";
    /// The C++ namespace and file stem of the output; empty: made from the input's stem
    /// (`my-kernels.py`: my_kernels). Must be a C++ identifier no header already uses.
    std::string module;
};

/// Exit codes of npc, documented in `npc --help` and the README.
enum ExitCode { kSuccess = 0, kInputError = 1, kUsageError = 2, kInternalError = 3 };

/// Runs the whole compiler. Diagnostics go to `err` as `file.py:LINE:COL: error: ...`
/// with the source line and a caret. Output files are written only when compilation
/// succeeded, each replaced atomically (written beside, then renamed).
ExitCode transpile(const TranspileOptions &options, std::ostream &out, std::ostream &err);

} // namespace npc::cmd
