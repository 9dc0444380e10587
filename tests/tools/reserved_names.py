"""Prints the names npc must not give a module's namespace, as C++ string literals for
cmd/ReservedNames.inc: every name the headers of generated code declare in the global
namespace (functions, variables, types, enumerators; from clang's AST of a translation
unit that includes them), every object-like macro they define, the names of the C and POSIX
headers they include (`stdint`: a module's stdint.h would shadow <stdint.h>), and the global functions
and vector types of the CUDA Toolkit's headers that nvcc includes in every .cu file (math
functions such as `min`, `max`, `rsqrt`; `make_float2`, `float2`, `dim3`).

    python3 tests/tools/reserved_names.py > cmd/ReservedNames.inc

Needs clang++ (the AST dump), g++ (the macros) and nvcc (where its headers are). Run it
again when the runtime headers include new system headers."""
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# What generated code includes: the runtime's headers (which include <omp.h>, <cmath>,
# <cstdio>, ...), and the standard headers the emitters write.
INCLUDES = ["npc/runtime.h", "npc/driver.h", "npc/ufunc.h", "npc/arith.h", "npc/npy.h",
            "npc/overlap.h", "npc/complex.h", "npc/error.h", "omp.h", "cmath", "complex",
            "cstdint", "cstdlib", "cstring", "limits", "tuple", "utility", "atomic"]
DECL = re.compile(r"^(?:\| |  )*[|`]-(\w+)Decl 0x[0-9a-f]+ (.*)$")
KINDS = {"Function", "Var", "Typedef", "TypeAlias", "CXXRecord", "Record", "Enum",
         "EnumConstant", "FunctionTemplate", "ClassTemplate", "VarTemplate", "Namespace",
         "Using"}


def declared_names(source):
    dump = subprocess.run(["clang++", "-std=c++20", "-fopenmp", f"-I{ROOT / 'runtime'}",
                           "-fsyntax-only", "-Xclang", "-ast-dump", str(source)],
                          check=True, capture_output=True, text=True).stdout
    names = set()
    # Depth 1 is the global namespace; extern "C" blocks and unscoped enums add a level.
    stack = []
    for line in dump.splitlines():
        m = DECL.match(line)
        if not m:
            continue
        depth = (len(line) - len(line.lstrip("|` -"))) // 2
        del stack[depth - 1:]
        kind, rest = m.groups()
        stack.append(kind)
        parents = stack[:-1]
        if any(p not in ("LinkageSpec", "Enum") for p in parents):
            continue
        if parents and parents[-1] == "Enum" and "class" in rest.split("'")[0].split():
            continue
        if kind not in KINDS or "implicit" in rest.split("'")[0].split():
            continue
        head = rest.split("'")[0].split()
        if not head:
            continue
        name = head[-1]
        if kind in ("CXXRecord", "Record") and name in ("definition", "struct", "class", "union"):
            continue
        if re.fullmatch(r"[A-Za-z_]\w*", name):
            names.add(name)
    return names


def macro_names(source):
    out = subprocess.run(["g++", "-std=c++20", "-fopenmp", f"-I{ROOT / 'runtime'}", "-dM", "-E",
                          str(source)], check=True, capture_output=True, text=True).stdout
    return {m.group(1) for m in re.finditer(r"^#define (\w+)(?: |$)", out, re.M)}


def header_names(source):
    """The names of the C and POSIX headers the code includes (`stdint` of <stdint.h>):
    a module's header of that name, in a folder given with -I, would be included instead."""
    out = subprocess.run(["g++", "-std=c++20", "-fopenmp", f"-I{ROOT / 'runtime'}", "-M",
                          str(source)], check=True, capture_output=True, text=True).stdout
    dirs = subprocess.run(["g++", "-std=c++20", "-xc++", "-E", "-v", "/dev/null"],
                          capture_output=True, text=True).stderr
    dirs = [Path(d.strip()).resolve() for d in dirs.split("#include <...> search starts here:")[1]
            .split("End of search list.")[0].splitlines() if d.strip()]
    names = set()
    for dep in out.replace("\\\n", " ").split():
        path = Path(dep).resolve()
        if path.suffix == ".h" and path.parent in dirs:
            names.add(path.stem)
    return names


def cuda_names():
    nvcc = shutil.which("nvcc")
    if not nvcc:
        sys.exit("reserved_names.py: nvcc not found (the CUDA Toolkit's names are needed)")
    include = Path(nvcc).resolve().parent.parent / "include"
    names = set()
    for header in ["crt/math_functions.h", "crt/math_functions.hpp", "crt/device_functions.h",
                   "vector_functions.h"]:
        text = (include / header).read_text(errors="replace")
        for m in re.finditer(r"^(?:extern|static)\b[^;{]*?\b([A-Za-z_]\w*)\(", text, re.M):
            names.add(m.group(1))
        names |= set(re.findall(r"\b(make_\w+)\(", text))
    text = (include / "vector_types.h").read_text(errors="replace")
    names |= set(re.findall(r"\b((?:u?char|u?short|u?int|u?long|u?longlong|float|double)"
                            r"[1-4](?:_16a|_32a)?|dim3)\b", text))
    return {n for n in names if n not in ("throw", "if", "return")}


def main():
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "all.cpp"
        source.write_text("".join(f"#include <{h}>\n" for h in INCLUDES))
        names = (declared_names(source) | macro_names(source) | header_names(source) |
                 cuda_names())
    # Not those reserved to the implementation (`__x`, `_X`): a module named so is the
    # user's own clash with the C++ standard.
    names = sorted(n for n in names if not re.match(r"_[_A-Z]", n))
    print("// Generated by tests/tools/reserved_names.py: names the headers of generated code")
    print("// declare in the global namespace or define as object-like macros. Do not edit.")
    line = ""
    for n in names:
        piece = f'"{n}",'
        if len(line) + len(piece) + 1 > 96:
            print(line)
            line = ""
        line += (" " if line else "") + piece
    print(line)
    print(f"// {len(names)} names", file=sys.stderr)


if __name__ == "__main__":
    main()
