// The `main()` of programs built with `npc --emit-main`: loads the compiled function's
// arguments from `.npy` files and command-line literals, picks the matching overload, calls
// it (optionally repeatedly, timed) and writes its results and updated arguments as `.npy`.
//
// Generated code. One `npc::driver::overload` per C++ overload of the function, each given
// the Python parameter names and a non-generic lambda whose parameters are exactly the C++
// overload's (ArrayView<const T, R> for read-only arrays, ArrayView<T, R> for arrays the
// function writes, plain T for scalars) and which returns what it returns (void, a scalar,
// Array<T, R>, ArrayView<T, R>, or a std::tuple of those). The driver derives everything
// else, dtypes, ranks, result count and whether inputs need fresh copies per timed run,
// from those types:
//
//   int main(int argc, char** argv) {
//       return npc::driver::run(argc, argv, "kmeans", {
//           npc::driver::overload({"X", "means"},
//               [](npc::ArrayView<const double, 2> X, npc::ArrayView<const double, 2> means) {
//                   return kmeans(X, means);
//               }),
//           npc::driver::overload({"X", "means"},
//               [](npc::ArrayView<const float, 2> X, npc::ArrayView<const float, 2> means) {
//                   return kmeans(X, means);
//               }),
//       });
//   }
//
// Command line: `prog ARG... [-o OUT.npy]... [--save-args DIR] [--repeat N] [--help]`,
// or `prog --batch FILE`.
// - Each ARG is one parameter, in order. An array parameter takes a `.npy` path; a scalar
//   parameter takes a literal (`3`, `-2`, `0.5`, `1e-3`, `True`, `False`) or a 0-d `.npy`.
//   Text that parses as a literal is a literal, never a path. `--` ends the options.
// - Overload resolution: the first overload whose every parameter matches. An array
//   parameter matches a `.npy` of exactly its dtype and rank. A scalar parameter matches a
//   0-d `.npy` of exactly its dtype, or a literal of its kind: True/False a bool; an int
//   literal in range an integer, float or complex; a float literal a float or complex.
//   No match: the given arguments and the available signatures are printed, exit 1.
// - `-o` (or `--output`) once per result, in order; a tuple result is several results, a
//   scalar result is written as a 0-d `.npy`, a function returning nothing takes no `-o`.
//   A count mismatch is a usage error (exit 2), found before anything runs.
// - `--save-args DIR`: after the last call, every ARRAY argument is written to
//   DIR/arg<i>.npy (i = parameter position; scalars skipped; DIR is created). This is how
//   kernels that update arguments in place are checked.
// - `--repeat N`: N calls; prints `npc-time min_s=<s> median_s=<s> runs=<N>` to stderr,
//   timing only the calls (steady_clock; no I/O, copying or result handling inside). If
//   some array parameter is writable, each call gets fresh copies of the loaded inputs,
//   made outside the timed region. Results and saved arguments are the last call's.
// - Errors from loading, the call or saving: `<prog>: error: <message>`, exit 1. Bad usage:
//   the reason and the usage line, exit 2. `--help`: usage and signatures, exit 0. Output
//   files are written atomically (npc::save_npy), never left half-written; an output whose
//   directory does not exist fails the call before any file is written.
// - `--batch FILE`: one call per line of FILE, each line a whole command line as above
//   (ARG... -o ... --save-args ... --repeat ...) with its arguments separated by tabs;
//   empty lines are skipped, a line with a NUL byte fails (exit 2). The calls run in
//   order in this one process (a CUDA program sets up the GPU once, not once per call),
//   each as if the program had been run with that line: its messages go to stdout and
//   stderr as usual, then `npc-batch: line <N> exit <status>` goes to stderr. A line that
//   fails does not stop the others. Exit status: 0 when every line's is 0, else 1; 2 for
//   a FILE that cannot be read (a directory too), an empty FILE name or other arguments
//   beside --batch.
#ifndef NPC_RUNTIME_DRIVER_H
#define NPC_RUNTIME_DRIVER_H

#include "npc/driver_types.h"
#include "npc/error.h"
#include "npc/npy.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

namespace npc::driver {

/// One C++ overload of the compiled function, type-erased; build it with overload().
struct Overload {
    std::vector<std::string> names;        ///< Python parameter names, one per parameter
    std::vector<detail::ParamSpec> params; ///< what each parameter accepts
    std::vector<detail::TypeInfo> results; ///< one per `-o` file
    /// Calls the function on `args` (as loaded by params[i].load), replaces `results` with
    /// its results, and returns the seconds the call alone took.
    std::function<double(detail::Values &args, detail::Values &results)> call;

    /// True when some array parameter is a non-const view: the call may modify its inputs.
    bool writes_args() const {
        return std::any_of(params.begin(), params.end(),
                           [](const detail::ParamSpec &p) { return p.type.writable; });
    }
};

namespace detail {
template <class Ret, class... Args, class F, std::size_t... I>
double invoke(const F &fn, Values &args, Values &results, std::index_sequence<I...>) {
    using Clock = std::chrono::steady_clock;
    results.clear(); // Free the previous call's results before the clock starts.
    std::tuple<std::remove_cvref_t<Args>...> unwrapped{
        ParamTraits<std::remove_cvref_t<Args>>::get(*args[I])...};
    const auto start = Clock::now();
    if constexpr (std::is_void_v<Ret>) {
        std::apply(fn, unwrapped);
        return std::chrono::duration<double>(Clock::now() - start).count();
    } else {
        std::remove_cvref_t<Ret> r = std::apply(fn, unwrapped);
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        ResultTraits<std::remove_cvref_t<Ret>>::wrap(std::move(r), results);
        return seconds;
    }
}

template <class F, class Ret, class... Args>
Overload make_overload(std::initializer_list<std::string_view> names, F fn, std::tuple<Args...> *) {
    Overload o;
    o.names.assign(names.begin(), names.end());
    o.params = {ParamSpec::of<Args>()...};
    o.results = ResultTraits<std::remove_cvref_t<Ret>>::infos();
    o.call = [fn = std::move(fn)](Values &args, Values &results) {
        return invoke<Ret, Args...>(fn, args, results, std::index_sequence_for<Args...>{});
    };
    return o;
}
} // namespace detail

/// Describes one overload: the Python parameter names and a callable (a non-generic
/// lambda or a function pointer) taking ArrayView<[const] T, R> and scalar parameters.
/// A names/parameters count mismatch is reported by run() as an internal error.
template <class F> Overload overload(std::initializer_list<std::string_view> names, F fn) {
    using Traits = detail::CallableTraits<F>;
    return detail::make_overload<F, typename Traits::Return>(
        names, std::move(fn), static_cast<typename Traits::Params *>(nullptr));
}

namespace detail {
/// A command-line problem: reported with the usage line, exit status 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct CommandLine {
    std::vector<std::string> positionals;
    std::vector<std::string> outputs;
    std::string save_args_dir;
    int64_t repeat = 1;
    bool timed = false;
    bool help = false;
    std::optional<std::string> batch_file; ///< --batch FILE
};

/// `args` are the command line without the program name.
inline CommandLine parse_command_line(const std::vector<std::string> &args) {
    CommandLine cl;
    bool options_done = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        auto value = [&](std::string_view option) -> std::string {
            if (arg.size() > option.size() && arg[option.size()] == '=')
                return arg.substr(option.size() + 1);
            if (i + 1 >= args.size())
                throw UsageError("option '" + std::string(option) + "' needs a value");
            return args[++i];
        };
        auto is = [&](std::string_view option) {
            return arg == option || arg.rfind(std::string(option) + "=", 0) == 0;
        };
        if (options_done || arg.size() < 2 || arg[0] != '-' || parse_literal(arg)) {
            cl.positionals.push_back(arg);
        } else if (arg == "--") {
            options_done = true;
        } else if (arg == "-h" || arg == "--help") {
            cl.help = true;
        } else if (is("-o") || is("--output")) {
            cl.outputs.push_back(value(is("-o") ? "-o" : "--output"));
        } else if (is("--save-args")) {
            cl.save_args_dir = value("--save-args");
        } else if (is("--repeat")) {
            const std::string n = value("--repeat");
            const std::optional<Literal> lit = parse_literal(n);
            if (!lit || !lit->i || *lit->i < 1)
                throw UsageError("--repeat expects a positive integer, got '" + n + "'");
            cl.repeat = *lit->i;
            cl.timed = true;
        } else if (is("--batch")) {
            cl.batch_file = value("--batch");
            if (cl.batch_file->empty())
                throw UsageError("--batch needs a file name");
        } else {
            throw UsageError("unknown option '" + arg + "'");
        }
    }
    return cl;
}

inline std::string usage(const std::string &prog) {
    return "usage: " + prog +
           " ARG... [-o OUT.npy]... [--save-args DIR] [--repeat N] [--help]\n"
           "       " +
           prog + " --batch FILE";
}

/// "kmeans(X: float64[:, :], means: float64[:, :]) -> int64[:]".
inline std::string signature(std::string_view function, const Overload &o) {
    std::string s(function);
    s += "(";
    for (std::size_t i = 0; i < o.params.size(); ++i) {
        s += i > 0 ? ", " : "";
        s += (i < o.names.size() ? o.names[i] : "?") + ": " + o.params[i].type.str();
    }
    s += ") -> ";
    if (o.results.empty())
        return s + "None";
    std::string r;
    for (const TypeInfo &t : o.results)
        r += (r.empty() ? "" : ", ") + t.str();
    return s + (o.results.size() == 1 ? r : "(" + r + ")");
}

inline std::string signatures(std::string_view function, const std::vector<Overload> &overloads) {
    std::string s;
    for (const Overload &o : overloads)
        s += "  " + signature(function, o) + "\n";
    return s;
}

/// The first overload accepting `inputs`, or nullptr.
inline const Overload *resolve(const std::vector<Overload> &overloads,
                               const std::vector<Input> &inputs) {
    for (const Overload &o : overloads) {
        if (o.params.size() != inputs.size())
            continue;
        bool ok = true;
        for (std::size_t i = 0; i < inputs.size() && ok; ++i)
            ok = o.params[i].accepts(inputs[i]);
        if (ok)
            return &o;
    }
    return nullptr;
}

inline std::string plural(std::size_t n, const char *one, const char *many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// Everything after command-line parsing; returns the exit status or throws.
inline int run_parsed(const std::string &prog, std::string_view function,
                      const std::vector<Overload> &overloads, const CommandLine &cl) {
    for (const Overload &o : overloads)
        if (o.names.size() != o.params.size())
            throw std::logic_error("internal error: an overload of " + std::string(function) +
                                   " has " + plural(o.names.size(), "name", "names") + " for " +
                                   plural(o.params.size(), "parameter", "parameters"));
    std::vector<Input> inputs;
    for (const std::string &text : cl.positionals) {
        Input in{text, parse_literal(text), {}};
        if (!in.literal)
            in.header = load_npy_header(text);
        inputs.push_back(std::move(in));
    }
    const Overload *o = resolve(overloads, inputs);
    if (!o) {
        std::string given;
        for (const Input &in : inputs)
            given += (given.empty() ? "" : ", ") + in.str();
        std::cerr << prog << ": error: no overload of " << function
                  << " matches the arguments\n  given: " << (given.empty() ? "nothing" : given)
                  << "\navailable:\n"
                  << signatures(function, overloads);
        return 1;
    }
    if (cl.outputs.size() != o->results.size()) {
        std::cerr << prog << ": error: " << function << " returns "
                  << plural(o->results.size(), "result", "results") << " but "
                  << plural(cl.outputs.size(), "output file (-o) was", "output files (-o) were")
                  << " given\n"
                  << usage(prog) << "\n";
        return 2;
    }

    Values args;
    for (std::size_t i = 0; i < inputs.size(); ++i)
        args.push_back(o->params[i].load(inputs[i]));
    const bool fresh_copies = o->writes_args() && cl.repeat > 1;
    Values copies, results;
    std::vector<double> times;
    for (int64_t run = 0; run < cl.repeat; ++run) {
        if (fresh_copies) {
            copies.clear();
            for (const auto &a : args)
                copies.push_back(a->clone());
        }
        times.push_back(o->call(fresh_copies ? copies : args, results));
    }
    if (cl.timed) {
        std::sort(times.begin(), times.end());
        const std::size_t n = times.size();
        const double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
        char line[128];
        std::snprintf(line, sizeof line, "npc-time min_s=%.9f median_s=%.9f runs=%zu\n", times[0],
                      median, n);
        std::cerr << line << std::flush;
    }

    // Where the files go is checked before any is written: a missing directory fails the
    // call with no result written.
    for (const std::string &out : cl.outputs) {
        const std::filesystem::path dir = std::filesystem::path(out).parent_path();
        std::error_code ec;
        if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
            throw Error("cannot write '" + out + "': no directory '" + dir.string() + "'");
    }
    if (!cl.save_args_dir.empty())
        std::filesystem::create_directories(cl.save_args_dir);
    for (std::size_t i = 0; i < results.size(); ++i)
        results[i]->save(cl.outputs[i]);
    if (!cl.save_args_dir.empty()) {
        const Values &last = fresh_copies ? copies : args;
        for (std::size_t i = 0; i < last.size(); ++i)
            if (o->params[i].type.rank >= 0)
                last[i]->save(cl.save_args_dir + "/arg" + std::to_string(i) + ".npy");
    }
    return 0;
}
} // namespace detail

namespace detail {
/// One command line (without the program name): the exit status of running it.
inline int run_args(const std::string &prog, std::string_view function,
                    const std::vector<Overload> &overloads, const std::vector<std::string> &args,
                    bool in_batch);

/// `--batch FILE`: runs each line of FILE as a command line (tab-separated arguments).
inline int run_batch(const std::string &prog, std::string_view function,
                     const std::vector<Overload> &overloads, const std::string &file) {
    std::error_code ec;
    std::ifstream in;
    if (!std::filesystem::is_directory(file, ec)) // a directory opens, but reads nothing
        in.open(file);
    if (!in.is_open()) {
        std::cerr << prog << ": error: cannot read the batch file '" << file << "'\n";
        return 2;
    }
    int status = 0;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            continue;
        if (line.find('\0') != std::string::npos) { // would cut a path short
            std::cerr << prog << ": error: line " << number << " of the batch file has a NUL "
                      << "byte\nnpc-batch: line " << number << " exit 2\n"
                      << std::flush;
            status = 1;
            continue;
        }
        std::vector<std::string> args;
        for (std::size_t start = 0;;) {
            const std::size_t tab = line.find('\t', start);
            args.push_back(line.substr(start, tab - start));
            if (tab == std::string::npos)
                break;
            start = tab + 1;
        }
        const int line_status = run_args(prog, function, overloads, args, true);
        std::cout << std::flush;
        std::cerr << "npc-batch: line " << number << " exit " << line_status << "\n" << std::flush;
        status = status != 0 || line_status != 0 ? 1 : 0;
    }
    return status;
}

inline int run_args(const std::string &prog, std::string_view function,
                    const std::vector<Overload> &overloads, const std::vector<std::string> &args,
                    bool in_batch) {
    CommandLine cl;
    try {
        cl = parse_command_line(args);
        if (cl.batch_file) {
            if (in_batch)
                throw UsageError("--batch inside a batch file");
            // `--batch FILE` or `--batch=FILE`, nothing else.
            if (args.size() != (args[0] == "--batch" ? 2u : 1u))
                throw UsageError("--batch takes no other arguments");
        }
    } catch (const UsageError &e) {
        std::cerr << prog << ": error: " << e.what() << "\n" << usage(prog) << "\n";
        return 2;
    }
    if (cl.batch_file)
        return run_batch(prog, function, overloads, *cl.batch_file);
    const bool takesNothing = std::any_of(overloads.begin(), overloads.end(),
                                          [](const Overload &o) { return o.params.empty(); });
    if (args.empty() && !takesNothing) {
        std::cerr << prog << ": error: no arguments given\n"
                  << usage(prog) << "\nsignatures:\n"
                  << signatures(function, overloads);
        return 2;
    }
    if (cl.help) {
        std::cout << usage(prog) << "\nCalls " << function
                  << " (compiled by npc) on .npy files and scalar literals.\nsignatures:\n"
                  << signatures(function, overloads)
                  << "options:\n"
                     "  -o, --output OUT.npy  where to write the next result\n"
                     "  --save-args DIR       write array arguments to DIR/arg<i>.npy after "
                     "the call\n"
                     "  --repeat N            call N times; print npc-time min_s= median_s= "
                     "runs= to stderr\n"
                     "  --batch FILE          run one call per line of FILE (tab-separated "
                     "arguments) in this process\n";
        return 0;
    }
    try {
        return run_parsed(prog, function, overloads, cl);
    } catch (const std::exception &e) {
        std::cerr << prog << ": error: " << e.what() << "\n";
        return 1;
    }
}
} // namespace detail

/// Runs the generated program: see the top of this file for the command line. Returns
/// the process exit status (0 success, 1 error, 2 usage); never calls exit().
inline int run(int argc, char **argv, std::string_view function,
               const std::vector<Overload> &overloads) {
    const std::string prog =
        argc > 0 ? std::filesystem::path(argv[0]).filename().string() : std::string("npc-main");
    const std::vector<std::string> args(argv + std::min(argc, 1), argv + std::max(argc, 0));
    return detail::run_args(prog, function, overloads, args, false);
}

} // namespace npc::driver

#endif // NPC_RUNTIME_DRIVER_H
