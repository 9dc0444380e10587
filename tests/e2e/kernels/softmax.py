"""Row softmax: exp of the shifted input, normalised by its sum."""
import numpy as np


# npc export softmax(float32[:,:])
# npc export softmax(float64[:,:])
def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)
