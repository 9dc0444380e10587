// The npc command line: `npc transpile FILE.py [-o DIR] [--target openmp|cuda] [--emit-main]`.
#include "cmd/Transpile.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <iostream>

namespace {

constexpr const char *kDescription = R"(npc: ahead-of-time transpiler from NumPy code to OpenMP C++.

Examples:
  npc transpile samples/kmeans.py -o out            # writes out/kmeans.{h,cpp} and out/npc/*.h
  npc transpile samples/kmeans.py -o out --emit-main
  g++ -std=c++20 -O3 -march=native -fno-math-errno -ffp-contract=off -fopenmp -Iout out/kmeans.cpp out/kmeans_main.cpp -o kmeans
  ./kmeans X.npy means.npy -o labels.npy --repeat 5

Functions to compile are marked by a comment above them, with the argument types:
  # npc export kmeans(float64[:,:], float64[:,:])
(`#pythran export` lines are accepted unchanged.)

Exit codes: 0 success, 1 the input has errors, 2 bad command line, 3 internal error.)";

} // namespace

int main(int argc, char **argv) {
    using npc::cmd::ExitCode;
    CLI::App app{kDescription, "npc"};
    app.set_version_flag("--version", std::string("npc ") + NPC_VERSION);
    app.require_subcommand(1);

    npc::cmd::TranspileOptions options;
    CLI::App *transpile =
        app.add_subcommand("transpile", "Compile a Python file to C++ (OpenMP) or CUDA");
    transpile->add_option("file", options.input, "Python source file (.py)")->required();
    CLI::Option *output =
        transpile
            ->add_option("-o,--output", options.outputDir,
                         "Output directory (created if missing; default: current directory)")
            ->check([](const std::string &dir) {
                return dir.empty() ? std::string("the output directory is empty") : std::string();
            });
    transpile->add_option("--target", options.target,
                          "Code generator: openmp (C++ with OpenMP pragmas, the default) or cuda "
                          "(.cu kernels for nvcc)")
        ->check(CLI::IsMember({"openmp", "cuda"}));
    CLI::Option *emitMain =
        transpile->add_flag("--emit-main", options.emitMain,
                            "Also write <module>_main.cpp (cuda: <module>_main.cu), a driver that "
                            "runs the file's first exported function on .npy files");
    transpile->add_option("--default-float", options.defaultFloat,
                          "dtype of creation functions given no dtype (np.zeros, np.ones, "
                          "np.empty, np.full with a float, np.arange with float arguments, "
                          "np.linspace, np.eye, np.identity, np.array of floats): float64 "
                          "(NumPy's, the default) or float32. float32 deviates from NumPy, "
                          "like torch.compile's numpy_default_float; it keeps float32 "
                          "kernels in float32 (on GPUs, twice the throughput)")
        ->check(CLI::IsMember({"float64", "float32"}));
    transpile->add_option("--module", options.module,
                          "C++ namespace and file stem of the output (default: the Python "
                          "file's name, made an identifier: my-kernels.py gives my_kernels); "
                          "gives the same file two names, e.g. for its openmp and cuda builds "
                          "in one program");
    // The IR dumps write no files: -o and --emit-main with them are usage errors.
    transpile
        ->add_flag("--emit-ir", options.emitArrayIR,
                   "Print the typed array IR to stdout instead of writing files")
        ->excludes(output)
        ->excludes(emitMain);
    transpile
        ->add_flag("--emit-loops", options.emitLoopIR,
                   "Print the fused loop IR to stdout instead of writing files")
        ->excludes(output)
        ->excludes(emitMain);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        int code = app.exit(e);
        return code == 0 ? ExitCode::kSuccess : ExitCode::kUsageError;
    }
    try {
        return npc::cmd::transpile(options, std::cout, std::cerr);
    } catch (const std::exception &e) {
        std::cerr << fmt::format("npc: internal error: {}\n", e.what());
        return ExitCode::kInternalError;
    }
}
