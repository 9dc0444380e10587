// The compiler driver: parse, read signatures, lower, run the pass pipeline, emit, write.
#include "cmd/Transpile.h"

#include "cmd/EmbeddedRuntime.h"
#include "codegen/CppEmitter.h"
#include "codegen/CudaEmitter.h"
#include "frontend/Lower.h"
#include "frontend/Parser.h"
#include "frontend/Signature.h"
#include "ir/Identifiers.h"
#include "ir/passes/Pipeline.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>
#include <string_view>
#include <unistd.h>

namespace npc::cmd {
namespace {

namespace fs = std::filesystem;

/// A C++ identifier for the module: the file stem with other characters replaced.
std::string moduleName(const std::string &path) {
    std::string stem = fs::path(path).stem().string();
    std::string name;
    for (char c : stem)
        name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
        name = "_" + name;
    // The namespaces and entry points generated code names.
    static const std::set<std::string> kGenerated = {"std", "npc", "cuda", "main"};
    // The global names and object-like macros of the headers generated code includes
    // (the C and POSIX libraries': exp, index, select, errno; CUDA's: min, max, rsqrt),
    // sorted: a namespace of one of those names would not compile.
    static constexpr std::string_view kSystemNames[] = {
#include "cmd/ReservedNames.inc"
    };
    static_assert(std::is_sorted(std::begin(kSystemNames), std::end(kSystemNames)));
    // Headers a user's own code may include beside generated code (`-Iout`): the C
    // library's, POSIX's, the x86 and Arm intrinsics' and the CUDA Toolkit's. A module's
    // <name>.h would stand in for <name.h> (and its namespace clash with the C function of
    // that name: `signal`).
    static const std::set<std::string> kHeaderNames = {
        "aio",         "arm_neon",  "assert",     "avx2intrin",   "avxintrin",
        "complex",     "cpio",      "cpuid",      "ctype",        "cublas",
        "cublas_v2",   "cuda_bf16", "cuda_fp16",  "cuda_runtime", "cuda_runtime_api",
        "cufft",       "curand",    "cusolverDn", "cusparse",     "dirent",
        "dlfcn",       "emmintrin", "errno",      "fcntl",        "fenv",
        "float",       "fnmatch",   "ftw",        "glob",         "grp",
        "iconv",       "immintrin", "inttypes",   "iso646",       "langinfo",
        "libgen",      "limits",    "locale",     "malloc",       "math",
        "memory",      "mm_malloc", "monetary",   "mqueue",       "netdb",
        "nl_types",    "nmmintrin", "openacc",    "pmmintrin",    "poll",
        "pthread",     "pwd",       "regex",      "sched",        "search",
        "semaphore",   "setjmp",    "signal",     "smmintrin",    "spawn",
        "stdalign",    "stdarg",    "stdatomic",  "stdbit",       "stdbool",
        "stdckdint",   "stddef",    "stdint",     "stdio",        "stdlib",
        "stdnoreturn", "string",    "strings",    "syslog",       "tar",
        "termios",     "tgmath",    "threads",    "time",         "tmmintrin",
        "uchar",       "unistd",    "utime",      "wchar",        "wctype",
        "wmmintrin",   "wordexp",   "x86intrin",  "xmmintrin"};
    if (isCppKeyword(name) || kGenerated.count(name) || kHeaderNames.count(name) ||
        std::binary_search(std::begin(kSystemNames), std::end(kSystemNames), name))
        name += "_";
    return name;
}

std::string signatureText(const Signature &sig) {
    std::vector<std::string> args;
    for (const ArgType &a : sig.args)
        args.push_back(a.str());
    return fmt::format("{}({})", sig.function, fmt::join(args, ", "));
}

/// A file npc cannot write: reported as `npc: error: ...`, exit 1.
class OutputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// True when `path` is a file holding exactly `text`.
bool holds(const fs::path &path, const std::string &text) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec) || fs::file_size(path, ec) != text.size() || ec)
        return false;
    std::ifstream in(path, std::ios::binary);
    std::string bytes(text.size(), '\0');
    return in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())) && bytes == text;
}

/// Writes every file under `dir` only after all are written to temporaries beside them,
/// and after checking that nothing but a file is in the way of one: a failure leaves the
/// directory as it was (the directories made for the files are removed again when empty).
/// A file that already holds its text is left alone (its time stamp too, so build systems
/// rebuild nothing for it). Temporaries are named per process and each file is replaced by
/// a rename, so transpiles run at once into one directory (`make -j`) never see or leave a
/// partly written file.
void writeAll(const fs::path &dir, const std::vector<codegen::EmittedFile> &files) {
    for (const codegen::EmittedFile &f : files) {
        fs::path target = dir / f.name;
        std::error_code ec;
        if (fs::exists(target, ec) && !fs::is_regular_file(target, ec))
            throw OutputError(fmt::format("cannot write '{}': something other than a "
                                          "file is there; remove it or choose another "
                                          "output directory (-o)",
                                          target.string()));
    }
    std::vector<std::pair<fs::path, fs::path>> staged;
    std::vector<fs::path> made; // directories made here, innermost last
    try {
        for (const codegen::EmittedFile &f : files) {
            fs::path target = dir / f.name;
            if (holds(target, f.text))
                continue;
            std::vector<fs::path> missing;
            for (fs::path p = target.parent_path(); !p.empty() && !fs::exists(p);
                 p = p.parent_path())
                missing.insert(missing.begin(), p);
            fs::create_directories(target.parent_path());
            made.insert(made.end(), missing.begin(), missing.end());
            fs::path tmp = target;
            tmp += fmt::format(".npc-tmp-{}", ::getpid());
            std::ofstream out(tmp, std::ios::binary);
            out << f.text;
            out.close();
            if (!out)
                throw OutputError(
                    fmt::format("cannot write '{}': {}", tmp.string(), std::strerror(errno)));
            staged.emplace_back(tmp, target);
        }
        for (const auto &[tmp, target] : staged)
            fs::rename(tmp, target);
    } catch (...) {
        std::error_code ignored;
        for (const auto &[tmp, target] : staged)
            fs::remove(tmp, ignored);
        for (auto it = made.rbegin(); it != made.rend(); ++it)
            fs::remove(*it, ignored); // only when empty
        throw;
    }
}

} // namespace

ExitCode transpile(const TranspileOptions &options, std::ostream &out, std::ostream &err) {
    SourceFile file{options.input, {}};
    {
        std::error_code ec;
        if (fs::is_directory(options.input, ec)) {
            err << fmt::format("npc: error: '{}' is a directory; give the Python file to "
                               "transpile\n",
                               options.input);
            return kInputError;
        }
        std::ifstream in(options.input, std::ios::binary);
        if (!in) {
            err << fmt::format("npc: error: cannot read '{}': {}\n", options.input,
                               std::strerror(errno));
            return kInputError;
        }
        std::ostringstream text;
        text << in.rdbuf();
        file.text = text.str();
        // Python takes a lone CR (old Mac line ends) as a line end; tree-sitter does not.
        for (size_t i = 0; i < file.text.size(); ++i)
            if (file.text[i] == '\r' && (i + 1 == file.text.size() || file.text[i + 1] != '\n'))
                file.text[i] = '\n';
    }
    const bool cuda = options.target == "cuda";
    passes::PipelineOptions pipeline;
    if (cuda) {
        pipeline.vectorLanes = 0;
        pipeline.lowering.radixSort = false;
    }
    if (options.defaultFloat != "float64" && options.defaultFloat != "float32") {
        err << fmt::format("npc: error: unknown default float '{}'; use float64 or float32\n",
                           options.defaultFloat);
        return kUsageError;
    }
    if (!cuda && options.target != "openmp") {
        err << fmt::format("npc: error: unknown target '{}'; use --target openmp or cuda\n",
                           options.target);
        return kUsageError;
    }
    try {
        syntax::Module module = parseModule(file);
        std::vector<Signature> signatures = parseSignatures(file, module.multilineStrings);
        LowerOptions lowerOptions;
        lowerOptions.defaultFloat =
            options.defaultFloat == "float32" ? DType::Float32 : DType::Float64;
        lowerOptions.cudaTarget = cuda;
        std::vector<array::Function> functions =
            lowerModule(file, module, signatures, lowerOptions);

        codegen::EmitInput emit;
        emit.moduleName = moduleName(options.input);
        if (!options.module.empty()) {
            // What moduleName would make of it must be the name itself.
            std::string usable = moduleName(options.module + ".py");
            if (usable != options.module) {
                err << fmt::format("npc: error: --module '{}' is not a C++ identifier that no "
                                   "keyword or header already uses; try '{}'\n",
                                   options.module, usable);
                return kUsageError;
            }
            emit.moduleName = options.module;
        }
        emit.sourceName = fs::path(options.input).filename().string();
        emit.version = NPC_VERSION;
        for (size_t i = 0; i < functions.size(); ++i) {
            if (options.emitArrayIR)
                out << array::print(functions[i]);
            emit.functions.push_back(passes::compileFunction(functions[i], file, pipeline));
            // The CUDA target's device entry point returns device arrays it allocates; an
            // argument returned as it is has no device array of its own.
            if (cuda)
                for (const loop::Result &r : emit.functions.back().results)
                    for (const loop::Param &p : emit.functions.back().params)
                        if (r.rank > 0 && r.name == p.name)
                            throw UserError(functions[i].loc,
                                            fmt::format("the CUDA target cannot return the "
                                                        "argument '{}' itself (in '{}'); return "
                                                        "a copy or use --target openmp",
                                                        p.name, functions[i].name));
            emit.signatures.push_back(signatureText(signatures[i]));
            if (options.emitLoopIR)
                out << loop::print(emit.functions.back());
        }
        if (options.emitArrayIR || options.emitLoopIR)
            return kSuccess;

        std::vector<codegen::EmittedFile> files =
            cuda ? codegen::emitCuda(emit) : codegen::emitCpp(emit);
        if (options.emitMain) {
            const std::string &entry = emit.functions.front().name;
            files.push_back(cuda ? codegen::emitCudaMain(emit, entry)
                                 : codegen::emitCppMain(emit, entry));
        }
        for (const EmbeddedFile &h : runtimeHeaders()) {
            // The CUDA runtime header is of no use to OpenMP output.
            if (!cuda && std::string_view(h.path) == "npc/cuda.h")
                continue;
            files.push_back({h.path, h.text});
        }
        writeAll(options.outputDir, files);
        return kSuccess;
    } catch (const UserError &e) {
        err << formatDiagnostic(file, e.loc(), "error", describeHiddenNames(e.what()));
        return kInputError;
    } catch (const InternalError &e) {
        err << fmt::format("npc: internal error: {}\nThis is a bug in npc; please report it with "
                           "the input file.\n",
                           e.what());
        return kInternalError;
    } catch (const fs::filesystem_error &e) {
        err << fmt::format("npc: error: {}\n", e.what());
        return kInputError;
    } catch (const OutputError &e) {
        err << fmt::format("npc: error: {}\n", e.what());
        return kInputError;
    } catch (const std::exception &e) {
        err << fmt::format("npc: internal error: {}\n", e.what());
        return kInternalError;
    }
}

} // namespace npc::cmd
