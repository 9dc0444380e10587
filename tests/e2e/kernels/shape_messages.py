import numpy as np


# npc export shape_messages(float64[:], float64[:, :], int64)
def shape_messages(v, m, which):
    # Each branch raises NumPy's error for some shapes; its message shows the extents'
    # values, which only the run time knows.
    if which == 0:
        return v.reshape(-1, 2).sum()
    if which == 1:
        return m.reshape(3, -1).sum()
    if which == 2:
        return np.concatenate((m, v[None, :]), axis=0).sum()
    if which == 3:
        return np.broadcast_to(v, (2, 3)).sum()
    if which == 4:
        return (m @ v).sum()
    if which == 5:
        return np.dot(m, v).sum()
    if which == 6:
        a, b = v
        return a + b
    if which == 7:
        t = v.copy()
        t[v > 0] = m[0]
        return t.sum()
    if which == 8:
        return np.full((2, 3), v).sum()
    if which == 9:
        t = np.zeros((2, 3))
        t[:] = v
        return t.sum()
    if which == 10:
        return v[m[0] > 0].sum()
    if which == 11:
        return np.array([v, m[0]]).sum()
    t = m[:1] * 1.0
    t += m
    return t.sum()
