import numpy as np


# npc export pad(float64[:,:], int64, uint8[:], complex64[:,:,:])
def pad(x, r, u, z):
    # np.pad's 'constant' and 'edge' modes; widths as NumPy's _as_pairs broadcasts them.
    a = np.pad(x, 1)
    b = np.pad(x, ((1, 0), (2, 3)), constant_values=((7, 8), (-1, 9.5)))
    c = np.pad(x, r, mode="edge")
    d = np.pad(x, [(r, 1), (0, 2)], mode="edge")
    e = np.pad(u, (2, 1), constant_values=-1)  # unsafe cast: 255, as NumPy
    f = np.pad(x, (r,), "constant", constant_values=(300,))
    g = np.pad(z, ((0, 1),), constant_values=1.5 + 2j)
    h = np.pad(z, 1, mode="edge")
    k = np.pad(u > 3, ((r, 0),), constant_values=True)
    return a, b, c, d, e, f, g, h, k
