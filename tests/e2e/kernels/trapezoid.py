import numpy as np


# npc export trapezoid(float64[:,:], float64[:], float32[:], int32[:], float64[:,:])
def trapezoid(y, x, f, k, xs):
    t1 = np.trapezoid(y)  # dx=1.0 along the last axis
    t2 = np.trapezoid(y, x, axis=0)  # a 1-D x along axis 0
    t3 = np.trapezoid(f, dx=0.5)  # float32 with a Python float: float32
    t4 = np.trapezoid(k)  # ints: float64
    t5 = np.trapezoid(y, xs)  # a 2-D x: diff along the axis
    t6 = np.trapezoid(f, dx=np.float32(2))
    t7 = np.trapezoid(y, dx=x[1:, None], axis=0)  # an array dx
    t8 = np.trapezoid([1, 2, 3])
    return t1, t2, t3, t4, t5, t6, t7, t8
