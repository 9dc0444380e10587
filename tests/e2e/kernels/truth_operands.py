import numpy as np

# Numbers as operands of 'and', 'or' and 'not' in if/while conditions count by their
# truth value (non-zero), as in Python; the right side runs only when the left does
# not decide (dist[k] is not read once k reaches n).


# npc export truth_operands(int64[:, :], int64[:], float64)
def truth_operands(adj, dist, tol):
    n = len(dist)
    count = 0
    for u in range(n):
        for v in range(n):
            if adj[u, v] and dist[v] == -1:
                count += 1
            if (adj[u, v] or dist[u]) and not (tol and adj[v, u]):
                count += 10
    k = 0
    while k < n and dist[k]:
        k += 1
    return count, k
