"""np.linalg.vector_norm (axis None of any rank, one axis, a tuple of axes; ord 2, 1,
inf, -inf, 0, 3; keepdims; complex) and np.linalg.matrix_norm (Frobenius, 1, -inf)."""
import numpy as np


# npc export norms(float64[:], float32[:, :], int16[:, :, :], complex64[:, :])
def norms(x, m, t, z):
    return (np.linalg.vector_norm(x), np.linalg.vector_norm(m), np.linalg.vector_norm(t),
            np.linalg.vector_norm(m, axis=1), np.linalg.vector_norm(t, axis=(2, 0), ord=1),
            np.linalg.vector_norm(t, axis=(0, 1), keepdims=True, ord=np.inf),
            np.linalg.vector_norm(m, ord=-np.inf), np.linalg.vector_norm(x, ord=0),
            np.linalg.vector_norm(x, ord=3), np.linalg.vector_norm(z, axis=0),
            np.linalg.vector_norm(m, keepdims=True),
            np.linalg.matrix_norm(m), np.linalg.matrix_norm(t, ord=1),
            np.linalg.matrix_norm(t, ord=-np.inf, keepdims=True), np.linalg.matrix_norm(z, ord="fro"))
