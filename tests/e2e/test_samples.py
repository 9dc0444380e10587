"""The samples/ kernels (other than kmeans.py, see test_kmeans.py) against NumPy:
stencils over time steps, pairwise distances, softmax, an n-body loop, a mask-and-reduce
step, escape-time loops and a Jacobi solver with a convergence test."""

import numpy as np
import pytest

import npc_harness


def sample(kernels, name):
    return kernels(npc_harness.SAMPLES / name)


@pytest.mark.parametrize("dtype,rtol", [(np.float64, 1e-12), (np.float32, 1e-5)])
@pytest.mark.parametrize("shape,steps", [((16, 12), 10), ((3, 3), 4), ((2, 5), 3), ((40, 40), 0)])
def test_heat2d(kernels, dtype, rtol, shape, steps):
    u = np.random.default_rng(1).uniform(0, 1, size=shape).astype(dtype)
    sample(kernels, "heat2d.py").check(u, dtype(0.2), steps, rtol=rtol)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n,m,d", [(20, 15, 3), (1, 4, 2), (0, 3, 2), (5, 5, 0)])
def test_pairwise(kernels, dtype, n, m, d):
    rng = np.random.default_rng(n + m + d)
    sample(kernels, "pairwise.py").check(rng.normal(size=(n, d)).astype(dtype),
                                         rng.normal(size=(m, d)).astype(dtype))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("shape", [(4, 7), (1, 1), (3, 200)])
def test_softmax(kernels, dtype, shape):
    x = (np.random.default_rng(7).normal(size=shape) * 30).astype(dtype)
    sample(kernels, "softmax.py").check(x)


@pytest.mark.parametrize("n,steps", [(8, 5), (1, 3), (30, 2)])
def test_nbody(kernels, n, steps):
    rng = np.random.default_rng(n)
    pos, vel = rng.normal(size=(n, 3)), rng.normal(size=(n, 3)) * 0.1
    mass = rng.uniform(0.5, 1.5, size=n)
    sample(kernels, "nbody.py").check(pos, vel, mass, 0.01, steps, rtol=1e-9)


@pytest.mark.parametrize("threshold", [0.5, 10.0])
def test_clip_stats(kernels, threshold):
    x = np.random.default_rng(3).normal(size=50)
    sample(kernels, "clip_stats.py").check(x, -0.5, threshold)


def test_mandelbrot(kernels):
    re = np.linspace(-2.0, 0.5, 40)
    im = np.linspace(-1.2, 1.2, 30)
    sample(kernels, "mandelbrot.py").check(re, im, 50)


@pytest.mark.parametrize("tol,max_iter", [(1e-4, 500), (1e-12, 7), (10.0, 100)])
def test_jacobi(kernels, tol, max_iter):
    u = np.zeros((12, 10))
    u[0, :] = 1.0
    u[:, -1] = np.linspace(0, 2, 12)
    sample(kernels, "jacobi.py").check(u, tol, max_iter)
