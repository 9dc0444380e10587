"""Jacobi iterations for Laplace's equation until the largest update is below a
tolerance (or an iteration limit), with a convergence check per sweep."""
import numpy as np


# npc export jacobi(float64[:,:], float64, int)
def jacobi(u, tol, max_iter):
    it = 0
    err = tol + 1.0
    while err > tol and it < max_iter:
        new = 0.25 * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2])
        err = np.max(np.abs(new - u[1:-1, 1:-1]))
        u[1:-1, 1:-1] = new
        it += 1
    return u, it, err
