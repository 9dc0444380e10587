import numpy as np


# npc export products(float64[:,:,:], float64[:,:], int8[:,:], int8[:], complex128[:], complex128[:], bool[:], bool[:])
def products(a, b, c, d, z, w, p, q):
    t1 = np.tensordot(a, b, axes=([1, 2], [1, 0]))  # pairs in any order
    t2 = np.tensordot(b, b)  # axes=2: the whole of both
    t3 = np.tensordot(a, b, 1)  # a's last axis with b's first
    t4 = np.tensordot(d, d, 0)  # the outer product
    t5 = np.tensordot(c, d, axes=(0, 0))  # ints alone, int8 stays int8 (wraps)
    t6 = np.tensordot(2, d, 0)  # a Python int is int64
    i1 = np.inner(a, b.T)  # the last axes of both
    i2 = np.inner(d, d)
    i3 = np.inner(b, 2.5)  # a scalar multiplies
    i4 = np.inner(p, q)  # bools: or of ands
    v1 = np.vdot(z, w)  # the first conjugated
    v2 = np.vdot(b, b)  # flattened
    v3 = np.vdot(c, c)
    return t1, t2, t3, t4, t5, t6, i1, i2, i3, i4, v1, v2, v3
