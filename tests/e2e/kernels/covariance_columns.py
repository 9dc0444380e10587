import numpy as np


# npc export covariance_columns(float64[:,:], float64[:,:])
def covariance_columns(x, y):
    # rowvar=False: a 2-D m is always transposed, y unless it has one row (NumPy's rule).
    return np.cov(x, y, rowvar=False), np.cov(x, rowvar=False), np.corrcoef(x, y, rowvar=False)
