"""Runs each case of cases.json (see make_cases.py) and e2e_cases.json (see record_e2e.py)
through its npc CUDA driver and compares the results with NumPy's: dtype and shape exactly,
integers and booleans exactly, floats within the case's rtol/atol (NaNs must match). A case
either names the Python function to call here for NumPy's results, or carries the results
(and arguments updated in place) NumPy gave where the bundle was made; a case with
`expect_error` must exit 1 with NumPy's message. The cases of one driver run in one process
(the driver's --batch), NPC_CHECK_JOBS drivers (default 8) at a time. With NPC_BUILT_DIR set
(run.sh builds the drivers meanwhile), a driver's cases wait for the file NPC_BUILT_DIR/<case
directory name>, which holds the build's exit status and the name of its log. Run by run.sh from the bundle's root;
needs only python3 and NumPy.
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time
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


class Case:
    """One case's driver arguments (its outputs in `tmp`) and how to judge its run."""

    def __init__(self, case, exe, tmp, result_counts):
        self.case, self.tmp = case, tmp
        if "expect_error" in case:
            n = case["results"] if "results" in case else result_counts(exe)
            self.wants = None
            outs = [tmp / f"r{i}.npy" for i in range(n)]
        else:
            if "expected" in case:  # NumPy's results, computed where the bundle was made
                self.wants = [np.load(ROOT / e) for e in case["expected"]]
            else:
                module = load_module(ROOT / case["dir"] / f"{case['module']}.py")
                want = getattr(module, case["function"])(*python_args(case))
                self.wants = list(want) if isinstance(want, tuple) else [want]
            outs = [tmp / f"r{i}.npy" for i in range(len(self.wants))]
        self.outs = outs
        self.args = [*driver_args(case), *sum((["-o", str(o)] for o in outs), [])]
        if case.get("after"):
            self.args += ["--save-args", str(tmp / "saved")]

    def errors(self, returncode, stderr):
        """The differences from NumPy of a run that exited `returncode`."""
        case = self.case
        if self.wants is None:
            if returncode != 1 or case["expect_error"] not in stderr:
                return [f"expected exit 1 and '{case['expect_error']}', got exit {returncode}: "
                        f"{stderr.strip()}"]
            return []
        if returncode != 0:
            return [f"driver failed (exit {returncode}): {stderr.strip()}"]
        errors = []
        for i, (o, w) in enumerate(zip(self.outs, self.wants)):
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
            e = compare(f"argument {i} after the call",
                        np.load(self.tmp / "saved" / f"arg{i}.npy"), np.load(ROOT / path),
                        case["rtol"], case["atol"])
            if e:
                errors.append(e)
        return errors


BATCH_END = re.compile(r"^npc-batch: line (\d+) exit (\d+)$")


def run_batch(exe, calls, tmp):
    """Runs the argument lists `calls` in one driver process (`--batch`, one CUDA context
    instead of one per call): {index: (exit status, stderr)} for the calls that finished;
    a crash or a timeout leaves the rest out."""
    batch = tmp / "batch.txt"
    batch.write_text("".join("\t".join(args) + "\n" for args in calls))
    try:
        run = subprocess.run([str(exe), "--batch", str(batch)], capture_output=True, text=True,
                             timeout=120 + 10 * len(calls))
        stderr = run.stderr
    except subprocess.TimeoutExpired as e:
        stderr = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
    done, lines = {}, []
    for line in stderr.splitlines():
        m = BATCH_END.match(line)
        if m:
            done[int(m.group(1)) - 1] = (int(m.group(2)), "\n".join(lines))
            lines = []
        else:
            lines.append(line)
    return done


def run_alone(exe, args):
    """(exit status, stderr) of one call in a process of its own."""
    run = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=120)
    return run.returncode, run.stderr


def wait_for_build(group):
    """When run.sh builds while this runs (NPC_BUILT_DIR), waits until the group's driver is
    built; returns an error message if it failed to build."""
    built = os.environ.get("NPC_BUILT_DIR")
    if not built:
        return None
    name = Path(group[0]["dir"]).name
    marker = Path(built) / name
    deadline = time.monotonic() + float(os.environ.get("NPC_BUILD_WAIT_S", "1800"))
    while not marker.exists():
        if time.monotonic() > deadline:
            return f"{name} was not built in time"
        time.sleep(0.2)
    rc, _, job = marker.read_text().strip().partition(" ")
    return None if rc == "0" else f"{name} did not build (exit {rc}; see logs/{job or name}.log)"


def check_group(group):
    """The errors of each case of `group` (cases of one driver), in order. The cases run in
    one process; those a crash or timeout cut off run again, each in a process of its own."""
    not_built = wait_for_build(group)
    if not_built:
        return [[not_built] for _ in group]
    exe = ROOT / group[0]["dir"] / f"{group[0]['module']}_gpu"
    counts = {}

    def result_counts(exe):
        if exe not in counts:
            counts[exe] = result_count(exe)
        return counts[exe]

    with tempfile.TemporaryDirectory(prefix="npc-gpu-check-") as tmp:
        tmp = Path(tmp)
        with np.errstate(all="ignore"):
            cases, results = [], []
            for i, case in enumerate(group):
                (tmp / str(i)).mkdir()
                try:
                    cases.append(Case(case, exe, tmp / str(i), result_counts))
                except Exception as e:  # noqa: BLE001 - a missing input, a bad --help
                    cases.append(f"{type(e).__name__}: {e}")
            ready = [i for i, c in enumerate(cases) if isinstance(c, Case)]
            try:
                done = run_batch(exe, [cases[i].args for i in ready], tmp)
            except Exception:  # noqa: BLE001 - the driver did not start; each case says why
                done = {}
            for k, i in enumerate(ready):
                try:
                    returncode, stderr = done[k] if k in done else run_alone(exe, cases[i].args)
                    cases[i] = cases[i].errors(returncode, stderr)
                except Exception as e:  # noqa: BLE001 - a timeout, a missing output file
                    cases[i] = [f"{type(e).__name__}: {e}"]
            for c in cases:
                results.append([c] if isinstance(c, str) else c)
            return results


def main():
    cases = []
    for name in ("cases.json", "e2e_cases.json"):
        if (ROOT / name).exists():
            cases += json.loads((ROOT / name).read_text())["cases"]
    # The cases of one driver run in one process (see check_group), in the order of the
    # case directories (run.sh builds them in that order); several drivers at a time.
    groups = {}
    for case in cases:
        groups.setdefault((case["dir"], case["module"]), []).append(case)
    order = sorted(groups)
    failed = 0
    with ThreadPoolExecutor(int(os.environ.get("NPC_CHECK_JOBS", "8"))) as pool:
        for key, errors_of in zip(order, pool.map(check_group, (groups[k] for k in order))):
            for case, errors in zip(groups[key], errors_of):
                print(f"{'ok  ' if not errors else 'FAIL'} {case['signature']}", flush=True)
                for e in errors:
                    print(f"     {e}")
                failed += bool(errors)
    print(f"check.py: {len(cases) - failed} of {len(cases)} cases match NumPy")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
