"""Float unary ufuncs (NumPy 2.x dtypes: float32 stays float32), NaN/inf/-0.0 included."""
import numpy as np


# npc export ufuncs_unary(float64[:])
# npc export ufuncs_unary(float32[:])
def ufuncs_unary(x):
    return (np.sign(x), np.square(x), np.exp2(x), np.expm1(x), np.log2(x), np.log10(x),
            np.log1p(x), np.sin(x), np.cos(x), np.tan(x), np.arcsin(x), np.arccos(x),
            np.arctan(x), np.sinh(x), np.cosh(x), np.tanh(x), np.floor(x), np.ceil(x),
            np.trunc(x), np.rint(x), np.round(x), np.around(x), np.isnan(x), np.isinf(x),
            np.isfinite(x), np.logical_not(x), np.negative(x), np.absolute(x))
