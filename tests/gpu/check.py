"""Runs each case of cases.json (see make_cases.py) through its npc CUDA driver and compares
the results with NumPy's: dtype and shape exactly, integers and booleans exactly, floats
within the case's rtol/atol (NaNs must match). Run by run.sh from the bundle's root; needs
only python3 and NumPy.
"""
import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent


def load_module(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def python_args(case):
    values = []
    for a in case["args"]:
        if "npy" in a:
            values.append(np.load(ROOT / a["npy"]))
        else:  # A NumPy scalar argument (strong under NEP 50).
            values.append(np.dtype(a["dtype"]).type(float(a["literal"])))
    return values


def driver_args(case):
    return [str(ROOT / a["npy"]) if "npy" in a else a["literal"] for a in case["args"]]


def compare(name, got, want, rtol, atol):
    want = np.asarray(want)
    if got.dtype != want.dtype or got.shape != want.shape:
        return (f"{name}: got {got.dtype}{list(got.shape)}, "
                f"NumPy gives {want.dtype}{list(want.shape)}")
    if want.dtype.kind in "biu":
        bad = np.count_nonzero(got != want)
    else:
        close = np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
        bad = np.count_nonzero(~close)
    if bad:
        worst = "" if want.dtype.kind in "biu" else \
            f", max abs diff {np.nanmax(np.abs(got.astype(np.float64) - want)):.3g}"
        return f"{name}: {bad} of {want.size} elements differ{worst}"
    return None


def run_case(case, tmp):
    exe = ROOT / case["dir"] / f"{case['module']}_gpu"
    if "expect_error" in case:
        outs = [str(tmp / f"r{i}.npy") for i in range(case["results"])]
        run = subprocess.run([str(exe), *driver_args(case), *sum((["-o", o] for o in outs), [])],
                             capture_output=True, text=True, timeout=120)
        if run.returncode != 1 or case["expect_error"] not in run.stderr:
            return [f"expected exit 1 and '{case['expect_error']}', got exit {run.returncode}: "
                    f"{run.stderr.strip()}"]
        return []
    module = load_module(ROOT / case["dir"] / f"{case['module']}.py")
    want = getattr(module, case["function"])(*python_args(case))
    wants = list(want) if isinstance(want, tuple) else [want]
    outs = [tmp / f"r{i}.npy" for i in range(len(wants))]
    run = subprocess.run([str(exe), *driver_args(case), *sum((["-o", str(o)] for o in outs), [])],
                         capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        return [f"driver failed (exit {run.returncode}): {run.stderr.strip()}"]
    errors = []
    for i, (o, w) in enumerate(zip(outs, wants)):
        e = compare(f"result {i}", np.load(o), w, case["rtol"], case["atol"])
        if e:
            errors.append(e)
    return errors


def main():
    cases = json.loads((ROOT / "cases.json").read_text())["cases"]
    failed = 0
    with tempfile.TemporaryDirectory(prefix="npc-gpu-check-") as tmp:
        for case in cases:
            with np.errstate(all="ignore"):
                errors = run_case(case, Path(tmp))
            print(f"{'ok  ' if not errors else 'FAIL'} {case['signature']}")
            for e in errors:
                print(f"     {e}")
            failed += bool(errors)
    print(f"check.py: {len(cases) - failed} of {len(cases)} cases match NumPy")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
