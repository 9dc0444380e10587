import numpy as np


# npc export column_stack(float64[:], int32[:], float32[:,:])
def column_stack(x, k, m):
    # 1-D parts become columns, 2-D ones stay; NEP 50 promotion of the parts.
    return (np.column_stack((x, k)), np.column_stack([x, m]), np.column_stack((m,)),
            np.column_stack((k,)), np.column_stack((x, x * 2, m, k)))
