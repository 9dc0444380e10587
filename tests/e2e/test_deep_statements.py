"""Long elif chains (assigning, or returning from every branch) and deep loop nests (19:
Python's limit is 20 blocks) compile and compute what Python computes. npc lowers each
branch and loop body a bounded number of times (trying them to learn their names' types
used to nest, so 25 branches or loops took minutes); a function that returns from every
branch of an if/elif chain of 5 or more ended in `return ;` (C++) or an internal error
(CUDA)."""

import numpy as np
import pytest

BRANCHES = 40
DEPTH = 19


def elif_chain(returns):
    lines = ["import numpy as np", "", "", "# npc export f(float64[:], int)", "def f(x, n):",
             "    s = 0.0"]
    for i in range(BRANCHES):
        lines.append(f"    {'if' if i == 0 else 'elif'} n == {i}:")
        lines.append(f"        {'return' if returns else 's ='} x[0] * {i}.5")
    lines.append("    else:")
    lines.append(f"        {'return' if returns else 's ='} -1.0")
    if not returns:
        lines.append("    return s")
    return "\n".join(lines) + "\n"


def loop_nest():
    lines = ["import numpy as np", "", "", "# npc export f(float64[:], int)", "def f(x, n):",
             "    s = 0.0"]
    for d in range(DEPTH):
        lines.append("    " * (d + 1) + f"for i{d} in range({'n' if d == DEPTH - 1 else 1}):")
    lines.append("    " * (DEPTH + 1) + f"s += x[i{DEPTH - 1}]")
    lines.append("    return s")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("source", [elif_chain(False), elif_chain(True), loop_nest()],
                         ids=["elif-chain", "elif-chain-returns", "loop-nest"])
@pytest.mark.parametrize("target", ["openmp", "cuda"])
def test_deep_statements(build_cache, tmp_path, source, target):
    path = tmp_path / "deep.py"
    path.write_text(source)
    k = build_cache.build(path, tmp_path, target=target)
    for n in (0, 3, BRANCHES - 1, BRANCHES + 5):
        k.check(np.arange(1.0, 60.0), min(n, 59))
