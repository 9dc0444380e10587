"""kernels/tensordot.py, cross.py, meshgrid.py, atleast.py and trapezoid.py: np.tensordot,
np.inner, np.vdot (axes given as pairs or a count; int8 and bool in their own dtype, as
np.dot computes them; complex conjugated), np.cross (3- and 2-vectors, mixed, along other
axes), np.meshgrid ('xy' and 'ij', sparse, three inputs, copies), np.atleast_1d/2d/3d and
np.trapezoid (dx, 1-D and 2-D x, integer y), against NumPy: float sums within rtol
1e-12 (NumPy's dot and pairwise sums add in another order), everything else exact."""

import numpy as np
import pytest


def product_arguments(n, seed):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=(n, 3, 4)), rng.normal(size=(4, 3)),
            rng.integers(-100, 100, (n, 5)).astype(np.int8),
            rng.integers(-100, 100, n).astype(np.int8),
            rng.normal(size=6) + 1j * rng.normal(size=6),
            rng.normal(size=6) + 1j * rng.normal(size=6),
            rng.integers(0, 2, n).astype(bool), rng.integers(0, 2, n).astype(bool))


@pytest.mark.parametrize("n,seed", [(4, 0), (1, 1), (0, 2), (9, 3)])
def test_tensordot_inner_vdot(kernels_on_both_targets, n, seed):
    kernels_on_both_targets("tensordot.py").check(*product_arguments(n, seed), rtol=1e-12)


@pytest.mark.filterwarnings("ignore:Arrays of 2-dimensional vectors:DeprecationWarning")
@pytest.mark.parametrize("n,seed", [(5, 0), (1, 1), (0, 2)])
def test_cross(kernels_on_both_targets, n, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("cross.py").check(
        rng.normal(size=(n, 3)), rng.normal(size=3), rng.normal(size=(n, 3)).astype(np.float32),
        rng.integers(-2**40, 2**40, (n, 3)), rng.integers(0, 255, 3).astype(np.uint8), rtol=0)


@pytest.mark.parametrize("nx,ny,seed", [(4, 3, 0), (1, 5, 1), (0, 2, 2)])
def test_meshgrid(kernels_on_both_targets, nx, ny, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("meshgrid.py").check(
        rng.normal(size=nx), rng.integers(-9, 9, ny).astype(np.int32),
        rng.normal(size=(2, 2)).astype(np.float32), rtol=0)


@pytest.mark.parametrize("n,seed", [(4, 0), (1, 1), (0, 2)])
def test_atleast(kernels_on_both_targets, n, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("atleast.py").check(
        rng.normal(size=n), rng.integers(-9, 9, (n, 2)).astype(np.int32), np.float32(1.5), rtol=0)


@pytest.mark.parametrize("r,c,seed", [(5, 4, 0), (1, 3, 1), (3, 1, 2), (0, 2, 3)])
def test_trapezoid(kernels_on_both_targets, r, c, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("trapezoid.py").check(
        rng.normal(size=(r, c)), np.sort(rng.normal(size=r)),
        rng.normal(size=c).astype(np.float32), rng.integers(-50, 50, c).astype(np.int32),
        np.cumsum(rng.uniform(size=(r, c)), axis=1), rtol=1e-12)


@pytest.mark.parametrize("n,m,seed", [(3, 4, 0), (1, 1, 1), (0, 2, 2), (5, 0, 3)])
def test_einsum(kernels_on_both_targets, n, m, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("einsum.py").check(
        rng.normal(size=(n, m)), rng.normal(size=(m, 3)), rng.normal(size=m),
        rng.integers(-100, 100, (n, 4)).astype(np.int8), rng.integers(0, 2, 6).astype(bool),
        rng.normal(size=(2, n, m)).astype(np.float32), rng.normal(size=(n, n)), rtol=1e-12)


@pytest.mark.parametrize("case", ["collapse", "broadcast"])
def test_einsum_errors(kernels_on_both_targets, case):
    """Extents only the run time knows: NumPy's ValueErrors, checked on entry."""
    rng = np.random.default_rng(4)
    args = [rng.normal(size=(3, 4)), rng.normal(size=(4, 3)), rng.normal(size=4),
            rng.integers(-100, 100, (3, 4)).astype(np.int8), rng.integers(0, 2, 6).astype(bool),
            rng.normal(size=(2, 3, 4)).astype(np.float32), rng.normal(size=(3, 3))]
    if case == "collapse":
        args[6] = rng.normal(size=(2, 3))
        match = "dimensions in single operand for collapsing index 'i' don't match (2 != 3)"
    else:
        args[1] = rng.normal(size=(5, 3))
        match = "operands could not be broadcast together"
    kernels_on_both_targets("einsum.py").check_raises(*args, match=match)


def take_arguments(n, m, seed):
    rng = np.random.default_rng(seed)
    size = max(n * m, 1)
    return (rng.normal(size=(n, m)), rng.integers(-size, size, 7),
            rng.integers(-m, m, (2, 3)).astype(np.int32) if m else np.zeros((2, 3), np.int32),
            rng.normal(size=(n, 3)).astype(np.float32), rng.integers(0, 255, 4).astype(np.uint8))


@pytest.mark.parametrize("n,m,seed", [(3, 4, 0), (1, 5, 1), (6, 2, 2)])
def test_take(kernels_on_both_targets, n, m, seed):
    kernels_on_both_targets("take.py").check(*take_arguments(n, m, seed), rtol=0)


def test_take_out_of_bounds(kernels_on_both_targets):
    """An index beyond the array: NumPy's IndexError (mode='raise', the default)."""
    args = take_arguments(3, 4, 5)
    args[1][2] = 12
    kernels_on_both_targets("take.py").check_raises(
        *args, match="index 12 is out of bounds for axis 0 with size 12")


@pytest.mark.parametrize("n,m,seed", [(7, 3, 0), (3, 7, 1), (6, 4, 2), (4, 6, 3), (5, 5, 4),
                                      (1, 4, 5), (4, 1, 6), (2, 2, 7)])
def test_convolve_correlate(kernels_on_both_targets, n, m, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("convolve.py").check(
        rng.normal(size=n), rng.normal(size=m), rng.integers(-1000, 1000, n).astype(np.int32),
        rng.normal(size=m) + 1j * rng.normal(size=m), rng.integers(0, 2, n).astype(bool),
        rtol=1e-12)


@pytest.mark.parametrize("n,m", [(0, 3), (3, 0), (0, 0)])
def test_convolve_empty(kernels_on_both_targets, n, m):
    """NumPy's ValueError for an empty operand (convolve's message: it swaps first)."""
    rng = np.random.default_rng(8)
    kernels_on_both_targets("convolve.py").check_like_numpy(
        rng.normal(size=n), rng.normal(size=m), np.zeros(n, np.int32), np.zeros(m, complex),
        np.zeros(n, bool), raises=ValueError)


def test_vdot_sizes(kernels_on_both_targets):
    """Sizes only the run time knows: NumPy's ValueError, the sizes in its order."""
    args = list(product_arguments(4, 5))
    args[4] = args[4][:5]
    kernels_on_both_targets("tensordot.py").check_raises(
        *args, match="cannot reshape array of size 6 into shape (5,)")


@pytest.mark.parametrize("y_shape,x_shape,axis,keyword", [
    ((3,), (2, 1), -1, "dx"), ((2, 3, 4), (3, 4), -1, "x"), ((3, 4), (2, 3, 4), -1, "x"),
    ((3, 4), (2, 3, 4), -2, "x")])
def test_trapezoid_wider_x(kernels, tmp_path, y_shape, x_shape, axis, keyword):
    """An x (or dx) of more dimensions than y: NumPy's diff along `axis` of x as given and
    the sum along it of the broadcast products, which have x's rank."""
    source = tmp_path / f"trapezoid_{keyword}_{len(y_shape)}_{len(x_shape)}_{-axis}.py"
    y_sig = "[" + ",".join(":" * len(y_shape)) + "]"
    x_sig = "[" + ",".join(":" * len(x_shape)) + "]"
    source.write_text(f"import numpy as np\n\n\n# npc export wide(float64{y_sig}, float64{x_sig})\n"
                      f"def wide(y, x):\n    return np.trapezoid(y, {keyword}=x, axis={axis})\n")
    rng = np.random.default_rng(6)
    kernels(str(source)).check(rng.normal(size=y_shape),
                               np.cumsum(rng.uniform(size=x_shape), axis=axis), rtol=1e-12)


@pytest.mark.parametrize("n,seed", [(12, 0), (1, 1), (0, 2), (50, 3)])
def test_unique_nonzero(kernels_on_both_targets, n, seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 5, n).astype(np.float64) / 2  # repeated values
    if n > 3:
        x[[1, 3]] = np.nan
        x[2] = -0.0
    kernels_on_both_targets("unique.py").check(
        x, rng.integers(-2, 3, (n, 3)).astype(np.int32), rng.integers(0, 2, n).astype(bool),
        rng.normal(size=(2, n)).astype(np.float32), rtol=0)


@pytest.mark.parametrize("n,seed", [(4, 0), (1, 1), (0, 2)])
def test_tuple_index(kernels_on_both_targets, n, seed):
    """A tuple of index arrays as the whole subscript (np.nonzero's result): read, assigned
    and updated through, as NumPy's tuple index."""
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("tuple_index.py").check(
        rng.normal(size=(n, 3)), rng.integers(-2, 3, 2 * n).astype(np.int32), rtol=0)


@pytest.mark.parametrize("shape,seed", [((3, 4), 0), ((0, 3), 1), ((300, 40), 2)])
def test_unique_inverse(kernels_on_both_targets, shape, seed):
    # kernels/unique_inverse.py: np.unique's return_inverse in the input's shape, with
    # return_index and return_counts, NaNs collapsed or not, int8 values.
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 6, shape).astype(np.float64)
    x[rng.random(shape) < 0.1] = np.nan
    kernels_on_both_targets("unique_inverse.py").check(
        x, rng.integers(-128, 127, shape[0] * 2).astype(np.int8), rtol=0)
