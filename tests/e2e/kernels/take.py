import numpy as np


# npc export take(float64[:,:], int64[:], int32[:,:], float32[:,:], uint8[:])
def take(a, i, j, s, u):
    t1 = np.take(a, i)  # the raveled array; negative indices from the end
    t2 = np.take(a, j, axis=1)  # a 2-D index along axis 1: (n, p, q)
    t3 = np.take(a, i, axis=0, mode="wrap")
    t4 = np.take(a, i, axis=-1, mode="clip")  # negative ones clip to 0
    t5 = a.take([0, -1], axis=1)  # the method, a list
    t6 = np.take(a, 0, axis=1)  # a number drops the axis
    t7 = np.take(u, [True, False, True])  # bools are 0 and 1
    order = np.argsort(s, axis=1)
    t8 = np.take_along_axis(s, order, axis=1)  # sorted rows
    t9 = np.take_along_axis(s, order[:, :1], 1)  # each row's smallest
    t10 = np.take_along_axis(a.ravel(), np.argsort(a, axis=None), None)
    t11 = np.take_along_axis(s, np.argmax(s, axis=0, keepdims=True), axis=0)
    return t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11
