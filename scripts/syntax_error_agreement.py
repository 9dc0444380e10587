"""How often npc's syntax errors agree with CPython's: mutates the samples and end-to-end
kernels by one character (deleted, inserted or doubled), keeps the mutations CPython
rejects (indentation errors aside), and counts where npc's `file:LINE:COL: error: MESSAGE`
has CPython's line, line and column, and message. Also reports any npc crash.

    .venv/bin/python scripts/syntax_error_agreement.py --npc build/cmd/npc [--npc OLD] \\
        [--seed 1] [--trials 1500]
"""
import argparse
import ast
import random
import re
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--npc", action="append", required=True, help="npc binary (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trials", type=int, default=1500)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    files = sorted((ROOT / "samples").glob("*.py")) + sorted(
        (ROOT / "tests/e2e/kernels").glob("*.py"))[:40]
    stats = {b: [0, 0, 0, 0] for b in args.npc}  # line, line+col, message, located
    crashes, total = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.py"
        for _ in range(args.trials):
            src = rng.choice(files).read_text()
            i = rng.randrange(len(src))
            op = rng.randrange(3)
            mutated = (src[:i] + src[i + 1:] if op == 0 else
                       src[:i] + rng.choice("()[]{}:+=,\"'#\\") + src[i:] if op == 1 else
                       src[:i] + src[i] + src[i:])
            try:
                ast.parse(mutated)
                continue
            except SyntaxError as e:
                if "indent" in e.msg:
                    continue
                want = (e.lineno, e.offset, e.msg)
            path.write_text(mutated)
            total += 1
            for b in args.npc:
                r = subprocess.run([b, "transpile", str(path), "-o", str(Path(tmp) / "out")],
                                   capture_output=True, text=True)
                if r.returncode not in (0, 1) or "internal error" in r.stderr:
                    crashes.append((b, r.stderr[:200]))
                m = re.match(r".*?m\.py:(\d+):(\d+): error: (.*)", r.stderr)
                if not m:
                    continue
                got = (int(m.group(1)), int(m.group(2)), m.group(3))
                s = stats[b]
                s[0] += got[0] == want[0]
                s[1] += got[:2] == want[:2]
                s[2] += got[2] == want[2]
                s[3] += 1
    print(f"{total} mutations CPython rejects")
    for b, (line, col, msg, located) in stats.items():
        print(f"{b}: line as CPython {line}/{total}, line and column {col}/{total}, "
              f"message {msg}/{total} ({located} located errors)")
    for c in crashes[:10]:
        print("CRASH", c)
    return 1 if crashes else 0


if __name__ == "__main__":
    raise SystemExit(main())
