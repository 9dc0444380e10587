"""Boolean masks on both targets (the CUDA target's output on the CPU emulation): the
compaction of a mask's true positions, which the CUDA target runs as two kernels over
chunks of the mask (counts per chunk, then each chunk's positions from the total of the
chunks before, a tile of threads at a time). Sizes cross the tile (256 threads) and, at
300001 elements, give every block several tiles (the emulation has at most 512 blocks)."""

import numpy as np
import pytest


@pytest.fixture
def build(kernels_on_both_targets):
    return kernels_on_both_targets


@pytest.mark.parametrize("n,rows,fill", [(0, 0, 0.5), (1, 1, 0.5), (255, 90, 0.5),
                                         (257, 86, 0.02), (1000, 400, 0.98),
                                         (300001, 100001, 0.5)])
def test_mask_reads(build, n, rows, fill):
    rng = np.random.default_rng(n)
    x = rng.uniform(-1, 1, size=n)
    m = rng.uniform(-1, 1, size=(rows, 3))
    b = rng.uniform(size=n) < fill
    build("mask_read.py").check(x, m, b)


@pytest.mark.parametrize("n,rows", [(12, 5), (70001, 3001)])
def test_mask_writes(build, n, rows):
    rng = np.random.default_rng(n + 100)
    a = rng.uniform(-1, 1, size=n)
    b = rng.uniform(-1, 1, size=n)
    m = rng.uniform(-1, 1, size=(rows, 3))
    vals = rng.uniform(-1, 1, size=int(np.count_nonzero(b > 0.5)))
    build("mask_write.py").check(a, b, m, vals)


@pytest.mark.parametrize("pattern", ["all", "none", "last", "first", "alternate"])
def test_mask_patterns(build, pattern):
    n = 140000
    b = {"all": np.ones(n, bool), "none": np.zeros(n, bool),
         "last": np.arange(n) == n - 1, "first": np.arange(n) == 0,
         "alternate": np.arange(n) % 2 == 1}[pattern]
    x = np.linspace(0.5, 1.5, n)  # no cancellation in the sums
    build("mask_read.py").check(x, np.ones((3, 3)), b)


@pytest.mark.parametrize("c", [True, False])
def test_mask_reused_within_a_statement(build, c):
    """kernels/mask_reuse.py: `keep` is counted and compacted once per statement that uses
    it twice (7 compactions in the generated code, not 12), and not reused across the
    branch, the loop or the update of `keep`; a mask that does not fit the second array
    still raises NumPy's IndexError."""
    k = build("mask_reuse.py")
    x, v = np.arange(6.0), np.arange(6.0) * 10
    keep = np.array([1, 0, 1, 1, 0, 1], bool)
    k.check(x, v, keep, c)
    k.check_raises(x, np.arange(5.0), keep, c, match="boolean index did not match")
    r = k.run([x, np.arange(5.0), keep, c])  # v, the first statement's target, is the one
    assert "size of axis is 5 but size of corresponding boolean axis is 6" in r.stderr, r.stderr
    if build.target == "openmp":
        code = (k.exe.parent / "mask_reuse.cpp").read_text()
        assert code.count("npc::Array<int64_t, 1> nonzero") == 7


def test_reused_mask_checked_against_the_target(build):
    k = build("mask_reuse_target.py")
    keep = np.array([1, 0, 1, 1, 0, 1], bool)
    k.check(np.arange(6.0), np.arange(6.0), keep)
    k.check_like_numpy(np.arange(5.0), np.arange(6.0), keep, raises=IndexError)


def test_concatenate_masked_parts(build):
    keep = np.array([1, 0, 1, 1, 0, 1], bool)
    build("concat_masks.py").check(np.arange(6.0), np.arange(6.0) * 10, keep)


@pytest.mark.parametrize("n", [0, 1, 7, 1000])
def test_update_from_own_masked_elements(build, n):
    """kernels/mask_self_update.py: `v[m] = -v[m]` with a named mask of another array."""
    rng = np.random.default_rng(n)
    k = build("mask_self_update.py")
    k.check(rng.uniform(-1, 1, size=n), rng.uniform(0, 1, size=n), rng.uniform(size=(n, 3)))


def test_update_from_own_masked_elements_mismatch(build):
    k = build("mask_self_update.py")
    k.check_raises(np.ones(3), np.ones(4), np.ones((2, 3)), match="boolean index did not match")
