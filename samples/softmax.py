"""Row-wise softmax, shifted by the row maximum for stability."""
import numpy as np


# npc export softmax(float64[:,:])
# npc export softmax(float32[:,:])
def softmax(x):
    e = np.exp(x - np.max(x, axis=1, keepdims=True))
    return e / np.sum(e, axis=1, keepdims=True)
