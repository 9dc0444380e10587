"""Explicit heat equation on a 2-D grid: a 5-point stencil on slices, iterated over time
steps, updating the grid in place (fixed boundary values)."""
import numpy as np


# npc export heat2d(float64[:,:], float64, int)
# npc export heat2d(float32[:,:], float32, int)
def heat2d(u, alpha, steps):
    for _ in range(steps):
        lap = u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1]
        u[1:-1, 1:-1] += alpha * lap
    return u
