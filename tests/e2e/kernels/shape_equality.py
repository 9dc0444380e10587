import numpy as np


# npc export shape_equality(float64[:,:], float32[:,:], int64)
def shape_equality(a, b, n):
    # Python's == and != of tuples: the validation idiom, and tuples of ints.
    if a.shape != b.shape:
        raise ValueError(f"shapes differ: {a.shape} and {b.shape}")
    same = a.shape[1:] == b.shape[1:]
    c = (n, 2) == (3, 2)
    d = a.shape == (n,) + a.shape[1:]
    e = () == ()
    g = (1, 2) == [1, 2]  # a tuple never equals a list
    h = a.shape != (1, 2, 3)
    return a + b, same, c, d, e, g, h
