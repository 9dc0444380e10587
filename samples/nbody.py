"""Particles under softened gravity: all-pairs accelerations, then a symplectic Euler
step for velocities and positions, iterated over time steps."""
import numpy as np


# npc export nbody(float64[:,:], float64[:,:], float64[:], float64, int)
def nbody(pos, vel, mass, dt, steps):
    eps = 1e-3
    for step in range(steps):
        d = pos[None, :, :] - pos[:, None, :]
        r2 = np.sum(d * d, axis=2) + eps * eps
        inv = mass[None, :] / (r2 * np.sqrt(r2))
        acc = np.sum(d * inv[:, :, None], axis=1)
        vel += dt * acc
        pos += dt * vel
    return pos, vel
