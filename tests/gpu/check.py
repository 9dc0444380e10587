"""Runs each case of cases.json (see make_cases.py) and e2e_cases.json (see record_e2e.py)
through its npc CUDA driver and compares the results with NumPy's: dtype and shape exactly,
integers and booleans exactly, floats within the case's rtol/atol (NaNs must match). A case
either names the Python function to call here for NumPy's results, or carries the results
(and arguments updated in place) NumPy gave where the bundle was made; a case with
`expect_error` must exit 1 with NumPy's message. Cases run NPC_CHECK_JOBS (default 8) at a
time. Run by run.sh from the bundle's root; needs only python3 and NumPy.
"""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
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
    if isinstance(rtol, dict):  # per result dtype
        rtol = rtol.get(want.dtype.name, 0.0)
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


def compare_ulp(name, got, want, max_ulp):
    """Transcendental functions (elementwise_check.py): NaN and inf in the same places, the
    finite values within max_ulp units in the last place."""
    want = np.asarray(want)
    if got.dtype != want.dtype or got.shape != want.shape:
        return (f"{name}: got {got.dtype}{list(got.shape)}, "
                f"NumPy gives {want.dtype}{list(want.shape)}")
    finite = np.isfinite(want)
    if not (np.array_equal(np.isnan(got), np.isnan(want))
            and np.array_equal(got[~finite & ~np.isnan(want)], want[~finite & ~np.isnan(want)])):
        return f"{name}: NaN or inf in other places than NumPy's"
    try:
        np.testing.assert_array_max_ulp(got[finite], want[finite], maxulp=max_ulp,
                                        dtype=want.dtype)
    except AssertionError as e:
        return f"{name}: {str(e).strip().splitlines()[0]}"
    return None


def zero_signs(name, got, want):
    """Where NumPy's float result is zero, the sign of npc's zero must be NumPy's."""
    want = np.asarray(want)
    if want.dtype.kind != "f" or got.dtype != want.dtype or got.shape != want.shape:
        return None
    zeros = want == 0
    if not np.array_equal(np.signbit(got[zeros]), np.signbit(want[zeros])):
        return f"{name}: zeros of another sign than NumPy's"
    return None


def result_count(exe):
    """How many results (-o files) the driver's first signature has (from --help). The
    count follows tests/e2e/npc_harness.result_count; the GPU machine runs this file
    without pytest, which npc_harness imports, so the few lines are repeated here."""
    p = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=120)
    line = p.stdout.split("signatures:\n", 1)[1].splitlines()[0]
    result = line.rsplit(" -> ", 1)[1].strip()
    if result == "None":
        return 0
    if not result.startswith("("):
        return 1
    depth, count = 0, 1
    for ch in result[1:-1]:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
    return count


def run_case(case, tmp):
    exe = ROOT / case["dir"] / f"{case['module']}_gpu"
    if "expect_error" in case:
        n = case["results"] if "results" in case else result_count(exe)
        outs = [str(tmp / f"r{i}.npy") for i in range(n)]
        run = subprocess.run([str(exe), *driver_args(case), *sum((["-o", o] for o in outs), [])],
                             capture_output=True, text=True, timeout=120)
        if run.returncode != 1 or case["expect_error"] not in run.stderr:
            return [f"expected exit 1 and '{case['expect_error']}', got exit {run.returncode}: "
                    f"{run.stderr.strip()}"]
        return []
    if "expected" in case:  # NumPy's results, computed where the bundle was made
        wants = [np.load(ROOT / e) for e in case["expected"]]
    else:
        module = load_module(ROOT / case["dir"] / f"{case['module']}.py")
        want = getattr(module, case["function"])(*python_args(case))
        wants = list(want) if isinstance(want, tuple) else [want]
    outs = [tmp / f"r{i}.npy" for i in range(len(wants))]
    argv = [str(exe), *driver_args(case), *sum((["-o", str(o)] for o in outs), [])]
    if case.get("after"):
        argv += ["--save-args", str(tmp / "saved")]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        return [f"driver failed (exit {run.returncode}): {run.stderr.strip()}"]
    errors = []
    for i, (o, w) in enumerate(zip(outs, wants)):
        got = np.load(o)
        if i in case.get("ulp", ()):
            e = compare_ulp(f"result {i}", got, w, case["max_ulp"])
        else:
            e = compare(f"result {i}", got, w, case["rtol"], case["atol"])
        if not e and case.get("zero_signs"):
            e = zero_signs(f"result {i}", got, w)
        if e:
            errors.append(e)
    # Arguments the function updates in place must change as NumPy changed them.
    for i, path in case.get("after", {}).items():
        e = compare(f"argument {i} after the call", np.load(tmp / "saved" / f"arg{i}.npy"),
                    np.load(ROOT / path), case["rtol"], case["atol"])
        if e:
            errors.append(e)
    return errors


def check(case):
    """The errors of one case (an empty list if it matches NumPy)."""
    with tempfile.TemporaryDirectory(prefix="npc-gpu-check-") as tmp:
        with np.errstate(all="ignore"):
            try:
                return run_case(case, Path(tmp))
            except Exception as e:  # noqa: BLE001 - a timeout, a missing output file
                return [f"{type(e).__name__}: {e}"]


def main():
    cases = []
    for name in ("cases.json", "e2e_cases.json"):
        if (ROOT / name).exists():
            cases += json.loads((ROOT / name).read_text())["cases"]
    failed = 0
    # Each case is a process of its own (a CUDA context, a few tenths of a second to make):
    # several at a time, reported in order.
    with ThreadPoolExecutor(int(os.environ.get("NPC_CHECK_JOBS", "8"))) as pool:
        for case, errors in zip(cases, pool.map(check, cases)):
            print(f"{'ok  ' if not errors else 'FAIL'} {case['signature']}")
            for e in errors:
                print(f"     {e}")
            failed += bool(errors)
    print(f"check.py: {len(cases) - failed} of {len(cases)} cases match NumPy")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
