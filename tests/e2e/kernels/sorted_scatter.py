import numpy as np

# Integer-array stores whose indices are computed by a sort or a scan (the ranks of x,
# counts by running sums, a reversed argsort).


# npc export sorted_scatter(float64[:], int64[:])
def sorted_scatter(x, k):
    n = len(x)
    ranks = np.empty(n, dtype=np.int64)
    order = np.argsort(x)
    ranks[order] = np.arange(n)
    counts = np.zeros(n + 1)
    counts[np.cumsum(k) % (n + 1)] += 1.0
    back = np.zeros(n)
    back[np.argsort(-x)[::-1]] = x * 2
    # The stored value is what the index sorts (was an internal error).
    placed = np.zeros(n)
    placed[np.argsort(x)] = x
    v = x * 2
    doubled = np.zeros(n)
    doubled[np.argsort(v)] = v
    return ranks, counts, back, placed, doubled
