"""Bools: & | ^ ~ and the comparison ufuncs give bool; shifts, %, //, fmod, square compute
in int8 as NumPy does."""
import numpy as np


# npc export bool_ops(bool[:], bool[:])
def bool_ops(p, q):
    return (p & q, p | q, p ^ q, ~p, np.invert(q), np.logical_xor(p, q), p << q, p % q,
            p // q, np.fmod(p, q), np.square(p), np.floor(p), np.fmax(p, q),
            np.where(p, q, 2), np.logical_not(p), p < q, np.bitwise_not(p), np.less(p, q),
            np.less_equal(p, q), np.greater(p, q), np.greater_equal(p, q), np.equal(p, q),
            np.not_equal(p, q))
