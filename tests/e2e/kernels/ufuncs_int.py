"""Unary ufuncs that keep integer dtypes (sign, square, floor, ceil, trunc, round, invert,
abs) or give bool (isnan, isinf, isfinite, logical_not), with wraparound."""
import numpy as np


# npc export ufuncs_int(int8[:])
# npc export ufuncs_int(uint8[:])
# npc export ufuncs_int(int32[:])
# npc export ufuncs_int(int64[:])
def ufuncs_int(a):
    return (np.sign(a), np.square(a), np.floor(a), np.ceil(a), np.trunc(a), np.round(a),
            np.invert(a), ~a, np.abs(a), np.isnan(a), np.isinf(a), np.isfinite(a),
            np.logical_not(a))
