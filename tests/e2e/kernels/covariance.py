import numpy as np


# npc export covariance(float64[:,:], float32[:], int16[:], int64)
def covariance(X, a, b, k):
    c1 = np.cov(X)
    c2 = np.cov(X, rowvar=False)
    c3 = np.cov(a, b)  # float64: result_type(float32, int16, float64)
    c4 = np.cov(a)  # one variable: 0-d
    c5 = np.cov(X, bias=True)
    c6 = np.cov(X, ddof=k)  # ddof >= observations: NumPy's inf/nan, no error
    c7 = np.cov(a, dtype=np.float32)
    c8 = np.cov([1.0, 2.0, 4.0], [[0.5, 0.25, 0.0], [1.0, 3.0, 2.0]])
    r1 = np.corrcoef(X, rowvar=False)
    r2 = np.corrcoef(a, b)
    r3 = np.corrcoef(a)
    return c1, c2, c3, c4, c5, c6, c7, c8, r1, r2, r3
