"""NumPy functions NumPy writes in terms of others: np.diff, np.roll (constant and run-time
shifts, one axis or the flattened array), np.flip/flipud/fliplr, np.outer,
np.count_nonzero, np.isclose/np.allclose, np.deg2rad/np.rad2deg/np.radians, and the
methods clip and round (decimals of either sign)."""
import numpy as np

# npc export f(float64[:, :], float32[:], int64[:], int, bool[:])
def f(a, b, c, k, m):
    d1 = np.diff(a)
    d2 = np.diff(a, n=2, axis=0)
    d3 = np.diff(m)
    d4 = np.diff(c)
    r1 = np.roll(b, 2)
    r2 = np.roll(a, -1, axis=1)
    r3 = np.roll(a, k)
    r4 = np.roll(c, k, axis=0)
    fl = np.flip(a)
    fu = np.flipud(a)
    fr = np.fliplr(a)
    f0 = np.flip(b, 0)
    o1 = np.outer(b, c)
    n1 = np.count_nonzero(c)
    n2 = np.count_nonzero(a > 0.5, axis=0)
    ic = np.isclose(b, b + 1e-6)
    ac = np.allclose(a, a * (1 + 1e-9))
    dr = np.deg2rad(b)
    rd = np.rad2deg(a)
    ri = np.radians(c)
    dg = np.degrees(b)
    cl = a.clip(0.2, 0.8)
    cm = b.clip(max=0.5)
    ro = a.round(2)
    r5 = np.round(b, 1)
    r6 = np.round(c, -1)
    r7 = np.round(a * 1000, -2)
    return (d1, d2, d3, d4, r1, r2, r3, r4, fl, fu, fr, f0, o1, n1, n2, ic, ac, dr, rd, ri,
            cl, cm, ro, r5, r6, r7, dg)
