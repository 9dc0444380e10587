"""NumPy's NaN-ignoring reductions (np.nansum, np.nanprod, np.nanmean, np.nanmax,
np.nanmin: all-NaN slices give NaN, integers reduce as np.sum ... np.max do) and
ndarray.item() (a Python scalar of a size-1 array)."""
import numpy as np


# npc export nan_functions(float64[:, :], float32[:], int64[:])
def nan_functions(a, b, c):
    return (np.nansum(a), np.nansum(a, axis=0), np.nanprod(b), np.nanmean(a, axis=1),
            np.nanmean(b), np.nanmax(a, axis=0), np.nanmin(b), np.nanmax(c), np.nansum(c),
            np.nanmean(c), np.nanmin(a, axis=1, keepdims=True), a[0:1, 0:1].item(),
            b[:1].item(), c[c > 4].item())
