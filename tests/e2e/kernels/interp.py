import numpy as np


# npc export interp(float64[:], float64[:], float32[:], float64[:,:], int64[:])
def interp(x, xp, fp, grid, ip):
    a = np.interp(x, xp, fp)
    b = np.interp(x, xp, fp, left=-1.0, right=2)  # bounds of their own
    c = np.interp(grid, xp, fp)  # 2-D x
    d = np.interp(0.25, [0, 1], [1, 3])  # a Python float and lists: a 0-d float64
    e = np.interp(x * 2, np.sort(xp), fp)
    f = np.interp(ip, np.arange(len(fp)), fp)  # integer x and xp
    g = np.interp(x, xp, fp, right=np.nan)
    return a, b, c, d, e, f, g
