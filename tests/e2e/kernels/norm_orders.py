"""np.linalg.norm with ord: vector ord None/2/1/inf/-inf/0/3 along an axis, matrix
Frobenius/1/-1/inf/-inf, keepdims, a tuple axis in either order."""
import numpy as np


# npc export norm_orders(float64[:,:])
# npc export norm_orders(float32[:,:])
# npc export norm_orders(int32[:,:])
def norm_orders(x):
    return (np.linalg.norm(x), np.linalg.norm(x, 'fro'), np.linalg.norm(x, ord=1),
            np.linalg.norm(x, np.inf), np.linalg.norm(x, -np.inf), np.linalg.norm(x, -1),
            np.linalg.norm(x, axis=1, ord=1), np.linalg.norm(x, ord=np.inf, axis=0),
            np.linalg.norm(x, ord=-np.inf, axis=1), np.linalg.norm(x, ord=0, axis=0),
            np.linalg.norm(x, ord=3, axis=1), np.linalg.norm(x, ord=2, axis=-1, keepdims=True),
            np.linalg.norm(x, ord=1, axis=(1, 0), keepdims=True),
            np.linalg.norm(x, ord=np.inf, axis=(1, 0)), np.linalg.norm(x, axis=(0, 1)),
            np.linalg.norm(x[0], ord=np.inf), np.linalg.norm(x[:, 0], 1),
            np.linalg.norm(x, ord=None, axis=None, keepdims=True))
