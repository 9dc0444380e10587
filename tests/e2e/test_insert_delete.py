"""kernels/insert_delete.py: np.delete (one index, negative, a run-time int, an integer
array with repeats and negatives, a list, along an axis or of the flattened array, a bool
mask, nothing) and np.insert at one index (a number, a list of values, a one-element list
of indices, along either axis or flattened, values converted to the array's dtype and
broadcast), against NumPy on both targets, exactly; NumPy's IndexError for indices out of
bounds and ValueError for a mask of another length."""

import numpy as np
import pytest


def arguments(n, idx, k, mask_length=5, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=n), np.array(idx, dtype=np.int64),
            rng.normal(size=(4, 3)).astype(np.float32), rng.integers(-9, 9, 5).astype(np.int8),
            rng.integers(0, 2, mask_length).astype(bool), k)


@pytest.mark.parametrize("n,idx,k", [(6, [0, -1, 2, 2], 2), (3, [1], -3), (8, [7, 0], 4)])
def test_insert_delete(kernels_on_both_targets, n, idx, k):
    kernels_on_both_targets("insert_delete.py").check(*arguments(n, idx, k), rtol=0)


@pytest.mark.parametrize("n,idx,k,mask_length,raises", [
    (6, [7], 2, 5, IndexError),  # np.delete of an index array beyond the axis
    (6, [1], -6, 5, IndexError),  # np.delete(c, k) of a negative index beyond
    (6, [1], 6, 5, IndexError),  # np.delete(a, k): k == len(a)
    (6, [1], 1, 4, ValueError),  # a mask of another length
    (3, [1], -3, 5, IndexError),  # np.insert(a, [k]) beyond: NumPy shows "[k]"
])
def test_insert_delete_errors(kernels_on_both_targets, n, idx, k, mask_length, raises):
    kernels_on_both_targets("insert_delete.py").check_like_numpy(
        *arguments(n, idx, k, mask_length), raises=raises)
