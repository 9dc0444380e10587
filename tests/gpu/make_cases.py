"""Writes the test cases of the GPU bundle (run by tests/gpu/prepare.sh, where npc is built).

tests/cuda/kernels.py exports several functions, but `--emit-main` writes a driver for the
first one only, so each function gets a copy of the file in which only its own export
lines remain (line numbers unchanged), transpiled with --target cuda --emit-main into
BUNDLE/cases/<function>/. Inputs are .npy files under BUNDLE/inputs/; BUNDLE/cases.json
lists every overload with its arguments and tolerances for check.py, which computes the
NumPy results on the GPU machine by calling the same Python functions.

    python tests/gpu/make_cases.py --npc build/cmd/npc --kernels tests/cuda/kernels.py \
        --samples samples --out gpu_bundle

With --samples, the samples named in SAMPLES (Python loops, while, if and in-place updates
around the kernels) get cases too, each in BUNDLE/cases/<sample>/ as module <sample>.
"""
import argparse
import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np

EXPORT = re.compile(r"^#\s*npc\s+export\s+(\w+)\((.*)\)\s*$")

# Per function: one entry per argument, an array shape or a scalar value; how to fill
# arrays; and the float tolerance (reductions are reassociated on the GPU).
SPECS = {
    "scale_shift": {"args": [(517, 77), 0.75, (77,)], "fill": "normal"},
    "total": {"args": [(1_000_003,)], "fill": "uniform", "rtol": {"float32": 1e-4}},
    "product": {"args": [(100_001,)], "fill": "near_one"},
    "center": {"args": [(1001, 333)], "fill": "normal", "atol": 1e-12},
    "extremes": {"args": [(301, 77)], "fill": "normal"},
    "col_stats": {"args": [(2001, 65), 1.5], "fill": "normal", "atol": 1e-5},
    "non_finite": {"args": [(100_000,)], "fill": "non_finite"},
    "row_norms": {"args": [(50_001, 7)], "fill": "normal"},
    "ramps": {"args": [(100_003,), 64], "fill": "normal"},
}
DEFAULT_RTOL = {"float64": 1e-10, "float32": 1e-5}

# Samples with Python control flow (host loops, while, if, in-place updates around the
# kernels), each transpiled whole into BUNDLE/cases/<sample>/ (module <sample>).
SAMPLES = {
    "heat2d": {"args": [(66, 50), 0.1, 25], "fill": "normal"},
    "jacobi": {"args": [(34, 26), 1e-4, 300], "fill": "normal"},
    "clip_stats": {"args": [(10_001,), -0.5, 0.3], "fill": "normal"},
    "mandelbrot": {"args": [(24,), (16,), 40], "fill": "plane"},
    "nbody": {"args": [(64, 3), (64, 3), (64,), 0.01, 4], "fill": "uniform", "atol": 1e-12},
}


def fill(rng, kind, shape, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        if kind == "near_one":  # Products that overflow and wrap, like NumPy's.
            return rng.choice(np.array([-3, -2, -1, 1, 2, 3], dtype=dtype), size=shape)
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    if kind == "uniform":
        return rng.uniform(0, 1, size=shape).astype(dtype)
    if kind == "near_one":
        return rng.uniform(0.999, 1.001, size=shape).astype(dtype)
    if kind == "plane":  # Points around the Mandelbrot set.
        return rng.uniform(-2.0, 1.0, size=shape).astype(dtype)
    x = rng.standard_normal(size=shape).astype(dtype)
    if kind == "non_finite":
        x[:-1:97] = np.nan
        x[5:-1:101] = np.inf
        x[7:-1:103] = -np.inf
    return x


def split_source(text, function):
    """The source with every export line of other functions turned into a plain comment."""
    lines = []
    for line in text.splitlines(keepends=True):
        m = EXPORT.match(line.rstrip("\n"))
        if m and m.group(1) != function:
            line = line.replace("npc export", "not exported here:", 1)
        lines.append(line)
    return "".join(lines)


def signatures(text):
    """{function: [argument types of each overload]} from the export lines of `text`."""
    overloads = {}
    for line in text.splitlines():
        m = EXPORT.match(line)
        if m:
            types = [t.strip() for t in re.split(r",(?![^\[]*\])", m.group(2))]
            overloads.setdefault(m.group(1), []).append(types)
    return overloads


def make_case(rng, inputs_dir, function, n, types, spec, directory, module):
    """One cases.json entry for overload `n` of `function` (inputs saved as .npy files)."""
    case_args = []
    for i, (t, a) in enumerate(zip(types, spec["args"])):
        dtype = t.split("[")[0]
        if "[" not in t:  # A NumPy scalar (float64, int64, ...): a literal.
            case_args.append({"literal": repr(a), "dtype": dtype})
            continue
        name = f"{function}_{n}_arg{i}.npy"
        np.save(inputs_dir / name, fill(rng, spec["fill"], a, dtype))
        case_args.append({"npy": f"inputs/{name}"})
    float_type = "float32" if any("float32" in t for t in types) else "float64"
    return {
        "function": function,
        "signature": f"{function}({', '.join(types)})",
        "dir": directory,
        "module": module,
        "args": case_args,
        "rtol": spec.get("rtol", {}).get(float_type, DEFAULT_RTOL[float_type]),
        "atol": spec.get("atol", 0.0),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--npc", type=Path, required=True)
    parser.add_argument("--kernels", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--samples", type=Path, help="npc's samples/ (cases for SAMPLES)")
    args = parser.parse_args()

    text = args.kernels.read_text()
    overloads = signatures(text)
    missing = set(overloads) - set(SPECS)
    if missing:
        raise SystemExit(f"make_cases.py: no input spec for {sorted(missing)}")

    rng = np.random.default_rng(2024)
    cases_dir = args.out / "cases"
    inputs_dir = args.out / "inputs"
    inputs_dir.mkdir(parents=True, exist_ok=True)
    cases = []
    for function, sigs in overloads.items():
        d = cases_dir / function
        d.mkdir(parents=True, exist_ok=True)
        (d / "kernels.py").write_text(split_source(text, function))
        subprocess.run([str(args.npc), "transpile", str(d / "kernels.py"), "--target", "cuda",
                        "--emit-main", "-o", str(d)], check=True)
        spec = SPECS[function]
        for n, types in enumerate(sigs):
            cases.append(make_case(rng, inputs_dir, function, n, types, spec,
                                   f"cases/{function}", "kernels"))
    shutil.copy(args.kernels, cases_dir / "kernels.py")

    for sample, spec in SAMPLES.items() if args.samples else ():
        d = cases_dir / sample
        d.mkdir(parents=True, exist_ok=True)
        source = args.samples / f"{sample}.py"
        shutil.copy(source, d / source.name)
        subprocess.run([str(args.npc), "transpile", str(d / source.name), "--target", "cuda",
                        "--emit-main", "-o", str(d)], check=True)
        for n, types in enumerate(signatures(source.read_text())[sample]):
            cases.append(make_case(rng, inputs_dir, sample, n, types, spec,
                                   f"cases/{sample}", sample))

    # An error NumPy raises must reach the caller of the CUDA build too (a host-side check
    # before any launch): argmin of an empty sequence.
    np.save(inputs_dir / "kmeans_X.npy", rng.standard_normal((10, 2)))
    np.save(inputs_dir / "kmeans_no_means.npy", np.zeros((0, 2)))
    cases.append({
        "function": "kmeans", "signature": "kmeans(float64[:,:], float64[:,:]) with no means",
        "dir": "kmeans", "module": "kmeans",
        "args": [{"npy": "inputs/kmeans_X.npy"}, {"npy": "inputs/kmeans_no_means.npy"}],
        "expect_error": "attempt to get argmin of an empty sequence", "results": 1,
    })
    (args.out / "cases.json").write_text(json.dumps({"cases": cases}, indent=1) + "\n")
    functions = len(overloads) + (len(SAMPLES) if args.samples else 0)
    print(f"make_cases.py: {len(cases)} cases for {functions} functions in {args.out}")


if __name__ == "__main__":
    main()
